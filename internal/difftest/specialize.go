package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are generic: the SIMD build specializes each
// to the lane types its constraint admits (float32, int32, uint32) and
// runs those bodies' loops eight threads a step; other type arguments
// (celsius) take the generic body.

// celsius is a type of the constraint that is no lane type: an
// instantiation with it runs the generic body.
type celsius float32

// specNumber is what the specialized kernels compute with.
type specNumber interface {
	int32 | uint32 | float32 | ~float64 | celsius
}

// specAt returns in[i], or 0 past its end: a generic helper with an early
// return, which the vector steps inline under masks.
func specAt[T specNumber](in []T, i int) T {
	if i >= len(in) {
		return 0
	}
	return in[i]
}

// SpecAxpyKernel writes out[i] = in[i+1]*k + in[i] for i < n, reading
// past the end of in as 0.
//
//gocuda:kernel SpecAxpyKernel
func specAxpy[T specNumber](t *gocuda.Thread, in, out []T, k T, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		out[i] = specAt(in, i+1)*k + specAt[T](in, i)
	}
}

// SpecTreeKernel sums each block's inputs with sequential addressing in
// shared memory, its loads through specAt.
//
//gocuda:kernel SpecTreeKernel
func specTree[T specNumber](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X*2 + tid
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = specAt(in, i) + specAt(in, i+t.BlockDim.X)
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// specRelay is a generic type whose method synchronizes: a call is
// inlined, its result a temporary of the receiver's type argument.
type specRelay[T specNumber] struct{ k T }

// pass returns the next thread's x times r.k, through shared memory.
func (r specRelay[T]) pass(t *gocuda.Thread, s []T, x T) T {
	s[t.ThreadIdx.X] = x * r.k
	t.SyncThreads()
	v := s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	t.SyncThreads()
	return v
}

// SpecRelayKernel calls a generic type's synchronizing method twice in
// one expression: the specialized bodies must write the temporaries'
// types as the lane type (they once kept the type parameter, and the SIMD
// build did not compile).
//
//gocuda:kernel SpecRelayKernel
func specRelayKernel[T specNumber](t *gocuda.Thread, in, out []T, k T) {
	s := gocuda.Shared[T](t, t.BlockDim.X)
	r := specRelay[T]{k: k}
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = r.pass(t, s, in[i]) + r.pass(t, s, 1)
}
