package exits

import "github.com/gocuda/gocuda/gocuda"

// CountKernel counts, per block, the positive inputs, with threads past
// the end returning early.
//
//gocuda:kernel CountKernel
func count(t *gocuda.Thread, in []int32, counts []int32, flags []bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	n := t.SyncThreadsCount(in[i] > 0)
	all := t.SyncThreadsAnd(in[i] > 0)
	var some bool
	some = t.SyncThreadsOr(in[i] < 0)
	if t.BlockIdx.X%2 == 0 {
		t.SyncThreads()
		in[i]++
	} else if t.BlockIdx.X%3 == 0 {
		in[i] += 2
		t.SyncThreads()
	} else {
		t.SyncThreads()
	}
	if t.ThreadIdx.X == 0 {
		counts[t.BlockIdx.X] = int32(n)
		flags[2*t.BlockIdx.X] = all
		flags[2*t.BlockIdx.X+1] = some
	}
}
