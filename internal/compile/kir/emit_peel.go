package kir

import (
	"fmt"
	"slices"
	"strings"
)

// peeledThreads writes a row of threads v from from to to of a peeled
// loop (rebase_peel.go) and opens the else branch that the usual loop
// fills; the caller closes it. Where the row's tile rows and shared
// elements are in range, lo is the first thread from which every rebased
// slice is long enough and hi the thread past the last; where lo < hi,
// the threads run in order: those before lo and from hi in the usual
// form, those between in the unchecked one, over the slices resliced
// from lo. Elsewhere the whole row runs as usual.
//
// The bounds cannot overflow into a wrong range: an offset so negative
// that negating it wraps, or so large that len(x) less it does, leaves
// hi below lo; otherwise lo >= -off and hi <= len(x)-off exactly, so
// that x[off+lo:][:hi-lo] is in range.
func (e *emitter) peeledThreads(l *ThreadLoop, v, from, to, rank string) {
	c := rowCheck{e: e, vars: map[string]string{}, have: map[string]bool{}}
	lo, hi, n := e.segStart, e.f.Names.Fresh("fasthi"), e.f.Names.Fresh("seglen")
	los, his, resliced := e.peelSlices(l, &c, from, to, n)
	bounds := func(op string) {
		e.printf("%s %s min(max(%s), %s)\n", lo, op, strings.Join(los, ", "), to)
		e.printf("%s %s max(min(%s), %s)\n", hi, op, strings.Join(his, ", "), lo)
	}
	e.printf("%s", c.decls.String())
	if len(c.conds) > 0 {
		e.printf("%s, %s := %s, %s\nif %s {\n", lo, hi, from, from, strings.Join(c.conds, " && "))
		bounds("=")
		e.printf("}\n")
	} else {
		bounds(":=")
	}
	e.printf("if %s < %s {\n", lo, hi)
	if e.fast.edgeLabel != "" {
		e.printf("%s:\n", e.fast.edgeLabel)
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", v, from, v, to, v)
	e.printf("if %s == %s {\n%s := %s - %s\n%s", v, lo, n, hi, lo, resliced)
	e.fastThreads(l, v, lo, hi, n, rank)
	e.printf("%s = %s - 1\ncontinue\n}\n", v, hi)
	if rank != "" {
		e.printf("%s := %s\n", e.name["rank"], rank)
	}
	e.w.Write(e.fast.edge)
	e.printf("}\n} else {\n")
}

// peelSlices notes in c the conditions a peeled row needs (its tile rows
// and shared elements in range) and returns the terms of its bounds, lo
// the largest of los and hi the smallest of his, and the declarations of
// its slices resliced from lo, n long.
func (e *emitter) peelSlices(l *ThreadLoop, c *rowCheck, from, to, n string) (los, his []string, resliced string) {
	lo := e.segStart
	los, his = []string{from}, []string{to}
	if from != "0" {
		los = append(los, "0")
	}
	add := func(list []string, x string) []string { // once: two slices may share an offset
		if slices.Contains(list, x) {
			return list
		}
		return append(list, x)
	}
	var b strings.Builder
	var hoists []string
	for k, r := range l.Rebase.Slices {
		x := e.plain(r.X)
		if r.Row != nil {
			row := c.variable(r.Row, "row")
			c.cond(fmt.Sprintf("%s < len(%s)", row, x))
			x += "[" + row + "]"
		}
		var slice string
		switch {
		case r.One:
			at := c.variable(r.Off, "off")
			c.cond(fmt.Sprintf("%s < len(%s)", at, x))
			slice = x + "[" + at + ":][:1]"
		case r.Off == nil:
			his = add(his, "len("+x+")")
			slice = x + "[" + lo + ":][:" + n + "]"
		default:
			at := c.value(r.Off, "off")
			los, his = add(los, "-"+at), add(his, "len("+x+")-"+at)
			slice = x + "[" + at + "+" + lo + ":][:" + n + "]"
		}
		if e.fast.names[k] != "" { // not every index the pass rebased is written as an index
			fmt.Fprintf(&b, "%s := %s\n", e.fast.names[k], slice)
			hoists = append(hoists, e.hoistedElem(c, k))
		}
	}
	return los, his, b.String() + strings.Join(hoists, "")
}
