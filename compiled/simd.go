package compiled

import "github.com/klauspost/cpuid/v2"

// SIMD reports whether the vector steps of generated code run: code
// generated for the SIMD build (files ending in _gocuda_simd.go, built
// with GOEXPERIMENT=simd on amd64) runs eight consecutive threads of a
// loop at a time with AVX2 where this is true, and each thread alone
// where it is false. It starts as whether the CPU has AVX2. A test may
// clear it, before any launch, to run the scalar form of the same build;
// it must not change while a kernel runs.
var SIMD = cpuid.CPU.Supports(cpuid.AVX2)
