package difftest

import "github.com/gocuda/gocuda/gocuda"

// LaneReadKernel reads in at the thread's index plus offsets between
// shuffles: lane loops that both builds run, for a whole warp lying in
// one row of x whose reads are in range, over the 32 lanes without
// checks (kir/rebase_lanes.go); other warps run the usual loop, which
// fails at the first lane out of range. Thread tid of block b, i = off +
// b*blockDim.x + tid, folds in[i] and in[i+o] for o = 16, 8, 4, 2, 1
// with __shfl_down_sync and writes the result to out.
//
//gocuda:kernel LaneReadKernel
func laneRead(t *gocuda.Thread, in, out []float32, off int) {
	tid := t.ThreadIdx.X + t.ThreadIdx.Y*t.BlockDim.X
	i := off + t.BlockIdx.X*t.BlockDim.X*t.BlockDim.Y + t.ThreadIdx.X
	v := in[i]
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, gocuda.WarpSize)
		v += in[i+o] * 0.5
	}
	out[t.BlockIdx.X*t.BlockDim.X*t.BlockDim.Y+tid] = v
}
