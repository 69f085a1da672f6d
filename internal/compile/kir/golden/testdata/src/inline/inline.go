// Package inline holds kernels whose helpers synchronize, and kernels
// calling helpers with loops, inlined or not.
package inline

import "github.com/gocuda/gocuda/gocuda"

// Number is what the kernels add.
type Number interface{ ~int32 | ~uint32 | ~float32 }

func scan[T Number](t *gocuda.Thread, x []T) T {
	i := t.ThreadIdx.X
	for offset := 1; offset < len(x); offset *= 2 {
		var y T
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] = y + x[i]
		}
		t.SyncThreads()
	}
	return x[i]
}

func partition(t *gocuda.Thread, values []uint32, bit uint) {
	i := uint32(t.ThreadIdx.X)
	x := values[i]
	p := (x >> bit) & 1
	values[i] = p
	t.SyncThreads()
	before := scan(t, values)
	t.SyncThreads()
	if p != 0 {
		values[before-1] = x
	}
}

// sorter partitions by each bit.
func sorter(t *gocuda.Thread, keys []uint32) {
	s := gocuda.Shared[uint32](t, t.BlockDim.X)
	s[t.ThreadIdx.X] = keys[t.ThreadIdx.X]
	t.SyncThreads()
	for bit := uint(0); bit < 32; bit++ {
		partition(t, s, bit)
		t.SyncThreads()
	}
	keys[t.ThreadIdx.X] = s[t.ThreadIdx.X]
}

// pad calls a helper with an untyped constant for a float32 (bug 2) and a
// thread-dependent argument (bug 4).
func pad(t *gocuda.Thread, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := stage(t, s, float32(t.ThreadIdx.X), 1)
	out[t.ThreadIdx.X] = v + stage(t, s, 0, 2)
}

func stage(t *gocuda.Thread, s []float32, v, k float32) float32 {
	s[t.ThreadIdx.X] = v * k
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%len(s)]
	t.SyncThreads()
	return r
}

// policy is a policy whose method reaches a barrier.
type policy struct{ scale float32 }

// apply stores v scaled, then reads the neighbour's.
func (st policy) apply(t *gocuda.Thread, s []float32, v float32) float32 {
	s[t.ThreadIdx.X] = v * st.scale
	t.SyncThreads()
	return s[(t.ThreadIdx.X+1)%t.BlockDim.X]
}

// methodCall calls a method that synchronizes, inlined as a helper.
func methodCall(t *gocuda.Thread, s, out []float32) {
	out[t.ThreadIdx.X] = policy{2}.apply(t, s, out[t.ThreadIdx.X])
}

// inner is a policy embedded in outer.
type inner struct{ rounds int }

// relay adds the next thread's v, rounds times.
func (in inner) relay(t *gocuda.Thread, s []float32, v float32) float32 {
	for k := 0; k < in.rounds; k++ {
		s[t.ThreadIdx.X] = v
		t.SyncThreads()
		v += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
	return v
}

// outer embeds inner, whose relay it promotes.
type outer struct {
	inner
	scale float32
}

// promoted calls a method promoted from an embedded field: its receiver
// is o.inner, whose field bounds the loop, the same for the block.
func promoted(t *gocuda.Thread, s, out []float32, o outer) {
	out[t.ThreadIdx.X] = o.relay(t, s, o.scale)
}

func twice(t *gocuda.Thread, s []float32, v float32, step func(*gocuda.Thread, []float32, float32) float32) float32 {
	return step(t, s, step(t, s, v))
}

// methodValue calls policy.apply through a method value in a variable,
// made before the receiver changes, and one passed to a helper.
func methodValue(t *gocuda.Thread, s, out []float32) {
	p := policy{2}
	f := p.apply
	p.scale = 3
	v := f(t, s, 1)
	out[t.ThreadIdx.X] = twice(t, s, v, p.apply)
}

// column sums column c of a k×n b: it walks from its parameter a multiple
// of its counter apart, so it is inlined where it may be.
func column(b []float32, c, n, k int) float32 {
	var s float32
	for j := 0; j < k; j++ {
		s += b[c+j*n]
	}
	return s
}

// row sums row r: its walk is the thread's own order, so it stays a call.
func row(b []float32, r, n int) float32 {
	var s float32
	for j := 0; j < n; j++ {
		s += b[r*n+j]
	}
	return s
}

// loopHelpers calls column where it is inlined (its own statement, and
// nested in the guard), and where it stays a call: beside another call
// whose order it might change, and on the right of &&; row stays a call.
func loopHelpers(t *gocuda.Thread, b, out []float32, n, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := column(b, 0, n, k)
	if i < n {
		c := column(b, i, n, k)
		d := column(b, i, n, k) + row(b, i%k, n)
		ok := i > 0 && column(b, i-1, n, k) > 0
		if ok {
			c += 1
		}
		out[i] = c + d + s
	}
}

// A helper with a barrier under an if on an element of in at an index
// the same for the block: in, bound to a parameter the kernel never
// writes, is read-only in the helper too.
func readOnlyStep(t *gocuda.Thread, in, s []int32, k int, x int32) int32 {
	if in[k] > 0 {
		s[t.ThreadIdx.X] = x
		t.SyncThreads()
		x += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	}
	return x
}

// readOnlyParam calls readOnlyStep: its if is block-level control
// (refused before as a condition not provably the same for the block).
func readOnlyParam(t *gocuda.Thread, in, out []int32, k int) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	out[t.ThreadIdx.X] = readOnlyStep(t, in, s, k, in[t.ThreadIdx.X])
}

// A functor whose method shuffles, which a template calls through its
// type parameter's constraint (PyTorch's WelfordOps, in HeCBench's
// rowwiseMoments).
type shflOp struct{}

func (shflOp) combine(a, b int32) int32 { return a + b }

func (shflOp) down(t *gocuda.Thread, v int32, offset int) int32 {
	return gocuda.ShflDownSync(t, 0xffffffff, v, offset, 32)
}

type reduceOp[A any] interface {
	combine(a, b A) A
	down(t *gocuda.Thread, v A, offset int) A
}

func warpReduceOp[A any, Op reduceOp[A]](t *gocuda.Thread, v A, op Op) A {
	for offset := 16; offset > 0; offset >>= 1 {
		v = op.combine(v, op.down(t, v, offset))
	}
	return v
}

// functor calls warpReduceOp with shflOp: the method call through Op
// is shflOp's, inlined (refused before: the compiler could not see
// whether it synchronizes).
func functor(t *gocuda.Thread, out []int32) {
	out[t.ThreadIdx.X] = warpReduceOp(t, int32(t.ThreadIdx.X), shflOp{})
}

// An operator object kept in a field of a generic reducer, as CUB's and
// PyTorch's reducers keep theirs.
type warpReducerOp[A any, Op reduceOp[A]] struct{ op Op }

func (r warpReducerOp[A, Op]) reduce(t *gocuda.Thread, v A) A {
	for offset := 16; offset > 0; offset >>= 1 {
		v = r.op.combine(v, r.op.down(t, v, offset))
	}
	return v
}

// functorField calls shflOp's methods through the reducer's field: the
// call through r.op is shflOp's, inlined (refused before, as functor
// was).
func functorField(t *gocuda.Thread, out []int32) {
	r := warpReducerOp[int32, shflOp]{}
	out[t.ThreadIdx.X] = r.reduce(t, int32(t.ThreadIdx.X))
}
