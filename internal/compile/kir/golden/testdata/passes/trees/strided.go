package trees

import "github.com/gocuda/gocuda/gocuda"

// strided sweeps with indexes of another tree (offset*(2*thid+1), no
// -1): it runs as written.
//
// Unchanged: its indexes are another tree's (offset*(2*thid+1), no -1).
func strided(t *gocuda.Thread, data []float32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, n+1)
	temp[2*thid], temp[2*thid+1] = data[2*thid], data[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			temp[offset*(2*thid+2)] += temp[offset*(2*thid+1)]
		}
		offset *= 2
	}
	t.SyncThreads()
	data[2*thid], data[2*thid+1] = temp[2*thid], temp[2*thid+1]
}
