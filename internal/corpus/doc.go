// Package corpus holds real CUDA kernels from public codebases, ported to
// gocuda as their authors wrote them: NVIDIA's cuda-samples, PolyBench/GPU,
// Parboil, SHOC, the CUDA C++ Programming Guide, NVIDIA's developer blog
// and Numba's CUDA examples. Each kernel keeps its original's control flow,
// barriers, warp primitives and cooperative groups; only the syntax is Go's
// (__syncthreads() is t.SyncThreads(), threadIdx.x is t.ThreadIdx.X, a
// __shared__ array is gocuda.Shared, extern __shared__ is
// gocuda.DynamicShared, a template parameter is a type parameter or a
// kernel argument).
//
// The kernels are not rewritten to suit gocuda compile: the package measures
// how much real code the compiler takes. Every kernel has a
// //gocuda:kernel directive; the ones the compiler leaves on the runtime
// path are listed with their reasons in testdata/refused.txt, which a test
// keeps equal to the generated files (go test -run TestRefusedLedger
// -update rewrites it after go generate). The tests run every kernel on
// both paths against a sequential host reference.
package corpus

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512 -gpu
