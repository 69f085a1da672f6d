// Package teaching holds real CUDA kernels from the textbooks and tutorials
// students learn from (CUDA by Example, Programming Massively Parallel
// Processors, siboehm's SGEMM tutorial, the OLCF training series) and ggml's
// CUDA back end, ported to gocuda as their authors wrote them. The set was
// first compiled before the compiler had seen it
// (testdata/first-attempt.txt, where present, records that attempt); its
// tests run every kernel on both paths against a sequential host reference.
// It stresses locks built from atomics, shared-memory histograms, merge
// paths, sparse formats and tiled SGEMM. The sources, with the commits they
// were ported from:
//
//   - "CUDA by Example" (Sanders and Kandrot, 2010), the book's own source
//     code (CodedK/CUDA-by-Example-source-code-for-the-book-s-examples- at
//     0824fae): add, julia, ripple, dot, shared_bitmap, ray, heat and
//     heat_2d's blend and copy kernels, book.h's float_to_color, the two
//     histograms, and appendix A's dot with a lock and its hash table
//     built under per-bucket locks.
//   - "Programming Massively Parallel Processors", 3rd edition (Kirk and
//     Hwu), as implemented chapter by chapter in
//     nvixnu/pmpp__programming_massively_parallel_processors at feb7b5b:
//     chapter 8's section increments, chapter 10's CSR and ELL SpMV,
//     chapter 11's basic, tiled and circular-buffer merges and chapter
//     12's BFS with a block-level queue.
//   - ggml's CUDA backend (ggml-org/llama.cpp, ggml/src/ggml-cuda at
//     0129866): norm.cu's norm_f32, group_norm_f32, rms_norm_back_f32 and
//     l2_norm_f32, over common.cuh's warp_reduce_sum, and argmax.cu's
//     argmax_f32, warp butterflies and a block reduction through shared
//     memory; cross-entropy-loss.cu's loss and its gradient (at 34a5017),
//     one warp a row; argsort.cu's bitonic k_argsort_f32_i32, whose swap
//     takes C++ references to shared memory, with init_indices and
//     init_offsets (at 036b9f4); softmax.cu's soft_max_f32,
//     soft_max_f32_parallelize_cols (a cooperative kernel) and
//     soft_max_back_f32 (at 07003f1).
//   - siboehm/SGEMM_CUDA at 60cba6f, the CUTLASS-free SGEMM tutorial: its
//     first five kernels, from the naive one to 2D block tiling.
//   - the OLCF CUDA Training Series (olcf/cuda-training-series at 9cd77d5,
//     the exercises' solutions): hw5's reductions (atomic, shared-memory
//     sweep, warp shuffles), max and matrix row and column sums; hw9's
//     cooperative groups (a reduction over a type-erased thread_group of
//     tiles, and my_remove_if, a cooperative kernel with a grid-wide
//     barrier); hw12's alternating harmonic series.
//
// Each kernel keeps its original's control flow, barriers, atomics and
// warp primitives; only the syntax is Go's (as in package corpus:
// __syncthreads() is t.SyncThreads(), a __shared__ array is gocuda.Shared,
// extern __shared__ is gocuda.DynamicShared, a __constant__ array or a
// bound texture an argument read as a slice (tex2D's clamping a helper),
// a C++ struct with __device__ methods a Go type with methods, a pointer
// out-parameter or a C++ reference a pointer, pointer arithmetic a
// subslice (ptrAdd where C forms a pointer past the end that it never
// dereferences), a ternary an if). A #define'd image size (DIM) is a kernel argument, so that the tests
// can draw small images; every other constant is the original's.
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each kernel
// the first time it saw it, and testdata/repro holds a minimal
// reproduction of each cause of failure. A file whose generated code does
// not build would go behind the build tag teaching_buildfail, so that the
// package builds (none does). The compiled path of a kernel whose compiled form is wrong is skipped in its
// test, naming the bug. The tests run every other kernel on both paths
// against a sequential host reference.
package teaching

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
