package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Blelloch's work-efficient scan (GPU Gems 3, chapter 39) builds partial
// sums up a tree in shared memory and pushes the prefixes back down, a
// step per barrier:
//
//	for d := n >> 1; d > 0; d >>= 1 {
//		__syncthreads();
//		if (thid < d) { ai = offset*(2*thid+1)-1; bi = offset*(2*thid+2)-1; temp[bi] += temp[ai]; }
//		offset *= 2;
//	}
//	...
//	for d := 1; d < n; d *= 2 {
//		offset >>= 1; __syncthreads();
//		if (thid < d) { ...; y = temp[ai]; temp[ai] = temp[bi]; temp[bi] += y; }
//	}
//
// The up-sweep's first three steps (offsets 1, 2 and 4) and the
// down-sweep's last three (4, 2 and 1) each stay within groups of eight
// consecutive elements: as loops over the threads they read back, step
// after step, what the step before stored, most of the sweeps' work.
// compiled.UpSweep3 and compiled.DownSweep3 run the three steps group by
// group, the group's elements in registers, and store what the steps
// would have stored: the same additions in the same order, every element
// the same bits afterwards, so nothing after them needs looking at. The
// emitter runs them at the top of a trip where the block is
// one-dimensional, the trip's offset the one they start from and its
// steps' threads all in the block, and the loop goes on from the fourth
// trip; elsewhere the trip runs as written.

// A SweepFold is a sweep of Blelloch's scan whose three steps from an
// offset the emitter runs as one (sweepfold.go): Row is the slice (shared
// memory, in Blelloch's; the steps touch no other, so any will do),
// Step the loop's variable, Offset the variable of the steps' offset;
// Down is set for a down-sweep, whose loop goes on while Step < Limit,
// and an up-sweep's goes on while Step > Limit.
type SweepFold struct {
	Row          *ast.Ident
	Step, Offset *types.Var
	Limit        ast.Expr
	Down         bool
	// Op is the steps' operator as package compiled names it (foldOps):
	// "" for sums (UpSweep3, DownSweep3), FoldMin or FoldMax (their Op
	// forms).
	Op string
}

// sweepfold is the trees pass's sweeps: it finds the sweeps of
// sweepfold.go in the body's block-level code: its top level, and the uniform loops, ifs and
// blocks around them (a grid-stride loop over tiles, say). The three
// steps leave every element as the steps do, so what runs around them
// does not matter. Where threads may return before the sweeps, the
// emitter runs the steps as one only while none has.
func sweepfold(f *Func) {
	if f.Grid {
		return
	}
	var walk func(nodes []Node)
	walk = func(nodes []Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *For:
				if n.Fold == nil && !f.Stops[n.Src] {
					n.Sweep = f.sweepFold(n)
				}
				walk(n.Body)
			case *If, *Range, *Scope:
				for _, list := range children(n) {
					walk(list)
				}
			}
		}
	}
	walk(f.Body)
}

// sweepFold returns the SweepFold of loop, or nil where it is not a sweep.
func (f *Func) sweepFold(loop *For) *SweepFold {
	if s, stop := f.halvingStep(loop); s != nil {
		if len(loop.Body) != 3 || !isPlainBarrier(loop.Body[0]) {
			return nil
		}
		return f.sweepSteps(loop.Body[1], loop.Body[2], s, stop, false)
	}
	s, limit := f.scaledStep(loop, token.LSS, true)
	if s == nil || len(loop.Body) != 3 || !isPlainBarrier(loop.Body[1]) {
		return nil
	}
	return f.sweepSteps(loop.Body[2], loop.Body[0], s, limit, true)
}

// sweepSteps returns the SweepFold of a sweep over s whose thread loop is
// steps and whose block code scaling the offset is scale, or nil.
func (f *Func) sweepSteps(steps, scale Node, s *types.Var, limit ast.Expr, down bool) *SweepFold {
	l, ok := steps.(*ThreadLoop)
	c, ok2 := scale.(*Code)
	if !ok || !ok2 || !c.Block || !plainLoop(l) || f.mentions(limit, s) {
		return nil
	}
	offset := f.scaledOffset(c.Stmt, down)
	if offset == nil || f.mentions(limit, offset) {
		return nil
	}
	row, op := f.sweepStep(l, s, offset, down)
	if row == nil {
		return nil
	}
	return &SweepFold{Row: row, Step: s, Offset: offset, Limit: limit, Down: down, Op: foldOps[op]}
}

// isPlainBarrier reports whether n is t.SyncThreads (plainBarrier).
func isPlainBarrier(n Node) bool {
	b, ok := n.(*Barrier)
	return ok && plainBarrier(b)
}

// scaledOffset returns the variable stmt halves (offset >>= 1, offset /=
// 2) for a down-sweep, or doubles (offset *= 2, offset <<= 1) for an
// up-sweep: a uniform int; nil where it does not.
func (f *Func) scaledOffset(stmt ast.Stmt, down bool) *types.Var {
	a, ok := stmt.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 {
		return nil
	}
	o := f.identVar(a.Lhs[0])
	if o == nil || f.Vars[o] == nil || f.Vars[o].Class != Uniform || !types.Identical(o.Type(), types.Typ[types.Int]) ||
		!f.scales(stmt, o, !down) {
		return nil
	}
	return o
}

// scales reports whether post is d *= 2 or d <<= 1 (double), or halves d.
func (f *Func) scales(post ast.Stmt, d *types.Var, double bool) bool {
	return f.stepOf(post, d) == map[bool]stepKind{false: halving, true: doubling}[double]
}

// mentions reports whether e (an expression or a statement) names v.
func (f *Func) mentions(e ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
