package difftest

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// strideWrapBlock is the one block of 64 threads the StrideWrap kernels
// run on.
const strideWrapBlock = 64

// strideWrapCases are the steps and the distances d of the limit below
// the largest key that no running thread's key passes (the largest less
// step, less d): the threads' loops run about a chunk and two trips
// (compiled.StrideChunk), ending at different trips, and the keys of
// those that stopped, a chunk further each later round, pass the largest
// key and wrap.
func strideWrapCases(test func(step, d, trips int)) {
	for _, step := range []int{1, 7, 2047, 2048, 5000, 1 << 20} {
		for _, d := range []int{0, 3} {
			test(step, d, compiled.StrideChunk(step)+2)
		}
	}
}

// TestStrideWrap: a thread whose loop stopped does not run again when
// its keys wrap in the compiled form's later rounds (they hung the launch
// before): the trips of every thread are the source's, with int keys
// (chunked rounds), int64 keys and an inclusive limit, and uint32 keys.
func TestStrideWrap(t *testing.T) {
	strideWrapCases(func(step, d, n int) {
		t.Run(fmt.Sprintf("step=%d/d=%d", step, d), func(t *testing.T) {
			limit := math.MaxInt - step + 1 - d
			checkStrideWrap(t, StrideWrapKernel, limit-n*step-100, limit, step, false)
			limit64 := int64(math.MaxInt64 - step - d)
			checkStrideWrap(t, StrideWrap64Kernel, limit64-int64(n*step)-100, limit64, int64(step), true)
			if step <= math.MaxUint32/4 {
				limit32 := uint32(math.MaxUint32 - step + 1 - d)
				checkStrideWrap(t, StrideWrapU32Kernel, limit32-uint32(n*step)-100, limit32, uint32(step), false)
			}
		})
	})
}

// checkStrideWrap runs kernel, one of the StrideWrap kernels, on both
// forms and requires the trips of hostStrideTrips. A launch that does
// not end in a minute fails.
func checkStrideWrap[K compiled.Integer](t *testing.T, kernel func([]int32, K, K, K) func(*gocuda.Thread),
	base, limit, step K, inclusive bool) {
	t.Helper()
	got := agree(t, func(f form) ([]int32, error) {
		trips := make([]int32, strideWrapBlock)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // a hang, as a failure
		defer cancel()
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: strideWrapBlock}, RuntimePath: f.runtime}
		return trips, dev.LaunchContext(ctx, cfg, kernel(trips, base, limit, step))
	})
	require.Equal(t, hostStrideTrips(base, limit, step, inclusive), got, "%T keys", base)
}

// hostStrideTrips is the StrideWrap kernels' reference: each thread's
// loop, one after another.
func hostStrideTrips[K compiled.Integer](base, limit, step K, inclusive bool) []int32 {
	trips := make([]int32, strideWrapBlock)
	for x := range trips {
		for i := base + 2*K(x); i < limit || inclusive && i == limit; i += step {
			trips[x]++
		}
	}
	return trips
}
