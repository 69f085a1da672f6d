// Package generic has kernels in generic functions and methods.
package generic

import "github.com/gocuda/gocuda/gocuda"

type number interface{ ~int | ~float32 }

func scale[S ~[]E, E number](t *gocuda.Thread, s S, by E) {
	s[t.ThreadIdx.X] *= by
}

type vec []float32

type kernels[E number] struct{ data []E }

func (k *kernels[E]) zero(t *gocuda.Thread) {
	k.data[t.ThreadIdx.X] = 0
}

func (k kernels[E]) half(t *gocuda.Thread, v vec) {
	v[t.ThreadIdx.X] /= 2
	v[1.0] = 3 // a float constant index
}

// A tile of R has elements whatever R is: one access per element, as for
// an array (the types of R share no core type).
type row interface{ [32]float32 | [33]float32 }

func tiled[R row](t *gocuda.Thread, tile []R, in []float32) {
	tile[t.ThreadIdx.Y][t.ThreadIdx.X] = in[t.ThreadIdx.X]
}
