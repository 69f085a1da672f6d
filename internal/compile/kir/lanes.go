package kir

import (
	"go/ast"
	"go/types"
)

// laneArrays decides which varying variables of warp loop w live across
// its collectives: read by a lane loop before it assigns them, and
// assigned by another (or by the same one, in an earlier iteration of a
// loop around it). They are kept in [32]T arrays local to the warp loop;
// variables spilled at block level keep their scratch arrays.
func (f *Func) laneArrays(w *WarpLoop) {
	w.Arrays = map[*types.Var]string{}
	lanes := f.scanLanes(w.Body)
	for obj, v := range f.Vars {
		if v.Class != Varying || v.Spill {
			continue
		}
		for i, l := range lanes {
			if !l.lv.exposed[obj] || l.lv.decls[obj] {
				continue
			}
			across := false
			for j, l2 := range lanes {
				across = across || i != j && l2.lv.defs[obj]
			}
			for _, o := range l.outer {
				across = across || l.lv.defs[obj] && (obj.Pos() < o.Pos() || obj.Pos() >= o.End())
			}
			if across || f.isParam(obj) {
				w.Arrays[obj] = f.Names.Fresh("l_" + v.Name)
				break
			}
		}
	}
}

// A laneScan is what a lane loop (or a lane-varying condition) of a warp
// uses and defines, and the loops of the warp's code around it.
type laneScan struct {
	lv    *loopVars
	outer []ast.Node
}

// scanLanes records, for the warp's code nodes, the variables of each of
// its lane loops and conditions (in f.LoopVars too).
func (f *Func) scanLanes(nodes []Node) []laneScan {
	var lanes []laneScan
	var walk func(nodes []Node, outer []ast.Node)
	walk = func(nodes []Node, outer []ast.Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *LaneLoop:
				lv := f.scanItems(f.laneItems(n, 0))
				f.promotePartial(lv, f.readBefore)
				f.LoopVars[n] = lv
				lanes = append(lanes, laneScan{lv, outer})
			case *WarpIf:
				lv := f.scanItems([]item{{expr: n.Src.Cond}})
				f.LoopVars[n.Cond] = lv
				lanes = append(lanes, laneScan{lv, outer})
				walk(n.Then, outer)
				walk(n.Else, outer)
			case *WarpFor:
				walk([]Node{n.Init}, outer)
				inner := append(outer[:len(outer):len(outer)], n.Src)
				lv := f.scanItems([]item{{expr: n.Src.Cond}})
				f.LoopVars[n.Cond] = lv
				lanes = append(lanes, laneScan{lv, inner})
				walk(n.Body, inner)
				walk([]Node{n.Post}, inner)
			case *For:
				walk(n.Body, append(outer[:len(outer):len(outer)], n.Src))
			case *Range:
				walk(n.Body, append(outer[:len(outer):len(outer)], n.Src))
			default:
				for _, list := range children(n) {
					walk(list, outer)
				}
			}
		}
	}
	walk(nodes, nil)
	return lanes
}
