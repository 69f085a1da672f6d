// Package streams holds kernels whose threads read one slice in two
// streams a block apart, alternately: the first stream's loads run for
// every thread first.
package streams

import "github.com/gocuda/gocuda/gocuda"

// at is the CUDA samples' guarded load: in[i], or 0 past the end.
func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// firstAdd is Harris's reduction kernel 4 (first add during load): each
// thread adds the element at its index and the one a block further.
func firstAdd(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = at(in, i) + at(in, i+t.BlockDim.X)
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// indexed reads the two streams by index, into a local first.
func indexed(t *gocuda.Thread, in, out []float32, half int) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*half + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := in[i] * in[i+half]
	s[tid] = v
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = s[t.BlockDim.X-1-tid]
}

// near reads neighbours, one stream: nothing to reorder.
func near(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X+1)
	s[tid] = in[i] + in[i+1]
	t.SyncThreads()
	out[i] = s[tid+1]
}

// reduce3 is the CUDA samples' reduce3 (its first add during the load):
// a sum started from the first stream, the second added under a guard of
// its own.
func reduce3(t *gocuda.Thread, in, out []float32, n int) {
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	var mySum float32
	if i < n {
		mySum = in[i]
	}
	if i+t.BlockDim.X < n {
		mySum += in[i+t.BlockDim.X]
	}
	sdata[tid] = mySum
	t.SyncThreads()
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0] + sdata[t.BlockDim.X-1] + mySum
	}
}

// carried adds the first stream to a sum from before the loop: run again
// after a failure, the add would count twice, so nothing runs ahead.
func carried(t *gocuda.Thread, in, out []float32) {
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	sum := float32(tid)
	sdata[tid] = sum
	t.SyncThreads()
	sum += in[i]
	sum += in[i+t.BlockDim.X]
	sdata[tid] = sum
	t.SyncThreads()
	out[i] = sdata[t.BlockDim.X-1-tid]
}
