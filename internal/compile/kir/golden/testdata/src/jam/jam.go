// Package jam holds kernels whose threads end by calling a helper that
// walks a run of their own: where the helper's rest cannot fail and
// carries a value through its loop, four threads' calls run together,
// their loops interleaved.
package jam

import "github.com/gocuda/gocuda/gocuda"

// scanRuns scans a run of in per thread: jammed.
func scanRuns(t *gocuda.Thread, in, out []float32, run int, inclusive bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	scanRun(in[i*run:(i+1)*run], out[i*run:(i+1)*run], float32(i), inclusive)
}

// scanRun is a serial scan whose first statement may fail and whose
// rest cannot: a jam.
func scanRun(in, out []float32, offset float32, inclusive bool) {
	out = out[:len(in)]
	s := offset
	if inclusive {
		for k, x := range in {
			s += x
			out[k] = s
		}
		return
	}
	for k, x := range in {
		out[k] = s
		s += x
	}
}

// gathers calls a helper whose loop reads at indices it loads: not
// jammed, the loads may fail.
func gathers(t *gocuda.Thread, in, out []float32, idx []int, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	gather(in, out[i:i+1], idx[i*run:(i+1)*run])
}

// gather adds in at idx's elements into out[0].
func gather(in, out []float32, idx []int) {
	var s float32
	for _, j := range idx {
		s += in[j]
	}
	out[0] = s
}

// sumRuns sums a run of in per thread into s, then a block tree: the
// helper's range over a slice expression runs over a variable its call
// assigns, and its result goes to s[tid] after the jammed loops.
func sumRuns(t *gocuda.Thread, in []float32, out []float64, run int) {
	s := gocuda.Shared[float64](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	s[tid] = sumRun(in, (t.BlockIdx.X*t.BlockDim.X+tid)*run, run)
	t.SyncThreads()
	if tid == 0 {
		var total float64
		for _, v := range s {
			total += v
		}
		out[t.BlockIdx.X] = total
	}
}

// sumRun is the float64 sum of in[lo:lo+n], in order.
func sumRun(in []float32, lo, n int) float64 {
	var v float64
	for _, x := range in[lo : lo+n] {
		v += float64(x)
	}
	return v
}

// longer calls a helper that makes out as long as in, then makes in
// longer: out[k] fails at in's last key, so the helper is not jammed.
func longer(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	scanLonger(in[i*run:(i+1)*run], out[i*run:(i+1)*run])
}

// scanLonger scans in into out, one element past out's end.
func scanLonger(in, out []float32) {
	out = out[:len(in)]
	in = append(in, 1)
	var s float32
	for k, x := range in {
		s += x
		out[k] = s
	}
}

// hornerRuns evaluates a run of in per thread as a polynomial's
// coefficients, four a trip: the helper's loop slices and indexes at
// constants its condition bounds, so it cannot fail: jammed.
func hornerRuns(t *gocuda.Thread, in, out []float32, run int, x float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = horner(in[i*run:(i+1)*run], x)
}

// horner evaluates c at x, four coefficients a trip, then the rest.
func horner(c []float32, x float32) float32 {
	var s float32
	for len(c) >= 4 {
		q := c[:4:4]
		s = (((s*x+q[0])*x+q[1])*x+q[2])*x + q[3]
		c = c[4:]
	}
	for _, v := range c {
		s = s*x + v
	}
	return s
}

// pastRuns calls a helper reading past what its loop's condition
// bounds: not jammed.
func pastRuns(t *gocuda.Thread, in, out []float32, run int, x float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = past(in[i*run:(i+1)*run], x)
}

// past reads c[4] where c is only known to hold four.
func past(c []float32, x float32) float32 {
	var s float32
	for len(c) >= 4 {
		s = s*x + c[4]
		c = c[4:]
	}
	return s
}

// shrunkRuns calls a helper that shortens its slice before reading it:
// not jammed.
func shrunkRuns(t *gocuda.Thread, in, out []float32, run int, x float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = shrunk(in[i*run:(i+1)*run], x)
}

// shrunk takes two off c, then reads c[3], which may be gone.
func shrunk(c []float32, x float32) float32 {
	var s float32
	for len(c) >= 4 {
		c = c[2:]
		s = s*x + c[3]
	}
	return s
}

// tailRuns calls a helper that ranges over the slice its first loop
// shortened, by value: jammed.
func tailRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = tail(in[i*run : (i+1)*run])
}

// tailKeyedRuns calls tailKeyed, which reads that slice by key: not
// jammed (the key vouches only for a slice the rest never assigns).
func tailKeyedRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = tailKeyed(in[i*run : (i+1)*run])
}

// tail adds c four at a time, then the rest by value.
func tail(c []float32) float32 {
	var s float32
	for len(c) >= 4 {
		s += c[0] + c[1] + c[2] + c[3]
		c = c[4:]
	}
	for _, v := range c {
		s += v
	}
	return s
}

// tailKeyed is tail with the rest read by key.
func tailKeyed(c []float32) float32 {
	var s float32
	for len(c) >= 4 {
		s += c[0] + c[1] + c[2] + c[3]
		c = c[4:]
	}
	for k := range c {
		s += c[k]
	}
	return s
}

// countedRuns sums a run of in per thread with the counter Go
// programmers write by hand, four elements a trip (the coarsened scan's
// run sums): the helper indexes at its counter plus constants below the
// margin its loop's condition keeps: jammed.
func countedRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = counted(in[i*run : (i+1)*run])
}

// counted adds s with four accumulators, then the rest.
func counted(s []float32) float32 {
	var a, b, c, d float32
	i := 0
	for ; i+4 <= len(s); i += 4 {
		a += s[i]
		b += s[i+1]
		c += s[i+2]
		d += s[i+3]
	}
	for ; i < len(s); i++ {
		a += s[i]
	}
	return (a + b) + (c + d)
}

// pastCountedRuns calls a helper reading one past its condition's
// margin: not jammed.
func pastCountedRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = pastCounted(in[i*run : (i+1)*run])
}

// pastCounted reads s[i+4] where only i+4 <= len(s) holds.
func pastCounted(s []float32) float32 {
	var a float32
	for i := 0; i+4 <= len(s); i += 4 {
		a += s[i+4]
	}
	return a
}

// downRuns calls a helper whose counter goes down, which may make it
// negative: not jammed.
func downRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = down(in[i*run:(i+1)*run], run)
}

// down reads s at a counter it may take below zero.
func down(s []float32, k int) float32 {
	var a float32
	i := 0
	for ; i < len(s); i++ {
		a += s[i]
		i -= k
	}
	return a
}
