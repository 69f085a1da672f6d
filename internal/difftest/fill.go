package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file declare a shared slice and write it before a
// barrier, then read all of it. Shared memory reads as zero at the start
// of every block; where a block's first loop writes every element before
// any is read, the compiled form spares the zeroing (the shared pass), and
// elsewhere the elements left unwritten must still read zero, not what
// the worker's previous block left there: each kernel scribbles over its
// slice at the end (scribble).

// FillPairsKernel stages each block's 2·bdx elements of data pairwise, as
// Blelloch's scan loads its tile, with per elements per thread x index
// declared (2: all of the tile, written before it is read; 3: a third
// left to read as zero), and writes each element's sum with its mirror.
//
//gocuda:kernel FillPairsKernel
func fillPairs(t *gocuda.Thread, data, out []int32, per int) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	m := per * b
	s := gocuda.Shared[int32](t, m)
	base := t.BlockIdx.X * 2 * b
	s[2*i], s[2*i+1] = data[base+2*i], data[base+2*i+1]
	t.SyncThreads()
	for k := i; k < m; k += b {
		out[t.BlockIdx.X*m+k] = s[k] + s[m-1-k]
	}
	scribble(t, s)
}

// scribble waits for the block's threads to be done with s, then fills s
// with -1s, which the next block on the worker must not read.
func scribble(t *gocuda.Thread, s []int32) {
	t.SyncThreads()
	for k := t.ThreadIdx.X; k < len(s); k += t.BlockDim.X {
		s[k] = -1
	}
}

// FillGapKernel writes every other element (s[2*i]), which the shared pass
// must not take for the whole slice.
//
//gocuda:kernel FillGapKernel
func fillGap(t *gocuda.Thread, data, out []int32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 2*b)
	s[2*i] = data[t.BlockIdx.X*b+i]
	t.SyncThreads()
	out[t.BlockIdx.X*2*b+2*i], out[t.BlockIdx.X*2*b+2*i+1] = s[2*i], s[2*i+1]
	scribble(t, s)
}

// FillGuardedKernel writes the elements of the threads a guard admits
// (form 0), or adds to them (1): each form leaves elements to read as
// zero, or reads them itself.
//
//gocuda:kernel FillGuardedKernel
func fillGuarded(t *gocuda.Thread, data, out []int32, form int) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	g := t.BlockIdx.X*b + i
	s := gocuda.Shared[int32](t, b)
	switch form {
	case 0:
		if i%3 != 0 {
			s[i] = data[g]
		}
	case 1:
		s[i] += data[g]
	}
	t.SyncThreads()
	out[g] = s[i] + s[b-1-i]
	scribble(t, s)
}

// FillReturnKernel's threads past n return before they write: the others
// read their elements as zero.
//
//gocuda:kernel FillReturnKernel
func fillReturn(t *gocuda.Thread, data, out []int32, n int) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	g := t.BlockIdx.X*b + i
	s := gocuda.Shared[int32](t, b)
	if g >= n {
		return
	}
	s[i] = data[g]
	t.SyncThreads()
	out[g] = s[i] + s[b-1-i]
	scribble(t, s)
}

// FillReadFirstKernel reads each thread's element before it writes it.
//
//gocuda:kernel FillReadFirstKernel
func fillReadFirst(t *gocuda.Thread, data, out []int32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	g := t.BlockIdx.X*b + i
	s := gocuda.Shared[int32](t, b)
	old := s[i]
	s[i] = data[g] + old
	t.SyncThreads()
	out[g] = s[i] + s[b-1-i]
	scribble(t, s)
}

// FillSelfKernel reads each thread's element in the store to it.
//
//gocuda:kernel FillSelfKernel
func fillSelf(t *gocuda.Thread, data, out []int32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	g := t.BlockIdx.X*b + i
	s := gocuda.Shared[int32](t, b)
	s[i] = data[g] + s[i]
	t.SyncThreads()
	out[g] = s[i] + s[b-1-i]
	scribble(t, s)
}

// FillAfterExitKernel's threads past n return before a barrier; the rest
// then write their elements, and read the others' as zero.
//
//gocuda:kernel FillAfterExitKernel
func fillAfterExit(t *gocuda.Thread, data, out []int32, n int) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	g := t.BlockIdx.X*b + i
	s := gocuda.Shared[int32](t, b)
	if g >= n {
		return
	}
	x := data[g]
	t.SyncThreads()
	s[i] = x
	t.SyncThreads()
	out[g] = s[i] + s[b-1-i]
	scribble(t, s)
}
