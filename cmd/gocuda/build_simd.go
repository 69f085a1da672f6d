//go:build goexperiment.simd && amd64

package main

// simdBuild is whether this binary has the SIMD build's compiled kernels
// (GOEXPERIMENT=simd on amd64).
const simdBuild = true
