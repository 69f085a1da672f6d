package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFunctorReduce runs FunctorReduceKernel and FunctorFieldReduceKernel
// (the functor in a field, and behind a pointer) against each warp's sum
// and maximum.
func TestFunctorReduce(t *testing.T) {
	kernels := map[string]func(in, sums, maxes []int32) func(*gocuda.Thread){
		"param": FunctorReduceKernel,
		"field": func(in, sums, maxes []int32) func(*gocuda.Thread) {
			return FunctorFieldReduceKernel(in, sums, maxes, true)
		},
		"pointer": func(in, sums, maxes []int32) func(*gocuda.Thread) {
			return FunctorFieldReduceKernel(in, sums, maxes, false)
		},
	}
	for name, kernel := range kernels {
		t.Run(name, func(t *testing.T) { testFunctorReduce(t, kernel) })
	}
}

// testFunctorReduce runs kernel, a warp reduction of in to sums and
// maxes, against each warp's sum and maximum.
func testFunctorReduce(t *testing.T, kernel func(in, sums, maxes []int32) func(*gocuda.Thread)) {
	const n, bs = 256, 128
	in := randInts(n)
	type res struct{ sums, maxes []int32 }
	got := agree(t, func(f form) (res, error) {
		r := res{make([]int32, n/32), make([]int32, n/32)}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
		return r, f.launch(cfg, kernel(in, r.sums, r.maxes))
	})
	for w := range n / 32 {
		sum, hi := int32(0), in[32*w]
		for _, v := range in[32*w : 32*w+32] {
			sum, hi = sum+v, max(hi, v)
		}
		require.Equal(t, sum, got.sums[w], "warp %d's sum", w)
		require.Equal(t, hi, got.maxes[w], "warp %d's maximum", w)
	}
}

// TestFunctorNoSync runs FunctorNoSyncKernel against in[i]·32 + i%32
// where in[i] > 0, and 0 elsewhere.
func TestFunctorNoSync(t *testing.T) {
	const n, bs = 256, 64
	in := randInts(n)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
		return out, f.launch(cfg, FunctorNoSyncKernel(in, out))
	})
	for i, v := range in {
		want := int32(0)
		if v > 0 {
			want = v*32 + int32(i%32)
		}
		require.Equal(t, want, got[i], "out[%d]", i)
	}
}
