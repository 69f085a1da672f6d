// Package fuzz is a differential fuzzer of `gocuda compile`: it generates
// random structured kernels, compiles them with the compiler's public
// entry points (compile.Load, compile.Kernels, compile.Generate), and
// requires each compiled form to match the runtime path bit for bit, or
// the kernel to be refused with a reason.
//
// # Kernels
//
// Generate turns a byte string into one kernel, deterministically: every
// choice the generator makes reads a byte, and an exhausted input chooses
// the simplest option, so that shorter inputs give smaller kernels and the
// fuzzing engine's minimizer shrinks kernels. A kernel has block-uniform
// ifs, loops and switches (on the parameters, BlockIdx, BlockDim, the
// counters of uniform loops, the results of predicate barriers) holding
// SyncThreads and SyncThreadsCount/And/Or, with breaks and continues; ifs
// on the lane's segment, the warp and per-thread predicates holding warp
// collectives (the four shuffles with widths 1 to 32, votes, ballots,
// MatchAnySync, the Reduce…Sync family, SyncWarp, ActiveMask); per-thread
// loops and switches; guards of the thread's x index against
// block-uniform bounds, and of its y index modulo a positive uniform
// (backprop's ty%p == 0), which the compiler narrows thread loops by;
// loops of uniform trips reading a column apart per
// trip (which interchange (in the lockstep pass) turns inside out); grid-stride loops; early returns of the whole block
// or of some threads; int32, uint32 and float32 arithmetic (products
// rounded explicitly, so that no fused multiply-add makes the forms
// differ); a per-thread array and struct, and each thread's element of
// shared slices of arrays and structs (its parts read, assigned and
// updated, the element assigned composite literals); bools of the
// thread's, set where conditions differ between threads and read by
// later conditions, across barriers; shadowing; tuple assignments;
// helpers with barriers or collectives, some declaring shared memory of
// their own and called from several places, some through a functor (a
// method of an operator type called by a template through its type
// parameter, a field of a generic struct or a pointer, as ported C++
// calls an operator object); pure helpers; and closures
// capturing the variables in scope, reading them and adding to one, called
// after the barriers and collectives that change them. One kernel
// in six is instead a single grid-stride loop over g without barriers or
// shared memory (the compiler's grid mode), whose trips write g[i] and
// their own variables: flat where the compiler finds them independent, in
// lockstep otherwise.
//
// The kernels are valid CUDA: barriers sit under block-uniform control
// only; a warp collective inside a branch names exactly the lanes that
// reach it (a union of aligned lane segments, or a ballot of the branch's
// predicate), and a shuffle reads only lanes of its mask, except past the
// end of a partial warp, which gocuda defines (the caller's own value) and
// the compiler claims to follow; shared memory is written by each thread
// in its own slots and read across threads only in a barrier interval
// without writes (the branches of a divergent if count as one interval);
// threads that return early are left out of later masks by a ballot taken
// before they leave. Options.Check verifies this with `gocuda check`.
//
// # Batches
//
// Run writes a batch of kernels as a package in a temporary directory of
// the module (testdata/tmp-*, which ./... and go generate ignore), writes
// their compiled forms, builds one driver for the whole batch (a build
// costs seconds, a launch microseconds) and launches every kernel on both
// paths over Shapes: one to three dimensions, blocks of whole and partial
// warps, one and several blocks. A kernel the compiler fails on alone, or
// whose generated code does not build, crashes or hangs the driver, is
// left out and the rest of the batch goes on. Each batch is a new package
// for Go's build cache, about a quarter of a gigabyte a thousand kernels:
// campaigns over several days filled a disk (78 GB of cache on
// 2026-11-26), so run go clean -cache between them, while no other go
// command runs: one running then fails with errors such as "package io is
// not in std", its index of the standard library gone.
//
// # Reducing a failure
//
// With -fuzz.minimize, a failing kernel is shrunk twice: Minimize shrinks
// its input (the generator then makes less), and Reduce its source,
// deleting statements, runs of them and helpers nobody calls, and
// replacing ifs and loops by their bodies, while it fails the same way;
// the result is a kernel file as testdata/bugs' are, which -fuzz.file runs.
//
// # Finding the pass
//
// A kernel whose compiled form fails is bisected over the compiler's
// optional passes (Bisect): copies of it, in one batch, run with the
// optional passes after each point of the pipeline switched off
// (compile.Options.KernelOff, gocuda compile -d=PASS/off), and the
// failure's message names the first pass whose inclusion makes it fail.
// -fuzz.off switches passes off for a whole campaign.
//
// -fuzz.narrow generates the random kernels' guarded loads with int32
// and uint32 indexes (GenerateNarrow), the same choices from each input,
// so that a campaign reaches the wide forms of narrow indexes.
//
// # Tests
//
// TestCompileRandomKernels runs one batch of random kernels, the corpus
// and the hand-reduced kernels of known bugs (testdata/bugs) in one build;
// failures of known bugs (known_test.go) are logged, not reported.
// FuzzCompile is the coverage-guided form, a build per input.
// TestPassesOff runs kernels with each optional pass off, each where the
// pass changes it (Affected), against the runtime path; TestBisectPlanted
// plants a miscompile in one pass and requires Bisect to name it.
// TestKernelFile runs one kernel written as testdata/bugs' are, in the
// mode flags' mode, to reduce a failing kernel by hand. The package is a
// module of its own; in its directory:
//
//	go test .
//	go test -run TestCompileRandomKernels -fuzz.batches 20 -fuzz.seed 1000 -fuzz.check .
//	go test -run TestKernelFile -fuzz.file /tmp/k.go -fuzz.portable .
//	go test -run '^$' -fuzz FuzzCompile -parallel 1 .
package fuzz
