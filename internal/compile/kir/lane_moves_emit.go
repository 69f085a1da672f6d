package kir

import (
	"fmt"
	"slices"

	"github.com/gocuda/gocuda/internal/grid"
)

// A moveTarget is one variable a lane loop that only copies stores: the
// array it goes to, from the warp's first lane (dst), and where its
// values come from: a lane array (src) or the result of shuffle coll.
type moveTarget struct {
	dst, src string
	coll     *Collective
}

// moveTargets returns the variables lane loop l, whose code only copies
// (LaneLoop.Moves), stores, or false where it is not to be written as
// copies: where the lanes that run are not the warp's first cnt (an if of
// the lanes, a loop they leave at different trips, threads that return),
// where a later pass bounds its lanes (demand) or changes its code (jam, rowsahead), or
// where a variable is kept otherwise than a copy writes it. The SIMD
// build copies too, rather than run the loop's vector steps, which are
// slower for a copy (BenchmarkScan's warpShuffle).
func (e *emitter) moveTargets(l *LaneLoop) ([]moveTarget, bool) {
	if l.Moves == nil || !e.prefix || l.Upto != nil || l.Demand != nil || l.Jam != nil || len(l.Ahead) > 0 {
		return nil, false
	}
	var out []moveTarget
	for _, obj := range sortedVars(e.f, e.f.LoopVars[l].defs) {
		v, m := e.f.Vars[obj], l.Moves[obj]
		t := moveTarget{coll: m.Coll}
		switch arr, inArray := e.warp.Arrays[obj]; {
		case v.InPlace || e.keep[obj]:
			return nil, false
		case v.Spill && e.f.deadSpills[l][obj]:
			continue
		case v.Spill:
			t.dst = fmt.Sprintf("%s[%s:]", v.SpillName, e.name["w"])
		case inArray:
			t.dst = arr
		default:
			continue // the loop's own
		}
		if m.Var != nil {
			if t.src = e.warp.Arrays[m.Var]; t.src == "" {
				return nil, false
			}
		}
		out = append(out, t)
	}
	return out, true
}

// laneMoves writes lane loop l, whose code only copies, as one copy per
// variable it stores, for the warp's lanes [0, cnt), and reports whether
// it did (moveTargets says where it does not).
func (e *emitter) laneMoves(l *LaneLoop) bool {
	targets, ok := e.moveTargets(l)
	if !ok {
		return false
	}
	cnt := e.name["cnt"]
	var copies []string
	for _, t := range targets {
		src := t.src
		if t.coll != nil {
			if src = e.collOut[t.coll.Call]; src == "" {
				return false
			}
		}
		copies = append(copies, fmt.Sprintf("copy(%s[:%s], %s[:%s])\n", t.dst, cnt, src, cnt))
	}
	e.cntUsed = true
	e.line(l.Body[0].(*Code).Stmt.Pos())
	for _, c := range copies {
		e.printf("%s", c)
	}
	return true
}

// shuffleMove writes shuffle c and lane loop l after it, which only
// copies its result on (the samples' block scan: excl := ShflUpSync(mask,
// incl, 1, 32), then into scratch), and reports whether it did. Where the
// warp runs whole with a full mask, the shuffle by a constant delta
// within the whole warp is two copies from its operand's lane array,
// shifted, straight to where l stores the result: no result array, no
// call. Elsewhere the two run as usual.
func (e *emitter) shuffleMove(c *Collective, l *LaneLoop) bool {
	d, ok := e.constShift(c)
	if !ok {
		return false
	}
	targets, ok := e.moveTargets(l)
	if !ok || !slices.ContainsFunc(targets, func(t moveTarget) bool { return t.coll == c }) {
		return false
	}
	ops := e.collOperands(c)
	if !ops[1].direct || ops[0].array != "" {
		return false
	}
	for i, t := range targets {
		if t.coll != nil && t.coll != c { // another shuffle's result, written before
			if targets[i].src = e.collOut[t.coll.Call]; targets[i].src == "" {
				return false
			}
		}
	}
	e.line(c.Call.Pos())
	e.printf("if %s == ^uint32(0) && %s == ^uint32(0) {\n", e.use("act"), e.operand(c, ops[0]))
	for _, t := range targets {
		switch {
		case t.coll != c:
			e.printf("copy(%s[:32], %s[:])\n", t.dst, t.src)
		case c.Entry.Warp == grid.KindShflUp: // lane j takes lane j-d's; the first d keep their own
			e.span(t.dst, d, ops[1].array, 0, 32-d)
			e.span(t.dst, 0, ops[1].array, 0, d)
		default: // down: lane j takes lane j+d's; the last d keep their own
			e.span(t.dst, 0, ops[1].array, d, 32-d)
			e.span(t.dst, 32-d, ops[1].array, 32-d, d)
		}
	}
	e.printf("} else {\n")
	e.collective(c)
	e.lanes(l)
	e.printf("}\n")
	return true
}

// constShift returns the delta of c where it is a warp's shuffle up or
// down (not a tile's or a group's) by a constant from 1 to 31 with the
// constant width 32.
func (e *emitter) constShift(c *Collective) (int, bool) {
	if !plainShuffle(c) || c.Entry.Warp != grid.KindShflUp && c.Entry.Warp != grid.KindShflDown {
		return 0, false
	}
	d, okD := e.f.intConst(c.Call.Args[c.Entry.Arg])
	w, okW := e.f.intConst(c.Call.Args[c.Entry.Width])
	return int(d), okD && okW && w == 32 && d >= 1 && d < 32
}

// span writes the copy of n elements of src from its element from to dst
// from its element at: an assignment for one.
func (e *emitter) span(dst string, at int, src string, from, n int) {
	if n == 1 {
		e.printf("%s[%d] = %s[%d]\n", dst, at, src, from)
		return
	}
	e.printf("copy(%s[%d:%d], %s[%d:%d])\n", dst, at, at+n, src, from, from+n)
}
