package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
// scan's whole warps then only copy). The checked form keeps it. A guard
// on another slice's length (if g < n { out[g] = v }, n := len(in)) is
// decided too, its slice added to those the row's check requires long
// enough.

// A ProvenCond is the value a comparison has in a rebased loop's
// unchecked form. Strided is set where a strided index decides it: only
// a row whose check bounds strided indexes decides it (a loop running
// vector steps checks its strided loads itself).
type ProvenCond struct {
	Holds, Strided bool
}

// provenConds returns the comparisons of stmts, the code of a loop
// rebased with r's slices, that compare a rebased index with its slice's
// length, each with the value it has in the unchecked form.
func (r *rebaser) provenConds(stmts []ast.Stmt) map[ast.Expr]ProvenCond {
	var out map[ast.Expr]ProvenCond
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			if p, ok := r.lengthCompare(b); ok {
				if out == nil {
					out = map[ast.Expr]ProvenCond{}
				}
				out[b] = p
			}
			return true
		})
	}
	return out
}

// lengthCompare returns whether b, a comparison of an index with a
// slice's length (i < len(s), len(s) > i, i >= n, n <= i with n :=
// len(s)), holds where index i of s is in range; ok is false where b is
// not one of the loop's rebased indexes against a slice's length. Where
// s is not the slice the loop indexes at i, the row's check takes it in
// (RebasedSlice.Bound).
func (r *rebaser) lengthCompare(b *ast.BinaryExpr) (p ProvenCond, ok bool) {
	holds := false
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
		return p, false
	}
	sid := r.f.lengthOf(length)
	if sid == nil {
		return p, false
	}
	s := r.f.identVar(sid)
	var off, stride ast.Expr
	found := false
	for x, k := range r.at {
		ie, isIndex := x.(*ast.IndexExpr)
		sl := r.slices[k]
		if !isIndex || sl.One || sl.Row != nil || sl.Bound || !r.sameIndex(idx, ie.Index) {
			continue
		}
		if r.f.identVar(sl.X) == s {
			return ProvenCond{Holds: holds, Strided: sl.Stride != nil}, true
		}
		off, stride, found = sl.Off, sl.Stride, true
	}
	if !found || r.assigned[s] {
		return p, false
	}
	r.bound(sid, off, stride)
	return ProvenCond{Holds: holds}, true // the row's check takes the slice in, strided or not
}

// bound adds slice s, at stride*x + off, to those the row's check
// requires long enough, where it is not there yet.
func (r *rebaser) bound(s *ast.Ident, off, stride ast.Expr) {
	for _, sl := range r.slices {
		if sl.Bound && r.f.identVar(sl.X) == r.f.identVar(s) && types.ExprString(sl.Off) == types.ExprString(off) && types.ExprString(sl.Stride) == types.ExprString(stride) {
			return
		}
	}
	r.slices = append(r.slices, RebasedSlice{X: s, Off: off, Stride: stride, Bound: true})
}

// lengthOf returns the slice s, as the identifier that names it, where x
// is len(s), or a variable the kernel defines once as len(s); s a slice
// the kernel never assigns. Else nil.
func (f *Func) lengthOf(x ast.Expr) *ast.Ident {
	s := f.builtinArg(x, "len")
	if v := f.identVar(x); v != nil && f.kernelWrites()[v] == 1 {
		s = f.lengthDefs()[v]
	}
	if s == nil {
		return nil
	}
	v := f.identVar(s)
	if _, isSlice := f.Src.Info.TypeOf(s).Underlying().(*types.Slice); v == nil || !isSlice || f.kernelWrites()[v] != 0 {
		return nil
	}
	return s
}

// lengthDefs returns the variables the kernel's code defines as len(s)
// (v := len(s), var v = len(s)), each with s's identifier there.
func (f *Func) lengthDefs() map[*types.Var]*ast.Ident {
	if f.lenDefs != nil {
		return f.lenDefs
	}
	f.lenDefs = map[*types.Var]*ast.Ident{}
	f.inspectAll(func(n ast.Node) {
		s, ok := n.(ast.Stmt)
		if !ok {
			return
		}
		d, v := copyOperands(s)
		if a, ok := s.(*ast.AssignStmt); d == nil || ok && a.Tok != token.DEFINE {
			return
		}
		if dv, sid := f.identVar(d), f.builtinArg(v, "len"); dv != nil && sid != nil {
			f.lenDefs[dv] = sid
		}
	})
	return f.lenDefs
}

// kernelWrites returns how many times the kernel's code (block level and
// thread code, at any depth, and its loops' headers) assigns each
// variable or takes its address (noteWrites).
func (f *Func) kernelWrites() map[*types.Var]int {
	if f.writes != nil {
		return f.writes
	}
	f.writes = map[*types.Var]int{}
	f.inspectAll(func(n ast.Node) { f.noteWrites(n, f.writes) })
	return f.writes
}

// sameIndex reports whether a and b are the same index for every thread
// of the loop: one variable the loop does not change after its one
// definition, or the same expression of such variables and constants.
func (r *rebaser) sameIndex(a, b ast.Expr) bool {
	if types.ExprString(ast.Unparen(a)) != types.ExprString(ast.Unparen(b)) {
		return false
	}
	stable := true
	ast.Inspect(a, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := r.f.identVar(n); v != nil && r.assigned[v] && r.defs[v] == nil {
				stable = false // changed in the loop: not the index it was
			}
		case *ast.CallExpr, *ast.IndexExpr, *ast.StarExpr, *ast.SelectorExpr:
			stable = false // a value that may differ from one reading to the next
		}
		return stable
	})
	if !stable {
		return false
	}
	return slices.Equal(r.identObjects(a), r.identObjects(b)) // the same variables, not two of one name
}

// identObjects returns the objects e's identifiers name, in order.
func (r *rebaser) identObjects(e ast.Expr) []types.Object {
	var out []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			out = append(out, r.f.Src.Info.ObjectOf(id))
		}
		return true
	})
	return out
}
