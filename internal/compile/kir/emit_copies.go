package kir

// How copyRow wrote a row.
const (
	notCopied      = iota // as a loop: copyRow wrote nothing
	copied                // as one copy
	copiedDisjoint        // as one copy where the slices are disjoint: the loop goes in the else branch copyRow opened
)

// copyRow writes the row of threads from from to to of a loop the
// copies pass took as one copy, and says how. It writes nothing where the
// row's form is not the plain one a copy needs: segments, threads
// recording their positions or returning, or a slice the unchecked code
// does not name; nor where the row runs vector steps, which the SIMD
// build's sixteen-lane loads and stores make faster than Go's copy
// (BenchmarkReduce's firstAdd with -simd512).
func (e *emitter) copyRow(l *ThreadLoop, from, to string) int {
	c := l.Copy
	if c == nil || e.vecFast != nil || e.fast.u != "" || e.fast.checked || e.fast.label != "" || e.inRun() {
		return notCopied
	}
	row := func(k int) string { // the row's part of rebased slice k, resliced to [0, to)
		if k == keptVar { // its scratch array holds the block's threads by rank, the row's from base + from
			n := to
			if from != "0" {
				n = to + " - " + from
			}
			return e.f.Vars[c.Var].SpillName + "[" + e.rankOf(from) + ":][:" + n + "]"
		}
		if from == "0" {
			return e.fast.names[k]
		}
		return e.fast.names[k] + "[" + from + ":]"
	}
	if !e.copyNamed(c, e.fast.names) {
		return notCopied
	}
	dst, src := row(c.Dst), row(c.Src)
	e.line(l.Body[0].(*Code).Stmt.Pos())
	if c.Src == keptVar || c.Dst == keptVar { // scratch is the block's own: no slice of the kernel's shares it
		e.printf("copy(%s, %s)\n", dst, src)
		return copied
	}
	if from != "0" { // named once for the test and the copy
		d, s := e.f.Names.Fresh("dst"), e.f.Names.Fresh("src")
		e.printf("%s, %s := %s, %s\n", d, s, dst, src)
		dst, src = d, s
	}
	e.printf("if %s.Disjoint(%s, %s) {\ncopy(%s, %s)\n} else {\n", e.f.Src.Compiled, dst, src, dst, src)
	return copiedDisjoint
}

// copyNamed reports whether the unchecked code named (names) each
// rebased slice copy c reads or writes, and whether the element a kept
// variable's array holds is the one it copies: the emitter keeps no
// variable of a reversed step's iteration or a jam's result there.
func (e *emitter) copyNamed(c *ThreadCopy, names []string) bool {
	for _, k := range []int{c.Src, c.Dst} {
		if k >= 0 && names[k] == "" {
			return false
		}
	}
	return c.Var == nil || !e.keep[c.Var] && !e.jamStored(c.Var)
}

// laneCopy writes the copy of a whole warp's lanes [0, hi) of a lane
// loop copies (in the rows pass) took, between its lane array and a rebased slice
// (e.rebased names them), and reports whether it did.
func (e *emitter) laneCopy(l *LaneLoop, hi string) bool {
	c := l.Copy
	if c == nil || e.enter || c.Src != keptVar && c.Dst != keptVar || !e.copyNamed(c, e.rebased) || !e.operandsAtWarp(l) {
		return false
	}
	upto := "" // the lanes copied: all, or [0, hi)
	if hi != "32" {
		upto = hi
	}
	side := func(k int) string {
		if k == keptVar {
			return e.warp.Arrays[c.Var] + "[:" + upto + "]"
		}
		if upto == "" {
			return e.rebased[k]
		}
		return e.rebased[k] + "[:" + upto + "]"
	}
	e.line(l.Body[0].(*Code).Stmt.Pos())
	e.printf("copy(%s, %s)\n", side(c.Dst), side(c.Src))
	return true
}

// operandsAtWarp reports whether the operands of l's collectives are all
// the warp's (a SyncWarp's mask): the lanes evaluate none of them.
func (e *emitter) operandsAtWarp(l *LaneLoop) bool {
	for _, c := range l.Operands {
		for _, op := range e.collOperands(c) {
			if op.array != "" {
				return false
			}
		}
		if _, ok := e.groupArray(c); ok {
			return false
		}
	}
	return true
}
