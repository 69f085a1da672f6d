package difftest

import "github.com/gocuda/gocuda/gocuda"

// ContinueFlagKernel is the shape of aop's prepare_svd_kernel: a
// block-stride loop over n items (a multiple of the block's size) holding
// barriers, whose trip ends early with a continue where a shared flag
// says no item of the trip is nonzero, the same for the block; and with
// another where the thread's own item is negative, after which no
// barrier comes. out[tx] counts the trips with a nonzero item,
// out[bs+tx] adds the thread's items that are not negative there.
//
//gocuda:kernel ContinueFlagKernel
func continueFlag(t *gocuda.Thread, in, out []int32, n int) {
	flag := gocuda.Shared[int32](t, 1)
	var trips, sum int32
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		t.SyncThreads() // every thread has read the last trip's flag
		if t.ThreadIdx.X == 0 {
			flag[0] = 0
		}
		t.SyncThreads()
		if in[i] != 0 {
			flag[0] = 1
		}
		t.SyncThreads()
		if flag[0] == 0 {
			continue
		}
		trips++
		if in[i] < 0 {
			continue
		}
		sum += in[i]
	}
	out[t.ThreadIdx.X] = trips
	out[t.BlockDim.X+t.ThreadIdx.X] = sum
}
