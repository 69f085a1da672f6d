package difftest

import "github.com/gocuda/gocuda/gocuda"

// Method values and promoted methods: a method value made into a
// variable (its receiver evaluated there, as Go does, whatever the
// receiver becomes after) and one passed to a helper; methods promoted
// from embedded fields, by value and through a pointer, one and two
// fields deep, that synchronize and that do not.

// gain is a policy: each thread's value times k.
type gain struct{ k int32 }

// next returns the next thread's v times k, through s.
func (g gain) next(t *gocuda.Thread, s []int32, v int32) int32 {
	s[t.ThreadIdx.X] = v * g.k
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	t.SyncThreads()
	return r
}

// twice applies step twice.
func twice(t *gocuda.Thread, s []int32, v int32, step func(*gocuda.Thread, []int32, int32) int32) int32 {
	return step(t, s, step(t, s, v))
}

// MethodValueKernel calls gain.next through method values: one in a
// variable, made before its receiver changes, one passed to a helper, and
// a copy of the first. out has three elements per thread.
//
//gocuda:kernel MethodValueKernel
func methodValue(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	g := gain{2}
	f := g.next
	g.k = 3
	a := f(t, s, int32(t.ThreadIdx.X))
	b := twice(t, s, a, g.next)
	h := f
	c := h(t, s, b)
	out[3*i] = a
	out[3*i+1] = b
	out[3*i+2] = c
}

// relay is a policy of n rounds, each adding the next thread's value.
type relay struct{ n int }

// run returns v after r.n rounds, through s.
func (r relay) run(t *gocuda.Thread, s []int32, v int32) int32 {
	for k := 0; k < r.n; k++ {
		s[t.ThreadIdx.X] = v
		t.SyncThreads()
		v += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
	return v
}

// bias is n times the thread's index.
func (r relay) bias(t *gocuda.Thread) int32 { return int32(r.n) * int32(t.ThreadIdx.X) }

// warpSink keeps warp sums.
type warpSink struct{ sums []int32 }

// put stores the warp's sum of v at i.
func (w *warpSink) put(t *gocuda.Thread, i int, v int32) {
	w.sums[i] = gocuda.ReduceAddSync(t, gocuda.FullMask, v)
}

// solver embeds its policies: relay by value, the sink through a
// pointer.
type solver struct {
	relay
	*warpSink
	scale int32
}

// nested embeds a solver: its relay two fields deep.
type nested struct{ solver }

// counter adds up warp sums, through a pointer receiver.
type counter struct{ total int32 }

// add adds the warp's sum of v.
func (c *counter) add(t *gocuda.Thread, v int32) {
	c.total += gocuda.ReduceAddSync(t, gocuda.FullMask, v)
}

// tallied embeds a counter by value.
type tallied struct{ counter }

// PromotedKernel calls solver's promoted methods: relay.run (barriers,
// a loop bound by the receiver's field), relay.bias (plain),
// warpSink.put (a collective, through the embedded pointer), run again
// two fields deep and as a promoted method value, and counter.add on a
// local tallied. out has two elements per thread of a grid of whole
// warps.
//
//gocuda:kernel PromotedKernel
func (p solver) promoted(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	v := p.run(t, s, int32(t.ThreadIdx.X))
	v += p.bias(t)
	p.put(t, i, v)
	o := nested{p}
	v = o.run(t, s, v)
	step := o.run
	v = step(t, s, v)
	var c tallied
	c.add(t, 1)
	c.add(t, v)
	out[2*i] = v * p.scale
	out[2*i+1] = c.total
}

// scaler is a generic policy: v times scale, exchanged with the next
// thread's.
type scaler[T int32 | float32] struct{ scale T }

// next returns the next thread's v times scale, through s.
func (b scaler[T]) next(t *gocuda.Thread, s []T, v T) T {
	s[t.ThreadIdx.X] = v * b.scale
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	t.SyncThreads()
	return r
}

// holder embeds a scaler.
type holder[T int32 | float32] struct{ scaler[T] }

// applyTo calls step once.
func applyTo[T int32 | float32](t *gocuda.Thread, s []T, v T, step func(*gocuda.Thread, []T, T) T) T {
	return step(t, s, v)
}

// GenericPromotedKernel calls a generic type's promoted method through a
// method value, in a variable and passed to a generic helper.
//
//gocuda:kernel GenericPromotedKernel
func genericPromoted(t *gocuda.Thread, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	h := holder[float32]{scaler[float32]{0.5}}
	f := h.next
	a := f(t, s, float32(t.ThreadIdx.X))
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = a + applyTo(t, s, 3, h.next)
}

// factor is a policy of a named integer type.
type factor int32

// times returns the next thread's v times k, through s.
func (k factor) times(t *gocuda.Thread, s []int32, v int32) int32 {
	s[t.ThreadIdx.X] = v * int32(k)
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	t.SyncThreads()
	return r
}

// plus returns v plus k.
func (k factor) plus(_ *gocuda.Thread, v int32) int32 { return v + int32(k) }

// gainRef embeds a pointer to a gain: next, which takes a value, is
// promoted through it.
type gainRef struct{ *gain }

// MethodValueLoopKernel makes method values in a loop's body, calls a
// plain one on both sides of barriers, one with a pointer receiver on a
// local, and a value method promoted through an embedded pointer. out has
// two elements per thread of a grid of whole warps.
//
//gocuda:kernel MethodValueLoopKernel
func methodValueLoop(t *gocuda.Thread, out []int32, k factor, g gainRef) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	add := k.plus
	v := int32(t.ThreadIdx.X)
	for range 2 {
		m := k.times
		v = add(t, m(t, s, v))
	}
	v = g.next(t, s, v)
	var c counter
	f := c.add
	f(t, 1)
	f(t, v)
	out[2*i] = add(t, v)
	out[2*i+1] = c.total
}
