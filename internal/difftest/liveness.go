package difftest

import "github.com/gocuda/gocuda/gocuda"

// LivenessKernel declares its per-thread variables at the top, as CUDA
// code does, and assigns them after barriers: b in every case of a
// switch, whose zero is never read (the compiled form does not load it
// before the switch), c in some trips of a loop only, so that where the
// loop runs none the value from before the barrier must survive it.
//
//gocuda:kernel LivenessKernel
func liveness(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	var a, b, c int32
	a = in[i]
	c = a ^ 5
	t.SyncThreads()
	switch {
	case i%3 == 0:
		b = a * 2
	case i%3 == 1:
		b = a + 7
	default:
		b = -a
	}
	for k := 0; k < i%4; k++ {
		if k == 2 {
			continue
		}
		c = a + int32(k)
	}
	t.SyncThreads()
	out[i] = a + b*3 + c*5
}

// LaneLivenessKernel assigns w, kept per lane across warp shuffles, in
// some trips of a loop between two shuffles, and reads it after the
// second: where the loop runs no trip, w must be the value from before
// the first.
//
//gocuda:kernel LaneLivenessKernel
func laneLiveness(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	w := v * 3
	s := gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	for k := int32(0); k < s&3; k++ {
		w = s + k
	}
	s2 := gocuda.ShflXorSync(t, gocuda.FullMask, v, 2, gocuda.WarpSize)
	out[i] = w*7 + s2
}
