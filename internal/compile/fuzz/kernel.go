package fuzz

import "fmt"

// kernel writes the kernel: a prologue declaring the thread's indices,
// its shared memory and variables of each kind, statements, and an
// epilogue storing every variable in the thread's out slots.
func (g *gen) kernel(k *Kernel) {
	g.line("// %s returns a generated kernel.", k.Ctor)
	g.line("//")
	g.line("//gocuda:kernel %s", k.Ctor)
	g.line("func %s(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {", k.Name)
	g.indent++
	g.frames = [][]*variable{{{name: "p0", typ: i32, uniform: true}, {name: "p1", typ: tint, uniform: true}}}
	g.prologue()
	g.sink = "a0"
	g.block(ctx{top: true, uniform: true, coll: true, canReturn: true, exitOK: true})
	g.epilogue()
	g.indent--
	g.line("}")
}

// prologue declares the variables every kernel has.
func (g *gen) prologue() {
	g.line("size := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z")
	g.line("rank := %s", []string{"t.ThreadRank()", "t.ThreadIdx.X + t.BlockDim.X*(t.ThreadIdx.Y+t.BlockDim.Y*t.ThreadIdx.Z)"}[g.ch.pick(2)])
	// One byte picks the lane's form (its value modulo 3, as when this
	// choice had three options) and the first load's (its value over 3).
	form := g.ch.pick(9)
	g.line("lane := %s", []string{"t.LaneID()", "rank % 32", "rank & 31"}[form%3])
	g.line("gid := (t.BlockIdx.X+t.GridDim.X*(t.BlockIdx.Y+t.GridDim.Y*t.BlockIdx.Z))*size + rank")
	g.line("sh := gocuda.Shared[int32](t, 2*size)")
	g.keptLoad()
	g.firstLoad(form / 3)
	g.line("a1 := int32(rank)*p0 + 1")
	g.line("a2 := int32(gid)")
	g.line("u0 := uint32(gid) * 2654435761")
	g.line("u1 := uint32(lane) + uint32(p0)")
	g.line("w0 := p0 + int32(t.BlockIdx.X)")
	g.line("live := gocuda.FullMask")
	g.line("done := uint32(0) // a bit per helper the thread called")
	g.line("f0 := float32(a0) * 0.25")
	g.line("var q [4]int32")
	g.line("var st struct {\n\t\tx int32\n\t\ty uint32\n\t}")
	g.line("sh[rank], sh[size+rank] = a0, int32(lane)")
	// Each thread's own element of two shared slices of aggregates, whose
	// parts consecutive threads reach an element apart (elemPart).
	g.line("ep := gocuda.Shared[[2]int32](t, size)")
	g.line("ep[rank] = [2]int32{a0 ^ 5, int32(lane)}")
	g.line("es := gocuda.Shared[%s](t, size)", pairType)
	g.line("es[rank] = %s{a2, u0}", pairType)
	g.sh = shState{wrote: true}
	f := &g.frames[0]
	for _, v := range []variable{
		{name: "size", typ: tint, uniform: true}, {name: "rank", typ: tint}, {name: "lane", typ: tint},
		{name: "gid", typ: tint}, {name: "a0", typ: i32, mut: true}, {name: "a1", typ: i32, mut: true},
		{name: "a2", typ: i32, mut: true}, {name: "u0", typ: u32, mut: true}, {name: "u1", typ: u32, mut: true},
		{name: "w0", typ: i32, uniform: true, mut: true}, {name: "live", typ: u32},
	} {
		*f = append(*f, &v)
	}
}

// epilogue stores the kernel's variables in the thread's first out slots,
// after, where chosen, a tree over the shared slots.
func (g *gen) epilogue() {
	if g.ch.pick(3) == 1 {
		g.sharedTree()
	}
	if !g.exited && g.ch.pick(3) == 1 {
		g.warpPairs()
	}
	if g.ch.pick(3) == 1 {
		g.blellochSweeps()
	}
	if g.ch.pick(3) == 1 && !g.exited { // a returned thread writes none of its elements
		g.fillTile()
	}
	if g.ch.pick(3) == 1 && !g.exited { // a returned thread loads none of its elements
		g.tileWalk()
	}
	if g.ch.pick(3) == 1 && !g.exited { // a returned thread adds none of its runs
		g.gridRuns()
	}
	g.line("a0 ^= q[0] + 3*q[1] + 5*q[2] + 7*q[3] + st.x ^ int32(st.y) + b0")
	g.line("a1 ^= ep[rank][0] + 3*ep[rank][1] ^ es[rank].x + int32(es[rank].y)")
	g.imports["math"] = true
	for i, v := range []string{"uint32(a0)", "uint32(a1)", "uint32(a2)", "u0", "u1", "uint32(w0)", "live", "math.Float32bits(f0)"} {
		g.line("out[gid*%d+%d] = %s", Slots, i, v)
	}
	g.line("_, _, _ = sh, lane, done")
}

// sharedTree writes Harris's tree over the shared slots of a
// one-dimensional block at the body's top level, read after at constant
// indexes alone: the compiled form runs its steps up to three at a time,
// storing only the last one's sums (the trees pass). In blocks of more
// than one row, whose rows would add into the same slots, the tree
// starts at 0 and takes no step.
func (g *gen) sharedTree() {
	g.barrier(ctx{})
	s := g.fresh("s")
	stop := []string{"0", "1", "int(uint(p1) % 5)", "3"}[g.ch.pick(4)]
	g.line("for %s := size >> (11 * (t.BlockDim.Y*t.BlockDim.Z - 1)); %s > %s; %s >>= 1 {", s, s, stop, s)
	g.line("\tif t.ThreadIdx.X < %s {", s)
	g.line("\t\tsh[t.ThreadIdx.X] += sh[t.ThreadIdx.X+%s]", s)
	g.line("\t}")
	g.line("\tt.SyncThreads()")
	g.line("}")
	g.line("%s ^= sh[0] + 3*sh[1]", g.sink)
}

// blellochSweeps writes, after a barrier, Blelloch's sweeps over the
// shared slots at the body's top level: in a one-dimensional block whose
// size is a power of two (elsewhere the loops take no step), an up-sweep
// from offset 1 down to a chosen step, then, from an offset that keeps
// its indexes in the slots, a down-sweep up to a chosen bound, the root
// cleared first or not; all of it, where chosen, in a uniform loop run
// once or twice. The compiled form runs three steps of each as one where
// the block allows (the trees pass).
func (g *gen) blellochSweeps() {
	g.barrier(ctx{})
	n, off, d, ai, bi, y := g.fresh("bn"), g.fresh("boff"), g.fresh("bd"), g.fresh("ai"), g.fresh("bi"), g.fresh("by")
	g.line("%s := size", n)
	g.line("if %s&(%s-1) != 0 || t.BlockDim.Y*t.BlockDim.Z != 1 {", n, n)
	g.line("\t%s = 0", n)
	g.line("}")
	reps := g.ch.pick(2) == 1 // the sweeps in a uniform loop, run once or twice
	if reps {
		rep := g.fresh("rep")
		g.line("for %s := 0; %s < 1+int(uint(p1)%%2); %s++ {", rep, rep, rep)
		g.indent++
	}
	g.line("%s := 1", off)
	stop := []string{"0", "0", "1", "int(uint(p1) % 5)"}[g.ch.pick(4)]
	g.line("for %s := %s; %s > %s; %s >>= 1 {", d, n, d, stop, d)
	g.line("\tt.SyncThreads()")
	g.line("\tif t.ThreadIdx.X < %s {", d)
	g.line("\t\t%s, %s := %s*(2*t.ThreadIdx.X+1)-1, %s*(2*t.ThreadIdx.X+2)-1", ai, bi, off, off)
	g.line("\t\tsh[%s] += sh[%s]", bi, ai)
	g.line("\t}")
	g.line("\t%s *= 2", off)
	g.line("}")
	limit := []string{"2 * " + n, n, n + " / 2"}[g.ch.pick(3)]
	if g.ch.pick(2) == 1 {
		g.line("t.SyncThreads()")
		g.line("if t.ThreadIdx.X == 0 && %s > 0 {", limit)
		g.line("\tsh[%s-1] = 0", limit)
		g.line("}")
	}
	g.line("%s = %s", off, limit)
	g.line("for %s := 1; %s < %s; %s *= 2 {", d, d, limit, d)
	g.line("\t%s >>= 1", off)
	g.line("\tt.SyncThreads()")
	g.line("\tif t.ThreadIdx.X < %s {", d)
	g.line("\t\t%s, %s := %s*(2*t.ThreadIdx.X+1)-1, %s*(2*t.ThreadIdx.X+2)-1", ai, bi, off, off)
	g.line("\t\t%s := sh[%s]", y, ai)
	g.line("\t\tsh[%s] = sh[%s]", ai, bi)
	g.line("\t\tsh[%s] += %s", bi, y)
	g.line("\t}")
	g.line("}")
	if reps {
		g.indent--
		g.line("}")
	}
	g.barrier(ctx{})
	g.line("%s ^= sh[rank] + 3*sh[size+rank]", g.sink)
}

// fillTile writes, after a barrier, a shared tile that each thread
// writes at per*x+c for each c below per before any thread reads it, as
// Blelloch's scan loads its tile (the compiled form spares its zeroing,
// the shared pass), or one declared an element per x longer (zeroed, as the
// runtime check sees); the threads then read the written part backwards
// (never the rest: a GPU does not zero shared memory, and gocuda check
// says so), and write -1s over the whole tile, which a later block of the
// worker must not read. The values depend on x alone: the rows of a 2-D
// block write the same.
func (g *gen) fillTile() {
	g.barrier(ctx{})
	ft, k := g.fresh("ft"), g.fresh("fk")
	per := 1 + g.ch.pick(2)
	g.line("%s := gocuda.Shared[int32](t, %d*t.BlockDim.X)", ft, per+g.ch.pick(2))
	for c := range per {
		g.line("%s[%d*t.ThreadIdx.X+%d] = int32(t.ThreadIdx.X*%d+%d) ^ p0", ft, per, c, per, c)
	}
	g.barrier(ctx{})
	g.line("for %s := t.ThreadIdx.X; %s < %d*t.BlockDim.X; %s += t.BlockDim.X {", k, k, per, k)
	g.line("\t%s += %s[%d*t.BlockDim.X-1-%s] * int32(%s+1)", g.sink, ft, per, k, k)
	g.line("}")
	g.barrier(ctx{})
	g.line("for %s := t.ThreadIdx.X; %s < len(%s); %s += t.BlockDim.X {", k, k, ft, k)
	g.line("\t%s[%s] = -1", ft, k)
	g.line("}")
}

// warpPairs writes, after a barrier, Luitjens's warps at the body's top
// level: each lane adds two elements of in a block apart (zero past its
// end), the warp sums them with shuffles down to lane 0, and lane 0
// alone folds the sum into the sink. The compiled form runs a whole
// warp's adds and shuffles as one call where the block is
// one-dimensional and its rows lie in in (the demand pass). Every
// thread must still run, for the full mask.
func (g *gen) warpPairs() {
	g.barrier(ctx{})
	at, i, v, o := g.fresh(g.prefix+"pair"), g.fresh("pi"), g.fresh("pv"), g.fresh("o")
	g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, i int) int32 {\n\tif i < len(in) {\n\t\treturn in[i]\n\t}\n\treturn 0\n}\n", at))
	g.line("%s := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X", i)
	g.line("%s := %s(in, %s) + %s(in, %s+t.BlockDim.X)", v, at, i, at, i)
	g.line("for %s := 16; %s > 0; %s /= 2 {", o, o, o)
	g.line("\t%s += gocuda.ShflDownSync(t, gocuda.FullMask, %s, %s, 32)", v, v, o)
	g.line("}")
	g.line("if %s == 0 {", []string{"t.LaneID()", "lane"}[g.ch.pick(2)])
	g.line("\t%s ^= %s", g.sink, v)
	g.line("}")
}

// gridKernel writes a kernel without barriers or shared memory whose
// thread code is one grid-stride loop over g, each trip writing g[i]: the
// compiled form runs it a chunk of blocks at a time, flat where the trips
// are independent (they change only g[i] and their own variables) and in
// lockstep otherwise. Its code reads no y or z coordinate, so that the
// threads a launch of more than one dimension gives the same i (the loop
// strides over x alone) write the same values.
func (g *gen) gridKernel(k *Kernel) {
	g.gridHeader(k)
	start := []string{"t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X", "t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X",
		"p1 + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X"}[g.ch.pick(3)]
	step := []string{"t.BlockDim.X * t.GridDim.X", "t.GridDim.X * t.BlockDim.X", "t.BlockDim.X*t.GridDim.X + p1%2"}[g.ch.pick(3)]
	g.line("for i := %s; i < len(g); i += %s {", start, step)
	g.indent++
	g.line("gid := i")
	g.line("a0 := in[i%%len(in)]")
	g.line("a1 := int32(i)*p0 + w0")
	g.line("u0 := uint32(i) * 2654435761")
	g.line("f0 := float32(a0) * 0.25")
	g.line("var q [4]int32")
	g.line("var st struct {\n\t\t\tx int32\n\t\t\ty uint32\n\t\t}")
	g.sink = "a0"
	g.imports["math"] = true
	g.block(ctx{loops: 1, depth: 1}, &variable{name: "gid", typ: tint}, &variable{name: "a0", typ: i32, mut: true, used: true},
		&variable{name: "a1", typ: i32, mut: true, used: true}, &variable{name: "u0", typ: u32, mut: true, used: true})
	g.line("g[i] = a0 ^ a1 ^ int32(u0) ^ q[0] ^ q[3] ^ st.x ^ int32(st.y) ^ int32(math.Float32bits(f0))")
	g.indent--
	g.line("}")
	g.indent--
	g.line("}")
}

// gridThreadKernel writes a kernel without barriers or shared memory
// whose threads each take one element i of g, from their coordinates in
// the grid: x fastest (the tile pass runs blocks that follow one another
// along x as one row) or y fastest (transpose (in the order pass) runs rows along
// y). Every thread of the launch has its own i, so y and z may vary; the
// statements of its body, where it has any, read x alone, as in
// gridKernel. A body of none leaves thread code rebase (in the rows pass) takes
// whole, which runs needs.
func (g *gen) gridThreadKernel(k *Kernel) {
	g.gridHeader(k)
	g.line("x := %s", []string{"t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X", "t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X",
		"p1 + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X - p1"}[g.ch.pick(3)])
	g.line("y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y")
	g.line("z := t.ThreadIdx.Z + t.BlockIdx.Z*t.BlockDim.Z")
	g.line("w, h := t.BlockDim.X*t.GridDim.X, t.BlockDim.Y*t.GridDim.Y")
	g.line("i := %s", []string{"(z*h+y)*w + x", "(z*w+x)*h + y"}[g.ch.pick(2)])
	g.line("if i < len(g) {")
	g.indent++
	g.line("gid := i")
	g.line("a0 := int32(-1)")
	g.line("if i < len(in) {\n\t\t\ta0 = in[i]\n\t\t}")
	g.line("a1 := int32(i)*p0 + w0")
	g.line("u0 := uint32(i) * 2654435761")
	g.sink = "a0"
	if g.ch.pick(2) == 1 {
		g.line("f0 := float32(a0) * 0.25")
		g.line("var q [4]int32")
		g.line("var st struct {\n\t\t\tx int32\n\t\t\ty uint32\n\t\t}")
		g.imports["math"] = true
		g.block(ctx{depth: 1}, &variable{name: "gid", typ: tint}, &variable{name: "a0", typ: i32, mut: true, used: true},
			&variable{name: "a1", typ: i32, mut: true, used: true}, &variable{name: "u0", typ: u32, mut: true, used: true})
		g.line("a0 ^= q[0] ^ q[3] ^ st.x ^ int32(st.y) ^ int32(math.Float32bits(f0))")
	}
	g.line("g[i] = a0 ^ a1 ^ int32(u0) ^ int32(gid)")
	g.indent--
	g.line("}")
	g.indent--
	g.line("}")
}

// gridHeader opens a kernel without barriers or shared memory (gridKernel,
// gridThreadKernel) and declares its block-level variables.
func (g *gen) gridHeader(k *Kernel) {
	g.line("// %s returns a generated kernel.", k.Ctor)
	g.line("//")
	g.line("//gocuda:kernel %s", k.Ctor)
	g.line("func %s(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {", k.Name)
	g.indent++
	g.grid = true
	g.frames = [][]*variable{{{name: "p0", typ: i32, uniform: true}, {name: "p1", typ: tint, uniform: true}}}
	g.line("size := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z")
	g.line("w0 := p0 + int32(size)")
	g.frames[0] = append(g.frames[0], &variable{name: "size", typ: tint, uniform: true, used: true},
		&variable{name: "w0", typ: i32, uniform: true, used: true})
}

// keptLoad declares b0, the thread's element of in through a guarded
// load (zero past the end), alone before a barrier: a value kept across
// it, which copies (in the rows pass) copies a row at a time. It takes no choice,
// so that the corpus's inputs make the kernels they made before, with
// this load added.
func (g *gen) keptLoad() {
	at := g.fresh(g.prefix + "load")
	g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, i int) int32 {\n\tif i < len(in) {\n\t\treturn in[i]\n\t}\n\treturn 0\n}\n", at))
	g.line("b0 := %s(in, gid)", at)
	g.line("t.SyncThreads()")
}

// firstLoad declares a0, the thread's first value from in: one element
// (form 0), or, as Harris's reductions load, the sum of two half an
// array apart, which the streams pass reads a half at a time: through a
// guarded helper in one expression (1), or the CUDA samples' reduce3
// statements (2).
func (g *gen) firstLoad(form int) {
	if form == 0 {
		g.line("a0 := in[gid%%len(in)]")
		return
	}
	half := g.fresh("half")
	g.line("%s := len(in)/2 + 1", half)
	if form == 1 {
		at := g.fresh(g.prefix + "at")
		g.decls = append(g.decls, fmt.Sprintf("func %s(in []int32, i int) int32 {\n\tif i < len(in) {\n\t\treturn in[i]\n\t}\n\treturn 0\n}\n", at))
		g.line("a0 := %s(in, gid%%%s) + %s(in, gid%%%s+%s)", at, half, at, half, half)
		return
	}
	g.line("var a0 int32")
	g.line("if gid%%%s < len(in) {\n\t\ta0 = in[gid%%%s]\n\t}", half, half)
	g.line("if gid%%%s+%s < len(in) {\n\t\ta0 += in[gid%%%s+%s]\n\t}", half, half, half, half)
}
