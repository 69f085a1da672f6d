package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Trees over shared memory whose result only a warp's first lanes are
// read for: Harris's last warp, in the form NVIDIA prescribes for
// independent thread scheduling,
//
//	for offset := 32; offset > 0; offset /= 2 {
//		v += sdata[tid+offset]
//		__syncwarp()
//		sdata[tid] = v
//		__syncwarp()
//	}
//
// after which thread 0 reads sdata[0] alone. As with a shuffle-down
// reduction (demand.go), a step by d needs only lanes [0, k+d-1) where
// the rest of the block reads lanes [0, k) of the tree: each lane l reads
// the element lane l+d stored the step before, and the later steps reach
// at most d-1 lanes further. The other lanes' stores are of elements
// nothing reads again.

// sharedTree notes, on the lane loops of loop, the lanes its steps must
// run where loop is such a tree at warp level, followed by the warp's
// code rest and the block's code after: its shared slice read after it
// only at constant indexes below k, its variable in lanes below k, k
// less than a warp. Where the block is not one-dimensional, or a warp's
// lanes are not the first of its row of x, the emitted code runs every
// lane.
func (f *Func) sharedTree(loop *For, rest [][]Node, after []Node) {
	add, store, d, v, mem := f.treeSteps(loop)
	if add == nil {
		return
	}
	k, ok := f.sharedReads(mem, rest, after)
	if !ok {
		return
	}
	r := &laneReads{f: f, tracked: map[*types.Var]bool{v: true}}
	for _, list := range rest {
		r.warpNodes(list, warpSize)
	}
	r.after(after)
	k = max(k, r.k)
	if k >= warpSize {
		return
	}
	add.Demand = &StepDemand{Step: d, Lanes: k}
	store.Demand = add.Demand
}

// A StepDemand is a step by Step of a tree over shared memory whose
// result only lanes [0, Lanes) of each warp are read for
// (demand_shared.go): a whole warp runs lanes
// [0, compiled.LanesDemanded(Step, Lanes, narrow)), narrow where the
// block is one-dimensional.
type StepDemand struct {
	Step  *types.Var
	Lanes int
}

// treeSteps returns the lane loops of loop, its offset d, its variable v
// and the variables that may hold the shared-memory slice of its tree
// (sharedAliases) where loop is a halving step of one: v assigned from
// s[x+d] (v += s[x+d], v = max(v, s[x+d]), v = s[x] + s[x+d]: whatever the
// operator or wording), then s[x] = v, with only warp syncs besides,
// each lane loop rebased (x the thread's x index). The rebase pass found
// the first step cannot fail (Rebase not Partial), so a lane skipped
// skips only values no later code reads.
func (f *Func) treeSteps(loop *For) (add, store *LaneLoop, d, v *types.Var, mem map[*types.Var]bool) {
	fail := func() (*LaneLoop, *LaneLoop, *types.Var, *types.Var, map[*types.Var]bool) {
		return nil, nil, nil, nil, nil
	}
	if d = f.halvingKey(loop.Src); d == nil {
		return fail()
	}
	var steps []*LaneLoop
	for _, n := range loop.Body {
		switch n := n.(type) {
		case *LaneLoop:
			if len(n.Body) > 0 {
				steps = append(steps, n)
			}
		case *Collective:
			if n.Entry.Short != "SyncWarp" {
				return fail()
			}
		default:
			return fail()
		}
	}
	if len(steps) != 2 || len(steps[0].Body) != 1 || len(steps[1].Body) != 1 || steps[0].Rebase == nil || steps[1].Rebase == nil {
		return fail()
	}
	a, ok := steps[0].Body[0].(*Code).Stmt.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || steps[0].Rebase.Partial {
		return fail()
	}
	v = f.identVar(a.Lhs[0])
	read, okRead := f.stepRows(steps[0].Rebase, a.Rhs[0], d)
	dst, src := copyOperands(steps[1].Body[0].(*Code).Stmt)
	written, okWrite := f.rowAt(steps[1].Rebase, dst, nil)
	if v == nil || f.Vars[v] == nil || f.Vars[v].InPlace || !okRead || !okWrite || f.identVar(src) != v {
		return fail()
	}
	mem = f.sharedAliases(read)
	if mem == nil || !mem[written] {
		return fail()
	}
	return steps[0], steps[1], d, v, mem
}

// stepRows returns the one slice e reads, at the lane's x plus d at least
// once and otherwise at x, where e reads no element but those.
func (f *Func) stepRows(rb *Rebase, e ast.Expr, d *types.Var) (*types.Var, bool) {
	var slice *types.Var
	atD, ok := false, true
	ast.Inspect(e, func(n ast.Node) bool {
		ix, isIndex := n.(*ast.IndexExpr)
		if !isIndex || !ok {
			return ok
		}
		s, at := f.rowAt(rb, ix, d)
		if !at {
			s, at = f.rowAt(rb, ix, nil)
		} else {
			atD = true
		}
		ok = at && (slice == nil || s == slice)
		slice = s
		return false
	})
	return slice, ok && atD
}

// rowAt returns the slice x indexes where rb rebased x as the thread's x
// index plus off (plus nothing where off is nil).
func (f *Func) rowAt(rb *Rebase, x ast.Expr, off *types.Var) (*types.Var, bool) {
	k, ok := rowSlice(rb, x)
	if !ok || rb.Slices[k].Row != nil {
		return nil, false
	}
	r := rb.Slices[k]
	if off == nil && r.Off != nil || off != nil && f.identVar(r.Off) != off {
		return nil, false
	}
	return f.identVar(r.X), true
}

// sharedAliases returns the variables that may hold the shared-memory
// slice s holds, s among them, where s is a shared-memory declaration or
// a plain copy of one and none of them reaches memory otherwise than by
// indexing for a value, len, cap, or a plain copy to another variable (no
// slice of one, pointer into one or copy elsewhere); nil where one may.
func (f *Func) sharedAliases(s *types.Var) map[*types.Var]bool {
	mem := map[*types.Var]bool{}
	for v := range f.shared {
		mem[v] = true
	}
	plain := map[*ast.Ident]bool{} // the uses that only index, measure or copy
	for grew := true; grew; {
		grew = false
		f.inspectBody(func(n ast.Node) {
			switch n := n.(type) {
			case *ast.IndexExpr:
				plain[identOf(n.X)] = true
			case *ast.CallExpr:
				if a := f.lenArg(n); a != nil {
					plain[a] = true
				}
			case ast.Stmt:
				blankPairs(n, plain)
				dst, src := copyOperands(n)
				if dst == nil || !mem[f.identVar(src)] {
					break
				}
				if v := f.identVar(dst); v != nil { // a variable, which joins the aliases
					plain[identOf(src)], plain[identOf(dst)] = true, true
					if !mem[v] {
						mem[v], grew = true, true
					}
				} else if id, ok := dst.(*ast.Ident); ok && id.Name == "_" {
					plain[identOf(src)] = true
				}
			}
		})
	}
	if !mem[s] {
		return nil
	}
	escapes := false
	f.inspectBody(func(n ast.Node) {
		if v := f.addressedMem(n); v != nil && mem[v] {
			escapes = true // &s[i]: a pointer into it
		}
		if id, ok := n.(*ast.Ident); ok && !plain[id] {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && mem[v] {
				escapes = true
			}
		}
	})
	if escapes {
		return nil
	}
	return mem
}

// inspectBody calls fn for every syntax node of the body
// (inspectNodes) and of the definitions of its remat variables, which
// the emitter writes where they are used.
func (f *Func) inspectBody(fn func(ast.Node)) {
	f.inspectNodes(f.Body, fn)
	for _, v := range f.Vars {
		if v.Class == Remat && v.Def != nil {
			ast.Inspect(v.Def, func(n ast.Node) bool {
				if n != nil {
					fn(n)
				}
				return true
			})
		}
	}
}

// blankPairs marks, in plain, the variables s assigns to the blank
// identifier in a parallel assignment (_, _ = sdata, x): discarded, not
// copied.
func blankPairs(s ast.Stmt, plain map[*ast.Ident]bool) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) < 2 || len(a.Lhs) != len(a.Rhs) {
		return
	}
	for i, l := range a.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
			if r, ok := a.Rhs[i].(*ast.Ident); ok {
				plain[r] = true
			}
		}
	}
}

// sharedReads returns k where the warp's code rest and the block's code
// after index the slices mem only below k (rowReads, treefold.go), and
// false where they may index one anywhere.
func (f *Func) sharedReads(mem map[*types.Var]bool, rest [][]Node, after []Node) (int, bool) {
	k := 0
	for _, list := range append(rest, after) {
		kl, ok := f.readBound(mem, list)
		if !ok {
			return 0, false
		}
		k = max(k, kl)
	}
	return k, true
}
