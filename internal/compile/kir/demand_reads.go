package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// warpSize is the lanes of a warp.
const warpSize = 32

// A laneReads finds which lanes of each warp read a value after a
// shuffle reduction (demand.go): the lanes [0, k), and whether that holds
// only in one-dimensional blocks (oneD).
type laneReads struct {
	f *Func
	// tracked are the variables holding the value: the reduction's, and
	// those a plain copy (x := v, x = v) made of one.
	tracked map[*types.Var]bool
	k       int
	oneD    bool
	// copies are the lane loops that only copy the value: what they do
	// in the lanes that never read it is never read either.
	copies []*LaneLoop
}

// read notes a read of the value in lanes [0, hi).
func (r *laneReads) read(hi int) { r.k = max(r.k, hi) }

// warpNodes notes the reads of the rest of the warp's code, nodes, whose
// lanes are [0, hi).
func (r *laneReads) warpNodes(nodes []Node, hi int) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *LaneLoop:
			r.laneLoop(n, hi)
		case *WarpIf:
			if lanes, ok := r.rangeLanes(n); ok && n.Warp == nil {
				if n.Cond != nil && r.mentions(n.Cond) {
					r.read(hi)
				}
				r.warpNodes(n.Then, min(hi, lanes))
				r.warpNodes(n.Else, hi)
				continue
			}
			if r.mentions(n) {
				r.read(hi)
			}
		default:
			if r.mentions(n) {
				r.read(hi)
			}
		}
	}
}

// laneLoop notes the reads of lane loop l, whose lanes are [0, hi): a
// plain copy of a tracked variable tracks the copy; any other mention of
// one reads it. A loop of such copies alone (and declarations of the
// copies) is one of r's copies.
func (r *laneReads) laneLoop(l *LaneLoop, hi int) {
	copies := len(l.Operands) == 0 && l.Rebase == nil && l.Jam == nil
	var declared []*types.Var
	defer func() {
		for _, v := range declared {
			copies = copies && r.tracked[v]
		}
		if copies {
			r.copies = append(r.copies, l)
		}
	}()
	for _, n := range l.Body {
		s := n.(*Code).Stmt
		if dst, src := copyOperands(s); dst != nil && r.tracked[r.f.identVar(src)] {
			if id, ok := dst.(*ast.Ident); ok && id.Name == "_" {
				continue // the generator's mark of a variable used
			}
			if v := r.f.identVar(dst); v != nil {
				if kv := r.f.Vars[v]; kv == nil || kv.InPlace {
					r.read(warpSize) // its reads are out of sight
					copies = false
				}
				r.tracked[v] = true
				continue
			}
		}
		if v := r.f.bareDecl(s); v != nil {
			declared = append(declared, v)
			continue
		}
		copies = false
		if guard, ok := s.(*ast.IfStmt); ok && guard.Init == nil && guard.Else == nil && !r.mentionsExpr(guard.Cond) {
			if lanes, ok := r.condLanes(guard.Cond); ok {
				if r.mentionsExpr(guard.Body) {
					r.read(min(hi, lanes))
				}
				continue
			}
			if c, ok := r.f.xLaneResidue(guard.Cond); ok {
				if r.mentionsExpr(guard.Body) {
					r.read(min(hi, c+1))
					r.oneD = true
				}
				continue
			}
		}
		if r.mentionsExpr(s) {
			r.read(hi)
		}
	}
	for _, c := range l.Operands {
		if r.mentions(c) {
			r.read(hi)
		}
	}
}

// rangeLanes returns n where w's lanes are a range decided per warp whose
// upper end is the constant n (lane < 4, lane == 0), or a warp.
func (r *laneReads) rangeLanes(w *WarpIf) (int, bool) {
	if w.Range == nil {
		return 0, false
	}
	return r.termsLanes(w.Range), true
}

// condLanes returns n where cond bounds the lane to a range decided per
// warp whose upper end is the constant n, or a warp.
func (r *laneReads) condLanes(cond ast.Expr) (int, bool) {
	rng := r.f.condRange(cond)
	if rng == nil {
		return 0, false
	}
	return r.termsLanes(rng), true
}

// termsLanes returns the least constant upper end of rng's bounds on the
// lane, or a warp.
func (r *laneReads) termsLanes(rng *laneRange) int {
	hi := warpSize
	for _, t := range rng.Terms {
		if !t.Lane || !t.Upper {
			continue
		}
		if x, ok := r.f.intConst(t.X); ok {
			hi = min(hi, max(0, int(x)+t.Adj))
		}
	}
	return hi
}

// after notes the reads of the code after the warp loop, nodes: only a
// tracked variable kept per thread (spilled) lives on, and a thread loop
// reading it narrowed to threads x < n reads it in lanes [0, n) where the
// block is one-dimensional.
func (r *laneReads) after(nodes []Node) {
	for _, n := range nodes {
		if w, ok := n.(*WarpLoop); ok {
			// The warp's code as one, branch by branch, before spill
			// promoted what it assigns on some paths: what it leaves in
			// lanes it does not assign, the loops after it read.
			if r.exposedIn(r.f.scanItems(r.f.warpItems(w.Body, 0))) {
				r.read(warpSize)
			}
			continue
		}
		r.afterNode(n)
		for _, list := range children(n) {
			r.after(list)
		}
	}
}

// exposedIn reports whether a loop with variables lv reads a tracked
// variable's value from before it.
func (r *laneReads) exposedIn(lv *loopVars) bool {
	for v := range r.tracked {
		if lv.exposed[v] {
			return true
		}
	}
	return false
}

// afterNode notes the reads of node n of the code after the warp loop,
// its children aside.
func (r *laneReads) afterNode(n Node) {
	var lv *loopVars
	switch l := n.(type) {
	case *ThreadLoop:
		lv = r.f.LoopVars[l]
		if lv == nil {
			if r.mentions(l) {
				r.read(warpSize)
			}
			return
		}
		if l.Reduce != nil && r.mentionsExpr(l.Reduce.Call) {
			r.read(warpSize) // a predicate barrier's predicate, every thread's
		}
		if r.readsTracked(lv) {
			if hi, ok := r.boundLanes(l); ok {
				r.read(hi)
				r.oneD = true
			} else {
				r.read(warpSize)
			}
		}
	case *LaneLoop:
		if lv = r.f.LoopVars[l]; lv == nil && r.mentions(l) || lv != nil && r.readsTracked(lv) {
			r.read(warpSize)
		}
	case *Collective:
		if r.mentions(n) {
			r.read(warpSize)
		}
	case *WarpIf: // its condition's lane loop is none of its children
		if r.mentionsExpr(l.Src.Cond) {
			r.read(warpSize)
		}
	case *WarpFor:
		if r.mentionsExpr(l.Src) {
			r.read(warpSize)
		}
	}
}

// readsTracked reports whether a loop with variables lv reads a tracked
// variable's value from before it.
func (r *laneReads) readsTracked(lv *loopVars) bool {
	for v := range r.tracked {
		if lv.exposed[v] || lv.partial[v] {
			return true
		}
	}
	return false
}

// boundLanes returns n where thread loop l runs only the threads x < n,
// n a constant at most a warp, by its bounds.
func (r *laneReads) boundLanes(l *ThreadLoop) (int, bool) {
	if l.Outside || l.Quot != nil || l.Tile != nil {
		return 0, false
	}
	hi, found := warpSize, false
	for _, b := range l.Bounds {
		if b.Row != nil || !b.Upper || b.Off != nil || b.Scale != nil {
			continue
		}
		if x, ok := r.f.intConst(b.X); ok {
			hi, found = min(hi, max(0, int(x)+b.Adj)), true
		}
	}
	return hi, found
}

// mentionsExpr reports whether x names a tracked variable.
func (r *laneReads) mentionsExpr(x ast.Node) bool {
	found := false
	ast.Inspect(x, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && r.tracked[r.f.identVar(id)] {
			found = true
		}
		return !found
	})
	return found
}

// mentions reports whether n's code names a tracked variable.
func (r *laneReads) mentions(n Node) bool {
	found := false
	r.f.inspectNodes([]Node{n}, func(x ast.Node) {
		if id, ok := x.(*ast.Ident); ok && r.tracked[r.f.identVar(id)] {
			found = true
		}
	})
	return found
}

// bareDecl returns the variable s declares without a value (var x T).
func (f *Func) bareDecl(s ast.Stmt) *types.Var {
	d, ok := s.(*ast.DeclStmt)
	if !ok {
		return nil
	}
	gd, ok := d.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
		return nil
	}
	vs := gd.Specs[0].(*ast.ValueSpec)
	if len(vs.Names) != 1 || len(vs.Values) != 0 {
		return nil
	}
	v, _ := f.Src.Info.Defs[vs.Names[0]].(*types.Var)
	return v
}

// xLaneResidue returns c where cond is x%32 == c, x&31 == c or x == c,
// x the thread's x index by its index facts and c a constant lane: in a
// one-dimensional block a warp's threads are 32 consecutive x from a
// multiple of 32, so cond admits lane c alone there, or none (tid%32 ==
// 0 for lane 0's store of a warp's sum, tid == 0 for the block's).
func (f *Func) xLaneResidue(cond ast.Expr) (int, bool) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if f.Transposed || !ok || b.Op != token.EQL {
		return 0, false
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		c, isConst := f.intConst(p[1])
		if !isConst || c < 0 || c >= warpSize {
			continue
		}
		if _, off, kc, ok := f.threadAffine(p[0], f.laneAxis(), nil); ok && kc == 1 && off == nil {
			return int(c), true // x == c: lane c of the first warp, no lane of the others
		}
		if f.isLaneResidue(p[0]) {
			return int(c), true // x%32 == c: lane c of each warp
		}
	}
	return 0, false
}
