package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// copies is the pass that finds the rebased thread loops whose threads
// each copy one element: a thread's one statement reads a slice at its x
// plus a row's offset (directly or through a guarded load) and assigns
// the element to a variable kept per thread in scratch, as the streams
// pass's loads ahead do (ahead := in[i]), or to another slice at its x
// plus an offset (sdata[tid] = in[i]). Where the row's check finds the
// slices long enough, nothing in such a row can fail, and the emitter
// writes the row as one copy (Go's copy, which moves the row in vector
// registers) instead of a loop of scalar loads and stores: Harris's
// first-add reduction spent a third of its time loading its first
// stream ahead element by element (a copy cut its time by 23%). Two
// slices may overlap, where a loop and a copy differ: a copy between
// slices runs where they share no element (compiled.Disjoint), the loop
// elsewhere. A row that runs vector steps keeps them (emit_copies.go).
func copies(f *Func) {
	if f.Grid || f.Exits {
		return // a grid body's rows span its chunk; an exited thread skips its element
	}
	Walk(f.Body, func(n Node) {
		if l, ok := n.(*ThreadLoop); ok {
			l.Copy = f.threadCopy(l)
		}
	})
}

// A ThreadCopy is a thread loop whose threads each copy the element of
// rebased slice Src at their x to the element of rebased slice Dst at
// their x, or, where Dst is -1, to their element of variable Var's
// scratch array.
type ThreadCopy struct {
	Src, Dst int
	Var      *types.Var
}

// threadCopy returns l as a ThreadCopy, or nil.
func (f *Func) threadCopy(l *ThreadLoop) *ThreadCopy {
	rb := l.Rebase
	if rb == nil || rb.Partial || rb.Peel || l.Quot != nil || l.Tile != nil || l.Jam != nil || l.Reduce != nil || len(l.Body) != 1 {
		return nil
	}
	c, ok := l.Body[0].(*Code)
	if _, proven := l.Proven[c.Stmt]; !ok || c.Block || proven {
		return nil
	}
	dst, src := copyOperands(c.Stmt)
	ks, ok := rowSlice(rb, src)
	if !ok {
		return nil
	}
	elem := f.Src.Info.TypeOf(src)
	if id, isVar := dst.(*ast.Ident); isVar {
		v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
		kv := f.Vars[v]
		lv := f.LoopVars[l]
		if kv == nil || !kv.Spill || kv.InPlace || lv == nil || len(lv.defs) != 1 || !lv.defs[v] || !types.Identical(v.Type(), elem) {
			return nil
		}
		return &ThreadCopy{Src: ks, Dst: -1, Var: v}
	}
	kd, ok := rowSlice(rb, dst)
	if !ok || kd == ks || !types.Identical(f.Src.Info.TypeOf(dst), elem) {
		return nil
	}
	return &ThreadCopy{Src: ks, Dst: kd}
}

// copyOperands returns what s assigns and the value it assigns where s
// assigns one value (=, := or a var declaration), or nils.
func copyOperands(s ast.Stmt) (dst, src ast.Expr) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) {
			return s.Lhs[0], s.Rhs[0]
		}
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return nil, nil
		}
		if vs := gd.Specs[0].(*ast.ValueSpec); len(vs.Names) == 1 && len(vs.Values) == 1 {
			return vs.Names[0], vs.Values[0]
		}
	}
	return nil, nil
}

// rowSlice returns the rebased slice that x indexes at the thread's x
// plus a row's offset, where rb rebased x so (not at one element for the
// row, nor strided).
func rowSlice(rb *Rebase, x ast.Expr) (int, bool) {
	if x == nil {
		return 0, false
	}
	k, ok := rb.At[x]
	if !ok || rb.Slices[k].One || rb.Slices[k].Stride != nil {
		return 0, false
	}
	return k, true
}
