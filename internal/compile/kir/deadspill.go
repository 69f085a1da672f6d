package kir

import (
	"go/ast"
	"go/types"
	"maps"
)

// A spilled variable is stored to its scratch at the end of every loop
// that assigns it. In a warp's code, a lane loop's store is dead where a
// later lane loop of the same list assigns the variable on every path
// before anything reads it, and nothing between them names it or lets a
// lane leave (only collectives, warp-level code and uniform loops of
// those): Harris's warp-shuffle reduction assigns v from its loads, sums
// v's lane array with shuffles, then assigns v the sum, which is stored.
// A thread loop's store is dead where no loop after it reads the
// variable's value from before it (deadAfter).

// findDeadSpills returns, per lane loop of a warp's top-level code and
// per thread loop, the spilled variables whose stores it skips.
func (f *Func) findDeadSpills() map[Node]map[*types.Var]bool {
	out := map[Node]map[*types.Var]bool{}
	f.deadAfter(out)
	Walk(f.Body, func(n Node) {
		w, ok := n.(*WarpLoop)
		if !ok {
			return
		}
		for i, m := range w.Body {
			l, ok := m.(*LaneLoop)
			if !ok || l.Jam != nil || f.LoopVars[l] == nil {
				continue
			}
			for v := range f.LoopVars[l].defs {
				if fv := f.Vars[v]; fv != nil && fv.Spill && !fv.InPlace && f.assignedNext(w.Body[i+1:], v) {
					if out[l] == nil {
						out[l] = map[*types.Var]bool{}
					}
					out[l][v] = true
				}
			}
		}
	})
	return out
}

// deadAfter adds to out, for each thread loop, the spilled variables it
// assigns that no loop that may run after it reads before assigning:
// nothing reads the value it stores. The body is read backward; after an
// if, either branch may run, and after a block's return, nothing. Loops
// that run again (inside a structural loop, or running a grid-stride
// loop in lockstep, whose state lives in scratch from step to step) keep
// their stores, and so do loops reducing a predicate and the loads ahead
// and rest of a streamed loop, of which the loop as written stores only
// what later loops read. The CUDA samples' block scan, whose last loop
// the fuse pass moved into both branches of if blockDim > 32 and merged
// with the loop adding the warps' totals, stores neither its inclusive
// nor its exclusive prefix.
func (f *Func) deadAfter(out map[Node]map[*types.Var]bool) {
	f.deadIn(f.Body, map[*types.Var]bool{}, out)
}

// deadIn walks nodes backward from live, the variables read before they
// are assigned by loops that may run after nodes, marking in out the
// stores no loop reads; it returns the variables so read from before
// nodes.
func (f *Func) deadIn(nodes []Node, live map[*types.Var]bool, out map[Node]map[*types.Var]bool) map[*types.Var]bool {
	for i := len(nodes) - 1; i >= 0; i-- {
		switch n := nodes[i].(type) {
		case *Return:
			live = map[*types.Var]bool{}
		case *If:
			then := f.deadIn(n.Then, maps.Clone(live), out)
			live = f.deadIn(n.Else, live, out)
			maps.Copy(live, then)
		case *Scope:
			live = f.deadIn(n.Body, live, out)
		case *Streamed: // the loop as written runs instead of the other two: its stores are dead as a loop's after it
			if lv := f.LoopVars[n.Whole]; lv != nil && len(lv.outer) == 0 && f.plainLoop(n.Whole) {
				f.markDead(n.Whole, lv, live, out)
			}
			Walk(nodes[i:i+1], func(m Node) {
				if lv := f.LoopVars[m]; lv != nil {
					maps.Copy(live, lv.exposed)
				}
			})
		default: // what any loop in it reads from before it (a loop that runs again reads its own)
			if l, ok := n.(*ThreadLoop); ok {
				if lv := f.LoopVars[l]; lv != nil && len(lv.outer) == 0 && f.plainLoop(l) {
					f.markDead(l, lv, live, out)
				}
			}
			Walk(nodes[i:i+1], func(m Node) {
				if lv := f.LoopVars[m]; lv != nil {
					maps.Copy(live, lv.exposed)
				}
			})
		}
	}
	return live
}

// markDead adds to out the spilled variables loop l assigns that are not
// live after it.
func (f *Func) markDead(l *ThreadLoop, lv *loopVars, live map[*types.Var]bool, out map[Node]map[*types.Var]bool) {
	for v := range lv.defs {
		if fv := f.Vars[v]; fv != nil && fv.Spill && !fv.InPlace && !live[v] {
			if out[l] == nil {
				out[l] = map[*types.Var]bool{}
			}
			out[l][v] = true
		}
	}
}

// deadSomewhere reports whether some loop skips its store of v.
func (f *Func) deadSomewhere(v *types.Var) bool {
	for _, vars := range f.deadSpills {
		if vars[v] {
			return true
		}
	}
	return false
}

// assignedNext reports whether the first of nodes that names v is a lane
// loop assigning it on every path before reading it, and every node
// before that is a collective, warp-level code or a uniform loop of
// those (no lane leaves, none of them names v).
func (f *Func) assignedNext(nodes []Node, v *types.Var) bool {
	for _, n := range nodes {
		if l, ok := n.(*LaneLoop); ok {
			lv := f.LoopVars[l]
			if lv == nil || l.Jam != nil {
				return false
			}
			if lv.refs[v] {
				return lv.defs[v] && !lv.exposed[v] && !lv.partial[v]
			}
			continue
		}
		if !f.plainWarpCode(n) || f.names(n, v) {
			return false
		}
	}
	return false
}

// plainWarpCode reports whether n is a collective, warp-level code, or a
// uniform loop holding only lane loops and those: code after which every
// lane that ran before it is still active.
func (f *Func) plainWarpCode(n Node) bool {
	switch n := n.(type) {
	case *Collective, *Code, *LaneLoop:
		return true
	case *For, *Range:
		for _, m := range children(n)[0] {
			if !f.plainWarpCode(m) {
				return false
			}
		}
		return true
	}
	return false
}

// names reports whether warp-level node n mentions v anywhere: in its
// lane loops' code, its collectives' calls or its loops' headers.
func (f *Func) names(n Node, v *types.Var) bool {
	if f.scanItems(f.warpItems([]Node{n}, 0)).refs[v] {
		return true
	}
	found := false
	Walk([]Node{n}, func(m Node) {
		if c, ok := m.(*Collective); ok {
			ast.Inspect(c.Call, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok && f.Src.Info.Uses[id] == v {
					found = true
				}
				return !found
			})
		}
	})
	return found
}
