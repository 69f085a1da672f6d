package difftest

import "github.com/gocuda/gocuda/gocuda"

// DeadStoreAssignKernel keeps v across barriers; between two shuffles
// each lane of a block of odd width may replace v, and after the second
// every lane does: the store of v after the first shuffle is dead (the
// spill pass skips it), and v is read there only to be assigned.
//
//gocuda:kernel DeadStoreAssignKernel
func deadStoreAssign(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	t.SyncThreads()
	w := gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	if t.BlockDim.X%64 == 32 {
		v = w
	}
	v = gocuda.ShflXorSync(t, gocuda.FullMask, w, 1, gocuda.WarpSize)
	t.SyncThreads()
	out[i] = v
}
