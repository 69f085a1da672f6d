package trees

import "github.com/gocuda/gocuda/gocuda"

// inline indexes the elements without naming the indexes.
//
// trees runs three steps of the up-sweep over temp as one.
func inline(t *gocuda.Thread, in []float64, out []float64) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float64](t, n)
	temp[2*thid], temp[2*thid+1] = in[2*thid], in[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			temp[offset*(2*thid+2)-1] += temp[offset*(2*thid+1)-1]
		}
		offset *= 2
	}
	t.SyncThreads()
	out[2*thid], out[2*thid+1] = temp[2*thid], temp[2*thid+1]
}
