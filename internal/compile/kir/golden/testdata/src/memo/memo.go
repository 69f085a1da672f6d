// Package memo holds kernels whose lanes compute the same value from a
// warp collective's result.
package memo

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// rowNorm is llm.c's layernorm kernel 4 in short: a tile of 32 a row, the
// row's mean and reciprocal deviation from cg.Reduce's sums, the same in
// every lane.
func rowNorm(t *gocuda.Thread, out, inp []float32, N, C int) {
	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}
	x := inp[idx*C:]
	var sum, sum2 float32
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		sum += x[i]
		sum2 += x[i] * x[i]
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	sum2 = cg.Reduce(warp, sum2, cg.Plus[float32])
	m := sum / float32(C)
	s := 1 / float32(math.Sqrt(float64(sum2/float32(C)-m*m+1e-5)))
	o := out[idx*C:]
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		o[i] = s * (x[i] - m)
	}
}

// laneScale divides each lane's own value by the warp's sum: the
// division reads the lane's value, so each lane computes its own.
func laneScale(t *gocuda.Thread, out, in []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	sum := gocuda.ReduceAddSync(t, 0xffffffff, v)
	out[i] = v / sum
}

// blockScale is a block's sum through shared memory, then each thread's
// value divided by it: every thread reads the sum's element after the
// barrier.
func blockScale(t *gocuda.Thread, out, in []float32) {
	s := gocuda.Shared[float32](t, 256)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s[tid] = in[i]
	t.SyncThreads()
	for d := t.BlockDim.X / 2; d > 0; d /= 2 {
		if tid < d {
			s[tid] += s[tid+d]
		}
		t.SyncThreads()
	}
	inv := 1 / float32(math.Sqrt(float64(s[0])))
	out[i] = in[i] * inv
}
