package fuzz

import (
	"fmt"
	"strings"
)

// uniformIf writes an if (and maybe an else) on a block-uniform condition.
func (g *gen) uniformIf(c ctx) {
	g.ifInit(c, c, true)
}

// ifInit writes an if on a condition uniform or not, sometimes with an
// init statement declaring a variable of both branches.
func (g *gen) ifInit(then, els ctx, uni bool) {
	if g.ch.pick(4) != 0 {
		g.ifElse(then, els, "if "+g.cond(uni, 0)+" {", !uni)
		return
	}
	v := g.fresh("v")
	init := g.val(i32, uni, 1)
	ops := []string{"<", "==", "!=", ">"}
	open := fmt.Sprintf("if %s := %s; %s %s %s {", v, init, v, ops[g.ch.pick(4)], g.exprOnly(i32, uni, 1))
	g.push()
	g.declare(v, i32, uni, false).used = true
	g.ifElse(then, els, open, !uni)
	g.pop()
}

// ifElse writes an if with the opening line open, its branch at then and
// maybe an else at els. The branches of an if whose condition is the same
// for every thread are exclusive, and the state of shared memory after
// it is the join of theirs; threads of a divergent if run both branches
// in the same barrier interval, so that the else starts in the state the
// then leaves.
func (g *gen) ifElse(then, els ctx, open string, divergent bool) {
	g.line("%s", open)
	s0 := g.sh
	if g.ch.pick(3) != 1 {
		g.body(then, "")
		g.sh = g.sh.join(s0)
		return
	}
	g.body(then, " else {")
	s1 := g.sh
	if !divergent {
		g.sh = s0
	}
	g.body(els, "")
	g.sh = g.sh.join(s1)
}

// uniformLoopHead returns the opening line of a loop with counter k whose
// trip count is block-uniform: at most 4, or the log of the block size,
// and whether it ranges (and so may leave k unused).
func (g *gen) uniformLoopHead(k string) (head string, ranged bool) {
	switch g.ch.pick(5) {
	case 1:
		return fmt.Sprintf("for %s := range %s {", k, g.uniformBound()), true
	case 2:
		return fmt.Sprintf("for %s := 1; %s < size; %s *= 2 {", k, k, k), false
	case 3:
		return fmt.Sprintf("for %s := %s; %s > 0; %s-- {", k, g.uniformBound(), k, k), false
	case 4:
		return fmt.Sprintf("for %s := range %d {", k, 2+g.ch.pick(3)), true
	}
	return fmt.Sprintf("for %s := 0; %s < %s; %s++ {", k, k, g.uniformBound(), k), g.ch.pick(2) == 0
}

// uniformBound returns a block-uniform int from 0 to 4.
func (g *gen) uniformBound() string {
	bounds := []string{"p1", "int(t.BlockIdx.X % 3)", "min(p1, 2)", "t.BlockDim.Y % 4", "", "3"}
	var counts []*variable
	for _, v := range g.vars(tint, true, false) {
		if v.name[0] == 'n' { // a SyncThreadsCount
			counts = append(counts, v)
		}
	}
	switch i := g.ch.pick(len(bounds) + len(counts)); {
	case i >= len(bounds):
		counts[i-len(bounds)].used = true
		return counts[i-len(bounds)].name + " % 3"
	case bounds[i] == "":
		return fmt.Sprintf("int(uint32(%s) %% 4)", g.val(i32, true, 1))
	default:
		return bounds[i]
	}
}

// uniformLoop writes a loop whose trip count is the same for every thread
// of the block.
func (g *gen) uniformLoop(c ctx) {
	k := g.fresh("k")
	head, ranged := g.uniformLoopHead(k)
	if c.exitOK {
		// Threads may leave inside: the whole body must treat the lanes
		// as the live ones, from the first iteration on.
		c.exitOK = g.ch.pick(3) == 0
		if c.exitOK {
			g.exited = true
		}
	}
	c.loops++
	c.brk = 1
	g.line("%s", head)
	g.loopBody(c, &variable{name: k, typ: tint, uniform: true, used: !ranged})
}

// loopBody writes a loop's body and closing brace; each iteration may
// start with any shared-memory state the body leaves.
func (g *gen) loopBody(c ctx, counter *variable) {
	s0 := g.sh
	g.sh = shState{true, true}
	g.breaks = append(g.breaks, shState{})
	g.body(c, "", counter)
	g.sh = g.sh.join(s0).join(g.breaks[len(g.breaks)-1])
	g.breaks = g.breaks[:len(g.breaks)-1]
}

// threadIf writes an if on a per-thread condition, without collectives.
func (g *gen) threadIf(c ctx) {
	c = g.inner(c)
	c.coll = false
	g.ifInit(c, c, false)
}

// threadLoop writes a loop whose trip count differs between threads,
// without collectives.
func (g *gen) threadLoop(c ctx) {
	c = g.inner(c)
	c.coll = false
	c.loops++
	c.brk = 2
	j := g.fresh("j")
	bound := g.intExpr(false, 3)
	ranged := g.ch.pick(2) == 0
	if ranged {
		g.line("for %s := range %s {", j, bound)
	} else {
		g.line("for %s := 0; %s < %s; %s++ {", j, j, bound, j)
	}
	g.loopBody(c, &variable{name: j, typ: tint, used: !ranged})
}

// columnWalk writes a loop with a block-uniform header whose trips read
// in a column apart, a row of threads reading consecutive elements: the
// naive matrix multiply's b[k*n+col], which interchange (in the lockstep pass) runs
// trip by trip for the block; or a thread's range over its run of in.
func (g *gen) columnWalk(c ctx) {
	vs := thread(g.vars(i32, false, true)) // the sum is the thread's: a uniform variable would stop being one
	if len(vs) == 0 {
		g.local(c)
		return
	}
	acc := vs[g.ch.pick(len(vs))]
	acc.used = true
	switch g.ch.pick(3) {
	case 0:
		g.walk(acc.name, "")
	case 1:
		g.guardedWalk(acc.name)
	default:
		g.rangeWalk(acc.name)
	}
}

// rangeWalk writes a thread's range over a run of in, from its x index
// for up to p1 elements, adding each element times its key plus one to
// sum and shortening the ranged variable in the body (the range goes on
// over the run it began with): the compiled form runs it four elements a
// step (range_steps.go in package kir).
func (g *gen) rangeWalk(sum string) {
	run, k, x := g.fresh("run"), g.fresh("k"), g.fresh("x")
	g.line("%s := in[min(t.ThreadIdx.X, len(in)):min(t.ThreadIdx.X+max(p1, 0), len(in))]", run)
	g.line("for %s, %s := range %s {", k, x, run)
	g.line("	%s += %s * int32(%s+1)", sum, x, k)
	g.line("	%s = %s[:0]", run, run)
	g.line("}")
}

// strideWalk writes a block-stride or warp-stride loop, for i := rank;
// i < bound; i += step with a step the same for the block, that carries
// a thread's sum from trip to trip: the compiled form runs it in rounds
// of a chunk of trips of each thread (the tile pass).
func (g *gen) strideWalk(c ctx) {
	acc, start, ok := g.threadSum(c)
	if !ok {
		return
	}
	i := g.fresh("i")
	step := []string{"size", "32", "t.BlockDim.X", "p1%9 + 1", "p1*700 + 1"}[g.ch.pick(5)]
	if g.ch.pick(4) == 0 {
		// Keys near the largest int, the limit a step below it: no
		// running thread's key wraps, and a stopped thread's does in
		// the compiled form's later rounds, where it must not run again
		// (compiled.StrideStopped). The starts (below 2048) stay below
		// the top, and are not x plus an offset: narrowed bounds would
		// fail the launch with compiled.ErrGuardWraps near the top.
		start = []string{"lane", "2*rank"}[g.ch.pick(2)]
		g.imports["math"] = true
		g.line("for %s := math.MaxInt - 4*(%s) - 2048 + %s; %s < math.MaxInt-(%s)+1; %s += %s {", i, step, start, i, step, i, step)
		g.line("\t%s ^= int32(%s) + %s", acc.name, i, g.val(i32, false, 0))
		g.line("}")
		return
	}
	bound := []string{"len(in)", "p1*40 + 3"}[g.ch.pick(2)]
	g.line("for %s := %s; %s < %s; %s += %s {", i, start, i, bound, i, step)
	g.indent++
	g.line("if %s < len(in) {", i)
	g.line("\t%s = %s*3 + in[%s]", acc.name, acc.name, i)
	g.line("}")
	g.line("%s ^= int32(%s) + %s", acc.name, i, g.val(i32, false, 0))
	g.indent--
	g.line("}")
}

// windowSum writes a loop with a count the same for the block (a counted
// for or a range over an int) whose trips read a window of in from the
// thread's index, consecutive elements for consecutive threads, and carry
// a thread's sum: the shape the default build runs eight threads a step
// in portable vectors (kir/portable.go), each window checked once before
// the loop (kir/vec_window.go). Its loads are guarded, or clamped to in
// as a stencil clamps at an image's edges, as a kernel's launch must not
// fail; the difftests (internal/difftest/portable.go, window.go) hold
// unguarded windows. Sometimes the thread's run goes to a helper that
// sums it with eight accumulators instead (runHelper).
func (g *gen) windowSum(c ctx) {
	acc, from, ok := g.threadSum(c)
	if !ok {
		return
	}
	d := g.fresh("d")
	switch g.ch.pick(4) {
	case 3:
		n := fmt.Sprintf("int(p1%%%d)", 1+g.ch.pick(40))
		g.line("%s = %s*3 + %s(in[min(%s, len(in)):min(%s+%s, len(in))], %s)", acc.name, acc.name, g.runHelper(), from, from, n, g.val(i32, false, 1))
		return
	case 0:
		g.line("for %s := 0; %s <= int(p1%%5); %s++ {", d, d, d)
	case 1: // the same trips, Go 1.22's way
		g.line("for %s := range int(p1%%5)+1 {", d)
	case 2: // a stencil's window, clamped at the ends of in
		g.line("for %s := -int(p1%%3); %s <= int(p1%%5); %s++ {", d, d, d)
		g.line("	%s = %s*3 + in[min(max(%s+%s, 0), len(in)-1)]", acc.name, acc.name, from, d)
		g.line("}")
		return
	}
	g.line("	if %s+%s < len(in) {", from, d)
	g.line("		%s = %s*3 + in[%s+%s]", acc.name, acc.name, from, d)
	g.line("	}")
	g.line("}")
}

// runHelper declares a helper folding a run of int32 into eight
// accumulators, one statement each, eight elements a trip (the shape the
// SIMD build's twins keep in a vector, kir/slp.go), and returns its name.
func (g *gen) runHelper() string {
	name := g.fresh(g.prefix + "run")
	op := []string{"+=", "^=", "*=", "-="}[g.ch.pick(4)]
	elem := []string{"%s", "%s*m", "(%s ^ m)", "m - %s"}[g.ch.pick(4)]
	indexed := g.ch.pick(2) == 0
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(run []int32, m int32) int32 {\n", name)
	b.WriteString("\tvar s0, s1, s2, s3, s4, s5, s6, s7 int32 = 1, 2, 3, 4, 5, 6, 7, 8\n")
	if indexed {
		b.WriteString("\tj := 0\n\tfor ; j+8 <= len(run); j += 8 {\n")
	} else {
		b.WriteString("\tfor len(run) >= 8 {\n\t\tr := run[:8:8]\n")
	}
	for k := range 8 {
		at := fmt.Sprintf("r[%d]", k)
		if indexed {
			at = fmt.Sprintf("run[j+%d]", k)
		}
		fmt.Fprintf(&b, "\t\ts%d %s %s\n", k, op, fmt.Sprintf(elem, at))
	}
	if indexed {
		b.WriteString("\t}\n\trun = run[j:]\n")
	} else {
		b.WriteString("\t\trun = run[8:]\n\t}\n")
	}
	b.WriteString("\tfor _, v := range run {\n\t\ts0 += v\n\t}\n")
	b.WriteString("\treturn s0 ^ s1<<1 ^ s2<<2 ^ s3<<3 ^ s4<<4 ^ s5<<5 ^ s6<<6 ^ s7<<7\n}\n")
	g.decls = append(g.decls, b.String())
	return name
}

// threadSum picks a variable of the thread's for a loop to carry a sum
// in, and the loop's start, from the thread's index; where the kernel has
// no such variable it writes a local instead and reports false.
func (g *gen) threadSum(c ctx) (acc *variable, start string, ok bool) {
	vs := thread(g.vars(i32, false, true))
	if len(vs) == 0 {
		g.local(c)
		return nil, "", false
	}
	acc = vs[g.ch.pick(len(vs))]
	acc.used = true
	return acc, []string{"rank", "lane", "t.ThreadIdx.X", "rank + int(p0&3)"}[g.ch.pick(4)], true
}

// walk writes columnWalk's loop adding to sum, each trip's term plus
// extra (a Go expression, or "").
func (g *gen) walk(sum, extra string) {
	k := g.fresh("k")
	g.line("for %s := 0; %s < p1; %s++ {", k, k, k)
	g.indent++
	g.line("if ix := %s*size + t.ThreadIdx.X; ix < len(in) {", k)
	g.indent++
	if extra != "" {
		g.line("%s += in[ix]*int32(%s+1) + %s", sum, k, extra)
	} else {
		g.line("%s += in[ix] * int32(%s+1)", sum, k)
	}
	g.indent--
	g.line("}")
	g.indent--
	g.line("}")
}

// guardedWalk writes columnWalk's loop as CUDA kernels hold it, under a
// guard of the thread's index (if i < n { ... }), after a declaration
// it reads and before a use of its sum, and sometimes inside a loop over
// a block-uniform count with a base of its own: interchange (in the lockstep pass)
// takes the guard apart around the loops.
func (g *gen) guardedWalk(sum string) {
	g.line("if %s {", []string{"t.ThreadIdx.X < size-1", "t.ThreadIdx.X%3 != 1", "t.ThreadIdx.X >= int(p1)"}[g.ch.pick(3)])
	g.indent++
	w := g.fresh("w")
	g.line("%s := %s*2 + 1", w, sum)
	switch g.ch.pick(3) {
	case 0:
		g.walk(w, "")
	case 1:
		g.helperWalk(w)
	default:
		c, base := g.fresh("c"), g.fresh("base")
		g.line("for %s := 0; %s < p1%%3+1; %s++ {", c, c, c)
		g.indent++
		g.line("%s := int32(%s * 7)", base, c)
		g.walk(w, base)
		g.indent--
		g.line("}")
	}
	g.line("%s ^= %s", sum, w)
	g.indent--
	g.line("}")
}

// helperWalk writes columnWalk's loop as Rodinia's streamcluster holds
// it, in a helper called with the thread's index, which the compiler
// inlines and interchanges; sometimes the helper advances its parameter
// too, which it then copies.
func (g *gen) helperWalk(sum string) {
	name := g.fresh(g.prefix + "walk")
	step := ""
	if g.ch.pick(2) == 0 {
		step = "\tx++\n\tif x < len(in) {\n\t\ts += in[x]\n\t}\n"
	}
	g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, x, size, trips int) int32 {\n"+
		"\tvar s int32\n\tfor k := 0; k < trips; k++ {\n\t\tif ix := x + k*size; ix < len(in) {\n"+
		"\t\t\ts += in[ix] * int32(k+1)\n\t\t}\n\t}\n%s\treturn s\n}\n", name, step))
	x := "t.ThreadIdx.X" // an expression the inlined copy reads in place of its parameter
	if g.ch.pick(2) == 0 {
		x = g.fresh("x")
		g.line("%s := t.ThreadIdx.X", x)
	}
	g.line("%s += %s(in, %s, size, int(p1)) * 3", sum, name, x)
}

// gridStride writes a grid-stride loop over g: each element is written by
// one thread only.
func (g *gen) gridStride(c ctx) {
	c = g.inner(c)
	c.coll = false
	c.loops++
	c.brk = 2
	i := g.fresh("i")
	g.line("for %s := gid; %s < len(g); %s += size * t.GridDim.X * t.GridDim.Y * t.GridDim.Z {", i, i, i)
	g.indent++
	g.line("g[%s] %s %s", i, []string{"=", "+=", "^="}[g.ch.pick(3)], g.val(i32, false, 0))
	g.indent--
	g.loopBody(c, &variable{name: i, typ: tint, used: true})
}

// uniformExit writes a return of the whole block.
func (g *gen) uniformExit(c ctx) {
	g.line("if %s {", g.cond(true, 0))
	g.indent++
	g.line("return")
	g.indent--
	g.line("}")
}

// threadExit writes a return of some threads, leaving them out of the
// mask of live lanes first.
func (g *gen) threadExit(c ctx) {
	e := g.fresh("e")
	g.line("%s := %s", e, g.cond(false, 0))
	g.line("live = t.BallotSync(live, !%s)", e)
	g.line("if %s {", e)
	g.indent++
	g.line("return")
	g.indent--
	g.line("}")
	g.exited = true
}

// guardExit writes the guard of a kernel's tail (if i >= n { return }),
// which the compiler turns into bounds of the thread loop. It takes no
// ballot of the threads left, so no collective may follow.
func (g *gen) guardExit(c ctx) {
	g.line("if %s {", g.guard())
	g.line("\treturn")
	g.line("}")
	g.exited, g.guarded = true, true
}

// shared writes or reads shared memory without a race: a thread writes
// only its own slots, and reads another's only in a barrier interval
// without writes.
func (g *gen) shared(c ctx) {
	vs := thread(g.vars(i32, false, true))
	switch {
	case (g.ch.pick(3) == 0 || g.sh.wrote) && !g.sh.read:
		slot := []string{"rank", "size+rank"}[g.ch.pick(2)]
		g.line("sh[%s] %s %s", slot, []string{"=", "+=", "^="}[g.ch.pick(3)], g.val(i32, false, 0))
		g.sh.wrote = true
	case !g.sh.wrote && len(vs) > 0:
		slots := []string{"(rank+1)%size", "size-1-rank", "(rank+%d)%%size", "size+(rank^%d)%%size",
			"int(uint32(%s)%%uint32(size))"}
		s := slots[g.ch.pick(len(slots))]
		switch s {
		case "(rank+%d)%%size", "size+(rank^%d)%%size":
			s = fmt.Sprintf(s, 1+g.ch.pick(40))
		case "int(uint32(%s)%%uint32(size))":
			s = fmt.Sprintf(s, g.val(i32, false, 1))
		}
		g.line("%s %s sh[%s]", g.target(vs), []string{"=", "+=", "^="}[g.ch.pick(3)], s)
		g.sh.read = true
	default:
		g.assign(c)
	}
}
