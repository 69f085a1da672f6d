// Package transformer holds real CUDA kernels from llm.c's kernel
// laboratory, a few cuda-samples and flash-attention-minimal, ported to
// gocuda as their authors wrote them. The set was first compiled before the
// compiler had seen it (testdata/first-attempt.txt, where present, records
// that attempt); its tests run every kernel on both paths against a
// sequential host reference. It stresses the many wordings of softmax,
// layernorm and cross-entropy: block and warp reductions, online softmax,
// cg::reduce over structs. The sources, with the commits they were ported
// from:
//
//   - llm.c's kernel laboratory (karpathy/llm.c at f1e2ace, dev/cuda; package
//     llmcrodinia ports train_gpt2_fp32.cu's kernels, not these):
//     softmax_forward.cu's eight float kernels (naive, fused block
//     reductions, warp shuffles, online softmax by cg::reduce over a
//     struct, unrolled, warp-per-row online), layernorm_forward.cu's
//     kernel1, mean_kernel, rstd_kernel, normalization_kernel, kernel4 and
//     kernel5, crossentropy_forward.cu's and
//     crossentropy_softmax_backward.cu's kernel1, matmul_backward_bias.cu's
//     kernels 1 to 3, global_norm.cu's norm_kernel1 and norm_kernel2, and
//     attention_forward.cu's attention_query_key_kernel1,
//     attention_softmax_kernel1 and attention_value_kernel1.
//   - NVIDIA/cuda-samples at c94ff366, kernels package corpus does not
//     port: conjugateGradientMultiBlockCG's gpuConjugateGradient (a
//     cooperative kernel, grid.sync() in a loop), jacobiCudaGraphs'
//     JacobiMethod and finalError, fastWalshTransform's fwtBatch1Kernel,
//     fwtBatch2Kernel and modulateKernel, dwtHaar1D's initValue and
//     dwtHaar1D, BlackScholes' BlackScholesGPU, binomialOptions'
//     binomialOptionsKernel and FDTD3d's FiniteDifferencesKernel.
//   - tspeterkim/flash-attention-minimal at 00f8f46, flash.cu's
//     forward_kernel.
//
// Each kernel keeps its original's control flow, barriers, atomics, warp
// primitives and cooperative groups; only the syntax is Go's (as in
// package corpus: __syncthreads() is t.SyncThreads(), cg::sync(cta) is
// cta.Sync(), a __shared__ array is gocuda.Shared, extern __shared__ is
// gocuda.DynamicShared, a __constant__ or __device__ array an argument
// read as a slice, a C++ reference parameter a pointer, pointer arithmetic
// a subslice, a ternary an if, a template type parameter a type
// parameter, __ldcs/__stcs plain loads and stores, the fast intrinsics
// __expf, __logf and __fdividef their accurate counterparts).
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each
// kernel the first time it saw it, and testdata/repro holds a minimal
// reproduction of each cause of failure. The tests run every kernel on
// both paths against a sequential host reference.
package transformer

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
