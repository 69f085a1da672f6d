// Package difftest holds kernels that exercise each construct gocuda
// compile lowers, with tests that run their compiled forms against the
// runtime path on the same inputs.
package difftest

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512
