package difftest

import "github.com/gocuda/gocuda/gocuda"

// SegmentsKernel divides each thread's flat index plus off by d and by e,
// as CUDA code flattening a tensor does (llm.c's b := idx / T,
// t := idx % T): the compiled form runs each row in segments of one
// quotient where the dividends are non-negative and the divisors long
// enough, and divides per thread elsewhere (negative dividends, small,
// negative or zero divisors).
//
//gocuda:kernel SegmentsKernel
func segments(t *gocuda.Thread, out []int32, off, d, e int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		x := i + off
		out[i] = int32(x/d)*1000 + int32(x%d) + 7*int32(x%e) - int32(x/e)
	}
}

// SegmentRowsKernel divides the flat index of a 2D block's thread, whose
// rows of x start at y*w, and returns the threads whose remainder is 3:
// segments of each row, and a return from them.
//
//gocuda:kernel SegmentRowsKernel
func segmentRows(t *gocuda.Thread, out []int32, w, d int) {
	x, y := t.ThreadIdx.X, t.ThreadIdx.Y
	idx := y*w + x
	if idx%d == 3 {
		return
	}
	out[y*t.BlockDim.X+x] = int32(idx/d) + 1
}

// NormalizeKernel is llm.c's normalization_kernel (layernorm_forward.cu):
// one thread an element of a (rows, C) tensor, the row's mean and rstd at
// idx / C and the channel's weight and bias at idx % C. Its segments read
// one row's statistics and run along its channels, eight (or sixteen) a
// vector step in the SIMD build.
//
//gocuda:kernel NormalizeKernel
func normalize(t *gocuda.Thread, out, inp, mean, rstd, weight, bias []float32, C int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if idx >= len(out) {
		return
	}
	bt := idx / C
	c := idx % C
	n := rstd[bt] * (inp[idx] - mean[bt])
	out[idx] = n*weight[c] + bias[c]
}
