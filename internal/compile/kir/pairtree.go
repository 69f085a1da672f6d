package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// pairTree is the pass that runs a whole warp's first adds and the
// shuffle-down reduction after them as one call. Luitjens's warp-shuffle
// reduction has each lane add two elements a block apart, then sums the
// warp's values down to lane 0:
//
//	v := in[i] + in[i+blockDim.x]
//	for offset := 16; offset > 0; offset /= 2 {
//		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
//	}
//
// and reads only lane 0's sum after. Written as they are, a whole warp
// stores its 32 lanes' sums in the lane array and the tree
// (compiled.ShflDownLane0) loads them back. Where the lane loop's code
// only defines v from two rows read ahead (rowsahead.go), as a sum
// (copies of it, and discards, may follow), and the reduction after it
// starts at 16 with a full mask and width 32 and is read in lane 0 alone
// (demand.go), a whole warp runs compiled.ShflDownLane0Pair on the two
// rows instead: the same additions in the same order, none of the lanes'
// sums stored. The loop must open the warp's code, so that the warp's
// lanes are all active (a whole warp's code tests it all the same). See
// BenchmarkReduce's warpShuffle.
func pairTree(f *Func) {
	for _, n := range f.Body {
		w, ok := n.(*WarpLoop)
		if !ok || len(w.Body) < 2 {
			continue
		}
		l, ok := w.Body[0].(*LaneLoop)
		loop, isFor := w.Body[1].(*For)
		if !ok || !isFor || len(l.Ahead) < 2 {
			continue
		}
		l.Pair = f.pairTreeOf(w, l, loop)
	}
}

// A PairTree is a whole warp's lane loop and the shuffle-down reduction
// after it, run as one call (pairTree): Var, the reduction's variable,
// is the sum of the elements of the two rebased slices Rows (indexes in
// the loop's Rebase.Slices) at the lane's x.
type PairTree struct {
	Loop *For
	Var  *types.Var
	Rows [2]int
}

// pairTreeOf returns the PairTree of lane loop l, opening warp loop w,
// and loop, the node after it, or nil where they are not one.
func (f *Func) pairTreeOf(w *WarpLoop, l *LaneLoop, loop *For) *PairTree {
	c, v := f.halvingReduction(loop)
	if c == nil || c.Entry.Short != "ShflDownSync" || c.Demand == nil || c.Demand.Lanes != 1 || loop.Label != nil {
		return nil
	}
	init, ok := loop.Src.Init.(*ast.AssignStmt)
	if !ok || len(init.Rhs) != 1 {
		return nil
	}
	if start, ok := f.intConst(init.Rhs[0]); !ok || start != warpSize/2 {
		return nil
	}
	if mask, ok := f.intConst(c.Call.Args[c.Entry.Mask]); !ok || mask != 1<<32-1 {
		return nil
	}
	if !numeric(v.Type()) || len(l.Operands) > 0 || l.Jam != nil || l.Copy != nil || l.Moves != nil || l.Demand != nil || l.Upto != nil {
		return nil
	}
	p := &PairTree{Loop: loop, Var: v}
	var last *types.Var // the variable the code defined last, of the chain from the sum
	for _, m := range l.Body {
		code, ok := m.(*Code)
		if !ok {
			return nil
		}
		x, val := f.definition(code.Stmt)
		switch {
		case f.discard(code.Stmt):
		case x == nil:
			return nil
		case last == nil:
			if !f.pairSum(l, val, p) {
				return nil
			}
			last = x
		case f.identVar(val) == last && types.Identical(x.Type(), last.Type()):
			if _, kept := w.Arrays[last]; kept {
				return nil // the sum is read after the loop itself
			}
			last = x
		default:
			return nil
		}
	}
	if last != v || !f.rowOf(l, p.Rows[0], v.Type()) || !f.rowOf(l, p.Rows[1], v.Type()) {
		return nil
	}
	return p
}

// rowOf reports whether rebased slice k of lane loop l is a slice of
// elements of type t.
func (f *Func) rowOf(l *LaneLoop, k int, t types.Type) bool {
	s, ok := f.Src.Info.TypeOf(l.Rebase.Slices[k].X).Underlying().(*types.Slice)
	return ok && types.Identical(s.Elem(), t)
}

// discard reports whether s only discards a variable: _ = v.
func (f *Func) discard(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return false
	}
	id, ok := a.Lhs[0].(*ast.Ident)
	return ok && id.Name == "_" && f.identVar(a.Rhs[0]) != nil
}

// pairSum reports whether val is the sum of two elements lane loop l
// reads ahead from two different rows, at the lane's x, and records the
// rows in p.
func (f *Func) pairSum(l *LaneLoop, val ast.Expr, p *PairTree) bool {
	sum, ok := ast.Unparen(val).(*ast.BinaryExpr)
	if !ok || sum.Op != token.ADD {
		return false
	}
	for i, operand := range []ast.Expr{sum.X, sum.Y} {
		k, rebased := l.Rebase.At[ast.Unparen(operand)]
		if !rebased || !slices.Contains(l.Ahead, k) {
			return false
		}
		p.Rows[i] = k
	}
	return p.Rows[0] != p.Rows[1]
}
