// Package hecbenchrodinia holds real CUDA kernels from HeCBench programs
// from many authors and Rodinia 3.1, ported to gocuda as their authors wrote
// them. The set was first compiled before the compiler had seen it
// (testdata/first-attempt.txt, where present, records that attempt); its
// tests run every kernel on both paths against a sequential host reference.
// It stresses warp sorts and hashes, fused softmax and norms, tridiagonal
// solvers, in-place transposes. The sources, with the commits they were
// ported from:
//
//   - HeCBench (zjin-lcf/HeCBench at f27000a, src/*-cuda), programs
//     collected from many authors: nms (Oro et al.'s work-efficient
//     non-maximum suppression), jenkins-hash (Bob Jenkins's lookup3),
//     murmurhash3 (Austin Appleby), logprob (NVIDIA FasterTransformer),
//     rmsnorm (AMD TransformerEngine), groupnorm (after llm.c's layernorm),
//     collision (Facebook fbcuda's warp bitonic sort), softmax-fused
//     (Megatron-LM), tridiagonal (Zhang, Owens and Sakharnykh's PCR and
//     CR solvers), bincount (PyTorch), asta (Chai's in-place
//     transposition), mpc (Burtscher's MPC compressor), opticalFlow
//     (NVIDIA's HSOpticalFlow), wedford (NVIDIA Apex's Welford
//     statistics), jacobi (NVIDIA).
//   - Rodinia 3.1's CUDA versions (yuhc/gpu-rodinia at 9c10d3e, cuda/),
//     the benchmarks neither bench/rodinia nor package llmcrodinia ports:
//     backprop's bpnn_adjust_weights_cuda, nn, streamcluster,
//     particlefilter, huffman's vlc_encode_kernel_sm64huff, hybridsort's
//     bucket sort, lavaMD and cfd.
//
// Each kernel keeps its original's control flow, barriers, warp
// primitives and cooperative groups; only the syntax is Go's (as in package
// corpus: __syncthreads() is t.SyncThreads(), a __shared__ array is
// gocuda.Shared, extern __shared__ is gocuda.DynamicShared, a template type
// parameter is a type parameter, a template value parameter a kernel
// argument, a template policy struct a type parameter with methods, a
// __constant__ array or a texture an argument read as a slice, a C++
// reference parameter a pointer, pointer arithmetic a subslice, a pointer
// cast between element types an unsafe view, a ternary an if, a C
// switch's fall-through Go's fallthrough).
//
// Every kernel has a //gocuda:kernel directive; the ones the compiler
// leaves on the runtime path are listed with their reasons in
// testdata/refused.txt, which a test keeps equal to the generated files
// (go test -run TestRefusedLedger -update rewrites it after go generate).
// testdata/first-attempt.txt records what the compiler did with each kernel
// the first time it saw it, and testdata/repro holds a minimal reproduction
// of each failure. The files whose generated code does not build are
// behind the build tag hecbenchrodinia_buildfail, so that the package builds;
// their generated files are not committed (go generate without the tag
// removes them): gocuda compile -tags hecbenchrodinia_buildfail writes them, and
// go vet -tags hecbenchrodinia_buildfail shows the failures. The compiled path
// of a kernel whose compiled form is wrong is skipped in its test, naming
// the bug. The tests run every other kernel on both paths against a
// sequential host reference.
package hecbenchrodinia

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu
