package trees

import "github.com/gocuda/gocuda/gocuda"

// maxScan is Blelloch's exclusive scan over max, its steps written with
// the builtin and the operands as students swap them.
//
// trees runs three steps of each sweep as one, by max.
func maxScan(t *gocuda.Thread, in []int32, out []int32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[int32](t, n)
	temp[2*thid], temp[2*thid+1] = in[2*thid], in[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] = max(temp[ai], temp[bi])
		}
		offset *= 2
	}
	if thid == 0 {
		temp[n-1] = -1 << 31
	}
	for d := 1; d < n; d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] = max(temp[bi], y)
		}
	}
	t.SyncThreads()
	out[2*thid], out[2*thid+1] = temp[2*thid], temp[2*thid+1]
}
