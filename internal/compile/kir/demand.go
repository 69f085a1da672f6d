package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// demand is the pass that finds the shuffle-down reductions whose sums
// only the first lanes of a warp are read for: Luitjens's warpReduceSum,
//
//	for offset := 16; offset > 0; offset /= 2 {
//		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
//	}
//
// leaves the warp's sum in lane 0, and a block reduction reads it there
// alone (if lane == 0 { sums[warp] = v }, or thread 0 after a barrier).
// Every lane's partial sums are computed all the same, 32 additions a
// step where lane 0's needs 16, then 8, 4, 2 and 1. Where the value after
// the loop (and every variable it is copied to) is read only in lanes
// [0, k) of each warp, a step by d needs only lanes [0, k+d-1): the later
// steps, their offsets halving, read at most d-1 lanes further (the sum
// of d/2, d/4, ... down to 1). The whole warp's step then adds only those
// (Collective.Demand; compiled.LanesDemanded), the others keeping values
// nothing reads. A read in a lane range decided per warp (lane < 4,
// lane == 0) counts for the lanes of that range, a read of a variable
// kept across a barrier, in a thread loop narrowed to threads x < n, for
// n lanes where the block is one-dimensional (its rank is x); any other
// read, for all 32.
func demand(f *Func) {
	if f.Grid || f.Exits {
		return
	}
	for i, n := range f.Body {
		if w, ok := n.(*WarpLoop); ok {
			f.demandIn(w.Body, nil, f.Body[i+1:])
		}
	}
}

// demandIn finds the reductions of nodes, warp-level code followed by
// the warp's code rest (innermost first) and the block's code after the
// warp loop, after: those at its top and in its ifs, where a narrowed
// whole-warp step runs only if every lane takes the branch (the second
// stage of Luitjens's block reduction, if wid == 0).
func (f *Func) demandIn(nodes []Node, rest [][]Node, after []Node) {
	f.sharedSteps(nodes, rest, after)
	for j, m := range nodes {
		later := append([][]Node{nodes[j+1:]}, rest...)
		switch m := m.(type) {
		case *WarpIf: // a step narrowed inside runs where every lane takes the branch: its lanes are read as the if's code says
			f.demandIn(m.Then, later, after)
			f.demandIn(m.Else, later, after)
		case *For:
			c, v := f.halvingReduction(m)
			if c != nil && c.Entry.Short != "ShflDownSync" {
				continue // a butterfly leaves the sum in every lane: no lane is spared
			}
			if c == nil {
				f.sharedTree(m, later, after)
				continue
			}
			r := &laneReads{f: f, tracked: map[*types.Var]bool{v: true}}
			for _, list := range later {
				r.warpNodes(list, warpSize)
			}
			r.after(after)
			if r.k < warpSize {
				c.Demand = &LaneDemand{Lanes: r.k, OneD: r.oneD}
				for _, l := range r.copies {
					l.Upto = c.Demand
				}
			}
		}
	}
}

// A LaneDemand is what a shuffle reduction's result is read for: lanes
// [0, Lanes) of each warp, where the block is one-dimensional if OneD is
// set (in other blocks, every lane).
type LaneDemand struct {
	Lanes int
	OneD  bool
}

// halvingReduction returns the shuffle down or xor of loop and the
// variable it adds to where loop is one step of a reduction whose offset
// halves down to 1: for d := x; d > 0; d /= 2 (or d >= 1, d >>= 1)
// around v += ShflDownSync(mask, v, d, 32) alone (or ShflXorSync, a
// butterfly).
func (f *Func) halvingReduction(loop *For) (*Collective, *types.Var) {
	d := f.halvingKey(loop.Src)
	if d == nil {
		return nil, nil
	}
	var c *Collective
	var add *LaneLoop
	for _, n := range loop.Body {
		switch n := n.(type) {
		case *LaneLoop:
			if len(n.Body) > 0 {
				if add != nil {
					return nil, nil
				}
				add = n
			}
		case *Collective:
			if c != nil {
				return nil, nil
			}
			c = n
		default:
			return nil, nil
		}
	}
	if c == nil || add == nil || len(add.Body) != 1 || c.Entry.Short != "ShflDownSync" && c.Entry.Short != "ShflXorSync" || c.Entry.Tile || c.Entry.Coalesced {
		return nil, nil
	}
	s, ok := add.Body[0].(*Code).Stmt.(*ast.AssignStmt)
	if !ok || s.Tok != token.ADD_ASSIGN || len(s.Lhs) != 1 || ast.Unparen(s.Rhs[0]) != ast.Expr(c.Call) {
		return nil, nil
	}
	v := f.identVar(s.Lhs[0])
	args := c.Call.Args
	if v == nil || f.identVar(args[c.Entry.Value]) != v || f.identVar(args[c.Entry.Arg]) != d || f.Vars[v] == nil || f.Vars[v].InPlace {
		return nil, nil
	}
	if w, ok := f.intConst(args[c.Entry.Width]); !ok || w != warpSize {
		return nil, nil
	}
	return c, v
}

// halvingKey returns d where s is for d := x; d > 0 (or d >= 1, 0 < d);
// d /= 2 (in any spelling of the halving, stepOf), or nil.
func (f *Func) halvingKey(s *ast.ForStmt) *types.Var {
	d := f.inductionVar(s)
	if d == nil || s.Init == nil || f.stepOf(s.Post, d) != halving {
		return nil // an init the callers read the start from
	}
	if bound, ok := f.intConst(f.inductionCond(s.Cond, d, token.GTR)); ok && bound == 0 {
		return d
	}
	if bound, ok := f.intConst(f.inductionCond(s.Cond, d, token.GEQ)); ok && bound == 1 {
		return d
	}
	return nil
}

// identVar returns the variable x names, or nil.
func (f *Func) identVar(x ast.Expr) *types.Var {
	id := identOf(x)
	if id == nil {
		return nil
	}
	v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
	return v
}
