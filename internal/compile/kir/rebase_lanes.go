package kir

import "go/ast"

// A lane loop is rebased as a thread loop is (rebase.go), for the warps
// whose 32 lanes are all active and lie in one row of x: lane l is the
// thread at the row's x0 + l, each rebased slice is resliced to the
// warp's 32 threads and indexed by the lane, and no lane records its
// position where nothing else can fail (emit_rebase_lanes.go). Harris's
// unrolled last warp, v += sdata[tid+offset], and a warp's loads of a
// shuffle reduction run so.

// laneStmts returns the statements a lane loop's lanes run: the
// definitions of the remat variables it recomputes, then its code.
func (f *Func) laneStmts(l *LaneLoop) []ast.Stmt {
	var out []ast.Stmt
	for _, v := range f.rematFor(f.LoopVars[l]) {
		out = append(out, f.Vars[v].Def)
	}
	for _, n := range l.Body {
		c, ok := n.(*Code)
		if !ok {
			return nil
		}
		out = append(out, c.Stmt)
	}
	return out
}
