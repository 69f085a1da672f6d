package jam

import "github.com/gocuda/gocuda/gocuda"

// inlineSum sums a run of in per thread with a range loop written in
// the kernel, then shuffles the warp's sums down: the loop is the lane
// loop's last code and v is kept in the warp's lane array.
//
// jam runs four threads' loops at once, interleaved, the slice each
// ranges over passed from its call.
func inlineSum(t *gocuda.Thread, in []float32, out []float64, run int) {
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	var v float64
	for _, e := range in[lo : lo+run] {
		v += float64(e)
	}
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// countedStore sums a run of in per thread with a counted loop whose
// index the thread's values bound, then stores the sum.
//
// jam runs four threads' loops at once, each thread's index range
// tested when it calls (compiled.IndexesIn), and stores each sum.
func countedStore(t *gocuda.Thread, in []float32, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for k := 0; k < run; k++ {
		s += in[i*run+k]
	}
	out[i] = s
}

// dividedIndex sums with a counter divided in its index.
//
// Unchanged: in[k/2] is no affine function of the counter the thread's
// values bound, so the loop could fail at a trip no test foresees.
func dividedIndex(t *gocuda.Thread, in []float32, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for k := 0; k < run; k++ {
		s += in[i+k/2]
	}
	out[i] = s
}

// shiftedIndex sums every other element of a run, its index written
// with a shift and the counter last (lo + k<<1).
//
// jam reads the index by the index facts as 2*k + lo and tests each
// thread's range of it when it calls (compiled.IndexesIn), as it does
// for k + lo.
func shiftedIndex(t *gocuda.Thread, in []float32, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo := 2 * i * run
	var s float32
	for k := 0; k < run; k++ {
		s += in[lo+k<<1]
	}
	out[i] = s
}
