package difftest

import "github.com/gocuda/gocuda/gocuda"

// Methods that synchronize, the Go form of a C++ functor or template
// policy: a generic block-sum policy with a value receiver, a warp
// counter with a pointer receiver.

// blockTree is a block-sum policy over values of T, scaled.
type blockTree[T int32 | float32] struct{ scale T }

// sum returns the scaled sum of v over the block (a power-of-two size),
// through s, a shared slice of one element per thread.
func (b blockTree[T]) sum(t *gocuda.Thread, s []T, v T) T {
	tid := t.ThreadIdx.X
	s[tid] = v * b.scale
	for k := t.BlockDim.X / 2; k > 0; k /= 2 {
		t.SyncThreads()
		if tid < k {
			s[tid] += s[tid+k]
		}
	}
	t.SyncThreads()
	r := s[0]
	t.SyncThreads()
	return r
}

// warpCounter counts, per thread, what its warp adds.
type warpCounter struct{ n int32 }

// add adds the warp's sum of v to the counter.
func (c *warpCounter) add(t *gocuda.Thread, v int32) {
	c.n += gocuda.ReduceAddSync(t, gocuda.FullMask, v)
}

// MethodsKernel sums each block's values with blockTree, for int32 and
// float32, and counts its warps' sums with a warpCounter. out has three
// elements per thread of a grid of power-of-two blocks of whole warps.
//
//gocuda:kernel MethodsKernel
func methods(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	si := gocuda.Shared[int32](t, t.BlockDim.X)
	sf := gocuda.Shared[float32](t, t.BlockDim.X)
	out[3*i] = blockTree[int32]{scale: 2}.sum(t, si, int32(i%7))
	tf := blockTree[float32]{scale: 0.5}
	out[3*i+1] = int32(tf.sum(t, sf, float32(i%5)))
	var c warpCounter
	c.add(t, 1)
	c.add(t, int32(t.LaneID()))
	out[3*i+2] = c.n
}

// combine applies step to v: a helper of function type whose argument
// the call names, as C++ passes a functor or a template function.
func combine(t *gocuda.Thread, s []int32, v int32, step func(*gocuda.Thread, []int32, int32) int32) int32 {
	return step(t, s, v) + step(t, s, v+1)
}

// neighbourSum stores v and returns it plus the next thread's, through s.
func neighbourSum(t *gocuda.Thread, s []int32, v int32) int32 {
	s[t.ThreadIdx.X] = v
	t.SyncThreads()
	r := v + s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	t.SyncThreads()
	return r
}

// FuncParamKernel calls combine with neighbourSum by name.
//
//gocuda:kernel FuncParamKernel
func funcParam(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = combine(t, s, int32(t.ThreadIdx.X), neighbourSum)
}

// smoother is a kernel's parameters as a type, the kernel its method (a
// C++ functor launched as a kernel).
type smoother struct{ weight int32 }

// StencilMethodKernel is smoother's three-point stencil through shared
// memory: each thread's value plus weight times its neighbours'.
//
//gocuda:kernel StencilMethodKernel
func (p smoother) stencil(t *gocuda.Thread, in, out []int32) {
	tid, n := t.ThreadIdx.X, t.BlockDim.X
	s := gocuda.Shared[int32](t, n)
	i := t.BlockIdx.X*n + tid
	s[tid] = in[i]
	t.SyncThreads()
	out[i] = s[tid] + p.weight*(s[(tid+n-1)%n]+s[(tid+1)%n])
}

// tally counts through a pointer receiver.
type tally struct{ sums []int32 }

// WarpTallyKernel stores each warp's sum of lane indices in its tally.
//
//gocuda:kernel WarpTallyKernel
func (c *tally) warpTally(t *gocuda.Thread) {
	s := gocuda.ReduceAddSync(t, gocuda.FullMask, int32(t.LaneID()))
	if t.LaneID() == 0 {
		c.sums[(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)/32] = s
	}
}
