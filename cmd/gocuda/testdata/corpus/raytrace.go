package corpus

import (
	"math"
	"runtime"

	"github.com/gocuda/gocuda/gocuda"
)

// A ray tracer's per-pixel colour, as Roger Allen's port of Ray Tracing in
// One Weekend to CUDA writes it (github.com/rogerallen/
// raytracinginoneweekendincuda, vec3.h and main.cu's render kernel): a
// vec3 local of each thread accumulates the samples with vec3's compound
// operators (col += ..., col /= float(ns)), which in Go are methods with
// pointer receivers, so each call takes the local's address implicitly.
// The random state is a local of the thread's own too (curandState
// local_rand_state), a scalar here. On a GPU those locals are registers;
// in Go they may escape to the heap, where a later thread's local can take
// an earlier thread's freed address. Render collects the garbage at the
// start of each thread, so that its locals take the addresses of those of
// threads before it. RenderRaces is its twin whose pixels are shared by
// the threads of a row: each thread divides the row's pixel in global
// memory and a block total in shared memory through the same methods.

// vec3 is vec3.h's class: three floats in an array.
type vec3 struct{ e [3]float32 }

// addAssign is vec3's operator+=.
func (v *vec3) addAssign(w vec3) {
	v.e[0] += w.e[0] // ADD
	v.e[1] += w.e[1]
	v.e[2] += w.e[2]
}

// mulAssign is vec3's operator*= of a scalar.
func (v *vec3) mulAssign(t float32) {
	v.e[0] *= t // SCALE
	v.e[1] *= t
	v.e[2] *= t
}

// divAssign is vec3's operator/= of a scalar: vec3.h multiplies by the
// reciprocal, here through mulAssign (a method calling a method).
func (v *vec3) divAssign(t float32) {
	k := 1 / t
	v.mulAssign(k)
}

// sqrtAll is the render kernel's col[k] = sqrt(col[k]) for each k.
func (v *vec3) sqrtAll() {
	for k := range v.e {
		v.e[k] = float32(math.Sqrt(float64(v.e[k])))
	}
}

// randState stands for curandState: an xorshift state of the thread's own.
type randState uint32

// uniform is curand_uniform: it advances the state and returns a float in
// (0, 1].
func (s *randState) uniform() float32 {
	x := uint32(*s)
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	*s = randState(x) // STATE
	return float32(x>>8+1) / (1 << 24)
}

// sample stands for color(get_ray(u, v), world): a colour made of the
// pixel's coordinates and the sample's offset u.
func sample(i, j int, u float32) vec3 {
	return vec3{[3]float32{float32(i) + u, float32(j) + u, u}}
}

// Render is main.cu's render kernel on a 2D grid: fb[j*maxX+i] is the
// square root of the mean of ns samples of pixel (i, j). The colour is
// accumulated both in col and in twin, through a slice of pointers to the
// thread's own locals (a local whose address escapes into a slice of its
// own), the random state drawn from through its method.
func Render(t *gocuda.Thread, fb []vec3, states []randState, maxX, maxY, ns int) {
	runtime.GC()
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	j := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	if i >= maxX || j >= maxY {
		return
	}
	pixel := j*maxX + i
	localRandState := states[pixel]
	var col, twin vec3
	acc := []*vec3{&twin}
	for s := 0; s < ns; s++ {
		c := sample(i, j, localRandState.uniform())
		col.addAssign(c)
		acc[0].addAssign(c)
	}
	states[pixel] = localRandState
	col.divAssign(float32(ns))
	acc[0].divAssign(float32(ns))
	col.sqrtAll()
	twin.sqrtAll()
	col.addAssign(twin)
	col.mulAssign(0.5)
	fb[pixel] = col
}

// RenderRaces has every thread of row j divide fb[j] (a pixel of global
// memory all of them share) and add into a block total in shared memory,
// through the same methods, and draws from one random state in shared
// memory, with no atomics and no barrier.
func RenderRaces(t *gocuda.Thread, fb []vec3, ns int) {
	total := gocuda.Shared[vec3](t, 1)
	state := gocuda.Shared[randState](t, 1)
	if t.ThreadIdx.X == 0 {
		state[0] = randState(t.BlockIdx.X + 1)
		total[0] = vec3{}
	}
	t.SyncThreads()
	_ = state[0].uniform()
	j := t.BlockIdx.X
	fb[j].divAssign(float32(ns))
	p := &total[0]
	p.addAssign(fb[j])
}
