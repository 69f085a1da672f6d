package kir

import (
	"go/ast"
	"go/types"
	"maps"
)

// warp is the pass that lowers the warp loops fission made, COX's
// hierarchical collapsing: the code between a warp's collectives becomes
// lane loops over its 32 lanes; a collective completes between two lane
// loops, its operands evaluated at the end of the first; an if whose
// condition differs between lanes runs each branch for its lanes, which
// then reconverge; uniform loops stay loops around the lane loops.
func warp(f *Func) {
	Walk(f.Body, func(n Node) {
		if w, ok := n.(*WarpLoop); ok {
			w.Body = f.warpSplit(w.Body, declaredIn(f, w.Body))
		}
	})
}

// declaredIn returns the variables declared inside nodes.
func declaredIn(f *Func, nodes []Node) map[*types.Var]bool {
	set := map[*types.Var]bool{}
	visit := func(n ast.Node) {
		if n != nil {
			maps.Copy(set, stmtDecls(f.Src.Info, n))
		}
	}
	Walk(nodes, func(n Node) {
		switch n := n.(type) {
		case *Code:
			visit(n.Stmt)
		case *Collective:
			if n.Stmt != nil {
				visit(n.Stmt)
			}
		case *If:
			visit(n.Src.Init)
		case *For:
			visit(n.Src.Init)
		case *Range:
			visit(n.Src)
		}
	})
	return set
}

// warpSplit splits warp-level nodes into lane loops at collectives.
func (f *Func) warpSplit(nodes []Node, inside map[*types.Var]bool) []Node {
	var out, run []Node
	flush := func(force bool) *LaneLoop {
		if len(run) == 0 && !force {
			return nil
		}
		l := f.newLane(run)
		out = append(out, l)
		run = nil
		return l
	}
	for _, n := range nodes {
		switch n := n.(type) {
		case *Code:
			switch p := f.placeOf(n.Stmt); p {
			case placeHoist, placeBlock:
				if p == placeBlock {
					f.checkWarpUniform(n.Stmt, inside)
				}
				flush(false)
				out = append(out, &Code{Stmt: n.Stmt, Block: true})
			case placeRemat:
			default:
				run = append(run, n)
			}
		case *Collective:
			l := flush(true)
			l.Operands = append(l.Operands, n)
			out = append(out, n)
			if n.Stmt != nil {
				run = append(run, &Code{Stmt: n.Stmt})
			}
		case *If:
			flush(false)
			out = append(out, f.warpSplitIf(n, inside))
		case *For:
			flush(false)
			n.Body = f.warpSplit(n.Body, inside)
			if n.Lanes {
				out = append(out, f.warpFor(n))
				break
			}
			out = append(out, n)
		case *Range:
			flush(false)
			n.Body = f.warpSplit(n.Body, inside)
			out = append(out, n)
		case *Scope:
			flush(false)
			n.Body = f.warpSplit(n.Body, inside)
			out = append(out, n)
		case *Return, *Branch:
			flush(false)
			out = append(out, n)
		default:
			fail(f.unsupported(f.Src.Decl, "%T inside a warp loop", n))
		}
	}
	flush(false)
	return f.oneLaneGuards(out)
}

// oneLaneGuards splits each lane loop of nodes that ends in ifs for one
// lane (if lane == 0 { sums[warp] = v }), after code that cannot fail,
// into loops of their own: the code for every lane, then each if, which
// the emitter runs for its lane alone instead of testing the condition in
// every lane's vector step.
func (f *Func) oneLaneGuards(nodes []Node) []Node {
	var out []Node
	for _, n := range nodes {
		l, ok := n.(*LaneLoop)
		if !ok || len(l.Operands) > 0 {
			out = append(out, n)
			continue
		}
		body, guards := l.Body, 0
		for len(body) >= 2 && f.oneLaneGuard(body[len(body)-1]) && f.safeLanes(body[:len(body)-1]) {
			body, guards = body[:len(body)-1], guards+1
		}
		if guards == 0 {
			out = append(out, n)
			continue
		}
		out = append(out, f.newLane(body))
		for _, g := range l.Body[len(body):] {
			out = append(out, f.newLane([]Node{g}))
		}
	}
	return out
}

// oneLaneGuard reports whether n is an if, with no else, for one lane.
func (f *Func) oneLaneGuard(n Node) bool {
	guard, ok := n.(*Code).Stmt.(*ast.IfStmt)
	return ok && guard.Init == nil && guard.Else == nil && f.condRange(guard.Cond).single()
}

// safeLanes reports whether the code of a lane loop cannot fail, reading
// collectives' results from their arrays.
func (f *Func) safeLanes(body []Node) bool {
	safe := &emitter{f: f, collOut: map[*ast.CallExpr]string{}}
	for _, c := range body {
		if coll := f.collResults[c.(*Code).Stmt]; coll != nil {
			safe.collOut[coll.Call] = "" // the lane's result, read from an array
		}
		if !safe.safeStmt(c.(*Code).Stmt) {
			return false
		}
	}
	return true
}

// warpSplitIf splits the branches of n, an if of warp-level code, and
// returns it, or a WarpIf where its condition may differ between lanes.
func (f *Func) warpSplitIf(n *If, inside map[*types.Var]bool) Node {
	n.Then, n.Else = f.warpSplit(n.Then, inside), f.warpSplit(n.Else, inside)
	if f.pure(n.Src.Cond, f.isUniform, false) && f.uniformStmt(n.Src.Init, f.isUniform) {
		return n
	}
	w := &WarpIf{Src: n.Src, Cond: f.newLane(nil), Then: n.Then, Else: n.Else}
	if c, ok := f.warpExpr(n.Src.Cond, 0); ok && n.Src.Init == nil {
		w.Warp = c
	} else if n.Src.Init == nil {
		w.Range = f.condRange(n.Src.Cond)
		if w.Range == nil {
			w.XBounds = f.xCondBounds(n.Src.Cond)
		}
	}
	return w
}

func (f *Func) newLane(body []Node) *LaneLoop {
	f.loops++
	return &LaneLoop{ID: f.loops, Body: body}
}

func (f *Func) isUniform(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }

// checkWarpUniform refuses a uniform assignment inside a warp loop to a
// variable declared outside it, at any depth of statement s (a loop of
// block-level code updating it): each warp would make it.
func (f *Func) checkWarpUniform(s ast.Stmt, inside map[*types.Var]bool) {
	ast.Inspect(s, func(n ast.Node) bool {
		inner, ok := n.(ast.Stmt)
		if !ok {
			return true
		}
		for _, e := range assigned(inner) {
			if v := f.localOf(e); v != nil && !inside[v] {
				fail(f.unsupported(s, "a uniform assignment to %s, declared outside, among warp collectives (declare it where it is assigned, or assign it before the warp-level code)", v.Name()))
			}
		}
		return true
	})
}

// warpFor makes a loop whose header may differ between lanes a WarpFor:
// its init and post statements per lane, its condition a lane mask.
func (f *Func) warpFor(n *For) *WarpFor {
	w := &WarpFor{Src: n.Src, Init: f.newLane(nil), Cond: f.newLane(nil), Post: f.newLane(nil), Body: n.Body}
	if n.Src.Init != nil {
		w.Init.Body = []Node{&Code{Stmt: n.Src.Init}}
	}
	if n.Src.Post != nil {
		w.Post.Body = []Node{&Code{Stmt: n.Src.Post}}
	}
	return w
}
