package kir

import (
	"fmt"
	"go/ast"
	"go/token"
)

// This file writes a warp's divergent control: ifs and loops whose lanes
// may take different ways, run under masks of the lanes, and the lanes'
// branches and returns inside them.

// warpIf writes an if whose lanes may diverge: the condition per lane
// into a mask, each branch for its lanes, and reconvergence after it.
func (e *emitter) warpIf(w *WarpIf) {
	n := e.name
	m, save := e.f.Names.Fresh(fmt.Sprintf("m%d", w.Cond.ID)), e.f.Names.Fresh(fmt.Sprintf("save%d", w.Cond.ID))
	e.printf("{\nvar %s uint32\n", m)
	if w.Warp != nil { // the same for every lane: decided once for the warp
		e.line(w.Src.Pos())
		e.printf("if %s {\n%s = ^uint32(0)\n}\n", e.oneLine(w.Warp), m)
	} else if w.Range != nil { // the lanes [lo, hi)
		e.line(w.Src.Pos())
		lo, hi := e.laneBounds(w.Range)
		e.printf("if %s < %s {\n%s = uint32(uint64(1)<<%s - uint64(1)<<%s)\n}\n", lo, hi, m, hi, lo)
	} else {
		if w.XBounds != nil {
			e.xMask(w, m)
		}
		e.laneLoop(w.Cond, func() {
			e.line(w.Src.Pos())
			e.printf("if %s {\n%s |= 1 << %s\n}\n", e.plain(w.Src.Cond), m, n["lane"])
		})
		if w.XBounds != nil {
			e.printf("}\n")
		}
	}
	e.printf("%s := %s\n%s = %s & %s\n", save, n["act"], n["act"], save, m)
	e.printf("if %s != 0 {\n", n["act"])
	prefix := e.prefix
	e.prefix = prefix && w.Warp != nil // all the warp's lanes, or none, take a branch
	e.nodes(w.Then)
	e.printf("}\n")
	if len(w.Else) > 0 {
		e.printf("%s = %s &^ %s &^ %s%s\nif %s != 0 {\n", n["act"], save, m, n["dead"], e.skipped(), n["act"])
		e.nodes(w.Else)
		e.printf("}\n")
	}
	e.prefix = prefix
	e.printf("%s = %s &^ %s%s\n}\n", n["act"], save, n["dead"], e.skipped())
}

// xMask writes, for warp-level if w whose condition bounds the thread's x
// index (XBounds), the mask m of the lanes that take it, decided once
// where the warp's lanes lie in one row of x (lane l's x is the first
// lane's plus l) and no offset added to x wraps, and opens the else in
// which a lane loop decides it. Offsets are subtracted saturating
// (compiled.Diff), so that none overflows.
func (e *emitter) xMask(w *WarpIf, m string) {
	n := e.name
	x0, from, to, v := e.f.Names.Fresh("x0"), e.f.Names.Fresh("lo"), e.f.Names.Fresh("hi"), e.f.Names.Fresh("bound")
	e.cntUsed = true
	e.line(w.Src.Pos())
	fits := "" // no x + Off wraps, as the bounds assume
	for _, b := range w.XBounds {
		if b.Off != nil {
			fits += fmt.Sprintf(" && %s.Adds(%s, %s)", e.f.Src.Compiled, e.plain(b.Off), e.use("bdx"))
		}
	}
	e.printf("if %s := %s.%s; %s+%s <= %s%s {\n", x0, e.at(n["w"]), e.f.laneAxis(), x0, n["cnt"], e.use("bdx"), fits)
	e.printf("%s, %s := 0, 32\n", from, to)
	for _, b := range w.XBounds {
		x := e.plain(b.X)
		if b.Off != nil {
			x = fmt.Sprintf("%s.Diff(%s, %s)", e.f.Src.Compiled, x, e.plain(b.Off))
		}
		x = fmt.Sprintf("%s.Diff(%s, %s)", e.f.Src.Compiled, x, x0) // the lane's index
		e.narrowBy(b, x, v, from, to)
	}
	e.printf("if %s < %s {\n%s = uint32(uint64(1)<<%s - uint64(1)<<%s)\n}\n} else {\n", from, to, m, to, from)
}

// A simtLoop is a WarpFor being written: its source, and the masks of the
// lanes still in it and of those that left this trip (break, continue).
type simtLoop struct {
	src      *ast.ForStmt
	in, skip string
}

// skipped returns &^ skip of the innermost WarpFor, or "": lanes that
// left its trip do not come back when an if reconverges.
func (e *emitter) skipped() string {
	if len(e.simt) == 0 {
		return ""
	}
	return " &^ " + e.simt[len(e.simt)-1].skip
}

// laneBranch writes a break or continue of a WarpFor, taken by the active
// lanes: they leave the trip of their target, and for a break the loop;
// they leave the WarpFors inside it (a labeled branch) for good.
func (e *emitter) laneBranch(b *Branch) {
	n := e.name
	for i := len(e.simt) - 1; i >= 0; i-- {
		l := e.simt[i]
		if l.src != b.Target || b.Src.Tok == token.BREAK {
			e.printf("%s &^= %s\n", l.in, n["act"])
		}
		e.printf("%s |= %s\n", l.skip, n["act"])
		if l.src == b.Target {
			break
		}
	}
	e.printf("%s = 0\n", n["act"])
}

// laneReturn writes a return of every active lane of the warp.
func (e *emitter) laneReturn() {
	n := e.name
	if e.f.Exits {
		e.printf("for %s := range 32 {\nif %s&(1<<%s) != 0 {\n%s[%s+%s] = true\n}\n}\n", n["lane"], n["act"], n["lane"], e.use("exited"), n["w"], n["lane"])
	}
	e.printf("%s |= %s\n%s = 0\n", n["dead"], n["act"], n["act"])
}

// warpFor writes a loop whose lanes may leave it at different trips: the
// init for each lane, then, while any lane is still in the loop, its
// condition per lane into a mask, the body for those lanes, and the post
// statement for each of them; after it, the lanes that entered it (less
// those that returned) go on together.
func (e *emitter) warpFor(w *WarpFor) {
	n := e.name
	in, m := e.f.Names.Fresh(fmt.Sprintf("in%d", w.Cond.ID)), e.f.Names.Fresh(fmt.Sprintf("m%d", w.Cond.ID))
	save, skip := e.f.Names.Fresh(fmt.Sprintf("save%d", w.Cond.ID)), e.f.Names.Fresh(fmt.Sprintf("skip%d", w.Cond.ID))
	e.line(w.Src.Pos())
	e.printf("{\n%s := %s\n%s := %s\n", save, n["act"], in, n["act"])
	if w.Src.Init != nil {
		e.lanes(w.Init)
	}
	prefix := e.prefix
	e.prefix = false // lanes leave the loop at different trips
	defer func() { e.prefix = prefix }()
	e.printf("for {\n%s%s = %s &^ %s\nvar %s, %s uint32\n_ = %s\n", e.tickStop(), n["act"], in, n["dead"], m, skip, skip)
	if w.Src.Cond == nil {
		e.printf("%s = ^uint32(0)\n", m)
	} else {
		e.laneLoop(w.Cond, func() {
			e.line(w.Src.Cond.Pos())
			e.printf("if %s {\n%s |= 1 << %s\n}\n", e.plain(w.Src.Cond), m, n["lane"])
		})
	}
	e.printf("%s &= %s\n%s = %s\nif %s == 0 {\nbreak\n}\n", in, m, n["act"], in, n["act"])
	e.simt = append(e.simt, simtLoop{src: w.Src, in: in, skip: skip})
	e.nodes(w.Body)
	e.simt = e.simt[:len(e.simt)-1]
	if w.Src.Post != nil {
		e.printf("%s = %s &^ %s\n", n["act"], in, n["dead"])
		e.lanes(w.Post)
	}
	left := "" // lanes that left a loop around this one from inside it
	if leavesOuter(w) {
		left = e.skipped()
	}
	e.printf("}\n%s = %s &^ %s%s\n}\n", n["act"], save, n["dead"], left)
}
