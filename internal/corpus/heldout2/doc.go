// Package heldout2 is a second held-out set of real CUDA kernels for gocuda
// compile: kernels from codebases neither the compiler nor the first
// held-out set (package heldout) was developed against, ported to gocuda as
// their authors wrote them, to measure the share of kernels the compiler
// takes on the first attempt on code nobody tuned for it. The sources:
//
//   - HeCBench (zjin-lcf/HeCBench at f27000a, src/*-cuda): nms (David
//     Oro's work-efficient non-maximum suppression), jenkins-hash,
//     murmurhash3, logprob (FasterTransformer's log-probability kernels),
//     rmsnorm (AMD's TransformerEngine RMSNorm, its reductions a template
//     policy) and others, each named in its file.
//   - Rodinia 3.1's CUDA versions (yuhc/gpu-rodinia at 9c10d3e, cuda/):
//     the benchmarks neither bench/rodinia nor package heldout ports.
//
// Each kernel keeps its original's control flow, barriers, warp
// primitives and cooperative groups; only the syntax is Go's (as in package
// corpus: __syncthreads() is t.SyncThreads(), a __shared__ array is
// gocuda.Shared, extern __shared__ is gocuda.DynamicShared, a template type
// parameter is a type parameter, a template value parameter a kernel
// argument, a template policy struct a type parameter with methods, a
// __constant__ array an argument read as a slice, a C++ reference parameter
// a pointer, pointer arithmetic a subslice, a C switch's fall-through Go's
// fallthrough).
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each kernel
// the first time it saw it. The tests run every kernel on both paths
// against a sequential host reference.
package heldout2

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile
