package kir

import "go/ast"

// An everyForm is the code of a thread of a stepped loop (ThreadLoop.Every)
// for rows whose residue is exact: its guard holds.
type everyForm struct {
	thread []byte
	label  string // the label its threads' returns continue, where used
}

// everyBody writes the thread code of stepped loop l for exact residues,
// or returns nil for any other loop.
func (e *emitter) everyBody(l *ThreadLoop, body func()) *everyForm {
	if l.Every == nil {
		return nil
	}
	e.everyExact = true
	thread, label := e.threadForm(l, "e", true, body)
	e.everyExact = false
	return &everyForm{thread: thread, label: label}
}

// proven returns whether the bounds of l decide guard s of its body, and
// if so whether its condition holds: Proven's, or, while the form of a
// stepped loop for exact residues is written, its guard's.
func (e *emitter) proven(l *ThreadLoop, s ast.Stmt) (holds, proven bool) {
	if ev := l.Every; e.everyExact && ev != nil && ev.Guard == s {
		return !ev.Return, true
	}
	holds, proven = l.Proven[s]
	return holds, proven
}

// everyThreads writes the loop over the threads of stepped loop l, v from
// the first in [from, to) whose x the guard admits, compiled.EveryFrom's
// steps apart: where the residue is exact, each thread runs its code
// without the guard; elsewhere every thread runs thread.
func (e *emitter) everyThreads(l *ThreadLoop, v, from, to, rank string, thread []byte) {
	step, exact := e.f.Names.Fresh("every"), e.f.Names.Fresh("exact")
	m := e.plain(l.Every.M)
	if l.Every.Mask {
		m = e.f.Src.Compiled + ".MaskPeriod(" + m + ")"
	}
	e.printf("%s, %s, %s := %s.EveryFrom(%s, %s, %s)\n", v, step, exact, e.f.Src.Compiled, from, m, e.plain(l.Every.C))
	loop := func(label string, code []byte) {
		if label != "" {
			e.printf("%s:\n", label)
		}
		e.printf("for ; %s < %s; %s += %s {\n", v, to, v, step)
		if rank != "" {
			e.printf("%s := %s\n", e.name["rank"], rank)
		}
		e.w.Write(code)
		e.printf("}\n")
	}
	e.printf("if %s {\n", exact)
	loop(e.every.label, e.every.thread)
	e.printf("} else {\n")
	label := ""
	if e.labelUsed {
		label = e.label
	}
	loop(label, thread)
	e.printf("}\n")
}
