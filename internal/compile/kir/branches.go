package kir

import (
	"go/ast"
	"go/types"
	"maps"
)

// resolveBranches sets the Target of every break and continue of nodes:
// the loop it leaves, by label or the innermost around it. loops are the
// loops around nodes, innermost last.
func resolveBranches(nodes []Node, loops []Node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *For, *Range:
			resolveBranches(children(n)[0], append(loops[:len(loops):len(loops)], n))
			continue
		case *Branch:
			n.Target = branchTarget(n.Src, loops)
		}
		for _, list := range children(n) {
			resolveBranches(list, loops)
		}
	}
}

// branchTarget returns the source of the loop of loops that b leaves.
func branchTarget(b *ast.BranchStmt, loops []Node) ast.Stmt {
	for i := len(loops) - 1; i >= 0; i-- {
		src, label := loopSrc(loops[i])
		if b.Label == nil || label != nil && label.Name == b.Label.Name {
			return src
		}
	}
	return nil
}

// loopSrc returns the source statement and label of a For or Range.
func loopSrc(n Node) (ast.Stmt, *ast.Ident) {
	switch n := n.(type) {
	case *For:
		return n.Src, n.Label
	case *Range:
		return n.Src, n.Label
	}
	return nil, nil
}

// laneLoops marks the loops holding warp collectives but no barrier whose
// lanes may leave them at different trips: a header that may differ
// between threads, or a break or continue of the loop (labeled or not,
// from loops inside it too) taken by only some lanes. They run as on a
// GPU (warp pass, WarpFor), and the breaks and continues that leave them
// are taken by the lanes that reach them; and a loop that changes a
// variable of the block's declared outside it (changesOuterUniform).
// It reports whether it marked a loop it had not.
func (f *Func) laneLoops(nodes []Node) bool { return f.laneLoopsIn(nodes, nil) }

// laneLoopsIn is laneLoops over nodes inside loops whose lanes may leave
// at different trips, which declare laneVars: per-lane code, of each warp.
func (f *Func) laneLoopsIn(nodes []Node, laneVars map[*types.Var]bool) bool {
	marked := false
	for _, n := range nodes {
		inner := laneVars
		if l, ok := n.(*For); ok && !l.Lanes && !hasBarrier(l) {
			header := f.uniformStmt(l.Src.Init, f.isUniform) && f.uniformStmt(l.Src.Post, f.isUniform) && f.pure(l.Src.Cond, f.isUniform, false)
			if !header || f.varyingBranch(l.Body, l.Src, false) || f.changesOuterUniform(l, laneVars) {
				l.Lanes, marked = true, true
				for _, b := range branchesTo(l.Body, l.Src) {
					b.Lanes = true
				}
				if f.laneLoop == nil {
					f.laneLoop = map[*ast.ForStmt]bool{}
				}
				f.laneLoop[l.Src] = true
			}
		}
		if l, ok := n.(*For); ok && l.Lanes {
			inner = maps.Clone(laneVars)
			if inner == nil {
				inner = map[*types.Var]bool{}
			}
			maps.Copy(inner, f.loopDecls(l))
		}
		if r, ok := n.(*Range); ok && !hasBarrier(r) && f.varyingBranch(r.Body, r.Src, false) {
			fail(f.unsupported(r.Src, "a break or continue that only some lanes take, of a range loop with a warp collective (write it as a counted for loop)"))
		}
		for _, list := range children(n) {
			marked = f.laneLoopsIn(list, inner) || marked
		}
	}
	return marked
}

// branchesTo returns the breaks and continues in nodes that leave the
// loop target.
func branchesTo(nodes []Node, target ast.Stmt) []*Branch {
	var out []*Branch
	Walk(nodes, func(n Node) {
		if b, ok := n.(*Branch); ok && b.Target == target {
			out = append(out, b)
		}
	})
	return out
}

// varyingBranch reports whether nodes hold a break or continue of the
// loop target that only some threads may take: under an if whose
// condition may differ between threads, or inside a loop whose lanes
// leave it at different trips (varying says whether nodes are).
func (f *Func) varyingBranch(nodes []Node, target ast.Stmt, varying bool) bool {
	for _, n := range nodes {
		inner := varying
		switch n := n.(type) {
		case *Branch:
			if n.Target == target && varying {
				return true
			}
		case *If:
			inner = varying || !f.pure(n.Src.Cond, f.isUniform, false) || !f.uniformStmt(n.Src.Init, f.isUniform)
		case *For:
			inner = varying || n.Lanes
		}
		for _, list := range children(n) {
			if f.varyingBranch(list, target, inner) {
				return true
			}
		}
	}
	return false
}

// checkLaneBranches refuses a break or continue of a loop with a barrier
// from inside a loop whose lanes leave it at different trips: only the
// threads still in that loop would take it.
func (f *Func) checkLaneBranches(nodes []Node) {
	for _, n := range nodes {
		if l, ok := n.(*For); ok && l.Lanes {
			Walk(l.Body, func(m Node) {
				if b, ok := m.(*Branch); ok && !b.Lanes {
					fail(f.refuse(b.Src, "a %s of a loop with a barrier from inside a loop whose trip count may differ between threads: only the threads still in that loop would take it (decide it with t.SyncThreadsOr(cond) after the inner loop, or from values the same for the block)", b.Src.Tok))
				}
			})
			continue
		}
		for _, list := range children(n) {
			f.checkLaneBranches(list)
		}
	}
}

// leavesOuter reports whether a WarpFor holds a break or continue of a
// loop around it.
func leavesOuter(w *WarpFor) bool {
	found := false
	Walk(w.Body, func(n Node) {
		if b, ok := n.(*Branch); ok && b.Lanes && b.Target != w.Src && !containsLoop(w.Body, b.Target) {
			found = true
		}
	})
	return found
}

// containsLoop reports whether nodes hold the loop whose source is src.
func containsLoop(nodes []Node, src ast.Stmt) bool {
	found := false
	Walk(nodes, func(n Node) {
		switch n := n.(type) {
		case *For:
			found = found || n.Src == src
		case *Range:
			found = found || n.Src == src
		case *WarpFor:
			found = found || n.Src == src
		}
	})
	return found
}

// changesOuterUniform reports whether loop l of warp collectives assigns a
// variable the same for the block that is declared outside it
// (marchingCubes' computeMinMaxLv2 steps z, the block's, through a loop
// of shuffles), and not inside a loop of lanes around it (laneVars), whose
// variables are each warp's already: warp-level code runs once for each
// warp, so the loop runs lane by lane, which makes what it assigns each
// thread's own, each thread stepping its copy once a trip.
func (f *Func) changesOuterUniform(l *For, laneVars map[*types.Var]bool) bool {
	inside := f.loopDecls(l)
	found := false
	check := func(s ast.Stmt) {
		ast.Inspect(s, func(n ast.Node) bool {
			if inner, ok := n.(ast.Stmt); ok {
				for _, e := range assigned(inner) {
					if v := f.localOf(e); v != nil && !inside[v] && !laneVars[v] && f.isUniform(v) {
						found = true
					}
				}
			}
			return !found
		})
	}
	if l.Src.Post != nil {
		check(l.Src.Post)
	}
	Walk(l.Body, func(n Node) {
		switch n := n.(type) {
		case *Code:
			check(n.Stmt)
		case *Collective:
			if n.Stmt != nil {
				check(n.Stmt)
			}
		}
	})
	return found
}

// loopDecls returns the variables loop l declares: in its init statement
// and its body.
func (f *Func) loopDecls(l *For) map[*types.Var]bool {
	inside := declaredIn(f, l.Body)
	if l.Src.Init != nil {
		for _, e := range assigned(l.Src.Init) {
			if v := f.localOf(e); v != nil {
				inside[v] = true
			}
		}
	}
	return inside
}
