package difftest

import "github.com/gocuda/gocuda/gocuda"

// ExitWalkKernel is the compiler fuzzer's find (seed 1932238): a thread
// returns, then a loop the same for the block holds a column walk, which
// interchange (in the lockstep pass) runs trip by trip for the block, and a store
// after it under a switch the same for the block (sel&3 == 0). The
// returned thread must store nothing.
//
//gocuda:kernel ExitWalkKernel
func exitWalk(t *gocuda.Thread, in []int32, out []int32, p, trips, sel int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := int32(0)
	if p == t.ThreadIdx.X {
		return
	}
	for k := t.BlockDim.Y % 4; k > 0; k-- {
		for j := 0; j < trips; j++ {
			if ix := j*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
				s += in[ix] * int32(j+1)
			}
		}
		switch sel & 3 { // the same for the block
		case 0:
			out[i] = s + int32(k)
		}
	}
}
