package samplesbooks

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// groupQuantRef is vLLM's per-token-group 8-bit quantization: per group
// of groupSize values, the scale s = max(eps, max |x|) / max8 (under
// ue8m0 rounded up to a power of two), and each value x/s clamped to
// [min8, max8] and truncated to an int8.
func groupQuantRef(x []float32, groupSize int, eps, min8, max8 float32, ue8m0 bool) ([]int8, []float32) {
	q := make([]int8, len(x))
	var scales []float32
	for g := 0; g < len(x); g += groupSize {
		absmax := eps
		for _, v := range x[g : g+groupSize] {
			absmax = max(absmax, float32(math.Abs(float64(v))))
		}
		s := absmax / max8
		if ue8m0 {
			s = float32(math.Exp2(math.Ceil(math.Log2(math.Max(float64(s), 1e-10)))))
		}
		scales = append(scales, s)
		for i := g; i < g+groupSize; i++ {
			q[i] = int8(min(max(x[i]/s, min8), max8))
		}
	}
	return q, scales
}

// TestPerTokenGroupQuant runs per_token_group_quant_8bit_kernel row-major
// on an odd number of groups, so that the host's launcher picks one group
// a block (16 threads: GroupReduceMax's mask 0xffff then covers every
// lane of the warp, as CUDA requires; with more groups a block the lanes
// 16 to 31 would shuffle outside their own mask), for group sizes that
// leave a prefix, whole vectors and a tail, with and without ue8m0, and
// on input starting at an odd element, so that the input's alignment
// varies.
func TestPerTokenGroupQuant(t *testing.T) {
	const numGroups, eps, min8, max8 = 7, 1e-10, -128, 127
	for _, groupSize := range []int{16, 37, 128} {
		for _, skew := range []int{0, 1} {
			for _, ue8m0 := range []bool{false, true} {
				t.Run(fmt.Sprint(groupSize, skew, ue8m0), func(t *testing.T) {
					buf := randF32(rng(groupSize, skew), numGroups*groupSize+skew)
					for i := range buf {
						buf[i] *= 3
					}
					x := buf[skew:]
					wantQ, wantS := groupQuantRef(x, groupSize, eps, min8, max8, ue8m0)
					got := agree(t, func(f form) ([2]any, error) {
						q, s := make([]int8, len(x)), make([]float32, numGroups)
						cfg := gocuda.Config{Grid: gocuda.Dim3{X: numGroups}, Block: gocuda.Dim3{X: 16}, SharedMem: 4 * groupSize * 4}
						err := f.launch(cfg, PerTokenGroupQuant8bitKernel(false, ue8m0, x, q, s, groupSize, numGroups, 1, eps, min8, max8, 0, 0))
						return [2]any{q, s}, err
					})
					require.Equal(t, wantQ, got[0])
					require.Equal(t, wantS, got[1])
				})
			}
		}
	}
}
