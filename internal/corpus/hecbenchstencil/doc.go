// Package hecbenchstencil holds real CUDA kernels from HeCBench's stencils,
// image filters, signal processing and linear algebra, ported to gocuda as
// their authors wrote them. The set was first compiled before the compiler
// had seen it (testdata/first-attempt.txt, where present, records that
// attempt); its tests run every kernel on both paths against a sequential
// host reference. It stresses shared tiles with halos, barriers inside plane
// loops, early returns before barriers. The sources, with the commits they
// were ported from:
//
//   - stencil1d (stencil_1d) and stencil3d (stencil3d, a 16×16 block
//     walking 20 planes with four barriers a plane, after an early return);
//   - convolution1D (conv1d, conv1d_tiled and conv1d_tiled_caching,
//     templates over double, float and int16_t) and convolutionSeparable
//     (conv.cu's conv_rows and conv_cols);
//   - boxfilter (row_kernel and col_kernel with rgbaUintToFloat4 and
//     rgbaFloat4ToUint), medianfilter (MedianFilter.cu's ckMedian),
//     morphology (morphology.cu's vhgw_horiz and vhgw_vert with
//     twoWayScan, elementOp and borderValue, erosion and dilation) and
//     recursiveGaussian (Transpose, SimpleRecursiveRGBA and RecursiveRGBA);
//   - asmooth (smoothingFilter, normalizeFilter and outFilter), tensorT
//     (tensor_transpose), hwt1d (kernel.cu's dwtHaar1D) and ced (Chai's
//     Canny edge detection: gaussian_kernel, sobel_kernel,
//     non_max_supp_kernel and hyst_kernel);
//   - chemv (kernel.cu's PPCG-generated chemv_kernel0 and chemv_kernel1),
//     matern (matern_kernel), sad (compute_sad_array,
//     find_min_in_sad_array and get_num_of_occurrences) and lanczos
//     (lanczos.cu's dot_product_kernel, multiply_inplace_kernel and
//     saxpy_inplace_kernel, templates over float and double);
//   - reaction (kernels.cu: reaction_gray_scott, derivative_x2/y2/z2 in
//     their pbc and zeroflux forms, construct_laplacian and update), fpc
//     (fpc_kernel and fpc2_kernel with f1 to f7 and my_abs), surfel
//     (surfel_render<T>, float and double), wlcpow (bond_wlcpowallvisc
//     with utils.h's minimum_image, bound, gaussian_TEA_fast<N> and the
//     template recursion __TEA_core<N>), vmc (vmc2.cu: SumWithinBlocks,
//     initran, zero_stats, initialize and propagate, with LCG_random,
//     compute_distances and wave_function) and minimod (minimig.cu's
//     target_inner_3d_kernel, target_pml_3d_kernel and
//     kernel_add_source_kernel).
//
// Not ported: fwt-cuda (fwtBatch1Kernel, fwtBatch2Kernel, modulateKernel:
// the cuda-samples fastWalshTransform kernels package transformer already
// ports, with __syncthreads for cg::sync, so not held out). Not ported
// because the original is racy or implicitly warp-synchronous, undefined
// under CUDA's own model, so that no host reference can fix its result:
// sosfil-cuda's sosfilt (thread tx reads s_out[tx-1] in the same barrier
// interval in which thread tx-1 writes it, across the warp boundary too;
// its reference models lockstep execution), romberg-cuda's romberg
// (thread 0 reads the sums threads 1 to 16 write to shared memory with no
// barrier between), split-cuda's radixSortBlocksKeysK (scanwarp's
// warp-synchronous volatile scan with no __syncwarp), lanczos-cuda's
// warp_multiply_kernel (the same, "Threads in a warp are synchronized, so
// we can do this") and surfel-cuda's surfel_render_tile (a single barrier
// a tile, so that threads load the next tile into shared memory while
// others still read the current one; threads past the image also return
// without loading their part of the tile). morphology's unused scan and
// reversedScan templates are not ported either. morphology's twoWayScan
// races within a step too (thread tid reads opArray[tid+offset] while
// thread tid+offset writes it), but for min and max the result is the
// same in any order, so it is ported.
//
// Each kernel keeps its original's control flow, barriers, early returns
// (stencil3d, matern, morphology, boxfilter and minimod return before or
// between barriers; sad's get_num_of_occurrences keeps its barriers
// inside a bounds check), atomics and helpers; only the syntax is Go's, as
// in package corpus: __syncthreads() is t.SyncThreads(), a __shared__
// array is gocuda.Shared (a 2D or 3D one a shared slice of arrays), extern
// __shared__ is gocuda.DynamicShared of the element type it is
// reinterpreted as (several arrays carved from it subslices), a
// __constant__ array an argument or, where the kernel names it directly
// (ced's filters), a package variable, a C++ reference parameter or a
// pointer to a local a Go pointer, pointer arithmetic a subslice, or an
// index offset where the pointer moves backwards or before the array
// (convolutionSeparable's halo, recursiveGaussian's column walk), a
// ternary an if, a post-increment inside an index a read and then the
// increment, C's int += float the float sum converted back, a comparison
// of an int with an unsigned one of unsigned values, a float compared with
// a double literal converted to float64, an index macro (stencil3d's
// psi/sigma, minimod's IDX3) a helper function, a template type parameter
// a type parameter, a template value parameter an argument (morphology's
// MorphOpType) or, for the recursion __TEA_core<N>, a recursive function
// of N, CUDA's vector types Go structs (Uchar4, Float4, Float3, Int2),
// helper_math.h's float4 operators functions (addF4, subF4, mulF4),
// atomicAdd, atomicMin package atomic's Add and Min, __float_as_int
// math.Float32bits, __fdividef a division, and the float maths functions
// (expf, sqrtf, powf, rsqrtf, hypot, atan2, fmod, sinpif, log2f) computed
// in float64 and rounded once. A kernel's local named t (surfel's) shadows
// the thread parameter, as in the original.
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path would be listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate);
// none is. testdata/first-attempt.txt records what the compiler did with
// each kernel the first time it saw it, and testdata/repro would hold a
// minimal reproduction of each cause of failure (there is none). A file
// whose generated code does not build would go behind the build tag
// hecbenchstencil_buildfail (none does). The tests run every kernel on both
// paths, with the launch shapes of its host code, sizes that are not
// multiples of the block where the kernel allows, against a sequential
// host reference (the program's own CPU reference where it has one).
package hecbenchstencil

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
