package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// jamRunsHost is JamRunsKernel on the host, thread by thread.
func jamRunsHost(in []float32, bounds, mode []int, threads int) []float32 {
	out := make([]float32, len(in))
	for i := range threads {
		lo, hi := bounds[i], bounds[i+1]
		jamRun(in[lo:hi], out[lo:hi], float32(i), mode[i]%2 == 1)
	}
	return out
}

// jamBounds returns the runs' bounds: threads runs of lengths 0 to
// 9, in order.
func jamBounds(threads int) []int {
	bounds := make([]int, threads+1)
	for i := range threads {
		bounds[i+1] = bounds[i] + (i*7+3)%10
	}
	return bounds
}

// TestJamRuns: runs of uneven lengths, scanned with modes every thread of
// a jam shares, or that differ within one, in blocks whose size four
// does or does not divide, agree on every form with the host.
func TestJamRuns(t *testing.T) {
	for _, block := range []int{32, 30, 5, 3} {
		for _, modes := range []string{"same", "mixed"} {
			threads := 3 * block
			bounds := jamBounds(threads)
			in := randF(bounds[threads])
			mode := make([]int, threads)
			for i := range mode {
				if modes == "mixed" {
					mode[i] = i * 5 / 3
				} else {
					mode[i] = i / 8
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, len(in))
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: block}}, JamRunsKernel(in, out, bounds, mode, -1))
				return bitsOf(out), err
			})
			require.Equal(t, bitsOf(jamRunsHost(in, bounds, mode, threads)), got, "block %d, modes %s", block, modes)
		}
	}
}

// TestJamRunsFailure: the thread whose out is short fails, on every form,
// while the threads before it in its jam wait for their loops.
func TestJamRunsFailure(t *testing.T) {
	const block = 32
	bounds := jamBounds(2 * block)
	in := randF(bounds[2*block])
	mode := make([]int, 2*block)
	for _, short := range []int{1, 6, 33} {
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: block}}, func() func(*gocuda.Thread) {
			return JamRunsKernel(in, make([]float32, len(in)), bounds, mode, short)
		})
		for _, e := range errs {
			assert.Equal(t, gocuda.Dim3{X: short / block}, e.Block)
			assert.Equal(t, gocuda.Dim3{X: short % block}, e.Thread)
		}
	}
}
