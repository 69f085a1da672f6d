// Package narrow holds kernels whose thread loops run for a range of
// threads only.
package narrow

import "github.com/gocuda/gocuda/gocuda"

// harris is Harris's first-add reduction, its tree in a helper.
func harris(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = at(in, i) + at(in, i+t.BlockDim.X)
	t.SyncThreads()
	tree(t, sdata, 0)
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

func tree(t *gocuda.Thread, sdata []float32, stop int) {
	tid := t.ThreadIdx.X
	for s := t.BlockDim.X / 2; s > stop; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
}

func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// bands narrows by both bounds, by a conjunction, and not at all where
// a call comes first or a bound is read from memory.
func bands(t *gocuda.Thread, d []int32, lo, hi int) {
	s := gocuda.Shared[int32](t, 64)
	x := t.ThreadIdx.X
	if x >= lo && x <= hi && d[x] > 0 {
		s[x] = d[x]
	}
	t.SyncThreads()
	if 32 > t.ThreadIdx.X {
		d[x] += s[x]
	}
	t.SyncThreads()
	if x < int(s[0]) {
		d[x]++
	}
	t.SyncThreads()
	if d[x] > 0 && x < 8 {
		d[x]--
	}
}

// rowMod is Rodinia backprop's tree step: a guard on the thread's y
// index modulo a block-wide value, decided once per row; the modulo may
// fail, so the row records its first thread before it.
func rowMod(t *gocuda.Thread, w [][16]float32, p int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	if ty%p == 0 {
		w[ty][tx] += w[ty+p/2][tx]
	}
}

// stridedIndex is Harris's reduction kernel 2: the threads of step s
// whose index 2*s*tid lies in the block add, the first ones.
func stridedIndex(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// scaledAtMost admits the threads whose tid times a parameter is at
// most a limit, written from right to left.
func scaledAtMost(t *gocuda.Thread, out []int32, k, lim int) {
	if lim >= t.ThreadIdx.X*k {
		out[t.ThreadIdx.X] = 1
	}
}

// interleaved is Harris's reduction kernel 1: the threads of step s
// whose index is a multiple of 2*s add.
func interleaved(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if tid%(2*s) == 0 {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// oddReturn returns the threads whose index is not m modulo k plus one
// and marks the others.
func oddReturn(t *gocuda.Thread, out []int32, k, m int) {
	if t.ThreadIdx.X%k != m+1 {
		return
	}
	out[t.ThreadIdx.X] = 1
}

// stridedOffset is Harris's kernel 2 as students write it, the guard on
// the element it adds: index+s < blockDim.x.
func stridedOffset(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index+s < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}
