//go:build !(goexperiment.simd && amd64)

package compiled

// SIMDBuild reports whether this is the SIMD build (GOEXPERIMENT=simd on
// amd64). Generated code writes the statements its two builds differ in
// under if SIMDBuild { ... } else { ... }: a constant, so that each build
// compiles only its own form.
const SIMDBuild = false
