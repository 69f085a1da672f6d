package streams

import "github.com/gocuda/gocuda/gocuda"

// ifInit loads its two elements as Harris's first-add kernel does, with
// the second index defined in the if that guards it (j := i + blockDim,
// j < len(in)) and an int32 max for the operator.
//
// streams runs the first load and its guard for all threads first
// (ahead), then the rest: the index facts read j as i plus the block's
// extent.
func ifInit(t *gocuda.Thread, in, partial []int32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	v := int32(-1 << 31)
	if i < len(in) {
		v = in[i]
	}
	if j := i + t.BlockDim.X; j < len(in) {
		v = max(v, in[j])
	}
	sdata[tid] = v
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[t.BlockDim.X-1]
	}
}
