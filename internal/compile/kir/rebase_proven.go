package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A rebased loop's unchecked form runs only where every rebased index is
// in range of its slice (rebase.go), so a guard that compares such an
// index with its slice's length is decided there: the CUDA idiom
//
//	var v T
//	if g < n { // n := len(in)
//		v = in[g]
//	}
//
// loads unconditionally in the unchecked form, which writes the
// comparison as a constant (the block scans' loads; the warp-shuffle
// scan's whole warps then only copy). The checked form keeps it.

// provenConds returns the comparisons of stmts, the code of a loop
// rebased with r's slices, that compare a rebased index with its slice's
// length, each with the value it has in the unchecked form.
func (r *rebaser) provenConds(stmts []ast.Stmt) map[ast.Expr]bool {
	var out map[ast.Expr]bool
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			if holds, ok := r.lengthCompare(b); ok {
				if out == nil {
					out = map[ast.Expr]bool{}
				}
				out[b] = holds
			}
			return true
		})
	}
	return out
}

// lengthCompare returns whether b, a comparison of an index with a
// slice's length (i < len(s), len(s) > i, i >= n, n <= i with n :=
// len(s)), holds where index i of s is in range; ok is false where b is
// not one of the loop's rebased indexes against its slice's length.
func (r *rebaser) lengthCompare(b *ast.BinaryExpr) (holds, ok bool) {
	idx, length := b.X, b.Y
	switch b.Op {
	case token.LSS:
		holds = true
	case token.GTR:
		idx, length, holds = b.Y, b.X, true
	case token.GEQ:
	case token.LEQ:
		idx, length = b.Y, b.X
	default:
		return false, false
	}
	i := r.f.identVar(idx)
	if i == nil || r.assigned[i] && r.defs[i] == nil {
		return false, false // changed in the loop: not the index it was
	}
	s := r.f.lengthOf(length)
	if s == nil || r.assigned[s] {
		return false, false
	}
	for x, k := range r.at {
		ie, isIndex := x.(*ast.IndexExpr)
		sl := r.slices[k]
		if isIndex && !sl.One && sl.Stride == nil && sl.Row == nil && r.f.identVar(ie.Index) == i && r.f.identVar(sl.X) == s {
			return holds, true
		}
	}
	return false, false
}

// lengthOf returns the slice s where x is len(s), or a variable the
// kernel defines once as len(s), s a slice it never assigns; or nil.
func (f *Func) lengthOf(x ast.Expr) *types.Var {
	s := f.lenOfVar(x)
	if v := f.identVar(x); v != nil && f.kernelWrites()[v] == 1 {
		s = f.lengthDefs()[v]
	}
	if s == nil || f.kernelWrites()[s] != 0 {
		return nil
	}
	return s
}

// lenArg returns s where x is len(s), s a variable; or nil.
func (f *Func) lenOfVar(x ast.Expr) *types.Var {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, isBuiltin := f.Src.Info.Uses[identOf(call.Fun)].(*types.Builtin); !isBuiltin || b.Name() != "len" {
		return nil
	}
	return f.identVar(call.Args[0])
}

// lengthDefs returns the variables the kernel's code defines as len(s)
// (v := len(s), var v = len(s)), each with s.
func (f *Func) lengthDefs() map[*types.Var]*types.Var {
	if f.lenDefs != nil {
		return f.lenDefs
	}
	f.lenDefs = map[*types.Var]*types.Var{}
	f.walkStmts(func(s ast.Stmt) {
		d, v := copyOperands(s)
		if a, ok := s.(*ast.AssignStmt); d == nil || ok && a.Tok != token.DEFINE {
			return
		}
		if dv, sv := f.identVar(d), f.lenOfVar(v); dv != nil && sv != nil {
			f.lenDefs[dv] = sv
		}
	})
	return f.lenDefs
}

// kernelWrites returns how many times the kernel's code (block level and
// thread code, at any depth) assigns each variable or takes its address
// (countWrites).
func (f *Func) kernelWrites() map[*types.Var]int {
	if f.writes != nil {
		return f.writes
	}
	f.writes = map[*types.Var]int{}
	f.walkStmts(func(s ast.Stmt) { f.countWrites(s, f.writes) })
	return f.writes
}

// walkStmts calls fn with each statement of the body's nodes, and the
// headers of its loops and ifs, at top level (fn inspects nested ones).
func (f *Func) walkStmts(fn func(ast.Stmt)) {
	Walk(f.Body, func(n Node) {
		var stmts []ast.Stmt
		switch n := n.(type) {
		case *Code:
			stmts = []ast.Stmt{n.Stmt}
		case *For:
			stmts = []ast.Stmt{n.Src.Init, n.Src.Post}
		case *WarpFor:
			stmts = []ast.Stmt{n.Src.Init, n.Src.Post}
		case *Range:
			stmts = []ast.Stmt{&ast.RangeStmt{Key: n.Src.Key, Value: n.Src.Value, Tok: n.Src.Tok, X: n.Src.X, Body: &ast.BlockStmt{}}}
		case *If:
			stmts = []ast.Stmt{n.Src.Init}
		case *WarpIf:
			stmts = []ast.Stmt{n.Src.Init}
		}
		for _, s := range stmts {
			if s != nil {
				fn(s)
			}
		}
	})
}
