package samplesbooks

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// attentionRef is single-query attention as attention-cuda's host code
// computes it: the dot products of the key rows with the query, their
// softmax over the keys, and the softmax-weighted sum of the value rows.
func attentionRef(key, query, value []float32, n, d int) []float32 {
	dot := make([]float64, n)
	sum := 0.0
	for i := range n {
		for j := range d {
			dot[i] += float64(key[i*d+j]) * float64(query[j])
		}
		sum += math.Exp(dot[i])
	}
	out := make([]float32, d)
	for j := range d {
		s := 0.0
		for i := range n {
			s += math.Exp(dot[i]) / sum * float64(value[i*d+j])
		}
		out[j] = float32(s)
	}
	return out
}

// TestAttention runs attention-cuda's three-kernel and warp-reduce
// pipelines on 100 keys of 40 features (the benchmark's are larger) and
// requires the output row to match the reference on both paths (the sum
// of exponentials is accumulated by atomics in no fixed order).
func TestAttention(t *testing.T) {
	const n, d = 100, 40
	r := rng(n, d)
	key, query, value := randF32(r, n*d), randF32(r, d), randF32(r, n*d)
	want := attentionRef(key, query, value, n, d)

	plain := both(t, func(f form) ([]float32, error) {
		dot, expSum, score, out := make([]float32, n), make([]float32, 1), make([]float32, n), make([]float32, d)
		block := gocuda.Dim3{X: 256}
		if err := f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: block},
			AttentionKernel1(key, query, dot, expSum, n, d)); err != nil {
			return nil, err
		}
		if err := f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: block},
			AttentionKernel2(expSum, dot, score, n)); err != nil {
			return nil, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Blocks(d, 256), Block: block},
			AttentionKernel3(score, value, out, n, d))
		return out, err
	})
	for i, got := range plain {
		nearSlice(t, want, got, 1e-4, "three kernels, %s", forms[i].name)
	}

	warps := both(t, func(f form) ([]float32, error) {
		dot, expSum, out := make([]float32, n), make([]float32, 1), make([]float32, d)
		// Four warps a block, a warp a row (or a column).
		if err := f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 4), Block: gocuda.Dim3{X: 128}},
			AttentionKernel1WarpReduce(key, query, dot, expSum, n, d)); err != nil {
			return nil, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Blocks(d, 4), Block: gocuda.Dim3{X: 128}},
			AttentionKernel2WarpReduce(expSum, dot, value, out, n, d))
		return out, err
	})
	for i, got := range warps {
		nearSlice(t, want, got, 1e-4, "warp reduce, %s", forms[i].name)
	}
}
