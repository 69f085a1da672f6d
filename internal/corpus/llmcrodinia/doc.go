// Package llmcrodinia holds real CUDA kernels from llm.c's GPT-2 training
// kernels and Rodinia 3.1, ported to gocuda as their authors wrote them. The
// set was first compiled before the compiler had seen it
// (testdata/first-attempt.txt, where present, records that attempt); its
// tests run every kernel on both paths against a sequential host reference.
// It stresses cooperative groups' 32-thread tiles, float4 loads,
// multi-kernel scans and tree searches. The sources, with the commits they
// were ported from:
//
//   - karpathy/llm.c, train_gpt2_fp32.cu: the GPT-2 training kernels in
//     float32, most of them over cooperative groups' 32-thread tiles
//     (cg::reduce, meta_group_rank) and float4 loads.
//   - Rodinia 3.1's CUDA versions (yuhc/gpu-rodinia, cuda/): lud's three
//     kernels, kmeans's two, hotspot3D's hotspotOpt1, b+tree's two
//     searches, srad_v1's reduction and huffman's scan (the CUDA SDK's
//     scanLargeArray of 2007, the work-efficient scan of GPU Gems 3,
//     chapter 39). bench/rodinia holds the benchmarks' other kernels.
//
// Each kernel keeps its original's control flow, barriers, warp
// primitives and cooperative groups; only the syntax is Go's (as in package
// corpus: __syncthreads() is t.SyncThreads(), a __shared__ array is
// gocuda.Shared, extern __shared__ is gocuda.DynamicShared, a template
// parameter is a type parameter or a kernel argument, a __constant__ array
// or a bound texture is an argument read as a slice, a C++ reference
// parameter is a pointer).
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// The tests run every kernel on both paths against a sequential host
// reference.
package llmcrodinia

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
