package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// An inlined helper binds its parameters by copies (var v float64 = v)
// and marks them used (_ = v): Luitjens's blockReduceSum(t,
// runSum(...)) leaves its lane loop ending with the call, then a copy of
// its result into warpReduceSum's parameter, which the warp keeps. The
// jam takes the call with its result bound for the last copy's variable;
// the copies before it then move a zero value the rest overwrites, which
// no variable may keep past the loop but where its store is dead
// (deadspill.go).

// A varCopy is a closing statement dst = src (or :=, or var dst T =
// src) between variables of one type.
type varCopy struct{ dst, src *types.Var }

// closingCopies returns the index of body's last statement that is
// neither a copy between variables nor a blank use (_ = v), and the
// copies after it, in order.
func (f *Func) closingCopies(body []Node) (int, []varCopy) {
	var copies []varCopy
	at := len(body) - 1
	for ; at > 0; at-- {
		c, ok := body[at].(*Code)
		if !ok {
			break
		}
		if isBlankUse(c.Stmt) {
			continue
		}
		vc, ok := f.copyOf(c.Stmt)
		if !ok {
			break
		}
		copies = append([]varCopy{vc}, copies...)
	}
	return at, copies
}

// copyOf returns the copy s makes, if it is one.
func (f *Func) copyOf(s ast.Stmt) (varCopy, bool) {
	info := f.Src.Info
	var dst, src *ast.Ident
	switch s := s.(type) {
	case *ast.AssignStmt:
		if (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			dst, src = identOf(s.Lhs[0]), identOf(s.Rhs[0])
		}
	case *ast.DeclStmt:
		if vs := singleSpec(s); vs != nil && len(vs.Names) == 1 && len(vs.Values) == 1 {
			dst, src = vs.Names[0], identOf(vs.Values[0])
		}
	}
	if dst == nil || src == nil {
		return varCopy{}, false
	}
	d, _ := info.ObjectOf(dst).(*types.Var)
	v, _ := info.ObjectOf(src).(*types.Var)
	if d == nil || v == nil || d == v || !types.Identical(d.Type(), v.Type()) {
		return varCopy{}, false
	}
	return varCopy{d, v}, true
}

// singleSpec returns the value spec of a var declaration of one spec.
func singleSpec(s *ast.DeclStmt) *ast.ValueSpec {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
		return nil
	}
	vs, _ := gd.Specs[0].(*ast.ValueSpec)
	return vs
}

// copiedTo returns the variable the copies carry v to, where they form
// one chain from v and none but the last is kept past the loop (in a
// lane array, or spilled with a live store: dead are the loop's dead
// spills), since it would keep the zero value the add call returns; or
// nil.
func (f *Func) copiedTo(v *types.Var, copies []varCopy, arrays map[*types.Var]string, dead map[*types.Var]bool) *types.Var {
	for _, c := range copies {
		if v == nil || c.src != v {
			return nil
		}
		kv := f.Vars[v]
		if _, inArray := arrays[v]; kv == nil || kv.InPlace || inArray || kv.Spill && !dead[v] {
			return nil
		}
		v = c.dst
	}
	return v
}
