package kir

import (
	"bytes"
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// reversed writes a step the reverse pass found: where the block is one
// row, x holds it and every offset is at least zero, one loop over the
// threads from the last to the first (of the second loop's bounds, where
// the step is Narrow) running the code of both loops, guards and all;
// elsewhere, and in the SIMD build (which may run the loops eight threads
// at a time), the two loops as they are. Inside the fused loop x is
// resliced to the row (the code reads no len or cap of it: reverse).
func (e *emitter) reversed(r *Reversed) {
	if e.simd {
		e.nodes(r.twoLoops())
		return
	}
	e.keep = map[*types.Var]bool{}
	for _, v := range r.Locals {
		e.keep[v] = true
	}
	first, okFirst := e.rowCode(r.First)
	second, okSecond := e.rowCode(r.Second)
	e.keep = nil
	if !okFirst || !okSecond {
		e.nodes(r.twoLoops())
		return
	}
	n := e.name
	x := e.f.Vars[r.X].Name
	conds := []string{fmt.Sprintf("%s == %s", e.use("n"), e.use("bdx")), fmt.Sprintf("%s <= len(%s)", n["bdx"], x)}
	for _, off := range r.Offsets {
		conds = append(conds, fmt.Sprintf("%s >= 0", e.oneLine(off)))
	}
	e.line(r.First.Pos)
	e.used["rank"] = true
	e.printf("if %s {\n", strings.Join(conds, " && "))
	e.printf("%s := %s[:%s]\n", x, x, n["bdx"]) // its length the row's: Go drops the checks of the thread's indexes
	from, to := "0", n["bdx"]
	if r.Narrow {
		e.bounds(r.Second.Bounds)
		from, to = n["from"], n["to"]
	}
	e.printf("for %s := %s - 1; %s >= %s; %s-- {\n", n["tx"], to, n["tx"], from, n["tx"])
	e.printf("%s := %s\n_ = %s\n", n["rank"], n["tx"], n["rank"])
	// the second loop's code in a scope inside the first's: it redeclares
	// their common locals, and reads the first's Locals as they are
	e.printf("{\n")
	e.w.Write(first)
	e.printf("{\n")
	e.w.Write(second)
	e.printf("}\n}\n")
	e.printf("}\n} else {\n")
	e.nodes([]Node{r.First, r.Barrier, r.Second})
	e.printf("}\n")
}

// rowCode writes the code of a thread of l for a loop over the one row of
// a block, each thread's x index its rank (the variable tx), its guards
// kept; false where the code needs more than that (the other coordinates,
// the thread entered, a thread's return).
func (e *emitter) rowCode(l *ThreadLoop) ([]byte, bool) {
	outer := e.w
	var buf bytes.Buffer
	e.w, e.loop, e.loopUse, e.enter, e.labelUsed = &buf, l, map[string]bool{}, false, false
	e.label = e.f.Names.Fresh(fmt.Sprintf("L%dv", l.ID))
	e.locals(e.f.LoopVars[l], nil)
	for _, n := range l.Body {
		e.source(n.(*Code).Stmt)
	}
	e.blankTopDecls(l.Body)
	e.stores(e.f.LoopVars[l], nil)
	use := e.loopUse
	ok := !use["ty"] && !use["tz"] && !e.enter && !e.labelUsed
	e.w, e.loop, e.loopUse, e.enter, e.labelUsed = outer, nil, nil, false, false
	if use["tx"] {
		e.use("tx")
	}
	return buf.Bytes(), ok
}

// nodes returns the nodes of a Reversed, for the walks of the passes
// after reverse (vector, which may take its loops).
func (r *Reversed) nodes() []Node {
	return append([]Node{r.First, r.Barrier, r.Second}, r.Split...)
}

// twoLoops returns the nodes of a Reversed run as two loops: First (or
// its halves, Split), the barrier, Second.
func (r *Reversed) twoLoops() []Node {
	if r.Split != nil {
		return append(slices.Clip(r.Split), r.Barrier, r.Second)
	}
	return []Node{r.First, r.Barrier, r.Second}
}
