package demand

import "github.com/gocuda/gocuda/gocuda"

// laneMod names the lane by tid % 32, as students write it.
//
// demand adds only lane 0's sum, in one-dimensional blocks: tid%32 == 0
// admits lane 0 of each warp there, whatever the source calls it.
func laneMod(t *gocuda.Thread, x, warps []float32) {
	tid := t.ThreadIdx.X
	v := x[t.BlockIdx.X*t.BlockDim.X+tid]
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if tid%32 == 0 {
		warps[tid/32] = v
	}
}

// laneVar names the lane in a variable first, as Luitjens's
// blockReduceSum does: lane := tid % 32.
//
// demand adds only lane 0's sum, in one-dimensional blocks, as for
// laneMod: the guard reads the lane through its definition.
func laneVar(t *gocuda.Thread, x, warps []float32) {
	tid := t.ThreadIdx.X
	lane, wid := tid%32, tid/32
	v := x[t.BlockIdx.X*t.BlockDim.X+tid]
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if lane == 0 {
		warps[wid] = v
	}
}
