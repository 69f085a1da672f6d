package kir

import (
	"go/ast"
	"go/types"
)

// A spilled variable is stored to its scratch at the end of every loop
// that assigns it. In a warp's code, a lane loop's store is dead where a
// later lane loop of the same list assigns the variable on every path
// before anything reads it, and nothing between them names it or lets a
// lane leave (only collectives, warp-level code and uniform loops of
// those): Harris's warp-shuffle reduction assigns v from its loads, sums
// v's lane array with shuffles, then assigns v the sum, which is stored.

// findDeadSpills returns, per lane loop of a warp's top-level code, the
// spilled variables whose stores it skips.
func (f *Func) findDeadSpills() map[*LaneLoop]map[*types.Var]bool {
	out := map[*LaneLoop]map[*types.Var]bool{}
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
