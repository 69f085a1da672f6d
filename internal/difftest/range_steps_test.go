package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRangeRunsForms: a thread's range over a slice, written four
// elements a step in the compiled form, gives the runtime path's results
// and a host reference's for runs of every length from 0 to 11.
func TestRangeRunsForms(t *testing.T) {
	const run, threads, bs = 11, 48, 16
	x := randF(run * threads)
	lens := make([]int, threads)
	for i := range lens {
		lens[i] = i % (run + 1) // start i%12 into the run: lengths 11 down to 0
	}
	type out struct{ y, sums []float32 }
	got := agree(t, func(f form) (out, error) {
		o := out{make([]float32, len(x)), make([]float32, threads)}
		return o, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: threads / bs}, Block: gocuda.Dim3{X: bs}},
			RangeRunsKernel(x, o.y, o.sums, lens, run))
	})
	want := out{make([]float32, len(x)), make([]float32, threads)}
	for i := range threads {
		for k, v := range x[i*run+lens[i] : (i+1)*run] {
			want.y[i*run+lens[i]+k] = 2*v + float32(k)
			want.sums[i] += v
		}
	}
	require.Equal(t, want, got)
}
