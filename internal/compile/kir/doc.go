// Package kir is the middle end and back end of gocuda compile: a kernel
// IR, the pass pipeline over it, and the emitter that writes a compiled
// kernel's body.
//
// A kernel enters as its type-checked syntax (a Source) and goes through
// the passes of the table in passes.go, in order, each a file whose
// comments say what it does and why. The first ones lower the kernel
// (check refuses what cannot compile, build makes it one thread's program,
// classify and fission split it into block-level code, thread loops and
// warp loops, spill keeps what lives across a sync point); the others
// choose faster forms of the loops that lowering wrote, down to the vector
// pass's eight threads a step. gocuda compile -passes prints the table,
// one line per pass, and docs/architecture.md lists it. A generic kernel
// whose type parameter's method synchronizes (a policy template) enters
// once per instantiation (Instances, Instantiate: instance.go), as a copy
// of its declaration with the type arguments' types and methods.
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
// (emit_slp_walk.go). EmitJam writes, for both builds, a jam's state and
// functions: a helper's (jam.go), whose first statements run at each
// call, or a kernel's own closing loop's (jam_region.go), whose call site
// passes what it reads and whose add function tests each thread's index
// ranges first (jam_safe_guard.go); the rest runs for four calls at
// once, loops interleaved. Where two calls of a twin may run as one
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
// Each pass has golden tests (the module in golden/, whose testdata/src
// holds the IR after every pass that changed it and the body emitted; go
// test -update there rewrites them) and Verify checks the
// invariants between passes. The differential suite (internal/difftest,
// kernels) runs every compiled kernel against the runtime path, and
// internal/compile/fuzz generates kernels to compare the two.
package kir
