// Package hecbenchml holds real CUDA kernels from HeCBench's machine-
// learning and miscellaneous programs, ported to gocuda as their authors
// wrote them. The set was first compiled before the compiler had seen it
// (testdata/first-attempt.txt, where present, records that attempt); its
// tests run every kernel on both paths against a sequential host reference.
// It stresses block and warp reductions in layer norms and losses, scatter-
// adds, sampling. The sources, with the commits they were ported from:
//
//   - addBiasResidualLayerNorm (kernels.h, after FasterTransformer, T =
//     float): addBiasResidualPostLayerNormV2, addBiasResidualPostLayerNorm
//     and generalAddBiasResidualPostLayerNorm, with warpReduceSum and
//     blockReduceSum.
//   - scatterAdd (kernels.h): scatterAdd_kernel and scatterAdd2_kernel.
//   - nlll (main.cu): nll_loss_forward_reduce2d_kernel<float, float, int>.
//   - sampling (kernels.cu, after cuML's kernel SHAP): exact_rows_kernel
//     and sampled_rows_kernel with LCG_random_double.
//   - knn (main.cu, kNN-CUDA): cuComputeDistanceGlobal, cuInsertionSort
//     and cuParallelSqrt.
//   - glu, geglu (float) and silu (main.cu): glu_kernel, geglu_kernel, and
//     silu_forward_kernel, silu_forward_kernel2, silu_backward_kernel,
//     silu_backward_kernel2 and silu_backward_kernel3.
//   - moe-sum (kernels.h): moe_sum_kernel<float> and moe_sum_kernel_vec4.
//   - crossEntropy (main.cu): loss_bwd<float, float>.
//   - perplexity (main.cu, after cuML's t-SNE): sigmas_kernel.
//   - pad (kernel.cu and support/partitioner.h, Chai's in-place padding,
//     double, static partitioning): Padding_kernel.
//   - ss (kernels.cu, AMD's StringSearch): StringSearchNaive and
//     StringSearchLoadBalance (with ENABLE_2ND_LEVEL_FILTER).
//   - tsp (main.cu, O'Neil and Burtscher's TSP_GPU): TwoOpt.
//   - attentionMergeState (main.cu, after SGLang, float):
//     uniform_fill_kernel and merge_attn_states_kernel.
//   - hungarian (main.cu, Lopes et al., n = 16): init, step_1_row_sub,
//     step_1_col_sub, compress_matrix, step_2, step_3ini, step_3,
//     step_4_init, step_4, step_5a, step_5b and step_6_add_sub.
//   - hbc (kernels.cu, McLaughlin and Bader): bc_kernel with bitonic_sort.
//   - mdh (main.cu, after APBS): mdh, mdh2 and mdh3.
//   - resnet-kernels (Kernel128_one.cu and Kernel256_one.cu):
//     kernel_512_one_128, kernel_128_one_512, kernel_1024_one_256 and
//     kernel_256_one_1024.
//   - word2vec (cbow.cu): device_memset.
//
// Not ported, for want of an API gocuda (or Go) lacks: dropout's
// fused_dropout_kernel and fused_dropout_kernel_vec (cuRAND's device API,
// curand_init and curand_uniform4 on Philox states), gelu's
// gelu_bias_loop and gelu_bias_loop_base (__half and half2 only),
// addBiasQKV's FP8TrtAddQKVBiasKernel (FP8 E4M3 and bfloat16),
// reshapeKVCache's reshape_and_cache_kernel (its only instantiations
// convert float and bfloat16 to FP8 E4M3 with __nv_cvt_float_to_fp8),
// quantBnB's kQuantize (BlockLoad and BlockStore, CUB's, copied into the
// benchmark's headers), and the half and bfloat16 instantiations of the
// kernels above (and crossEntropy's double one). Not ported because they
// are undefined under CUDA's current model: split's radixSortBlocksKeysK
// (scanwarp is warp-synchronous through volatile shared memory with no
// __syncwarp), word2vec's device_cbow (reduceInWarp, the same), and
// hungarian's calc_min_in_rows, calc_min_in_cols, min_reduce_kernel1 and
// min_reduce_kernel2 (their last warp the same; the test computes their
// results on the host). Not ported for time: resnet-kernels' Winograd
// kernels (Kernel128_winograd.cu and Kernel256_winograd.cu).
//
// Each kernel keeps its original's control flow, barriers, early returns,
// atomics, warp primitives and races; only the syntax is Go's, as in the
// earlier sets: __syncthreads() is t.SyncThreads(), a __shared__ array or
// scalar is gocuda.Shared (a scalar a one-element slice, a __shared__
// pointer a shared slice of slices; a __shared__ declaration inside a
// loop or a branch stays there, one allocation as in CUDA; the static
// __shared__ array of a __device__ helper inlined at two places is two
// allocations, which changes nothing here), extern __shared__ is
// gocuda.DynamicShared (a cast of it to another element type another
// DynamicShared view), __shfl_xor_sync is gocuda.ShflXorSync, the atomics
// and __threadfence package atomic's functions, a __constant__,
// __device__ or __managed__ variable an argument (a slice, or a field of
// a struct passed by pointer, as hungarian's globals), a constexpr or
// #define a constant or, where a unit test needs a smaller size, an
// argument, a C++ reference or a pointer to a local a pointer, pointer
// arithmetic a subslice (a pitched row (T*)((char*)p + row*pitch) too), a
// reinterpret_cast between vector and scalar types an unsafe.Slice or
// unsafe.Pointer cast (alignas structs of scalars a slice-to-array
// conversion), CUDA's vector types Go structs and helper_math.h's float4
// operators functions, a macro a function, a ternary an if, a do-while or
// an assignment in a loop condition a for loop with a break, a template
// type parameter its float instantiation and a template value parameter a
// constant or an argument (a local array it sizes then has the size of
// the largest instantiation the host launches), volatile a plain access,
// and the fast intrinsics (__expf, __logf, __fdividef, __fsqrt_rn) their
// accurate counterparts.
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each
// kernel the first time it saw it, and testdata/repro holds a minimal
// reproduction of each cause of failure. A file whose generated code
// does not build would go behind the build tag hecbenchml_buildfail (none
// does). The tests run every kernel on both paths against a sequential
// host reference (the program's own where it has one).
package hecbenchml

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
