package kir

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// nodes writes block-level nodes.
func (e *emitter) nodes(nodes []Node) {
	for i := 0; i < len(nodes); i++ {
		if c, ok := nodes[i].(*Collective); ok && i+1 < len(nodes) {
			if l, ok := nodes[i+1].(*LaneLoop); ok && (e.shuffleAdd(c, l) || e.shuffleMove(c, l)) {
				i++ // written with the shuffle
				continue
			}
		}
		e.node(nodes[i])
	}
}

func (e *emitter) node(n Node) {
	switch n := n.(type) {
	case *Code:
		if n.Check {
			e.printf("%s.Thread = 0\n", e.use("pos")) // the block's first thread fails first
		}
		if s, ok := e.f.Filled[n]; ok {
			e.sharedWritten(n, s)
		}
		e.source(n.Stmt)
		e.blankGroups(n.Stmt)
		e.floatsDefinedInMemory(n)
		if ps := e.f.PrivateShared[n]; ps != nil {
			e.privateSpan(ps)
		}
	case *ThreadLoop:
		if fz, ok := e.fused[n]; ok {
			e.fusedWritten++
			e.printf("if !%s {\n", fz)
			e.threadLoop(n)
			e.printf("}\n")
			break
		}
		e.threadLoop(n)
	case *Reduced:
		if n.Barrier.Agree != "" {
			e.agreed(n.Barrier)
			break
		}
		e.source(n.Barrier.Stmt)
	case *If:
		e.ifNode(n)
		e.printf("\n")
	case *For:
		e.forNode(n)
	case *Range:
		e.line(n.Src.Pos())
		e.labelOf(n.Label)
		e.printf("for %s {\n", e.rangeHeader(n.Src))
		e.uniformLoops++
		e.nodes(n.Body)
		e.uniformLoops--
		e.printf("}\n")
	case *Scope:
		e.printf("{\n")
		e.nodes(n.Body)
		e.printf("}\n")
	case *Branch:
		e.line(n.Src.Pos())
		if n.Lanes {
			e.laneBranch(n)
			break
		}
		e.printf("%s\n", e.plain(n.Src))
	case *Barrier:
		e.barrier(n)
	case *Reversed:
		e.reversed(n)
	case *Streamed:
		e.streamed(n)
	case *WarpLoop:
		e.warpTree(n)
	case *LaneLoop:
		e.lanes(n)
	case *Collective:
		e.collective(n)
	case *WarpIf:
		e.warpIf(n)
	case *WarpFor:
		e.warpFor(n)
	case *Return:
		e.blockReturn(n)
	default:
		panic(fmt.Sprintf("kir: emit: unexpected %T at block level", n))
	}
}

// privateSpan writes, after the declaration of ps's shared array, the
// test that the block may update the parameter's private copy instead:
// where it has one, and the block's threads along x cover the array once
// (private_shared.go), the array is the copy's first elements, the flag
// set skips the loop that sets it, and compiled.Private.Holds the one
// that merges it. The array is sliced to
// its length after the choice, or Go's compiler would check its indexes
// again.
func (e *emitter) privateSpan(ps *PrivateShared) {
	fz, own := e.fused[ps.Clear], e.f.Names.Fresh("own")
	width := ""
	if ps.Width != "" {
		width = fmt.Sprintf(" && %s %s %d", e.use("bdx"), ps.Width, ps.Len)
	}
	e.printf("%s := false\n", fz)
	e.printf("if %s := %s.Span(%d); %s != nil%s && %s*%s == 1 {\n", own, e.private[ps.Param], ps.Len, own, width, e.use("bdy"), e.use("bdz"))
	name := e.f.Vars[ps.Shared].Name
	e.printf("%s, %s = %s, true\n}\n", name, fz, own)
	e.printf("%s = %s[:%d]\n", name, name, ps.Len) // a length Go's prove pass knows again after the choice
}

// asCode returns n as a Code, or nil.
func asCode(n Node) *Code {
	c, _ := n.(*Code)
	return c
}

// forNode writes a block-level for loop; one that might not end checks
// for a stopped launch at each trip.
func (e *emitter) forNode(n *For) {
	if e.whole != nil && e.pairFused == n {
		// the lane loop before ran it where every lane is active
		e.pairFused = nil
		e.printf("if %s != ^uint32(0) {\n", e.name["act"])
		e.forNode(n)
		e.printf("}\n")
		return
	}
	if e.shuffleHalving(n) || e.shuffleDoubling(n) || e.shuffleRun(n) {
		return
	}
	e.forLoop(n)
}

// forLoop writes loop n as it is.
func (e *emitter) forLoop(n *For) {
	s := n.Src
	e.line(s.Pos())
	e.labelOf(n.Label)
	e.printf("for %s; %s; %s {\n", e.plain(s.Init), e.plain(s.Cond), e.plain(s.Post))
	if e.f.Stops[s] {
		e.printf("%s", e.tickStop())
		if e.f.Exits && !e.f.Grid && e.warp == nil {
			// every thread may have returned inside it: the block is done
			e.printf("if %s.AllExited(%s) {\nreturn\n}\n", e.f.Src.Compiled, e.use("exited"))
		}
	}
	if n.Fold != nil {
		e.treeFoldTrip(n)
	}
	if n.Sweep != nil {
		e.sweepFoldTrip(n)
	}
	e.uniformLoops++
	e.nodes(n.Body)
	e.uniformLoops--
	e.printf("}\n")
}

// barrier writes a barrier between thread loops: a block barrier is the
// loops before and after it, and needs nothing; a grid barrier waits for
// the other blocks, or ends a block whose threads have all returned.
func (e *emitter) barrier(n *Barrier) {
	if n.Entry.Kind == kapi.GridBarrier {
		e.line(n.Call.Pos())
		e.printf("if !%s.SyncGrid() {\nreturn\n}\n", e.name["b"])
	}
}

// blockReturn writes a return of every thread of the block: of the lanes
// in warp code, the next block in a grid body, else the body's return.
func (e *emitter) blockReturn(n *Return) {
	e.line(n.Src.Pos())
	switch {
	case e.warp != nil:
		e.laneReturn()
	case e.f.Grid:
		e.printf("continue %s\n", e.use("blocks"))
	default:
		e.printf("return\n")
	}
}

func (e *emitter) labelOf(l *ast.Ident) {
	if l != nil {
		e.printf("%s:\n", l.Name)
	}
}

func (e *emitter) ifNode(n *If) {
	s := n.Src
	e.line(s.Pos())
	if s.Init != nil {
		e.printf("if %s; %s {\n", e.plain(s.Init), e.plain(s.Cond))
	} else {
		e.printf("if %s {\n", e.plain(s.Cond))
	}
	e.nodes(n.Then)
	switch {
	case n.ElseIf:
		e.printf("} else ")
		e.ifNode(n.Else[0].(*If))
		return
	case len(n.Else) > 0: // the source's, or a loop the fuse pass moved there
		e.printf("} else {\n")
		e.nodes(n.Else)
	}
	e.printf("}")
}

func (e *emitter) rangeHeader(s *ast.RangeStmt) string {
	switch {
	case s.Key == nil:
		return "range " + e.plain(s.X)
	case s.Value == nil:
		return fmt.Sprintf("%s %s range %s", e.plain(s.Key), s.Tok, e.plain(s.X))
	}
	return fmt.Sprintf("%s, %s %s range %s", e.plain(s.Key), e.plain(s.Value), s.Tok, e.plain(s.X))
}

// locals writes a thread's (or lane's) copies of the variables a loop
// uses: remat ones computed again, spilled ones loaded from their scratch
// array, those kept across a warp's collectives from their lane array
// (arrays: nil outside warp loops), others declared.
func (e *emitter) locals(lv *loopVars, arrays map[*types.Var]string) {
	if lv == nil {
		return
	}
	for _, obj := range e.f.rematFor(lv) {
		if e.lane && e.f.warpRemat(obj) {
			e.warpRemat = append(e.warpRemat, obj) // once per warp, before the lane loop
			continue
		}
		e.source(e.f.Vars[obj].Def)
		e.printf("_ = %s\n", e.f.Vars[obj].Name) // the loop may use it only where a sync point's result replaced it
	}
	for _, obj := range sortedVars(e.f, lv.refs) {
		v := e.f.Vars[obj]
		arr, inArray := arrays[obj]
		switch {
		case v.Class != Varying || lv.decls[obj] || v.InPlace || e.keep[obj]:
		case v.Spill && lv.exposed[obj]:
			e.printf("%s := %s[%s]\n", v.Name, v.SpillName, e.name["rank"])
			if e.deadSpill(obj) {
				e.printf("_ = %s\n", v.Name) // the loop may only assign it, and its store is dead
			}
			if l, ok := e.loop.(*ThreadLoop); ok && l.Outside {
				e.printf("_ = %s\n", v.Name) // the guard that read it is dropped here
			}
		case inArray && lv.exposed[obj]:
			e.printf("%s := %s[%s]\n_ = %s\n", v.Name, arr, e.name["lane"], v.Name) // a collective may read it in place
		case e.f.isParam(obj) && lv.exposed[obj]:
			e.printf("%s := %s\n", v.Name, obj.Name())
			if l, ok := e.loop.(*ThreadLoop); ok && l.Outside {
				e.printf("_ = %s\n", v.Name)
			}
		default:
			e.printf("var %s %s\n_ = %s\n", v.Name, e.typeString(obj.Type()), v.Name)
		}
	}
}

// blankGroups writes _ = v for each cooperative-groups handle s
// declares: its method calls are written as the body's own values, which
// may leave it unused.
func (e *emitter) blankGroups(s ast.Stmt) {
	if !isDefine(s) {
		return
	}
	for _, x := range assigned(s) {
		if v := e.f.varOf(x); v != nil && v.Name != "_" && (isBlockGroup(v.Obj.Type()) || isGridGroup(v.Obj.Type()) || isTileGroup(v.Obj.Type())) {
			e.printf("_ = %s\n", v.Name)
		}
	}
}

// blankTopDecls writes _ = v for each variable the top-level statements of
// body declare: a declaration whose later uses went to other loops (which
// assign it before they read it) is otherwise unused here.
func (e *emitter) blankTopDecls(body []Node) {
	for _, n := range body {
		s := n.(*Code).Stmt
		if !isDefine(s) {
			continue
		}
		for _, x := range assigned(s) {
			if v := e.f.varOf(x); v != nil && v.Name != "_" {
				e.printf("_ = %s\n", v.Name)
			}
		}
	}
}

// stores writes back the kept variables a loop changed: to their scratch
// array, or their lane array.
func (e *emitter) stores(lv *loopVars, arrays map[*types.Var]string) {
	if lv == nil {
		return
	}
	for _, obj := range sortedVars(e.f, lv.defs) {
		v := e.f.Vars[obj]
		switch arr, inArray := arrays[obj]; {
		case v.InPlace || e.keep[obj] || e.jamStored(obj): // changed where it is; a local of a reversed step's iteration; or a jam's result
		case v.Spill && e.deadSpill(obj): // assigned again before it is read (deadspill.go)
		case v.Spill:
			e.printf("%s[%s] = %s\n", v.SpillName, e.name["rank"], v.Name)
		case inArray:
			e.printf("%s[%s] = %s\n", arr, e.name["lane"], v.Name)
		}
	}
}

// rematFor returns the remat variables of lv's references, with those
// their definitions use, in source order.
func (f *Func) rematFor(lv *loopVars) []*types.Var {
	var out []*types.Var
	seen := map[*types.Var]bool{}
	var add func(v *types.Var)
	add = func(v *types.Var) { // the variables a definition uses first
		if f.Vars[v] == nil || f.Vars[v].Class != Remat || seen[v] {
			return
		}
		seen[v] = true
		for _, u := range f.defUses(v) {
			add(u)
		}
		out = append(out, v)
	}
	for _, v := range sortedVars(f, lv.refs) {
		add(v)
	}
	return out
}

// defUses returns the variables the definition of remat variable v
// reads, in source order, or nil where v is not remat.
func (f *Func) defUses(v *types.Var) []*types.Var {
	if f.Vars[v] == nil || f.Vars[v].Class != Remat || f.Vars[v].Def == nil {
		return nil
	}
	var uses []*types.Var
	ast.Inspect(f.Vars[v].Def, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if u, ok := f.Src.Info.Uses[id].(*types.Var); ok {
				uses = append(uses, u)
			}
		}
		return true
	})
	return uses
}

// reduceInit declares the variable a predicate barrier reduces into.
func (e *emitter) reduceInit(l *ThreadLoop) {
	name := e.reduced[l.Reduce.Call]
	if l.Reduce.Agree != "" {
		e.printf("%s, %s, %s := 0, 0, 0\n", name, name+"in", name+"out")
		return
	}
	switch l.Reduce.Entry.Reduce {
	case kapi.Count:
		e.printf("%s := 0\n", name)
	case kapi.And:
		e.printf("%s := true\n", name)
	default:
		e.printf("%s := false\n", name)
	}
}

// reduceBody evaluates the predicate for one thread.
func (e *emitter) reduceBody(l *ThreadLoop) {
	name := e.f.Names.Fresh(fmt.Sprintf("r%d", l.ID))
	e.reduced[l.Reduce.Call] = name
	pred := e.plain(l.Reduce.Pred)
	e.line(l.Reduce.Call.Pos())
	if l.Reduce.Agree != "" { // bit 0: a thread goes on; bit 1: one leaves
		e.printf("if %s {\n%s |= 1\n%sin = %s\n} else {\n%s |= 2\n%sout = %s\n}\n", pred, name, name, e.name["rank"], name, name, e.name["rank"])
		return
	}
	switch l.Reduce.Entry.Reduce {
	case kapi.Count:
		e.printf("if %s {\n%s++\n}\n", pred, name)
	case kapi.And:
		e.printf("if !(%s) {\n%s = false\n}\n", pred, name)
	default:
		e.printf("if %s {\n%s = true\n}\n", pred, name)
	}
}

// agreed writes what follows a loop's check of its condition: the launch
// fails where threads disagree, and the loop ends where none goes on.
func (e *emitter) agreed(b *Barrier) {
	name := e.reduced[b.Call]
	e.line(b.Call.Pos())
	if ifAgreement(b) {
		e.agreeBits(b, name)
		return
	}
	e.printf("if %s == 3 {\n%s.Diverged(%s, %q, %sin, %sout)\n}\nif %s&1 == 0 {\nbreak\n}\n", name, e.f.Src.Compiled, e.use("b"), b.Agree, name, name, name)
}

// streamed writes a loop the streams pass reordered: its first reads
// ahead of the rest, in a function literal that reports whether they ran
// without a panic (compiled.Ahead), then the rest; or the loop as
// written (streamsOn decides).
func (e *emitter) streamed(s *Streamed) {
	if !e.streamsOn(s) {
		e.threadLoop(s.Whole)
		return
	}
	e.printf("if %s.Ahead(func() {\n", e.f.Src.Compiled)
	e.threadLoop(s.Ahead)
	e.printf("}) {\n")
	e.threadLoop(s.Rest)
	e.printf("} else {\n")
	e.threadLoop(s.Whole)
	e.printf("}\n")
}

// streamsOn reports whether the build being written runs loop s
// reordered: the SIMD build where the vector pass took it (vector.go);
// the default build always, its loads ahead and rest scalar. Scalar
// loads gain from the order as a hand-written loop's do (BenchmarkReduce's
// firstAdd; BenchmarkReducePattern's hand-written orders), more than the
// loop as written gains from portable steps.
func (e *emitter) streamsOn(s *Streamed) bool {
	if e.simd {
		return e.f.Streams[s]
	}
	return true
}

// deadSpill reports whether the loop being written skips its store of
// spilled variable v (deadspill.go).
func (e *emitter) deadSpill(v *types.Var) bool {
	return e.f.deadSpills[e.loop][v]
}
