package fuzz

import "fmt"

// loopExit writes a break or continue of the innermost loop, on a
// condition as uniform as the loop needs.
func (g *gen) loopExit(c ctx) {
	word := []string{"break", "continue"}[g.ch.pick(2)]
	g.line("if %s {", g.cond(c.brk == 1, 0))
	g.indent++
	g.line("%s", word)
	g.indent--
	g.line("}")
	// either leaves the loop with what the interval holds: a continue at
	// the last trip too, where no barrier of the loop's next trip follows
	b := &g.breaks[len(g.breaks)-1]
	*b = b.join(g.sh)
}

// switchStmt writes a switch: on a block-uniform tag its cases are like
// the branches of a uniform if, on a per-thread tag they are thread code.
func (g *gen) switchStmt(c ctx) {
	uni := g.ch.pick(8) == 0
	if !uni {
		c = g.inner(c)
		c.coll = false
	}
	c.brk = 0 // a break would leave the switch
	g.line("switch %s & 3 {", g.val(i32, uni, 1))
	s0, after := g.sh, g.sh
	cases := []string{"case 0:", "case 1, 2:", "default:"}
	for _, cs := range cases[:1+g.ch.pick(3)] {
		g.line("%s", cs)
		if uni { // exclusive cases; else see ifElse
			g.sh = s0
		}
		g.nest(c)
		after = after.join(g.sh)
	}
	g.line("}")
	g.sh = after
}

// lateAssign writes a per-thread variable declared before a barrier, as
// CUDA code declares them at the top, assigned after it in every case of
// a switch, in some cases only, or in some trips of a loop, and read
// after the next barrier: the compiler keeps it across the barriers only
// where its old value may be read.
func (g *gen) lateAssign(c ctx) {
	v := g.fresh("late")
	g.line("var %s int32", v)
	if g.ch.pick(2) == 0 {
		g.line("%s = %s", v, g.val(i32, false, 1))
	}
	g.barrier(c)
	switch g.ch.pick(3) {
	case 0:
		g.line("switch %s & 3 {", g.val(i32, false, 1))
		cases := []string{"case 0:", "case 1, 2:", "default:"}
		for _, cs := range cases[:2+g.ch.pick(2)] { // with the default or without
			g.line("%s", cs)
			g.line("\t%s = %s", v, g.val(i32, false, 1))
		}
		g.line("}")
	case 1:
		g.line("if %s {", g.cond(false, 1))
		g.line("\t%s = %s", v, g.val(i32, false, 1))
		if g.ch.pick(2) == 0 {
			g.line("} else {")
			g.line("\t%s = %s ^ 3", v, g.val(i32, false, 1))
		}
		g.line("}")
	default:
		k := g.fresh("k")
		g.line("for %s := 0; %s < int(t.ThreadIdx.X%%3); %s++ {", k, k, k)
		g.line("\t%s = %s + int32(%s)", v, g.val(i32, false, 1), k)
		g.line("}")
	}
	g.barrier(c)
	g.line("%s ^= %s", g.sink, v)
}

// float updates the kernel's float32 variable, rounding every product
// explicitly so that no fused multiply-add can make the two forms differ.
func (g *gen) float(c ctx) {
	if c.coll && g.ch.pick(3) == 0 {
		mask, seg := g.mask(c)
		if seg >= 0 {
			g.line("f0 = gocuda.ShflXorSync(t, %s, f0, %d, %d)", mask, g.ch.pick(1<<seg), 1<<seg)
			return
		}
	}
	switch g.ch.pick(3) {
	case 0:
		g.line("f0 = float32(f0*%s) + float32(%s)", []string{"0.5", "1.25", "-3", "1e-3"}[g.ch.pick(4)], g.val(i32, false, 1))
	case 1:
		g.line("f0 -= float32(%s) / 7", g.val(i32, false, 1))
	default:
		g.line("f0 = float32(f0*f0) - %s", []string{"1", "0.75", "1e10"}[g.ch.pick(3)])
	}
}

// array writes an element of the kernel's per-thread array.
func (g *gen) array(c ctx) {
	idx := fmt.Sprint(g.ch.pick(4))
	if g.ch.pick(2) == 0 {
		idx = fmt.Sprintf("int(uint32(%s) & 3)", g.val(i32, false, 2))
	}
	g.line("q[%s] %s %s", idx, []string{"=", "+=", "^="}[g.ch.pick(3)], g.val(i32, false, 0))
}

// pairType is the struct of the shared slice es (prologue).
const pairType = "struct {\n\t\tx int32\n\t\ty uint32\n\t}"

// elemPart writes a part of the thread's own element of the shared
// slices ep ([2]int32) and es (pairType): a part assigned or updated, or
// the whole element assigned a composite literal.
func (g *gen) elemPart(c ctx) {
	switch g.ch.pick(4) {
	case 0:
		g.line("ep[rank][%d] %s %s", g.ch.pick(2), []string{"=", "+=", "^="}[g.ch.pick(3)], g.val(i32, false, 0))
	case 1:
		g.line("ep[rank] = [2]int32{%s, %s}", g.val(i32, false, 1), g.val(i32, false, 1))
	case 2:
		g.line("es[rank].x %s %s", []string{"=", "-=", "|="}[g.ch.pick(3)], g.val(i32, false, 0))
	default:
		g.line("es[rank] = %s{y: %s, x: %s}", pairType, g.val(u32, false, 1), g.val(i32, false, 1))
	}
}

// structField writes a field of the kernel's per-thread struct.
func (g *gen) structField(c ctx) {
	if g.ch.pick(2) == 0 {
		g.line("st.x %s %s", []string{"=", "+=", "^="}[g.ch.pick(3)], g.val(i32, false, 0))
		return
	}
	g.line("st.y %s %s", []string{"=", "-=", "|="}[g.ch.pick(3)], g.val(u32, false, 0))
}

// tileStep writes a step over a 2D shared tile, as Rodinia's backprop and
// hotspot keep theirs: the block clears the tile (a GPU does not), each
// thread writes the element of its row (its y and z) and column (its x,
// shifted), and after a barrier reads one a row or column further, under
// a guard that it is some thread's or not (the tile reads as zero where
// no thread wrote). The rebase pass reslices each row of the tile to the
// row of threads.
func (g *gen) tileStep(c ctx) {
	const cols, rows = 131, 14 // the widest block is 128, the tallest 12 rows of y and z
	g.tiles++
	g.barrier(c)
	tl, row := g.fresh("tl"), g.fresh("row")
	r, col := g.ch.pick(2), g.ch.pick(2)
	g.line("%s := gocuda.Shared[[%d]int32](t, %d)", tl, cols, rows)
	j := g.fresh("j")
	g.line("for %s := rank; %s < %d; %s += size {\n\t%s[%s/%d][%s%%%d] = 0\n}", j, j, cols*rows, j, tl, j, cols, j, cols)
	g.barrier(c)
	g.line("%s := t.ThreadIdx.Y + t.BlockDim.Y*t.ThreadIdx.Z", row)
	g.line("%s[%s+%d][t.ThreadIdx.X+%d] = %s", tl, row, r, col, g.val(i32, false, 1))
	g.barrier(c)
	dr, dc := g.ch.pick(2), g.ch.pick(3)
	read := fmt.Sprintf("%s[%s+%d][t.ThreadIdx.X+%d]", tl, row, r+dr, col+dc)
	if g.ch.pick(2) == 0 {
		g.line("%s ^= %s", g.sink, read)
		return
	}
	g.line("if %s+%d < t.BlockDim.Y*t.BlockDim.Z && t.ThreadIdx.X+%d < t.BlockDim.X {", row, dr, dc)
	g.line("\t%s += %s", g.sink, read)
	g.line("}")
}

// clampStep writes the block's threads' values in shared memory, read
// past a barrier at the neighbouring ranks clamped to the block by ifs, as
// Rodinia's stencils clamp their neighbours' indices (w := tx-1; if w <
// lo { w = lo }): the compiler folds the clamps into max and min; or
// read at the neighbouring ranks only where they exist (if tx >= 1),
// which the compiler runs peeled.
func (g *gen) clampStep(c ctx) {
	g.tiles++
	g.barrier(c) // reads of an earlier trip of a loop around it are done
	cs, w, e, last := g.fresh("cs"), g.fresh("cw"), g.fresh("ce"), g.fresh("last")
	g.line("%s := gocuda.Shared[int32](t, size)", cs)
	if g.ch.pick(3) == 0 { // the stencils' other form: the edge threads skip their missing neighbours
		k := 1 + g.ch.pick(2)
		g.line("%s[rank] = %s", cs, g.val(i32, false, 1))
		g.barrier(c)
		g.line("if rank >= %d {\n\t%s ^= %s[rank-%d]\n}", k, g.sink, cs, k)
		g.line("if rank+%d < size {\n\t%s += %s[rank+%d] * 3\n}", k, g.sink, cs, k)
		return
	}
	g.line("%s := max(size-1-p1%%2, 0)", last)
	g.line("%s, %s := rank-1, rank+1", w, e)
	g.line("if %s < 0 {\n\t%s = 0\n}", w, w)
	if g.ch.pick(2) == 0 {
		g.line("if %s > %s {\n\t%s = %s\n}", e, last, e, last)
	} else {
		g.line("if %s < %s {\n\t%s = %s\n}", last, e, e, last)
	}
	g.line("%s[rank] = %s", cs, g.val(i32, false, 1))
	g.barrier(c)
	g.line("%s ^= %s[%s] + %s[%s]*3", g.sink, cs, w, cs, e)
}

// haloStep writes PMPP's load of a tile with its halo into shared memory:
// a block-stride walk along y around one along x over a tile wider (and
// maybe taller) than the block, from the thread's coordinates or an
// offset of them, which the compiler's tile pass walks in rows where the
// steps are the block's extents; past a barrier each thread reads an
// element the walk wrote, near its own, and a barrier after keeps a loop's
// next walk from writing what this one reads. Blocks with a z extent return
// first, the whole block at once: their threads of one x and y would
// write the same elements.
func (g *gen) haloStep(c ctx) {
	g.tiles++
	g.line("if t.BlockDim.Z != 1 {\n\treturn\n}")
	hc, hr, ht := g.fresh("hc"), g.fresh("hr"), g.fresh("ht")
	hx, hy := 1+g.ch.pick(3), g.ch.pick(3)
	g.line("%s, %s := t.BlockDim.X+%d, t.BlockDim.Y+%d", hc, hr, 2*hx, 2*hy)
	g.line("%s := gocuda.Shared[int32](t, %s*%s)", ht, hr, hc)
	offs := []string{"0", "1", "p1 & 1"}
	oy, ox := offs[g.ch.pick(3)], offs[g.ch.pick(3)]
	y, x, base := g.fresh("hy"), g.fresh("hx"), g.fresh("hb")
	val := "p0"
	if g.ch.pick(2) == 0 {
		val = g.val(i32, true, 1) // it may name the thread (the block's values): then the walk keeps its lockstep form
	}
	g.line("for %s := t.ThreadIdx.Y + %s; %s < %s; %s += t.BlockDim.Y {", y, oy, y, hr, y)
	copied := g.ch.pick(3) == 0
	g.line("\t%s := %s * %s", base, y, hc)
	g.line("\tfor %s := %s + t.ThreadIdx.X; %s < %s; %s += t.BlockDim.X {", x, ox, x, hc, x)
	if copied { // a copy of in, clamped at its ends: copied a row's part at once (kir/tile_copy.go)
		g.line("\t\t%s[%s+%s] = in[min(max(%s+int(p1%%7)-3, 0), len(in)-1)]", ht, base, x, x)
	} else {
		g.line("\t\t%s[%s+%s] = int32(%s*%d+%s) ^ (%s)", ht, base, x, x, 3+2*g.ch.pick(4), y, val)
	}
	g.line("\t}")
	g.line("}")
	if copied && val != "p0" {
		g.line("_ = %s // chosen before the copy was: the variables it named are used", val)
	}
	g.barrier(c)
	dy, dx := 1+g.ch.pick(2), 1+g.ch.pick(2) // past the offsets: elements the walk wrote
	g.line("if t.ThreadIdx.Y+%d < %s && t.ThreadIdx.X+%d < %s {", dy, hr, dx, hc)
	g.line("\t%s ^= %s[(t.ThreadIdx.Y+%d)*%s+t.ThreadIdx.X+%d]", g.sink, ht, dy, hc, dx)
	g.line("}")
	g.barrier(c) // in a loop, the next trip's walk writes what this one read
}

// jamStep writes a call of a helper scanning a run of in, 0 to 4
// elements long, into the thread's out slots 8 to 11 from a value of the
// thread's, inclusive or exclusive as a condition (the block's or the
// thread's) says, or of one folding the run into a value it returns,
// stored in the thread's slot 12; then a barrier: the call ends its
// thread loop, so that the jam pass runs four threads' calls at once
// (kir/jam.go).
func (g *gen) jamStep(c ctx) {
	name := g.fresh(g.prefix + "scan")
	g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, out []uint32, s uint32, inclusive bool) {\n"+
		"\tout = out[:len(in)]\n\tif inclusive {\n\t\tfor k, x := range in {\n\t\t\ts = s*3 + uint32(x)\n\t\t\tout[k] ^= s\n\t\t}\n\t\treturn\n\t}\n"+
		"\tfor k, x := range in {\n\t\tout[k] ^= s\n\t\ts += uint32(x) ^ s>>1\n\t}\n}\n", name))
	lo := g.fresh("lo")
	g.line("%s := min(gid%%7+int(p0&3), len(in))", lo)
	cond := []string{"p1%2 == 1", "rank%3 == 0", "lane < 5"}[g.ch.pick(3)]
	run := fmt.Sprintf("in[%s:min(%s+%d, len(in))]", lo, lo, g.ch.pick(5))
	if g.ch.pick(2) == 0 { // a helper returning its sum, stored in the thread's slot 12
		sum := g.fresh(g.prefix + "sum")
		g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, s uint32) uint32 {\n"+
			"\tfor _, x := range in {\n\t\ts = s*5 + uint32(x)\n\t}\n\treturn s\n}\n", sum))
		g.line("out[gid*%d+12] = %s(%s, %s)", Slots, sum, run, g.u32Of(false))
	} else {
		g.line("%s(%s, out[gid*%d+8:gid*%d+12], %s, %s)", name, run, Slots, Slots, g.u32Of(false), cond)
	}
	g.barrier(c)
}

// vecJamSum writes, between two barriers, a step that is only a loop
// carrying one or two int32 sums over in, folded afterwards into a
// variable of the thread's: the shape the SIMD build runs two vector
// steps at once (kir/vecjam.go). A store to the thread's slots, a stride
// of Slots, would keep the step scalar. The loop reads in at the
// thread's x plus the trip (a window) or at the trip's row of the
// block's width (a column), a count of trips the same for the block that
// keeps every read in range, since a launch that fails compares nothing.
func (g *gen) vecJamSum(c ctx) {
	acc, _, ok := g.threadSum(c)
	if !ok {
		return
	}
	g.barrier(c)
	d, s0, s1 := g.fresh("d"), g.fresh("js"), g.fresh("js")
	two := g.ch.pick(2) == 0
	g.line("%s := int32(gid)", s0)
	if two {
		g.line("%s := p0", s1)
	}
	at := fmt.Sprintf("in[t.ThreadIdx.X+%s]", d)
	if g.ch.pick(2) == 0 {
		g.line("for %s := 0; %s < min(int(p1%%5)+1, len(in)-t.BlockDim.X); %s++ {", d, d, d)
	} else {
		g.line("for %s := range min(int(p1%%4)+1, len(in)/t.BlockDim.X) {", d)
		at = fmt.Sprintf("in[%s*t.BlockDim.X+t.ThreadIdx.X]", d)
	}
	g.line("\t%s = %s*3 + %s", s0, s0, at)
	sum := s0
	if two {
		g.line("\t%s ^= %s - %s>>1", s1, at, s1)
		sum = s0 + " ^ " + s1
	}
	g.line("}")
	g.line("%s ^= %s", acc.name, sum)
	g.barrier(c)
}

// tileWalk writes, after a barrier, PMPP's load of a tile with its halo
// (the blur's): the block's threads walk a tile r wider than the block
// on each side, in steps of the block's extents, each element from in
// taken as an image w wide, clamped at its edges; past a barrier, each
// thread reads its own element. The compiled form walks the tile in rows
// and copies each row's part in range at once, and where the clamps
// leave every row alone, checks all the rows once and copies them one
// after another (the tile pass). The values depend on x and y alone: the
// layers of a 3-D block write the same.
func (g *gen) tileWalk() {
	g.barrier(ctx{})
	tw, w, h, sx, sy := g.fresh("tw"), g.fresh("tww"), g.fresh("twh"), g.fresh("sx"), g.fresh("sy")
	x0, y0, ty, tx, row := g.fresh("x0"), g.fresh("y0"), g.fresh("ty"), g.fresh("tx"), g.fresh("row")
	r := g.ch.pick(3)
	clamp := func(i, n string) string { return fmt.Sprintf("min(max(%s, 0), %s-1)", i, n) }
	if g.ch.pick(2) == 0 {
		name := g.fresh(g.prefix + "clamp")
		g.decls = append(g.decls, fmt.Sprintf("func %s(i, n int) int { return min(max(i, 0), n-1) }\n", name))
		clamp = func(i, n string) string { return fmt.Sprintf("%s(%s, %s)", name, i, n) }
	}
	g.line("%s := max(min(len(in), %d), 1)", w, 1+g.ch.pick(6))
	g.line("%s := max(len(in)/%s, 1)", h, w)
	g.line("%s, %s := t.BlockDim.X+%d, t.BlockDim.Y+%d", sx, sy, 2*r, 2*r)
	g.line("%s := gocuda.Shared[int32](t, %s*%s)", tw, sx, sy)
	g.line("%s, %s := t.BlockIdx.X*t.BlockDim.X-%d, t.BlockIdx.Y*t.BlockDim.Y-%d", x0, y0, r, r)
	g.line("for %s := t.ThreadIdx.Y; %s < %s; %s += t.BlockDim.Y {", ty, ty, sy, ty)
	g.line("\t%s := in[%s*%s:]", row, clamp(y0+"+"+ty, h), w)
	g.line("\tfor %s := t.ThreadIdx.X; %s < %s; %s += t.BlockDim.X {", tx, tx, sx, tx)
	g.line("\t\t%s[%s*%s+%s] = %s[%s]", tw, ty, sx, tx, row, clamp(x0+"+"+tx, w))
	g.line("\t}")
	g.line("}")
	g.barrier(ctx{})
	g.line("%s ^= %s[(t.ThreadIdx.Y+%d)*%s+t.ThreadIdx.X+%d] * 7", g.sink, tw, r, sx, r)
}

// gridRuns writes, after a barrier, the coarsened reduction's loop: each
// thread adds, with runHelper's eight accumulators, its runs of in a
// grid's span apart to a sum it keeps across a barrier. The SIMD build
// calls the jam pass's pairing of twins where the helper cannot fail and a round
// is one trip a thread: runs long enough that the span reaches
// compiled.ChunkSpan are picked half the time. The jam pairs calls of
// 1024 elements and more, longer than the batches' inputs, so here it
// runs each call at once; internal/difftest's slpjam tests pair them.
func (g *gen) gridRuns() {
	g.barrier(ctx{})
	acc, lo := g.fresh("gs"), g.fresh("lo")
	run := []int{1 + g.ch.pick(12), 40 + g.ch.pick(90)}[g.ch.pick(2)]
	g.line("var %s int32", acc)
	g.line("for %s := gid * %d; %s < len(in); %s += size * t.GridDim.X * t.GridDim.Y * t.GridDim.Z * %d {", lo, run, lo, lo, run)
	g.line("\t%s += %s(in[%s:min(%s+%d, len(in))], %s)", acc, g.runHelper(), lo, lo, run, g.val(i32, false, 1))
	g.line("}")
	g.barrier(ctx{})
	g.line("%s ^= %s", g.sink, acc)
}

// guardedOffset writes, between barriers, a load at the thread's x index
// plus an offset, under an if that differs between lanes and that also
// admits the offset's operand: a shift by a count, or a division by a
// divisor, that may be negative or zero where the if does not admit it.
// A vector step must check such a load where its if runs: checked ahead,
// a negative count panicked in threads that never shift.
func (g *gen) guardedOffset(c ctx) {
	acc, _, ok := g.threadSum(c)
	if !ok {
		return
	}
	g.barrier(c)
	k := g.fresh("k")
	g.line("%s := int(p0%%5) - 1", k)
	lanes := []string{"t.ThreadIdx.X%3 != int(uint32(p1)%3)", "t.ThreadIdx.X < int(p0&63)", "in[t.ThreadIdx.X%len(in)] > 0"}[g.ch.pick(3)]
	if g.ch.pick(2) == 0 {
		g.line("if %s >= 0 && t.ThreadIdx.X < len(in)-16 && %s {", k, lanes)
		g.line("\t%s ^= in[t.ThreadIdx.X+1<<%s]", acc.name, k)
	} else {
		g.line("if %s != 0 && t.ThreadIdx.X < len(in)-16 && %s {", k, lanes)
		g.line("\t%s ^= in[t.ThreadIdx.X+8+8/%s]", acc.name, k)
	}
	g.line("}")
	g.barrier(c)
}
