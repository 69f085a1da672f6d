package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// wholeWarpLanes writes, for a lane loop rebase (in the rows pass) took
// (rebase_lanes.go), the check that the warp's 32 lanes are all active
// and lie in one row of x and that its rebased slices are long enough for
// them, and in it the loop over the 32 lanes in the unchecked form; then
// it opens the else in which the caller writes the usual loop, and
// returns the text that closes both ("" where it writes nothing: the loop
// is not rebased, runs vector steps or a range of lanes, names other
// coordinates than x, or its operands are not lane arrays yet). The
// laneCoords scope is open: tidx is the warp's first thread's index.
func (e *emitter) wholeWarpLanes(l *LaneLoop, use map[string]bool, body func(bool)) string {
	n := e.name
	if l.Rebase == nil || !use["tx"] || use["ty"] || use["tz"] || e.f.Transposed || !e.operandsDirect(l) {
		return ""
	}
	fast, checked, ok := e.rebasedLanes(l, body)
	if !ok {
		return ""
	}
	if closing := e.wholeRows(l, fast, checked); closing != "" {
		return closing
	}
	x0 := e.f.Names.Fresh("x0")
	c := rowCheck{e: e, to: "32", vars: map[string]string{}, have: map[string]bool{}}
	var resliced strings.Builder
	for k, r := range l.Rebase.Slices {
		if !r.One {
			r.Off = sumOf(r.Off, token.ADD, ast.NewIdent(x0))
		}
		if r.Bound {
			c.slice(r) // its check alone
		} else if e.rebased[k] != "" {
			fmt.Fprintf(&resliced, "%s := %s\n", e.rebased[k], c.slice(r))
		}
	}

	e.actRead = true
	e.printf("{\n%s := %s.X\n%s", x0, n["tidx"], c.decls.String())
	conds := append([]string{n["act"] + " == ^uint32(0)", x0 + "+32 <= " + e.use("bdx")}, c.conds...)
	e.printf("if %s {\n%s", strings.Join(conds, " && "), resliced.String())
	for _, k := range l.Ahead {
		e.aheadSlice(l, k, x0)
	}
	e.wholeLanes(l, fast, checked, x0)
	e.rebased = nil
	e.printf("} else {\n")
	return "}\n}\n"
}

// wholeLanes writes the lanes of a whole warp of lane loop l, whose
// rebased slices e.rebased names: one copy (laneCopy), or the loop over
// the lanes of fast, its unchecked code, x0 its first lane's x.
func (e *emitter) wholeLanes(l *LaneLoop, fast []byte, checked bool, x0 string) {
	n := e.name
	hi := e.demandedLanes(l, checked)
	if !checked && e.laneCopy(l, hi) {
		return
	}
	e.printf("for %s := 0; %s < %s; %s++ {\n%s := %s + %s\n_ = %s\n", n["lane"], n["lane"], hi, n["lane"], n["tx"], x0, n["lane"], n["tx"])
	if checked {
		e.printf("%s := %s + %s\n%s.Thread = %s\n", n["rank"], n["w"], n["lane"], e.use("pos"), n["rank"])
	} else {
		e.printf("%s := %s + %s\n_ = %s\n", n["rank"], n["w"], n["lane"], n["rank"])
	}
	e.used["rank"] = true
	if e.enter {
		e.printf("%s.Enter(%s)\n", n["b"], n["rank"])
	}
	e.w.Write(fast)
	e.printf("}\n")
}

// rebasedLanes writes the code of a lane of l in its unchecked form, the
// rebased slices indexed by the lane, leaving their names (those used) in
// e.rebased; it reports whether a lane may still fail (a partial rebase,
// or an index the pass rebased written otherwise), and false where the
// form has no rebased index or continues to a label (a lane's return).
func (e *emitter) rebasedLanes(l *LaneLoop, body func(bool)) (code []byte, checked, ok bool) {
	outer, label, used, remat := e.w, e.label, e.labelUsed, e.warpRemat
	e.rebased, e.rebasedU = make([]string, len(l.Rebase.Slices)), e.name["lane"]
	e.label = e.f.Names.Fresh(fmt.Sprintf("L%dw", l.ID))
	buf := e.laneCode(l, body, false)
	jumps := e.labelUsed
	e.w, e.label, e.labelUsed, e.rebasedU, e.warpRemat = outer, label, used, "", remat
	e.loop, e.lane, e.loopUse = nil, false, nil
	if jumps || !slices.ContainsFunc(e.rebased, func(s string) bool { return s != "" }) {
		e.rebased = nil
		return nil, false, false
	}
	unwritten := false
	for k, name := range e.rebased {
		unwritten = unwritten || name == "" && !l.Rebase.Slices[k].Bound // a slice that only bounds guards is never indexed
	}
	return buf.Bytes(), l.Rebase.Partial || unwritten, true
}

// demandedLanes returns how many lanes, from the first, a whole warp
// runs of lane loop l where no lane may fail (checked: 32); lanesRead's.
func (e *emitter) demandedLanes(l *LaneLoop, checked bool) string {
	if checked {
		return "32"
	}
	return e.lanesRead(l)
}

// lanesRead returns the lane after the last of lane loop l whose work
// later code reads, declaring a variable for it where that is not 32:
// those of LaneLoop.Upto; or, where l is a step of a tree over shared
// memory whose result only the first lanes are read for
// (demand_shared.go), those the later steps read, in one-dimensional
// blocks.
func (e *emitter) lanesRead(l *LaneLoop) string {
	if l.Upto != nil && l.Demand == nil {
		return e.lanesUpto(l, "32")
	}
	dm := l.Demand
	if dm == nil {
		return "32"
	}
	hi := e.f.Names.Fresh("hi")
	e.printf("%s := %s.LanesDemanded(%s, %d, %s)\n", hi, e.f.Src.Compiled, e.f.Vars[dm.Step].Name, dm.Lanes, e.oneD())
	return hi
}

// oneD writes the test that the block is one-dimensional.
func (e *emitter) oneD() string {
	return e.use("bdy") + "*" + e.use("bdz") + " == 1"
}

// at returns the expression of the index in the block of the thread of
// rank rank: the block's table (Block.At) only where the block is not
// one-dimensional.
func (e *emitter) at(rank string) string {
	return fmt.Sprintf("%s.AtFlat(%s, %s)", e.name["b"], rank, e.oneD())
}
