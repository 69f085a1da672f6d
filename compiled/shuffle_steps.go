package compiled

// ShflSteps is a run of steps of a shuffle scan or reduction for
// ShflAddSteps: each step's distance and the lanes [lo, hi) that add, in
// order. Generated code collects the steps of a loop of shuffles into one
// (a warp's five steps of a reduction), completing the run whenever it is
// full and at the loop's end. The zero value is an empty run. A ShflSteps
// must not be copied after first use.
type ShflSteps struct {
	n         int
	d, lo, hi [8]int
}

// Add appends a step to r: ShflAddWarp's d, lo and hi. r must not be full.
func (r *ShflSteps) Add(d, lo, hi int) {
	r.d[r.n], r.lo[r.n], r.hi[r.n] = d, lo, hi
	r.n++
}

// Full reports whether r holds as many steps as it can.
func (r *ShflSteps) Full() bool { return r.n == len(r.d) }

// ShflAddSteps completes the steps of r on vals, in order, each as
// ShflAddWarp(s, vals, d, lo, hi) would, and empties r. In the SIMD build
// with AVX-512, a warp of float32 values stays in two registers through
// the run instead of going back to memory at every step.
func ShflAddSteps[T Number](s Shuffle, vals *[warpSize]T, r *ShflSteps) {
	if !shflAddRun(s, vals, r) {
		for k := range r.n {
			ShflAddWarp(s, vals, r.d[k], r.lo[k], r.hi[k])
		}
	}
	r.n = 0
}
