// Package rodinia is a held-out set of kernels from the Rodinia benchmark
// suite (version 3.1, its CUDA versions), ported to gocuda the way a user
// would port them, with the public API only, to measure gocuda on kernels
// nobody tuned it for: stencils with halos, wavefronts, elimination steps
// launched thousands of times, graph traversal, a blocked factorization,
// an n-body force loop, clustering, an unstructured-mesh solver, a
// facility-location local search and a particle filter.
//
// The kernels, each with its Rodinia source file and CUDA kernel name:
//
//   - hotspot/hotspot.cu, calculate_temp (CalculateTempKernel, driven by
//     Hotspot): a 2D thermal stencil through shared 16×16 tiles with halos,
//     several time steps per launch (the "pyramid"), barriers in a loop that
//     breaks out before its last barrier.
//   - pathfinder/pathfinder.cu, dynproc_kernel (DynprocKernel, driven by
//     Pathfinder): a dynamic-programming wavefront down a grid, rows of 256
//     in shared memory, the same pyramid and loop.
//   - gaussian/gaussian.cu, Fan1 and Fan2 (Fan1Kernel, Fan2Kernel, driven by
//     Gaussian): forward elimination with two launches per row, 2(n-1)
//     small launches for an n×n system.
//   - bfs/kernel.cu and bfs/kernel2.cu, Kernel and Kernel2 (BFSKernel,
//     BFSKernel2, driven by BFS): Harish and Narayanan's breadth-first search
//     over a CSR graph, one thread per node, launched until no mask changes.
//   - nw/needle_kernel.cu, needle_cuda_shared_1 and needle_cuda_shared_2
//     (NeedleShared1Kernel, NeedleShared2Kernel, driven by NW):
//     Needleman-Wunsch, a wavefront over the diagonals of 16×16 tiles in
//     shared memory and over the tiles' diagonals across launches.
//   - backprop/backprop_cuda_kernel.cu, bpnn_layerforward_CUDA
//     (LayerForwardKernel, driven by BPNNLayerForward, with the host code of
//     backprop/backprop_cuda.cu): a neural network's input layer, products
//     summed by a shared-memory tree.
//   - srad/srad_v2/srad_kernel.cu, srad_cuda_1 and srad_cuda_2
//     (SRADCuda1Kernel, SRADCuda2Kernel, driven by SRAD, with the host code
//     of srad_v2/srad.cu): speckle-reducing anisotropic diffusion, a 2D
//     stencil through shared 16×16 tiles and halo rows and columns, four
//     and five barriers, two launches per iteration.
//   - lud/cuda/lud_kernel.cu, lud_diagonal, lud_perimeter and lud_internal
//     (LUDDiagonalKernel, LUDPerimeterKernel, LUDInternalKernel, driven by
//     LUD): blocked LU decomposition, barriers inside a loop whose inner
//     loops' bounds grow with the step, threads of a block split in two
//     halves doing different work, and three launches per block step.
//   - lavaMD/kernel/kernel_gpu_cuda.cu, kernel_gpu_cuda (LavaMDKernel,
//     driven by LavaMD): particle forces in double precision, a loop over
//     neighbouring boxes with barriers whose bound is the block's box's,
//     thread-strided while loops, structs in shared memory.
//   - kmeans/kmeans_cuda_kernel.cu, invert_mapping and kmeansPoint
//     (KMeansInvertMappingKernel, KMeansPointKernel, driven by KMeans, with
//     the host loop of kmeans_cuda.cu and kmeans_clustering.c): k-means
//     clustering, one thread per point over a square grid, the centres
//     recomputed on the host between launches until convergence. The
//     original's texture and __constant__ reads are plain slices here.
//   - cfd/euler3d.cu (float), cuda_initialize_variables,
//     cuda_compute_step_factor, cuda_compute_flux and cuda_time_step
//     (CFDInitializeVariablesKernel, CFDComputeStepFactorKernel,
//     CFDComputeFluxKernel, CFDTimeStepKernel, driven by CFD): Corrigan's
//     finite-volume Euler solver on an unstructured tetrahedral mesh,
//     gathers through a neighbour list, helpers taking pointers (C++
//     references), a Runge-Kutta loop of seven launches per iteration.
//     The mesh is made from a seed (NewCFDMesh) rather than read from
//     fvcorr.domn files; the __constant__ far field is a kernel argument.
//   - streamcluster/streamcluster_cuda.cu, kernel_compute_cost
//     (StreamclusterComputeCostKernel, driven by Streamcluster, with pgain
//     of streamcluster_cuda.cu and the start of pkmedian of
//     streamcluster_cuda_cpu.cpp: speedy, the feasible centres, one local
//     search): the cost of opening each candidate centre, a launch per
//     candidate over a two-dimensional grid, each followed by an
//     O(points × centres) reduction on the host.
//   - particlefilter/ex_particle_CUDA_naive_seq.cu, kernel
//     (ParticleFilterKernel, driven by ParticleFilter): a particle filter
//     tracking an object through a synthetic video, the host moving and
//     weighing the particles, the kernel resampling them by a linear
//     search of the weights' CDF (a loop with a break), one launch per
//     frame. The generators are seeded from a seed instead of the time.
//
// Each kernel keeps the structure of the original: its shared tiles, the
// place of every __syncthreads, its loops with barriers and their early
// exits, its launch shapes and the number of launches of Rodinia's host
// code, which the drivers (Hotspot, Pathfinder, ...) follow. Inputs are
// made as Rodinia's programs make them (graphgen's random graphs, needle's
// BLOSUM62 scores, gaussian's create_matrix), from a seed; those Rodinia
// reads from data files (kmeans's kdd_cup, cfd's meshes) are stand-ins
// made from a seed.
//
// Beside each driver are two hand-written Go versions computing the same
// result: a serial one (HotspotSerial, ...) and a parallel one splitting
// the work over GOMAXPROCS goroutines with a sync.WaitGroup (HotspotParallel,
// ...), what a Go programmer would write. The benchmarks name them
// impl=handSerial and impl=handParallel beside impl=compiled (the kernels
// as gocuda compile compiled them, where it did) and impl=runtime (the
// runtime path).
//
// The kernels are compiled by gocuda compile (go generate); a kernel it
// refuses keeps running on the runtime path, and its constructor's doc
// comment ends with the reason.
package rodinia

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512
