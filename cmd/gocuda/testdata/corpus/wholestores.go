package corpus

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Stores the checker once missed or misjudged. HeCBench's dwconv1d
// (timex.cu) fills shared memory with float4 stores through a
// reinterpreted pointer, F4(ww, t) = ..., before reading it as floats;
// jaccard's generic row sums have every lane of a row store the same
// value.

// vec4 is CUDA's float4.
type vec4 struct{ X, Y, Z, W float32 }

// at4 is dwconv1d's F4 macro: the four floats of a from b (a multiple of
// 4) as one vec4.
func at4(a []float32, b int) *vec4 { return (*vec4)(unsafe.Pointer(&a[b>>2<<2])) }

// WholeStores has each thread store four floats of a shared tile as one
// vec4 and, after a barrier, read one float of it back into out.
func WholeStores(t *gocuda.Thread, out []float32) {
	s := gocuda.Shared[float32](t, 4*t.BlockDim.X)
	*at4(s, 4*t.ThreadIdx.X) = vec4{1, 2, 3, float32(t.ThreadIdx.X)}
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[t.ThreadIdx.X]
}

// SameValueGeneric has every thread store the same value into out[0], in
// a generic kernel: a store of the value already there.
func SameValueGeneric[T float32 | float64](t *gocuda.Thread, out []T, n int) {
	out[0] = T(n)
}
