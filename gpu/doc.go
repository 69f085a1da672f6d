// Package gpu models real NVIDIA GPUs by compute capability, for the
// checking and profiling mode: their per-multiprocessor limits and the
// CUDA occupancy calculator's algorithm (cuda_occupancy.h's
// cudaOccMaxActiveBlocksPerMultiprocessor, and its 1.x predecessor), so
// that a kernel run on the CPU can be told how many of its blocks a given
// GPU would keep resident, and which resource binds; and what one warp's
// memory instruction costs there: the transactions of a global access
// under each generation's coalescing rules (Arch.Global), and the bank
// conflicts of a shared-memory access (Arch.Shared); and how long a
// launch would take on a GPU of that architecture (GPU.Predict: Hong and
// Kim's MWP-CWP model with roofline bounds, on the warp-level counts the
// profiler gathers, for the presets Presets lists, G80 to GH100, whose
// figures come from specifications and published microbenchmarks, or
// are marked in presets.go as not checked against one).
//
// The figures come from the CUDA C Programming Guide's tables and the
// occupancy calculator's sources, as collected in the project's
// GPU-MODELS.md; the tests reproduce the numbers the classic texts teach
// (Ryoo et al.'s G80 matrix multiply, the Programming Guide's occupancy
// example).
package gpu
