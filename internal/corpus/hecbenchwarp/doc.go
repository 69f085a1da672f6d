// Package hecbenchwarp holds real CUDA kernels from HeCBench programs built
// on warp primitives, scans, reductions and graph algorithms, ported to
// gocuda as their authors wrote them. The set was first compiled before the
// compiler had seen it (testdata/first-attempt.txt, where present, records
// that attempt); its tests run every kernel on both paths against a
// sequential host reference. It stresses warp votes and shuffles, scans,
// graph colouring and blocked Floyd-Warshall. The sources, with the commits
// they were ported from:
//
//   - gc (ECL-GC, Alabandi, Powers and Burtscher's graph colouring: init,
//     runLarge, runSmall) and floydwarshall2 (ECL-APSP, Liu and
//     Burtscher's blocked Floyd-Warshall: init1, init2, FW0_64,
//     FWrowcol_64, FWrem_64);
//   - jaccard (nvGRAPH's Jaccard weights: jaccard_row_sum with
//     parallel_prefix_sum, jaccard_is, jaccard_is_opt, jaccard_jw, fill);
//   - degrid (degrid_kernel), scan (scan and scan_bcao, GPU Gems 3's
//     work-efficient scan), scan2 (AMD's ScanLargeArrays, prefixSum,
//     blockAddition), stddev (RAFT's sopKernel and sampleKernel),
//     threadfence (the Programming Guide's last-block sum) and wyllie
//     (Wyllie's list ranking);
//   - simpleSpmv (mv_csr, vector_mv_csr, mv_dense), hogbom (k_findPeak,
//     k_subtractPSF), keogh (lb_keogh), meanshift (mean_shift,
//     mean_shift_tiling), compute-score (compute, reduction),
//     channelShuffle (ChannelShuffleNCHWKernel, ChannelShuffleNHWCKernel),
//     aidw (AIDW_Kernel, AIDW_Kernel_Tiled), columnarSolver (setupKernel,
//     decode) and dwconv1d (RWKV's kernel_forward and kernel_backward);
//   - marchingCubes (Parallel Marching Blocks: computeMinMaxLv1,
//     compactLv1, computeMinMaxLv2, compactLv2, generatingTriangles) and
//     nbnxm (GROMACS's nonbonded cluster-pair kernel nbnxmKernelTest with
//     its force reductions) and bsw (ADEPT's protein Smith-Waterman,
//     sequence_aa_kernel with its block and warp arg-max reductions).
//
// Where a kernel's problem size is a compile-time constant the tests
// could not afford (degrid's GCF_DIM, meanshift's N, columnarSolver's
// CLIMBINGS, marchingCubes' N), the constant is smaller, as each file
// says.
//
// Not ported: blockScan (CUB's BlockLoad, BlockScan and BlockStore);
// matrixT (cuda-samples' transpose kernels, which package corpus already
// ports in samples_transpose.go, so not held out); warpsort (Facebook's
// in-register warp sort, recursive templates over register arrays and
// DeviceTensor, too big to port faithfully in the time) and bmf (cuBool's
// bit-matrix factorisation, a library of kernels), both left for a later
// batch for size; rsmt (largeNetKernel and smallNetKernel, ported and
// compiled, then dropped): its buildMST has every lane read src =
// destin[warp][j] while lane 0 overwrites destin[warp][j] with no
// __syncwarp between, a race CUDA leaves undefined that lockstep warps
// hide; gocuda's lanes do not run in lockstep, lane 0 runs past the read
// first, and the trees (then the Steiner points' slots, then other nets'
// pins) come out wrong on both paths, so no test could hold them to a
// reference.
//
// Each kernel keeps its original's control flow, barriers, early returns,
// atomics and warp primitives; only the syntax is Go's: __syncthreads()
// is t.SyncThreads(), a __shared__ array gocuda.Shared (a __shared__
// scalar a one-element array), extern __shared__ gocuda.DynamicShared,
// __shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync
// gocuda.ShflSync and its relatives with an explicit width of 32 where
// CUDA's default applies, __any_sync, __all_sync and __ballot_sync
// t.AnySync, t.AllSync and t.BallotSync, atomicAdd and its relatives
// package atomic's Add and so on, __threadfence atomic.ThreadFence,
// __popc, __ffs and __clz small helpers, a __device__ function a Go
// function (taking the thread where it synchronizes), a template type
// parameter a type parameter and a template value parameter an argument
// or a constant, C's int int32 (size_t int, long int64, unsigned uint32),
// a pointer advanced into an array a subslice (indexed below its start:
// the array and the pointer's offset), a pointer to a local or global
// variable a Go pointer, a local array passed to a helper a slice of it, a
// reinterpreting cast (*(float4*)&a[i]) a cast through package unsafe, a
// ternary an if, a do-while or an assignment in a loop condition a for
// loop with a break, volatile pointers plain slices (their reads race
// benignly, as in the originals), __ldg a plain load, a bool used as a
// number a small helper, and an identifier that is a Go keyword (range,
// go) renamed.
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each
// kernel the first time it saw it, and testdata/repro holds a minimal
// reproduction of each cause of failure. A file whose generated code
// does not build would go behind the build tag hecbenchwarp_buildfail (none
// does). The tests run every kernel on both paths against a sequential
// host reference (the program's own where it has one).
package hecbenchwarp

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
