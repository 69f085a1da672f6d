// Package kir is the middle end and back end of gocuda compile: a kernel
// IR, the pass pipeline over it, and the emitter that writes a compiled
// kernel's body.
//
// A kernel enters as its type-checked syntax (a Source). The passes, in
// the order of the table in passes.go, each a file:
//
//   - check: refuse what no lowering can compile: the thread escaping,
//     goto, defer, calls that may synchronize out of sight
//   - build: the kernel as one thread's program, its sync points explicit:
//     helpers and methods that synchronize inlined, and helpers walking
//     memory from the caller's position a multiple of their counter apart,
//     sync points inside expressions evaluated into temporaries, switches
//     as ifs
//   - classify: each variable uniform, remat or varying; control around
//     barriers uniform, or checked at run time where the block's threads
//     must agree (a loop's or an if's condition the compiler cannot prove
//     the block's), and a thread leaving a loop after which the kernel only
//     runs thread code runs that code and returns; an if holding barriers
//     whose condition the threads may not share, after which the kernel
//     ends, runs its sides' code between barriers per thread, the sides'
//     k-th barriers one, each side returning at its end
//   - interchange: a thread's loop whose body reads along a row of threads
//     but strides from trip to trip runs trip by trip for the block, unless
//     the vector pass runs every such loop as written eight threads a step
//     in both builds (a trial of the passes up to it)
//   - stride: grid-stride loops, to run in lockstep
//   - fission: thread loops between barriers, block-level code around them,
//     warp loops around collectives; the thread statements opening a uniform
//     if right after thread code run at that code's end, under the if's
//     condition; a uniform check failing the launch that opens the
//     threads' code runs once, at block level
//   - fuse: merge thread loops that no sync point separates; a loop after a
//     uniform if merges, in both branches, with a branch's last loop
//   - streams: a thread loop whose first statements read a slice at the
//     thread's index and whose next reads it a block's extent further (or
//     whose first statement's operands do so) runs those first reads for
//     every thread first, so that memory is read in ascending order (in the
//     SIMD build where they run vector steps; in the default build unless
//     the loop runs portable steps); where one fails, the loop runs as
//     written
//   - warp: in warp loops, lane loops between collectives and masked ifs
//     that reconverge; an if for one lane at the end of a lane loop in a
//     loop of its own
//   - spill: keep per thread (scratch) or per lane ([32]T) only what lives
//     across a sync point; a warp's lane loop stores none that the next lane
//     loop to name it assigns first, a thread loop none that no loop after it
//     reads; a collective whose operand copies a variable kept per lane,
//     unchanged in the lane loop before it, reads that variable's lanes; a
//     variable a function literal captures that changes after its declaration
//     (not a loop's, one per iteration) is kept per thread, and in place
//     (every use its element), so that a closure called after a sync point
//     sees its current value
//   - enter: thread arguments no callee reads need no thread entered
//   - atomics: an atomic on an element of a shared-memory slice is a
//     plain read and write (compiled.SharedAdd and its kin): the body
//     runs the block's threads on one goroutine, the only one that
//     reaches its shared memory
//   - mode: a chunk of blocks per call for kernels without barriers or
//     shared memory; the record of exited threads
//   - fill: a shared-memory declaration at the body's top level whose next
//     code is a thread loop writing every element first (v[s*x+c] for each c
//     below s, x the thread's x index, no read of v, no return) is spared the
//     zeroing of its allocation where its length is at most s times the
//     block's x extent
//   - blockorder: a grid body whose accesses run along y and stride along
//     x takes its blocks y fastest
//   - transpose: a grid body blockorder takes y fastest and that names the
//     thread only by its coordinates' components runs its thread loops' rows
//     along y: the emitter's x is the source's y
//   - narrow: thread loops run the part of each row of x that their guards
//     admit (if tid < s, if i >= n { return }); a guard on x times a uniform
//     factor, plus an offset or not (index := 2*s*tid; if index+s < n),
//     bounds the row where the factor is positive, and stays; a last guard
//     admitting a residue of x (if tid%(2*s) == 0) steps through the row,
//     without the guard where the residue is one; a guard admitting the
//     rows whose y is a multiple of a uniform value (if ty%p == 0) steps
//     over the rows it rejects where the value is positive and divides the
//     block's height
//   - flatten: a grid-stride loop whose trips are independent runs its
//     iteration space in rows, a contiguous part per chunk of blocks
//   - unroll: short loops of a constant trip count written as copies;
//     small innermost ranges over slices written four elements a step
//   - reverse: a shift scan's step, two thread loops around a barrier
//     that read a shared slice at the thread's index less offsets and
//     write it at the index, runs as one loop over the threads from the
//     last
//   - split: a thread loop with one guard of the thread's index among
//     code that cannot fail runs as two: the threads it rejects, then
//     those it admits, neither testing it (where the rest only declares
//     the loop's own variables, the admitted alone); so does a reversed
//     step's first loop where the build keeps its two loops (SIMD)
//   - quotient: a thread loop dividing the thread's x index plus a row's
//     offset by a row's value runs each row in segments of one quotient:
//     a division per segment, not per thread
//   - rebase: thread loops indexing slices at x plus a row's offset (or
//     that offset alone, or a 2-D tile's row and x plus an offset),
//     directly or through a guarded load (a helper returning in[i] where
//     i is in range), or at a stride times x plus an offset (bounded, not
//     resliced; under no guard but ones comparing it with a slice's
//     length), run, where the slices are long enough (for the part
//     of a row its neighbours' reads leave), without those checks, and
//     without position records where nothing else can fail; so do the
//     lane loops of whole warps that lie in one row of x; there, a guard
//     comparing a rebased index with a slice's length (that slice's, or
//     another the row's check then takes in) is decided; an element the
//     whole row reads at one index, which no slice the loop writes holds
//     (checked per row) and nothing else it does can change, is loaded
//     once a row
//   - copies: a rebased thread loop whose threads each copy an element at
//     their x plus a row's offset, to a variable kept in scratch or to
//     another slice at their x plus an offset, copies each row at once
//     (where slices might overlap, those that do not); a warp's lane loop
//     whose code only copies variables kept per lane or a shuffle's result
//     into the variables it keeps copies each of them at once (a whole
//     warp's shuffle up or down by a constant, from its operand's lanes
//     shifted), and a whole warp's load under a guard its row's check
//     decides, copied on to a variable kept per lane, copies the row
//   - demand: a shuffle-down reduction whose offsets halve, whose result a
//     warp's first lanes alone read (in a lane range, or a thread loop
//     narrowed to x < n of a one-dimensional block), adds in each
//     whole-warp step only the lanes the later steps read, and runs the
//     lane loops that only copy the result for lanes [0, k) alone; so
//     does a warp's tree over shared memory (v += s[x+d], then s[x] = v)
//     whose elements only constant indexes below a warp read after it,
//     in one-dimensional blocks
//   - rowsahead: a warp loop at the body's top whose lane loops read a
//     parameter the kernel never writes in two streams or more, at x plus
//     offsets the same for the block, reads those rows ahead, each at
//     once, into scratch, where the whole warps' lanes read them; in the
//     default build, a whole warp of a one-dimensional block whose rows
//     were read runs the loop's code written for it, its mask and extents
//     constants, its lanes reading the rows with no test of the slices
//   - pairtree: a warp loop opening with a lane loop whose code only sums two
//     elements of rows read ahead into the variable a shuffle-down reduction
//     from 16 then sums to lane 0, alone read after, runs both for a whole
//     warp as one call (compiled.ShflDownLane0Pair): the same additions, the
//     lanes' sums never stored
//   - runs: a grid body of one rebased thread loop that reads its block's
//     and thread's x only as their sum runs the blocks of its chunk that
//     follow one another along x as one row, and a flat grid-stride loop of
//     such code its chunk's rows
//   - chunk: a lockstep loop that rebase did not take runs, each round, a
//     chunk of trips of each thread in turn, its state in locals, the
//     chunk's span small enough for the cache (unless the build runs the
//     loop's vector steps)
//   - tile: a thread loop walking a tile larger than the block, a
//     block-stride loop along y around one along x, runs its elements in
//     rows where the steps are the block's extents, each element at its
//     thread; a walk that only copies copies each row's part in range at
//     once, and where its rows' offsets are affine in the row (a clamp
//     in them leaving its argument alone on every row, checked at the
//     walk's ends), checks every row at once and copies the rows one
//     after another
//   - stops: loops that might not end check for a stopped launch
//   - treefold: a halving tree over shared memory in the body's top
//     level (for s := x; s > stop; s /= 2 { if tid < s { row[tid] +=
//     row[tid+s] }; barrier }), which the kernel reads after only below
//     a bound (constant indexes, x under a constant bound plus a
//     halving offset), runs up to three steps a trip where the block is
//     one-dimensional and has a thread for each x below the step,
//     storing only the last step's sums; Harris's last warp (if tid <
//     32 { v := row[tid]; for offset := 32; ... { v += row[tid+offset];
//     row[tid] = v } }), after which only row[0] is read, runs as that
//     tree where the block is one-dimensional and its first warp whole
//   - sweepfold: a sweep of Blelloch's scan in the body's block-level code, an
//     up-sweep (for d := x; d > stop; d >>= 1 { barrier; if tid < d {
//     temp[offset*(2*tid+2)-1] += temp[offset*(2*tid+1)-1] }; offset *= 2 })
//     or a down-sweep (for d := x; d < n; d *= 2 { offset >>= 1; barrier; if
//     tid < d { y := temp[ai]; temp[ai] = temp[bi]; temp[bi] += y } }), runs
//     the up-sweep's three steps from offset 1 and the down-sweep's three down
//     to offset 1 as one, each group of eight elements in registers, where the
//     block is one-dimensional and has a thread for each x below the steps
//   - memo: in a warp loop's lane loops, a run of statements that divides or
//     calls a function, computing with no other effect from values a
//     collective leaves the same for its lanes (a reduction's sum, a vote, a
//     broadcast) and uniform ones, runs for a lane only where its inputs'
//     bits differ from those of the lane that last ran it: the others take
//     that lane's results
//   - vector: thread loops (and warps' lane loops) the SIMD build runs
//     eight threads at a time, as the lanes of a vector; of those, the
//     loops whose threads carry a sum through a loop of their own,
//     branch, or update a variable kept across barriers, which the
//     default build runs eight threads at a time too, in portable vectors
//   - slp: calls of helpers whose loops add a run's elements to as many
//     accumulators, one statement each, call in the SIMD build a twin
//     keeping the accumulators as a vector's lanes
//   - jam: a thread loop ending with a call of a helper whose first
//     statements are assignments and whose rest cannot fail and carries a
//     value through a loop runs four threads' rests at once, their loops
//     interleaved trip by trip
//   - slpjam: a lockstep loop whose trips only add a twin helper's
//     result to a variable kept per thread runs, in the SIMD build, each
//     call of 128 trips or more with that of the thread a window later,
//     the two twins' loops interleaved, where the helper cannot fail,
//     keeps to its own variables and loops on a parameter's length
//   - hoist: a call of package math in a block-level loop's condition
//     whose arguments read only constants and variables nothing changes
//     after their declaration is evaluated once, before the loop
//   - outline: a thread loop whose threads each run a loop of their own,
//     which no other pass writes in a form of its own and whose code
//     cannot return from the body, runs in a function literal that
//     compiled.OutOfLine calls, never inlined, so that Go's register
//     allocator gives the registers to the inner loop's values rather than
//     to the body's
//
// Then Emit writes the body once, from the IR: block-level control around
// thread loops (one loop over the block's ranks, coordinates counted
// along), warp loops of lane loops with their collectives completed by
// package compiled, and the source's statements printed by go/printer with
// the substitutions the passes decided and //line directives to the
// kernel's lines. EmitSIMD writes the SIMD build's body (GOEXPERIMENT=simd,
// amd64): the same, with each loop the vector pass picked taking eight
// threads a step in archsimd's 256-bit vectors before its scalar steps.
// Emit writes the same steps for the loops the vector pass found gaining
// in portable vectors (package compiled/lanes, portable.go), which run on
// any CPU. EmitTwin writes the SIMD build's twins of helpers (slp.go):
// the helper's declaration, each loop of accumulator statements copied
// with the statements as one vector operation, behind compiled.SIMD; a
// loop that eats a slice from its front walks an index there instead
// (emit_slp_walk.go). EmitJam writes, for both builds, a jammed helper's state and functions
// (jam.go): its first statements run at each call, its rest for four
// calls at once, loops interleaved. Where two calls of a twin may run as one
// (slpjam.go), EmitTwin writes with it the pair and the jam holding a
// thread's call until the thread a window later calls.
//
// The passes never change the type-checked syntax. Where one needs a
// statement the source does not have (a helper's parameter bound to its
// argument, a multiple definition split in two, an inlined helper's copy),
// it makes new syntax that shares the source's expressions and extends the
// type-checker's records to it; the implicit embedded fields of a promoted
// method's receiver, for which go/types can make no record, have the
// compiler's own (promote.go).
//
// Each pass has golden tests (testdata/src: the IR after every pass and
// the body emitted, go test -update rewrites them) and Verify checks the
// invariants between passes. The differential suite (internal/difftest,
// kernels) runs every compiled kernel against the runtime path, and
// internal/compile/fuzz generates kernels to compare the two.
package kir
