package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMergeAttnStates fills the inputs with uniform_fill_kernel (checked
// against its host port), sets one prefix log-sum-exp to +∞ (which the
// kernel treats as −∞), and merges 9 tokens of 3 heads of size 24 with
// blocks of NUM_THREADS = 128 (162 threads: the second block partial),
// with and without lse, against attentionMergeState-cuda's reference.h.
func TestMergeAttnStates(t *testing.T) {
	const tokens, heads, hs, nt = 9, 3, 24, 128
	const outN, lseN = tokens * heads * hs, tokens * heads
	const seed, scale = 1234, 5
	fill := func(n int) []float32 {
		want := make([]float32, n)
		for i := range want {
			rng := uint32(seed) ^ uint32(i)
			want[i] = -scale + (2*scale)*uint32ToUniform(xorshift32(&rng))
		}
		got := agree(t, func(f form) ([]float32, error) {
			d := make([]float32, n)
			return d, f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}},
				UniformFillKernel(d, uint64(n), -scale, scale, seed))
		})
		nearSlice(t, want, got, 0, "uniform_fill_kernel")
		return got
	}
	prefixOut, suffixOut := fill(outN), fill(outN)
	prefixLse, suffixLse := fill(lseN), fill(lseN)
	for i := range suffixOut {
		suffixOut[i] = -suffixOut[i] / 2 // the benchmark fills both from the same seed
	}
	for i := range suffixLse {
		suffixLse[i] = 1 - suffixLse[i]
	}
	prefixLse[2] = float32(math.Inf(1))

	wantOut, wantLse := make([]float32, outN), make([]float32, lseN)
	for i := range lseN {
		p, s := float64(prefixLse[i]), float64(suffixLse[i])
		if math.IsInf(p, 1) {
			p = math.Inf(-1)
		}
		m := math.Max(p, s)
		pse, sse := math.Exp(p-m), math.Exp(s-m)
		for d := range hs {
			wantOut[i*hs+d] = float32(float64(prefixOut[i*hs+d])*pse/(pse+sse) + float64(suffixOut[i*hs+d])*sse/(pse+sse))
		}
		wantLse[i] = float32(math.Log(pse+sse) + m)
	}
	const threads = tokens * heads * hs / 4
	cfg := gocuda.Config{Grid: gocuda.Blocks(threads, nt), Block: gocuda.Dim3{X: nt}}
	got := agree(t, func(f form) ([3][]float32, error) {
		out, lse, out2 := make([]float32, outN), make([]float32, lseN), make([]float32, outN)
		if err := f.launch(cfg, MergeAttnStatesKernel(out, prefixOut, suffixOut, lse, prefixLse, suffixLse, tokens, heads, hs, nt)); err != nil {
			return [3][]float32{}, err
		}
		err := f.launch(cfg, MergeAttnStatesKernel(out2, prefixOut, suffixOut, nil, prefixLse, suffixLse, tokens, heads, hs, nt))
		return [3][]float32{out, lse, out2}, err
	})
	nearSlice(t, wantOut, got[0], 1e-5, "output")
	nearSlice(t, wantLse, got[1], 1e-5, "lse")
	nearSlice(t, wantOut, got[2], 1e-5, "output without lse")
}
