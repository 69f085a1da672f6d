package fuzz

import "fmt"

// A ctx is where a statement goes.
type ctx struct {
	top       bool   // at kernel level: the lanes here are the live ones (see gen.mask)
	uniform   bool   // block-uniform control: barriers allowed
	coll      bool   // warp collectives allowed (not in per-thread loops and ifs)
	mconst    uint32 // below the top, the lanes here are mdyn & mconst
	mdyn      string
	seg       int  // shuffles may use widths up to 1<<seg; -1: only a broadcast from the mask's first lane
	canReturn bool // returns allowed (at kernel level, not in helpers)
	exitOK    bool // returns of some threads allowed
	loops     int  // enclosing loops
	depth     int  // enclosing blocks
	brk       int  // break and continue: 0 not here, 1 on a block-uniform condition, 2 on any
}

// A stmtKind is one kind of statement, its weight and where it may go.
type stmtKind struct {
	weight int
	ok     func(g *gen, c ctx) bool
	gen    func(g *gen, c ctx)
}

var (
	anywhere  = func(*gen, ctx) bool { return true }
	uniform   = func(_ *gen, c ctx) bool { return c.uniform }
	warp      = func(g *gen, c ctx) bool { return c.coll && !g.guarded }
	nested    = func(_ *gen, c ctx) bool { return c.depth < 4 }
	loopable  = func(_ *gen, c ctx) bool { return c.depth < 4 && c.loops < 2 }
	warpBlock = func(g *gen, c ctx) bool { return c.coll && !g.guarded && c.depth < 4 }
)

var stmtKinds []stmtKind

func init() {
	stmtKinds = []stmtKind{
		{3, anywhere, (*gen).assign},
		{1, func(g *gen, c ctx) bool { return !g.grid }, (*gen).record},
		{2, anywhere, (*gen).local},
		{1, anywhere, (*gen).flag},
		{1, anywhere, (*gen).swap},
		{1, func(g *gen, c ctx) bool { return !g.helper }, (*gen).structField},
		{1, func(g *gen, c ctx) bool { return !g.helper && !g.grid }, (*gen).elemPart},
		{5, uniform, (*gen).barrier},
		{2, uniform, (*gen).predBarrier},
		{1, uniform, (*gen).guardedStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid }, (*gen).shiftStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid }, (*gen).splitStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid }, (*gen).treeStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper }, (*gen).pairStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid }, (*gen).lateAssign},
		{1, uniform, (*gen).uniformAssign},
		{2, nested, (*gen).uniformIf},
		{3, loopable, (*gen).uniformLoop},
		{3, warpBlock, (*gen).laneIf},
		{1, warpBlock, (*gen).warpIf},
		{2, warpBlock, (*gen).dataIf},
		{1, warpBlock, (*gen).voteIf},
		{1, nested, (*gen).threadIf},
		{5, warp, (*gen).collective},
		{5, func(g *gen, c ctx) bool { return !g.grid }, (*gen).shared},
		{1, loopable, (*gen).threadLoop},
		{1, loopable, (*gen).columnWalk},
		{1, func(g *gen, c ctx) bool { return c.depth < 4 && c.loops < 2 && !g.helper && !g.grid }, (*gen).strideWalk},
		{1, func(g *gen, c ctx) bool { return loopable(g, c) && !g.grid }, (*gen).windowSum},
		{1, func(_ *gen, c ctx) bool { return c.depth < 4 && c.loops == 0 }, (*gen).gridStride},
		{2, func(g *gen, c ctx) bool { return !g.helper && c.coll && !g.guarded && c.depth < 4 }, (*gen).helperCall},
		{1, func(_ *gen, c ctx) bool { return c.canReturn && c.uniform }, (*gen).uniformExit},
		{1, func(_ *gen, c ctx) bool { return c.canReturn && c.exitOK && c.uniform }, (*gen).threadExit},
		{1, func(_ *gen, c ctx) bool { return c.top && c.canReturn && c.exitOK }, (*gen).guardExit},
		{1, func(_ *gen, c ctx) bool { return c.brk > 0 }, (*gen).loopExit},
		{1, nested, (*gen).switchStmt},
		{1, func(g *gen, c ctx) bool { return !g.helper }, (*gen).float},
		{1, func(g *gen, c ctx) bool { return !g.helper }, (*gen).array},
		{1, anywhere, (*gen).closure},
		// a thread that returned writes no slot its neighbours read
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper && g.tiles < 2 && !g.exited }, (*gen).tileStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper && g.tiles < 2 && !g.exited }, (*gen).clampStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper }, (*gen).jamStep},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper }, (*gen).vecJamSum},
		{1, func(g *gen, c ctx) bool { return c.uniform && !g.grid && !g.helper }, (*gen).guardedOffset},
		{1, func(g *gen, c ctx) bool {
			return c.top && c.canReturn && !g.grid && !g.helper && g.tiles < 2 && !g.exited
		}, (*gen).haloStep},
	}
}

// block writes statements until the input says stop or the budget ends,
// in a scope of their own.
func (g *gen) block(c ctx, vars ...*variable) {
	g.push()
	for _, v := range vars { // declared by the header just written
		v.at = g.buf.Len()
	}
	g.frames[len(g.frames)-1] = vars
	odds := max(2, 12-3*c.depth)
	for g.budget > 0 && g.ch.pick(odds) != 0 {
		g.budget--
		g.stmt(c)
	}
	g.pop()
}

// stmt writes one statement that may go at c.
func (g *gen) stmt(c ctx) {
	w := make([]int, len(stmtKinds))
	for i, k := range stmtKinds {
		if k.ok(g, c) {
			w[i] = k.weight
		}
	}
	stmtKinds[g.ch.weighted(w...)].gen(g, c)
}

// body writes a braced block of statements at c, one level deeper, and
// the closing brace with the given suffix.
func (g *gen) body(c ctx, close string, vars ...*variable) {
	g.nest(c, vars...)
	g.line("}%s", close)
}

// nest writes a block of statements at c, one level deeper.
func (g *gen) nest(c ctx, vars ...*variable) {
	c.depth++
	g.indent++
	g.block(c, vars...)
	g.indent--
}

// inner returns the context of the branches of an if whose condition may
// differ between threads: same lanes, no barriers, no returns.
func (g *gen) inner(c ctx) ctx {
	if c.top {
		c.top = false
		c.mdyn, c.mconst, c.seg = "", ^uint32(0), 5
		if g.exited {
			c.mdyn, c.seg = "live", -1
		}
	}
	c.uniform, c.canReturn, c.exitOK = false, false, false
	if c.brk == 1 { // leaving a uniform loop from a branch would make it diverge
		c.brk = 0
	}
	return c
}

// mask returns the Go expression of the lanes at c, and the segment
// shuffles may use (see ctx.seg).
func (g *gen) mask(c ctx) (string, int) {
	c = g.inner(c)
	return maskExpr(c.mdyn, c.mconst), c.seg
}

func maskExpr(dyn string, m uint32) string {
	switch {
	case dyn == "" && m == ^uint32(0):
		return "gocuda.FullMask"
	case dyn == "":
		return fmt.Sprintf("0x%08x", m)
	case m == ^uint32(0):
		return dyn
	}
	return fmt.Sprintf("%s & 0x%08x", paren(dyn), m)
}

// assign assigns a per-thread variable.
func (g *gen) assign(c ctx) {
	t := []typ{i32, u32}[g.ch.pick(2)]
	vs := g.vars(t, false, true)
	if !c.uniform {
		vs = thread(vs)
	}
	if len(vs) == 0 {
		g.local(c)
		return
	}
	target := g.target(vs)
	uni := isUniform(vs, target)
	op := []string{"=", "+=", "^=", "-=", "*=", "|="}[g.ch.pick(6)]
	g.line("%s %s %s", target, op, g.val(t, uni, 0))
}

// thread returns the per-thread variables of vs.
func thread(vs []*variable) []*variable {
	var out []*variable
	for _, v := range vs {
		if !v.uniform {
			out = append(out, v)
		}
	}
	return out
}

func isUniform(vs []*variable, name string) bool {
	for _, v := range vs {
		if v.name == name {
			return v.uniform
		}
	}
	return false
}

// local declares a per-thread variable.
// Its initial value may be block-uniform (the compiler must not take the
// variable for uniform when a branch assigns it later), and it may shadow
// a variable of an enclosing scope.
func (g *gen) local(c ctx) {
	t := []typ{i32, u32}[g.ch.pick(2)]
	name := g.fresh("v")
	if vs := g.shadowable(t); len(vs) > 0 && g.ch.pick(4) == 0 {
		name = g.target(vs)
	}
	g.line("%s := %s", name, g.val(t, g.ch.pick(3) == 0, 0))
	g.declare(name, t, false, true)
}

// flag declares a bool of the thread's or assigns one: a flag set where
// conditions differ between threads, read by later conditions and kept
// across barriers (hotspot's computed), which the SIMD build's steps
// keep as a mask (vec_bools.go).
func (g *gen) flag(c ctx) {
	vs := thread(g.vars(tbool, false, true))
	if len(vs) == 0 || g.ch.pick(3) == 0 {
		name := g.fresh("f")
		g.line("%s := %s", name, g.cond(false, 1))
		g.declare(name, tbool, false, true)
		return
	}
	target := g.target(vs)
	switch g.ch.pick(3) {
	case 0:
		g.line("%s = %s", target, g.cond(false, 1))
	case 1:
		g.line("%s = %s != (%s)", target, target, g.cond(false, 1))
	default:
		g.line("%s = %s && (%s)", target, target, g.cond(false, 1))
	}
}

// swap writes a tuple assignment of two per-thread variables.
func (g *gen) swap(c ctx) {
	t := []typ{i32, u32}[g.ch.pick(2)]
	vs := thread(g.vars(t, false, true))
	if len(vs) < 2 {
		g.assign(c)
		return
	}
	x, y := g.target(vs), g.target(vs)
	if x == y {
		g.line("%s++", x)
		return
	}
	if g.ch.pick(2) == 0 {
		g.line("%s, %s = %s, %s", x, y, y, x)
		return
	}
	g.line("%s, %s = %s+1, %s^%s", x, y, y, x, y)
}

// record writes a value to one of the thread's out slots.
func (g *gen) record(c ctx) {
	g.line("out[gid*%d+%d] = %s", Slots, 8+g.ch.pick(Slots-8), g.u32Of(false))
}

// u32Of returns a uint32 expression.
func (g *gen) u32Of(uni bool) string {
	if g.ch.pick(2) == 0 {
		return g.val(u32, uni, 0)
	}
	return fmt.Sprintf("uint32(%s)", g.val(i32, uni, 0))
}

// uniformAssign assigns a block-uniform variable, or declares one.
func (g *gen) uniformAssign(c ctx) {
	vs := g.vars(i32, true, true)
	if len(vs) == 0 || g.ch.pick(3) == 0 {
		name := g.fresh("w")
		g.line("%s := %s", name, g.val(i32, true, 0))
		g.declare(name, i32, true, true)
		return
	}
	op := []string{"=", "+=", "^="}[g.ch.pick(3)]
	g.line("%s %s %s", g.target(vs), op, g.val(i32, true, 0))
}

// barrier writes t.SyncThreads().
func (g *gen) barrier(c ctx) {
	g.line("t.SyncThreads()")
	g.sh = shState{}
}

// guardedStep writes a step of a reduction tree: between barriers, an if
// on the thread's x index alone, which the compiler runs for the threads
// its guard admits (a range, or a residue modulo a uniform value).
func (g *gen) guardedStep(c ctx) {
	g.barrier(c)
	// By the generator's names, Harris's kernel 1: a residue of x the
	// loop steps through (narrow_every.go).
	guard := "t.ThreadIdx.X%(1+int(uint32(p0)%7)) == int(uint32(p1)%5)"
	if g.ids%4 != 1 {
		guard = g.guard()
	}
	g.line("if %s {", guard)
	g.line("\tout[gid*%d+%d] ^= %s", Slots, 8+g.ch.pick(Slots-8), g.u32Of(false))
	g.line("}")
	g.barrier(c)
}

// shiftStep writes a step of a shift scan over the shared slots of a
// one-dimensional block (blocks of other shapes skip it): under a guard
// on its x index, each thread reads the slot an offset (never below zero)
// under its own, and its own; after a barrier it writes its own slot.
// The reverse pass runs such a step as one loop from the last thread.
// Every other step (by the parity of the generator's names, no byte of
// its own) declares the value before the if, from the thread's slot:
// fission then runs the guarded read at the end of the code before the
// if, under its condition (fission_head.go).
func (g *gen) shiftStep(c ctx) {
	g.barrier(c)
	off := []string{"1", "2", "size/3", "(p1 & 7)"}[g.ch.pick(4)]
	y := g.fresh("y")
	if g.ids%2 == 0 {
		g.line("%s := sh[rank] ^ 5", y)
		g.line("if t.BlockDim.Y*t.BlockDim.Z == 1 {")
	} else {
		g.line("if t.BlockDim.Y*t.BlockDim.Z == 1 {")
		g.line("\t%s := int32(0)", y)
	}
	g.line("\tif t.ThreadIdx.X >= %s {", off)
	g.line("\t\t%s = sh[t.ThreadIdx.X-%s] %s sh[t.ThreadIdx.X]", y, off, []string{"+", "^", "-"}[g.ch.pick(3)])
	g.line("\t}")
	g.line("\tt.SyncThreads()")
	g.line("\tif t.ThreadIdx.X >= %s {", off)
	g.line("\t\tsh[t.ThreadIdx.X] %s %s", []string{"=", "+=", "^="}[g.ch.pick(3)], y)
	g.line("\t}")
	g.line("}")
	g.barrier(c)
	g.line("%s += sh[rank]", g.sink)
}

// treeStep writes Blelloch's up-sweep over the shared slots of a
// one-dimensional block (blocks of other shapes skip it): level by level,
// a barrier after each, the threads under the level's count (some of
// them, where a condition on the thread's index is chosen) add the slot
// an offset below theirs to theirs, at indices the offset scales, the
// offset starting at 1 and doubling, for one level or up to four. Or, by
// the same byte, Harris's reduction kernel 2's steps: thread tid adds the
// slot index+off to the slot index = 2*off*tid, where both are slots (the
// guard written as index < 2*size-off or index+off < 2*size). A
// level's threads write distinct slots no thread of the level reads.
func (g *gen) treeStep(c ctx) {
	g.barrier(c)
	off, d := g.fresh("off"), g.fresh("d")
	form := g.ch.pick(6) // its value modulo 3 picks the condition, as when it had three options
	cond := []string{"", " && t.ThreadIdx.X%3 != 1", " && t.ThreadIdx.X&4 == 0"}[form%3]
	if form >= 3 {
		g.harrisSteps(off, d, cond)
		g.barrier(c)
		g.line("%s += sh[rank] ^ sh[size+rank]", g.sink)
		return
	}
	g.line("if t.BlockDim.Y*t.BlockDim.Z == 1 {")
	g.line("	%s := 1", off)
	g.line("	for %s := size; %s > 0 && %s <= %d; %s >>= 1 {", d, d, off, []int{1, 8}[g.ch.pick(2)], d)
	g.line("		if t.ThreadIdx.X < %s%s {", d, cond)
	g.line("			sh[%s*(2*t.ThreadIdx.X+2)-1] %s sh[%s*(2*t.ThreadIdx.X+1)-1]", off, []string{"+=", "^=", "="}[g.ch.pick(3)], off)
	g.line("		}")
	g.line("		%s *= 2", off)
	g.line("		t.SyncThreads()")
	g.line("	}")
	g.line("}")
	g.barrier(c)
	g.line("%s += sh[rank] ^ sh[size+rank]", g.sink)
}

// pairStep writes, between barriers in a one-dimensional block (blocks
// of other shapes skip it), a thread's two shared slots at stride 2 in
// two statements, each under its own guard on the thread's x index (a
// step's lanes may pass one and not the other), the values computed from
// the thread's variables without reading memory: the SIMD build stores
// both at once where every lane passes both guards (vec_store_pair.go).
func (g *gen) pairStep(c ctx) {
	g.barrier(c)
	bound := func() string { return []string{"2*size", "2*size-1", "size+5", "2*size-(p1&7)"}[g.ch.pick(4)] }
	values := []string{"a1", "a2 ^ w0", "a1 + 3", "int32(lane) - a2"}
	g.line("if t.BlockDim.Y*t.BlockDim.Z == 1 {")
	g.line("	if 2*t.ThreadIdx.X < %s {", bound())
	g.line("		sh[2*t.ThreadIdx.X] = %s", values[g.ch.pick(4)])
	g.line("	}")
	g.line("	if 2*t.ThreadIdx.X+1 < %s {", bound())
	g.line("		sh[2*t.ThreadIdx.X+1] = %s", values[g.ch.pick(4)])
	g.line("	}")
	g.line("}")
	g.barrier(c)
	g.line("%s += sh[rank] ^ sh[size+rank]", g.sink)
}

// harrisSteps writes treeStep's other form: Harris's interleaved steps.
func (g *gen) harrisSteps(off, d, cond string) {
	ix := g.fresh("ix")
	g.line("if t.BlockDim.Y*t.BlockDim.Z == 1 {")
	g.line("\tfor %s, %s := 1, 0; %s < 2*size && %s < %d; %s, %s = 2*%s, %s+1 {", off, d, off, d, []int{1, 4}[g.ch.pick(2)], off, d, off, d)
	if g.ids%2 == 0 { // by the parity of the generator's names: the guard on the index alone, which narrows the threads (narrow_scaled.go)
		g.line("\t\tif %s := 2 * %s * t.ThreadIdx.X; %s < 2*size-%s%s {", ix, off, ix, off, cond)
	} else {
		g.line("\t\tif %s := 2 * %s * t.ThreadIdx.X; %s+%s < 2*size%s {", ix, off, ix, off, cond)
	}
	g.line("\t\t\tsh[%s] %s sh[%s+%s]", ix, []string{"+=", "^=", "="}[g.ch.pick(3)], ix, off)
	g.line("\t\t}")
	g.line("\t\tt.SyncThreads()")
	g.line("\t}")
	g.line("}")
}

// splitStep writes, between barriers, the step of Rodinia's pyramid
// stencils: a flag and a value set for every thread, then changed by the
// threads a guard of the thread's index admits, and read after the next
// barrier. The compiler runs the step as the threads the guard rejects,
// then those it admits.
func (g *gen) splitStep(c ctx) {
	g.barrier(c)
	flag, v := g.fresh("ok"), g.fresh("v")
	g.line("%s := false", flag)
	g.line("%s := int32(%d) + int32(t.ThreadIdx.X)", v, g.ch.pick(9))
	var guard string
	if g.ch.pick(2) == 0 {
		guard = g.rangeGuard()
	} else {
		guard = g.guard() // only when chosen: it may use a variable
	}
	g.line("if %s {", guard)
	g.line("	%s = true", flag)
	g.line("	%s = %s", v, g.val(i32, false, 1))
	g.line("}")
	g.barrier(c)
	g.line("if %s {", flag)
	g.line("	%s += %s", g.sink, v)
	g.line("}")
}

// predBarrier writes a barrier that reduces a predicate; its result is
// block-uniform.
func (g *gen) predBarrier(c ctx) {
	p := g.cond(false, 0)
	switch g.ch.pick(3) {
	case 0:
		name := g.fresh("n")
		g.line("%s := t.SyncThreadsCount(%s)", name, p)
		g.declare(name, tint, true, false)
	default:
		name := g.fresh("b")
		g.line("%s := t.SyncThreads%s(%s)", name, []string{"And", "Or"}[g.ch.pick(2)], p)
		g.declare(name, tbool, true, false)
	}
	g.sh = shState{}
}
