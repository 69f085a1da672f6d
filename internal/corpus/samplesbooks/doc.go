// Package samplesbooks holds real CUDA kernels from cuda-samples,
// Professional CUDA C Programming, PMPP's stencils, HeCBench, and kernels
// written with C++ lambdas, functors and templates (cudf, vllm, ggml),
// ported to gocuda as their authors wrote them. The set was first compiled
// before the compiler had seen it (testdata/first-attempt.txt, where
// present, records that attempt); its tests run every kernel on both paths
// against a sequential host reference. It stresses merge sort, quasi-random
// generators, shuffles, shared-memory layouts and functor kernels. The
// sources, with the commits they were ported from:
//
//   - NVIDIA/cuda-samples at c94ff366, samples no earlier set ports:
//     0_Introduction/mergeSort's mergeSort.cu (mergeSortSharedKernel,
//     generateSampleRanksKernel, mergeRanksAndIndicesKernel,
//     mergeElementaryIntervalsKernel) and bitonic.cu
//     (bitonicMergeElementaryIntervalsKernel); 5_Domain_Specific's
//     quasirandomGenerator_kernel.cu (quasirandomGeneratorKernel,
//     inverseCNDKernel), SobolQRNG/sobol_gpu.cu (sobolGPU_kernel) and
//     nbody/bodysystemcuda.cu (integrateBodies<T>, float and double);
//     2_Concepts_and_Techniques' shfl_scan/shfl_integral_image.cuh
//     (shfl_intimage_rows, shfl_vertical_shfl) and dct8x8's
//     dct8x8_kernel2.cuh (CUDAkernel2DCT, CUDAkernel2IDCT) and
//     dct8x8_kernel_quantization.cuh (CUDAkernelQuantizationFloat,
//     CUDAkernelQuantizationShort); 3_CUDA_Features/simpleCudaGraphs'
//     reduce and reduceFinal.
//   - HeCBench (zjin-lcf/HeCBench at f27000a, src/*-cuda), programs
//     hecbenchrodinia does not port: cc (ECL-CC, Jaiganesh and Burtscher: init,
//     compute1, compute2, compute3, flatten), dpid (Weber et al.'s
//     detail-preserving downscaling: kernelGuidance,
//     kernelDownsampling), score (findTopK, after OpenCV), shuffle
//     (bcast_shfl_sg8, bcast_shfl_xor_sg8, transpose_shfl, after AMD's
//     HIP examples), atomicAggregate (k and its atomicAggInc by
//     __match_any_sync) and softmax (softMax, softMax2).
//   - "Programming Massively Parallel Processors", 4th edition, chapter 8
//     as tugot17/pmpp implements it (chapter-8/code/stencil.cu at
//     0a729e2): stencil_kernel, stencil_kernel_shared_memory,
//     stencil_kernel_thread_coarsening and stencil_kernel_register_tiling.
//   - "Professional CUDA C Programming" (Cheng, Grossman and McKercher,
//     Wrox 2014), the book's code as deeperlearning/professional-cuda-c-
//     programming publishes it (at ee58310): chapter 3's reduceInteger.cu
//     (reduceNeighbored, reduceNeighboredLess, reduceInterleaved,
//     reduceUnrolling2, reduceUnrolling4, reduceUnrolling8) and
//     nestedReduce.cu (gpuRecursiveReduce, which launches itself) and chapter
//     5's reduceIntegerShfl.cu (reduceShfl with warpReduce,
//     reduceSmemShfl, reduceSmemUnrollShfl), simpleShfl.cu
//     (test_shfl_broadcast, test_shfl_wrap, test_shfl_wrap_plus,
//     test_shfl_up, test_shfl_down, test_shfl_xor, test_shfl_xor_array,
//     test_shfl_xor_int4, test_shfl_xor_element, test_shfl_xor_array_swap,
//     test_shfl_swap with swap, test_shfl_array, test_shfl_xor_plus),
//     checkSmemSquare.cu and checkSmemRectangle.cu (setRowReadCol,
//     setRowReadColDyn, setRowReadColPad and setRowReadColDynPad of each)
//     and transposeRectangle.cu (transposeSmemUnrollPad,
//     transposeSmemUnrollPadDyn).
//   - A third set, kernels with C++ lambdas, functors, templates over
//     functions and cooperative groups: HeCBench (at f27000a)
//     attention-cuda (attention_kernel1, 2 and 3, and the cg::reduce
//     variants attention_kernel1_warpReduce and
//     attention_kernel2_warpReduce), unfold-cuda
//     (unfold_backward_elementwise_kernel, called with a [=] __device__
//     lambda), rowwiseMoments-cuda (RowwiseMomentsKernel, PyTorch's
//     Welford functor through the BlockReduce and WarpReduce templates)
//     and lrn-cuda (lrn_fwd_kernel and lrn_bwd_kernel, nested [=]
//     lambdas); ggml's unary.cu (ggml-org/llama.cpp at 036be503:
//     unary_op_kernel, unary_op_kernel_strided, unary_gated_op_kernel,
//     templates over a __device__ function); cuda-samples'
//     3_CUDA_Features/cdpQuadtree (build_quadtree_kernel: tile ballots,
//     shfl and shfl_up, tile.any loop conditions, dynamic parallelism);
//     rapidsai/cudf at 00592916 (and find_instance.cu at 282d064d): the
//     warp-per-string kernels find_instance_warp_parallel_fn
//     (cg::reduce, cg::inclusive_scan and cg::exclusive_scan),
//     finder_warp_parallel_fn and contains_warp_parallel_fn (find.cu)
//     and substring_from_kernel (slice.cu), with immediately called
//     lambdas and iterator template parameters; vLLM's
//     per_token_group_quant_8bit_kernel (vllm-project/vllm at 43462c8b,
//     csrc/quantization/fp8/per_token_group_quant.cu, with
//     vectorization_utils.cuh's vectorize_with_alignment), whose [&]
//     lambdas are passed to a helper, one writing a variable a shuffle
//     reduction then overwrites, one made after a barrier.
//
// Not ported, for want of an API gocuda lacks: MonteCarloMultiGPU's
// MonteCarloOneBlockPerOption (cuRAND's device API, curand_normal),
// simpleAWBarrier's normVecByDotProductAWBarrier (cuda::barrier, arrive
// and wait), vLLM's rms_norm_kernel and fused_add_rms_norm_kernel and
// HeCBench softmax-online's baseline kernel (CUB's BlockReduce and
// WarpReduce), and of the third set: HeCBench attention-cuda's
// attention_kernel1_blockReduce and attention_kernel2_blockReduce,
// moe-cuda's moeSoftmax and moeTopK (CUB's BlockReduce, with the Sum,
// Max and ArgMax functors) and adjacent-cuda's BlockAdjDiffKernel (CUB's
// BlockAdjacentDifference with the CustomDifference functor), cudf's
// count_characters_parallel_fn (CUB's WarpReduce), and cuda-samples'
// reduction multi_warp_cg_reduce (cg::block_tile_memory and tiles of 64
// threads and more; TiledPartition stops at 32). Of the third set, not
// ported for other reasons: HeCBench ans-cuda's multians decoder (its
// sync and load_next lambdas are in scope, but a host reference needs
// the ANS encoder and its tables), cuda-samples' dxtc compress (a DXT1
// reference compressor), vLLM's per_token_group_quant_8bit_kernel_fused
// and ggml's swiglu_oai_kernel (left for a later batch), ggml's half
// instantiations (Go has no half type) and HeCBench filter-cuda's filter2
// (package corpus's FilterKAggKernel). vLLM's kernel is tested with one
// group a block only: with more, the lanes 16 to 31 shuffle under
// GroupReduceMax's mask 0xffff, which leaves them out, undefined under
// CUDA's model. Not ported for other reasons: HeCBench bscan's
// binary_scan (implicitly warp-synchronous volatile shared memory, and a
// __ballot_sync whose mask leaves out the calling lane: undefined under
// CUDA's own model), mergeSort's bitonicSortSharedKernel (sortingNetworks'
// bitonicSortShared, which package corpus ports), shuffle's 16- and
// 32-lane copies of the 8-lane broadcasts, HeCBench layernorm and
// softmax-online's other kernels (llm.c's, which packages llmcrodinia and
// transformer port) and the PMPP chapters of
// nvixnu/pmpp__programming_massively_parallel_processors that teaching
// leaves out (their kernels live in headers outside the repository).
// Of the book's code: the reductions whose last warp is warp-synchronous
// through a volatile pointer with no __syncwarp (chapter 3's
// reduceUnrollWarps8, reduceCompleteUnrollWarps8 and
// reduceCompleteUnroll<iBlockSize>; chapter 5's reduceInteger.cu
// reduceGmem, reduceSmem, reduceSmemDyn, reduceGmemUnroll,
// reduceSmemUnroll, reduceSmemUnrollDyn and reduceIntegerShfl.cu's
// reduceSmem and reduceSmemUnroll: undefined under CUDA's current model,
// and the book's code was never updated), the solutions'
// reduceCompleteUnrollWarps8Sync and reduceCompleteUnrollWarps8SyncVolatile
// (a barrier between the last warp's steps, but within a step lane i reads
// element i+16 while lane i+16 writes it: a data race), chapter 3's
// nestedReduceNosync and nestedReduce2 (a thread launches the child grid
// with no barrier before it, while its block's other threads, and other
// blocks, still add to the data the child reads: CUDA guarantees a child
// only the launching thread's earlier writes, and gocuda runs a child at
// once, so they race), simpleShfl.cu's test_shfl_swap_old
// and test_shfl_xor_array_swap_base (the bodies of test_shfl_swap and
// test_shfl_xor_element again), and chapter 5's reduceNeighboredGmem (the
// same as chapter 3's reduceNeighbored); its other kernels (chapter 4's
// and chapter 5's remaining transposes and shared-memory checks,
// reduceNeighboredSmem, the stencils and chapter 7's) are left for a
// later batch.
//
// Each kernel keeps its original's control flow, barriers, early returns,
// atomics, warp primitives and cooperative groups; only the syntax is
// Go's (as in package corpus: __syncthreads() is t.SyncThreads(),
// cg::sync(cta) is cta.Sync(), a __shared__ array is gocuda.Shared,
// extern __shared__ is gocuda.DynamicShared, a __constant__ or __device__
// variable an argument (a slice, or a pointer to a struct of the
// __device__ ints), a C++ reference parameter a pointer, pointer
// arithmetic a subslice, a ternary an if, a do-while or an assignment in
// a loop condition a for loop with a break, a template type parameter a
// type parameter and a template value parameter an argument or a
// constant, CUDA's vector types Go structs, __fdividef and __logf their
// accurate counterparts, and the shuffles of before CUDA 9, __shfl,
// __shfl_up, __shfl_down and __shfl_xor, the _sync forms with a full
// mask that replaced them). In the third set, a C++ lambda is a Go
// function literal (a [=] capture copies the variables into new locals
// first, as for cudf's init-captures, or is the parameters of a function
// that returns the literal, as for unfold-cuda's; where nothing assigns
// to the captured variables once the lambda exists, as in lrn-cuda, Go's
// capture by reference reads the same values), a functor a struct with
// methods, a template parameter a functor, an iterator or a __device__
// function fills a type parameter constrained by the methods the template
// calls or a func argument, and a pointer whose address the original
// reads (vLLM's alignment test) stays a pointer, through package unsafe.
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each
// kernel the first time it saw it, and testdata/repro holds a minimal
// reproduction of each cause of failure. A file whose generated code
// does not build would go behind the build tag samplesbooks_buildfail (none
// does). The tests run every kernel on both paths against a sequential
// host reference.
package samplesbooks

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
