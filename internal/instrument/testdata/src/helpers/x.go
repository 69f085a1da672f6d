// Package helpers has functions without the thread that kernels call:
// they get twins that take it.
package helpers

import "github.com/gocuda/gocuda/gocuda"

// load reads four floats (a vector load, llm.c's ld_vec).
func load(s []float32, i int) [4]float32 {
	return [4]float32{s[i], s[i+1], s[i+2], s[i+3]}
}

// sum adds the vector at i through load.
func sum(s []float32, i int) float32 {
	v := load(s, i)
	return v[0] + v[1] + v[2] + v[3]
}

// at is generic.
func at[T any](s []T, i int) T { return s[i] }

// plain takes no slice: no twin.
func plain(a, b int) int { return a + b }

func kernel(t *gocuda.Thread, out, in []float32) {
	i := plain(t.ThreadIdx.X, 0)
	out[i] = sum(in, 4*i) + at[float32](in, i) + at(in, i)
	f := load // a function value: not instrumented
	_ = f
}

// host calls the helper outside kernels: unchanged.
func host(in []float32) float32 { return sum(in, 0) }
