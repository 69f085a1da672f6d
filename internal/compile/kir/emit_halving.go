package kir

import "go/ast"

// shuffleHalving writes loop n of a warp's code, where it is a
// shuffle-down reduction whose offsets halve down to 1 (for d := x; d >
// 0; d /= 2 around the step v += ShflDownSync(mask, v, d, 32) alone, the
// demand pass's halvingReduction), as one call of
// compiled.ShflDownHalving where the warp runs whole: its five steps
// without a call and a test of the shuffle's kind each, and, for a sum
// read in lane 0 alone, its tree of additions written out (see
// BenchmarkReduce's warpShuffle). A butterfly (v +=
// ShflXorSync(mask, v, d, 32), llm.c's warpReduceSum) is one call of
// compiled.ShflXorHalving, which from 16 adds the tree once and copies
// it to every lane. Elsewhere the loop runs as written. The SIMD build,
// whose steps otherwise take vector registers (shuffleRun), takes the
// call only for a sum read in lane 0 alone, where it gains. The mask and width must be the same at every
// trip (invariant), and the loop unlabeled and checked for no stopped
// launch. It reports whether it wrote n so.
func (e *emitter) shuffleHalving(n *For) bool {
	if e.warp == nil || n.Lanes || n.Label != nil || e.f.Stops[n.Src] {
		return false
	}
	c, _ := e.f.halvingReduction(n)
	if c == nil || e.simd && (c.Demand == nil || c.Demand.Lanes != 1) {
		return false
	}
	var add *LaneLoop
	for _, m := range n.Body {
		if l, ok := m.(*LaneLoop); ok {
			if len(l.Body) > 0 {
				add = l
			} else if !e.operandsDirect(l) {
				return false // its lanes evaluate the shuffle's operands
			}
		}
	}
	st, ok := e.addStepOf(c, add)
	if !ok || st.rng != nil {
		return false
	}
	if !e.f.invariant(c.Call.Args[st.mask.arg], n.Src) || !e.f.invariant(c.Call.Args[st.width.arg], n.Src) {
		return false
	}
	k, narrow := warpSize, "true"
	if dm := c.Demand; dm != nil {
		k = dm.Lanes
		if dm.OneD {
			narrow = e.oneD()
		}
	}
	start := n.Src.Init.(*ast.AssignStmt).Rhs[0]
	rt, arr := e.f.Src.Compiled, st.value.array
	e.line(n.Src.Pos())
	e.printf("if %s {\n", e.wholeWarp(st))
	if c.Entry.Short == "ShflXorSync" { // a butterfly: every lane's sum
		e.printf("%s.ShflXorHalving(&%s, %s)\n", rt, arr, e.plain(start))
	} else if d, ok := e.f.intConst(start); ok && d == warpSize/2 && k == 1 {
		// lane 0's tree called directly, without ShflDownHalving's tests (BenchmarkReduce's warpShuffle)
		e.printf("if %s {\n%s.ShflDownLane0(&%s)\n} else {\n", narrow, rt, arr)
		e.printf("%s.ShflDownHalving(&%s, %s, %d, false)\n}\n", rt, arr, e.plain(start), k)
	} else {
		e.printf("%s.ShflDownHalving(&%s, %s, %d, %s)\n", rt, arr, e.plain(start), k, narrow)
	}
	e.printf("} else {\n")
	e.forLoop(n)
	e.printf("}\n")
	return true
}
