package difftest

import "github.com/gocuda/gocuda/gocuda"

// WarpLoopBranchKernel runs two loops of ballots, a range loop and a
// counted one, under a divergent if (the threads whose x is a multiple
// of three), each left by a break and a continue whose conditions are
// the same for the whole block: every lane of the if takes them
// together, as warp-level control.
//
//gocuda:kernel WarpLoopBranchKernel
func warpLoopBranch(t *gocuda.Thread, in []int32, out []uint32, skip, stop int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	r := uint32(0)
	d := t.ThreadIdx.X%3 == 0
	m := t.BallotSync(gocuda.FullMask, d)
	if d {
		for k := range 4 {
			if k == stop {
				break
			}
			r ^= t.BallotSync(m, in[i] > int32(k))
			if k == skip {
				continue
			}
			r++
		}
		for k := 3; k >= 0; k-- {
			if k == skip {
				continue
			}
			r = r*3 + t.BallotSync(m, in[i] < int32(k))
			if k == stop {
				break
			}
		}
	}
	out[i] = r
}
