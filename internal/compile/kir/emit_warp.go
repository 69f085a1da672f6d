package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"slices"
)

// warpLoop writes a warp loop: for each warp of the block, its lanes'
// mask, the arrays that keep values across its collectives, and its
// warp-level code.
func (e *emitter) warpLoop(w *WarpLoop) {
	n := e.name
	outer := e.w
	var buf bytes.Buffer
	e.w, e.warp, e.warpDecls = &buf, w, nil
	e.prefix, e.cntUsed, e.actRead = !e.f.Exits && !laneReturns(w.Body), false, false
	e.planAhead(w)
	e.nodes(w.Body)
	uses := e.actRead || e.usesLanes(w.Body) // with the warp's lane arrays, as its code was written
	whole := e.wholeWarps(w)
	e.w, e.warp, e.prefix = outer, nil, false
	e.rowsAhead(w)
	// The arrays are the block's, not each warp's: Go zeroes an array at
	// its declaration, and 32 lanes' worth a warp cost the warp-shuffle
	// reduction a tenth of its time. A warp writes each lane it reads
	// before reading it (a variable is declared before its use, and the
	// collectives read active lanes only), so no value passes between warps.
	e.printf("{\n")
	for _, obj := range sortedVars(e.f, w.Arrays) {
		e.printf("var %s [32]%s\n", w.Arrays[obj], e.typeString(obj.Type()))
	}
	for i, d := range e.warpDecls {
		if !slices.Contains(e.warpDecls[:i], d) { // the whole warps' code (wholeWarps) declares them again
			e.printf("%s\n", d)
		}
	}
	e.printf("for %s := 0; %s < %s; %s += 32 {\n", e.use("w"), n["w"], e.use("n"), n["w"])
	if whole != nil {
		e.printf("if %s {\n", whole.cond(e))
		e.printf("%s, %s := 1, 1\n_, _ = %s, %s\n", n["bdy"], n["bdz"], n["bdy"], n["bdz"])
		e.warpHead(w, "32", "^uint32(0)", false)
		e.w.Write(whole.code.Bytes())
		e.printf("continue\n}\n")
	}
	cnt := "min(32, " + n["n"] + "-" + n["w"] + ")"
	act := "uint32(uint64(1)<<" + cnt + " - 1)"
	if e.cntUsed {
		act = "uint32(uint64(1)<<" + n["cnt"] + " - 1)"
	}
	e.warpHead(w, cnt, act, uses)
	e.w.Write(buf.Bytes())
	e.printf("}\n}\n")
}

// warpHead declares, at the top of a warp of warp loop w, its count of
// lanes (where a lane loop counts to it) and mask of active lanes, as cnt
// and act write them, that mask less the lanes that have returned, the
// mask of the lanes that leave its loops, and the lanes of the arrays
// that keep its parameters; where uses is false, the code reads no mask.
func (e *emitter) warpHead(w *WarpLoop, cnt, act string, uses bool) {
	n := e.name
	if e.cntUsed {
		e.printf("%s := %s\n", n["cnt"], cnt)
	}
	e.printf("%s := %s\n", e.use("act"), act)
	if e.f.Exits {
		e.printf("for %s := range min(32, %s-%s) {\nif %s[%s+%s] {\n%s &^= 1 << %s\n}\n}\n",
			n["lane"], n["n"], n["w"], e.use("exited"), n["w"], n["lane"], n["act"], n["lane"])
	}
	e.printf("var %s uint32\n_ = %s\n", e.use("dead"), n["dead"])
	if !uses {
		e.printf("_ = %s\n", n["act"]) // all its code went to the warp's level
	}
	for _, obj := range sortedVars(e.f, w.Arrays) {
		if e.f.isParam(obj) {
			e.printf("for %s := range %s {\n%s[%s] = %s\n}\n", n["lane"], w.Arrays[obj], w.Arrays[obj], n["lane"], obj.Name())
		}
	}
}

// laneLoop writes a lane loop: the code first, to learn which of the
// thread's coordinates it uses, then the loop around it.
func (e *emitter) laneLoop(l *LaneLoop, body func()) {
	e.laneLoopIn(l, nil, func(bool) { body() })
}

// laneLoopIn is laneLoop over the lanes of rng only, where rng is set and
// the loop neither counts the thread's coordinates nor takes SIMD steps:
// body then writes the code without its guard, which the range decides
// (dropGuard).
func (e *emitter) laneLoopIn(l *LaneLoop, rng *laneRange, body func(dropGuard bool)) {
	n := e.name
	outer := e.w
	if j := e.buildJam(l.Jam); j != nil {
		defer e.openJam(j)()
	}
	e.label = e.f.Names.Fresh(fmt.Sprintf("L%d", l.ID))
	e.memoPlan(l)
	buf := e.laneCode(l, body, rng != nil && !rng.OneD)
	vec := e.laneVector(l, false)
	if vec != nil && l.Upto != nil && l.Upto.Lanes < 8 {
		// fewer lanes are read than a step runs: the scalar loop runs
		// those alone (lanesUpto), where the steps ran all 32 (the SIMD
		// build's warp-shuffle reduction ran slower than the default
		// build's; BenchmarkReduce)
		vec = nil
	}
	var whole *vecLoop
	if vec != nil {
		whole = e.laneVector(l, true)
	}
	if rng != nil && vec != nil && rng.single() {
		vec = nil // one lane runs alone, without a vector step testing every lane
	}
	if rng != nil && vec != nil {
		rng = nil
		buf = e.laneCode(l, body, false) // every lane runs, its guard with it
	}
	safe := e.safeLane(l)
	e.w = outer
	e.memoDecls(l)
	use := e.loopUse
	e.loop, e.lane, e.loopUse = nil, false, nil
	act := n["act"]
	if vec != nil {
		act, e.actRead = e.laneSteps(l, vec, whole, use), true
	}
	coords := use["tx"] || use["ty"] || use["tz"]
	prefix := e.prefix && vec == nil
	var from, to string
	if coords && rng != nil {
		from, to = e.coordsInRange(rng, use)
	} else if coords {
		e.laneCoords(use, n["w"])
	}
	if len(e.warpRemat) > 0 {
		e.printf("{\n")
		for _, obj := range e.warpRemat {
			e.source(e.f.Vars[obj].Def)
			e.printf("_ = %s\n", e.f.Vars[obj].Name)
		}
	}
	if !coords || rng == nil {
		from, to = e.laneSpan(rng, prefix)
		if vec == nil {
			to = e.lanesUpto(l, to)
		}
	}
	closing := ""
	if coords && rng == nil && vec == nil {
		closing = e.wholeWarpLanes(l, use, body)
	}
	if e.labelUsed {
		e.printf("%s:\n", e.label)
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", n["lane"], from, n["lane"], to, n["lane"])
	e.lanePrologue(act, use, prefix, safe)
	e.w.Write(buf.Bytes())
	e.printf("}\n%s", closing)
	if coords {
		e.printf("}\n")
	}
	if coords && rng != nil {
		e.printf("}\n") // the if on a lane in the range
	}
	if vec != nil {
		e.printf("}\n") // the if around the scalar loop
	}
	if len(e.warpRemat) > 0 {
		e.printf("}\n")
	}
	e.warpRemat = nil
}

// laneSpan returns the first lane a lane loop runs and the lane after its
// last: the warp's, its first cnt where its active lanes are a prefix, or
// rng's (writing their terms), within those.
func (e *emitter) laneSpan(rng *laneRange, prefix bool) (from, to string) {
	n := e.name
	from, to = "0", "32"
	if prefix {
		to, e.cntUsed = n["cnt"], true
	}
	if rng != nil {
		from, to = e.laneBounds(rng)
		if prefix {
			e.printf("%s = min(%s, %s)\n", to, to, n["cnt"])
		}
	}
	return from, to
}

// lanesUpto returns the lane after the last that lane loop l runs, to or,
// where l only copies a shuffle reduction's result that lanes [0, k)
// alone read (LaneLoop.Upto), a variable it defines holding k where the
// block is one-dimensional (or in every block, where the reads hold in
// any) and to elsewhere.
func (e *emitter) lanesUpto(l *LaneLoop, to string) string {
	u := l.Upto
	if u == nil {
		return to
	}
	upto := e.f.Names.Fresh("upto")
	if !u.OneD {
		e.printf("%s := min(%s, %d)\n", upto, to, u.Lanes)
		return upto
	}
	e.printf("%s := %s\nif %s {\n%s = min(%s, %d)\n}\n", upto, to, e.oneD(), upto, upto, u.Lanes)
	return upto
}

// lanePrologue writes what each lane does first: count the thread's
// coordinates along (where use holds them), skip an inactive lane (unless
// the active lanes are a prefix), declare its rank and record it for
// failure reports (unless the code cannot fail), and enter the thread.
func (e *emitter) lanePrologue(act string, use map[string]bool, prefix, safe bool) {
	n := e.name
	if use["tx"] || use["ty"] || use["tz"] {
		e.printf("%s++\nif %s == %s {\n%s = 0\n", n["tx"], n["tx"], e.use("bdx"), n["tx"])
		e.nextRow(use)
		e.printf("}\n")
	}
	if !prefix {
		e.printf("if %s&(1<<%s) == 0 {\ncontinue\n}\n", act, n["lane"])
		e.actRead = true
	}
	if safe {
		e.printf("%s := %s + %s\n_ = %s\n", n["rank"], n["w"], n["lane"], n["rank"])
	} else {
		e.printf("%s := %s + %s\n%s.Thread = %s\n", n["rank"], n["w"], n["lane"], e.use("pos"), n["rank"])
	}
	e.used["rank"] = true
	if e.enter {
		e.printf("%s.Enter(%s)\n", n["b"], n["rank"])
	}
}

// laneBounds writes, at warp level, the first lane of rng and the lane
// after its last, deciding its terms in order while the range is not
// empty (a term may be safe only where the ones before it hold), and
// returns their names.
func (e *emitter) laneBounds(rng *laneRange) (from, to string) {
	from, to = e.f.Names.Fresh("lo"), e.f.Names.Fresh("hi")
	e.printf("%s, %s := 0, 32\n", from, to)
	if rng.OneD { // the terms' lane is the thread's x index modulo 32 there alone
		e.printf("if %s {\n", e.oneD())
		defer e.printf("}\n")
	}
	for _, t := range rng.Terms {
		x, adj := e.oneLine(t.X), ""
		if t.Adj != 0 {
			adj = fmt.Sprintf(" + %d", t.Adj)
		}
		switch {
		case !t.Lane:
			e.printf("if %s < %s && !(%s) {\n%s = 0\n}\n", from, to, x, to)
		case t.Upper: // lane < x + adj
			e.printf("if %s < %s {\n%s = min(%s, min(max(%s, -1), 32)%s)\n}\n", from, to, to, to, x, adj)
		default: // lane >= x + adj
			e.printf("if %s < %s {\n%s = max(%s, max(min(%s, 32), -1)%s)\n}\n", from, to, from, from, x, adj)
		}
	}
	return from, to
}

// laneCode writes the code of lane loop l, its locals loaded from and
// stored to their lane arrays, into a buffer, noting what it uses.
func (e *emitter) laneCode(l *LaneLoop, body func(dropGuard bool), dropGuard bool) *bytes.Buffer {
	var buf bytes.Buffer
	e.w, e.loop, e.lane, e.loopUse, e.enter, e.labelUsed = &buf, l, true, map[string]bool{}, false, false
	e.warpRemat = nil
	e.locals(e.f.LoopVars[l], e.warp.Arrays)
	body(dropGuard)
	e.stores(e.f.LoopVars[l], e.warp.Arrays)
	return &buf
}

// coordsInRange writes, at warp level, the lanes of rng, within the
// block's, and an if on their being any, in which laneCoords counts the
// coordinates from the range's first lane; it returns the range's names.
func (e *emitter) coordsInRange(rng *laneRange, use map[string]bool) (from, to string) {
	n := e.name
	from, to = e.laneBounds(rng)
	e.printf("%s = min(%s, %s)\n", to, to, n["cnt"]) // At has no rank past the block's
	e.cntUsed = true
	e.printf("if %s < %s {\n", from, to)
	e.laneCoords(use, n["w"]+"+"+from)
	return from, to
}

// laneCoords opens a scope declaring the coordinates of the thread before
// the one of rank first, the loop's first lane, which the lane loop
// counts along (x fastest), so that a lane costs an increment and a
// compare.
func (e *emitter) laneCoords(use map[string]bool, first string) {
	n := e.name
	e.printf("{\n%s := %s\n", n["tidx"], e.at(first))
	e.printf("%s := %s.X - 1\n", n["tx"], n["tidx"])
	if use["ty"] || use["tz"] {
		e.printf("%s := %s.Y\n", n["ty"], n["tidx"])
	}
	if use["tz"] {
		e.printf("%s := %s.Z\n", n["tz"], n["tidx"])
	}
}

// lanes writes a lane loop of code, evaluating last the operands of the
// collectives that follow it.
func (e *emitter) lanes(l *LaneLoop) {
	if len(l.Body) == 0 && e.operandsDirect(l) {
		return // the collectives read their operands where they are
	}
	if e.laneMoves(l) {
		return
	}
	rng, ok := e.f.laneRangeOneD(l, e.warp.Arrays)
	if !ok || !e.operandsDirect(l) {
		rng = nil // the operands are evaluated for every lane
	}
	e.laneLoopIn(l, rng, func(dropGuard bool) {
		for i, n := range l.Body {
			c := n.(*Code)
			s := c.Stmt
			if dropGuard && i == len(l.Body)-1 {
				s = s.(*ast.IfStmt).Body // the loop's range holds its condition
			}
			e.memoOpen(l, c)
			e.source(s)
			e.memoClose(l, c)
		}
		e.blankTopDecls(l.Body)
		for _, c := range l.Operands {
			e.operands(c)
		}
	})
}

// operandsDirect reports whether every per-lane operand of the
// collectives l leads to is a lane array already.
func (e *emitter) operandsDirect(l *LaneLoop) bool {
	for _, c := range l.Operands {
		for _, op := range e.collOperands(c) {
			if op.array != "" && !op.direct {
				return false
			}
		}
		if g, ok := e.groupArray(c); ok && !g.direct {
			return false
		}
	}
	return true
}

// usesLanes reports whether warp-level nodes read the warp's active
// lanes: a collective that writes code (not a full SyncWarp), a
// lane-divergent if or loop, a return. A lane loop reads them where it
// tests each lane's bit (see laneLoopIn and actRead).
func (e *emitter) usesLanes(nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		switch n := n.(type) {
		case *Collective:
			found = found || !e.f.fullSyncWarp(n)
		case *WarpIf, *WarpFor, *Return:
			found = true
		}
	})
	return found
}

// laneReturns reports whether a lane of warp code may return: a Return
// node, or a return statement in lane code (outside function literals).
// Where none may and the body has no exits, the warp's active lanes at its
// top level, and in branches all its lanes take, are its first
// min(32, n-w): a lane loop runs over them with no test of the mask.
func laneReturns(nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		switch n := n.(type) {
		case *Return:
			found = true
		case *Code:
			ast.Inspect(n.Stmt, func(x ast.Node) bool {
				switch x.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					found = true
				}
				return !found
			})
		}
	})
	return found
}
