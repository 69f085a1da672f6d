package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Trees over shared memory written out step by step (Harris's last warp
// with __syncwarp between the steps, no loop):
//
//	v := sdata[tid] + sdata[tid+32]; __syncwarp(); sdata[tid] = v
//	v += sdata[tid+16]; __syncwarp(); sdata[tid] = v
//	... down to v += sdata[tid+1]; __syncwarp(); sdata[tid] = v
//
// The lanes each step must run follow from the reads after them, back
// to front, as liveness does: a store s[x] = v in lanes [0, k) is what
// the later code reads of s; it needs v in those lanes and leaves no
// earlier store to s live. A read v += s[x+c] (or v = s[x] + s[x+c])
// in lanes [0, k) needs s's elements below k+c from the store before.
// A warp whose reads would cross into the next warp's elements (k+c
// past 32) runs every lane, as do steps in blocks that are not
// one-dimensional (LaneLoop.Upto).

// sharedSteps notes, on the lane loops of nodes, the lanes each must run
// where nodes are such steps alone, followed by the warp's code rest and
// the block's code after.
func (f *Func) sharedSteps(nodes []Node, rest [][]Node, after []Node) {
	steps, v, mem := f.writtenSteps(nodes)
	if steps == nil {
		return
	}
	ks, ok := f.sharedReads(mem, rest, after)
	if !ok {
		return
	}
	r := &laneReads{f: f, tracked: map[*types.Var]bool{v: true}}
	for _, list := range rest {
		r.warpNodes(list, warpSize)
	}
	r.after(after)
	kv := r.k
	lanes := make([]int, len(steps))
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		switch {
		case s.store:
			lanes[i] = ks
			kv, ks = max(kv, ks), 0
		default:
			lanes[i] = kv
			ks = min(warpSize, max(ks, kv+s.c))
			if s.defines {
				kv = 0
			}
		}
	}
	for i, s := range steps {
		if lanes[i] < warpSize {
			s.l.Upto = &LaneDemand{Lanes: lanes[i], OneD: true}
		}
	}
}

// A writtenStep is one lane loop of a tree written out: a store s[x] = v,
// or a read, v assigned from elements s[x+c] (c at most c) and, unless
// it defines v, from v itself: v += s[x+c], v = max(v, s[x+c]),
// v := s[x] + s[x+32].
type writtenStep struct {
	l       *LaneLoop
	store   bool
	defines bool
	c       int
}

// writtenSteps returns the steps of nodes, their variable and the
// variables that may hold their shared slice, where nodes are lane loops
// of such steps and warp syncs alone, each lane loop rebased, with at
// least two stores; nil elsewhere.
func (f *Func) writtenSteps(nodes []Node) ([]writtenStep, *types.Var, map[*types.Var]bool) {
	var steps []writtenStep
	var v, s *types.Var
	stores := 0
	for _, n := range nodes {
		switch n := n.(type) {
		case *LaneLoop:
			if len(n.Body) == 0 {
				continue
			}
			st, sv, slice, ok := f.writtenStep(n)
			if !ok || v != nil && sv != v || s != nil && slice != s {
				return nil, nil, nil
			}
			v, s = sv, slice
			if st.store {
				stores++
			}
			steps = append(steps, st)
		case *Collective:
			if n.Entry.Short != "SyncWarp" {
				return nil, nil, nil
			}
		default:
			return nil, nil, nil
		}
	}
	if stores < 2 || f.Vars[v] == nil || f.Vars[v].InPlace {
		return nil, nil, nil
	}
	mem := f.sharedAliases(s)
	if mem == nil {
		return nil, nil, nil
	}
	return steps, v, mem
}

// writtenStep reads lane loop l as a step: its variable and slice. Its
// one assignment may compute anything of its operands: the rebase pass
// found the loop's code cannot fail (Rebase not Partial), so a lane
// skipped skips only values no later code reads.
func (f *Func) writtenStep(l *LaneLoop) (writtenStep, *types.Var, *types.Var, bool) {
	st := writtenStep{l: l}
	if len(l.Body) != 1 || l.Rebase == nil || l.Rebase.Partial {
		return st, nil, nil, false
	}
	code, ok := l.Body[0].(*Code)
	if !ok {
		return st, nil, nil, false
	}
	a, ok := code.Stmt.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return st, nil, nil, false
	}
	if x, c, ok := f.rowConst(l.Rebase, a.Lhs[0]); ok {
		v := f.identVar(a.Rhs[0])
		st.store = true
		return st, v, x, c == 0 && a.Tok == token.ASSIGN && v != nil
	}
	v := f.identVar(a.Lhs[0])
	x, c, readsV, ok := f.stepReads(l.Rebase, a.Rhs[0], v)
	st.c, st.defines = int(c), (a.Tok == token.ASSIGN || a.Tok == token.DEFINE) && !readsV
	return st, v, x, ok && v != nil && x != nil
}

// stepReads returns the one slice e reads at the lane's x plus
// constants, the largest constant, and whether e reads v; false where e
// reads another rebased slice or an element otherwise.
func (f *Func) stepReads(rb *Rebase, e ast.Expr, v *types.Var) (x *types.Var, c int64, readsV, ok bool) {
	ok = true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			s, k, isRow := f.rowConst(rb, n)
			if !isRow || x != nil && s != x {
				ok = false
				return false
			}
			x, c = s, max(c, k)
			return false
		case *ast.Ident:
			readsV = readsV || v != nil && f.identVar(n) == v
		}
		return ok
	})
	return x, c, readsV, ok
}

// rowConst returns the slice x indexes and the constant c where rb
// rebased x as the thread's x index plus c (0 for none).
func (f *Func) rowConst(rb *Rebase, x ast.Expr) (*types.Var, int64, bool) {
	k, ok := rowSlice(rb, x)
	if !ok || rb.Slices[k].Row != nil || rb.Slices[k].Fit != nil {
		return nil, 0, false
	}
	r := rb.Slices[k]
	if r.Off == nil {
		return f.identVar(r.X), 0, true
	}
	c, ok := f.intConst(r.Off)
	return f.identVar(r.X), c, ok && c >= 0 && c <= 1<<20
}
