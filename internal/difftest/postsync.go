package difftest

import "github.com/gocuda/gocuda/gocuda"

// Loops whose post statement synchronizes: a do-while ported as a for
// loop whose post statement evaluates the condition (HeCBench graphB+'s
// treelabel votes with __any_sync there).

// PostVoteKernel steps each thread's i by 32 from its index, in a loop
// that goes on while any lane of its warp has i below n[0]; out[tx] is
// the thread's last i.
//
//gocuda:kernel PostVoteKernel
func postVote(t *gocuda.Thread, n, out []int32) {
	i := int32(t.ThreadIdx.X)
	for more := true; more; more = t.AnySync(gocuda.FullMask, i < n[0]) {
		i += 32
	}
	out[t.ThreadIdx.X] = i
}

// PostBarrierKernel is PostVoteKernel deciding for the block, with
// t.SyncThreadsOr in the post statement.
//
//gocuda:kernel PostBarrierKernel
func postBarrier(t *gocuda.Thread, n, out []int32) {
	i := int32(t.ThreadIdx.X)
	for more := true; more; more = t.SyncThreadsOr(i < n[0]) {
		i += 32
	}
	out[t.ThreadIdx.X] = i
}
