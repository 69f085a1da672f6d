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
// (Harris's first-add reduction took 3.3 ms with the copy, 2.3 ms with
// its vector steps).
func (e *emitter) copyRow(l *ThreadLoop, from, to string) int {
	c := l.Copy
	if c == nil || e.vecFast != nil || e.fast.u != "" || e.fast.checked || e.fast.label != "" || e.fast.names[c.Src] == "" {
		return notCopied
	}
	row := func(k int) string { // the row's part of rebased slice k, resliced to [0, to)
		if from == "0" {
			return e.fast.names[k]
		}
		return e.fast.names[k] + "[" + from + ":]"
	}
	src := row(c.Src)
	if c.Dst < 0 { // its scratch array holds the block's threads by rank, the row's from base + from
		if e.inRun() || e.keep[c.Var] || e.jamStored(c.Var) {
			return notCopied
		}
		n := to
		if from != "0" {
			n = to + " - " + from
		}
		e.line(l.Body[0].(*Code).Stmt.Pos())
		e.printf("copy(%s[%s:][:%s], %s)\n", e.f.Vars[c.Var].SpillName, e.rankOf(from), n, src)
		return copied
	}
	if e.fast.names[c.Dst] == "" {
		return notCopied
	}
	dst := row(c.Dst)
	if from != "0" { // named once for the test and the copy
		d, s := e.f.Names.Fresh("dst"), e.f.Names.Fresh("src")
		e.printf("%s, %s := %s, %s\n", d, s, dst, src)
		dst, src = d, s
	}
	e.line(l.Body[0].(*Code).Stmt.Pos())
	e.printf("if %s.Disjoint(%s, %s) {\ncopy(%s, %s)\n} else {\n", e.f.Src.Compiled, dst, src, dst, src)
	return copiedDisjoint
}
