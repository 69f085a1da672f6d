package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file call helpers that sum a run with several
// accumulators, one statement each: the SIMD build calls twins of the
// helpers that keep the accumulators as a vector's lanes (superword
// parallelism), lane k computing what statement k does, in its order.

// SLPSumKernel has thread i add its run of in, in[i*run:(i+1)*run] cut
// at the end of in, with SumEight into out[i].
//
//gocuda:kernel SLPSumKernel
func slpSum(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = SumEight(in[min(i*run, len(in)):min((i+1)*run, len(in))])
	}
}

// SumEight returns the sum of run with eight accumulators, accumulator k
// adding the elements at k modulo 8 of the whole eights, the rest added
// to the first, the eight then added pairwise.
func SumEight(run []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(run) >= 8 {
		r := run[:8:8]
		s0 += r[0]
		s1 += r[1]
		s2 += r[2]
		s3 += r[3]
		s4 += r[4]
		s5 += r[5]
		s6 += r[6]
		s7 += r[7]
		run = run[8:]
	}
	for _, v := range run {
		s0 += v
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// SLPDotKernel has thread i take DotFour of its runs of x and y.
//
//gocuda:kernel SLPDotKernel
func slpDot(t *gocuda.Thread, x, y, out []float64, run int, scale float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = DotFour(x[i*run:(i+1)*run], y[i*run:(i+1)*run], scale)
	}
}

// DotFour returns the scaled dot product of x and y with four
// accumulators, the loads at an offset from a counted index; the first
// four elements and a tail of fewer than four are left out.
func DotFour(x, y []float64, scale float64) float64 {
	var a, b, c, d float64
	for k := 0; k+8 <= len(x); k += 4 {
		xs, ys := x[k:], y[k:]
		a += scale * (xs[4] * ys[4])
		b += scale * (xs[5] * ys[5])
		c += scale * (xs[6] * ys[6])
		d += scale * (xs[7] * ys[7])
	}
	return a + b + c + d
}

// SLPMixKernel has thread i fold its run of in with MixEight.
//
//gocuda:kernel SLPMixKernel
func slpMix(t *gocuda.Thread, in, out []int32, run int, m int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = MixEight(in[i*run:(i+1)*run], m)
	}
}

// MixEight folds run into eight int32 accumulators with wrapping
// products and bit operations, eight elements a trip; a run not a whole
// number of eights fails at its first missing element.
func MixEight(run []int32, m int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32 = 1, 2, 3, 4, 5, 6, 7, 8
	for len(run) > 0 {
		r := run[:min(8, len(run))]
		s0 += r[0]*m ^ 7
		s1 += r[1]*m ^ 7
		s2 += r[2]*m ^ 7
		s3 += r[3]*m ^ 7
		s4 += r[4]*m ^ 7
		s5 += r[5]*m ^ 7
		s6 += r[6]*m ^ 7
		s7 += r[7]*m ^ 7
		run = run[len(r):]
	}
	return s0 ^ s1<<1 ^ s2<<2 ^ s3<<3 ^ s4<<4 ^ s5<<5 ^ s6<<6 ^ s7<<7
}

// SLPIndexedKernel has thread i add its run of in with SumIndexed.
//
//gocuda:kernel SLPIndexedKernel
func slpIndexed(t *gocuda.Thread, in, out []float32, run int, whole bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = SumIndexed(in[i*run:(i+1)*run], whole)
	}
}

// SumIndexed sums s with eight accumulators indexed from a counter, j to
// j+7 a trip; with whole set it takes whole eights only and adds the rest
// to the first, else its last trip reads past a run that is not a whole
// number of eights, and fails there.
func SumIndexed(s []float32, whole bool) float32 {
	var a0, a1, a2, a3, a4, a5, a6, a7 float32
	j := 0
	for ; j < len(s) && (!whole || j+8 <= len(s)); j += 8 {
		a0 += s[j]
		a1 += s[j+1]
		a2 += s[1+j+1]
		a3 += s[j+3]
		a4 += s[(j+5)-1]
		a5 += s[j+5]
		a6 += s[j+6]
		a7 += s[j+7]
	}
	for ; j < len(s); j++ {
		a0 += s[j]
	}
	return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7
}
