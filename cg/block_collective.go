package cg

import "github.com/gocuda/gocuda/gocuda"

// The block-wide Reduce and scans: each warp works with shuffles, and the
// warps' results meet in a shared slice of one element per warp.
//
// gocuda.Shared hands every call from one place (the next iteration of a loop, say)
// the same slice, so each collective ends with a barrier: every thread has
// read the slice before any thread can write it again.

// warpShared returns the block's slice of one T per warp.
func warpShared[T any](t *gocuda.Thread) []T {
	b := ThisThreadBlock(t)
	return gocuda.Shared[T](t, (b.Size()+gocuda.WarpSize-1)/gocuda.WarpSize)
}

// reduceBlock reduces over the block; w is the caller's warp.
func reduceBlock[T any](w lanes, v T, op func(T, T) T) T {
	t := w.t
	partial := warpShared[T](t)
	v = reduceLanes(w, v, op)
	if w.rank == 0 {
		partial[t.WarpID()] = v
	}
	t.SyncThreads()
	r := partial[0]
	for _, p := range partial[1:] {
		r = op(r, p)
	}
	t.SyncThreads()
	return r
}

// scanBlock scans over the block in thread rank order; w is the caller's
// warp. Each warp's scan is offset by the combined totals of the warps
// before it, as op(own, previous) as CUDA's multi-warp tiles do.
func scanBlock[T any](w lanes, v T, op func(T, T) T, exclusive bool) T {
	t := w.t
	partial := warpShared[T](t)
	inc := scanLanes(w, v, op)
	var ex T
	if exclusive {
		ex = exclusiveLanes(w, inc)
	}
	if w.rank == w.size-1 {
		partial[t.WarpID()] = inc
	}
	t.SyncThreads()
	if warp := t.WarpID(); warp > 0 {
		prev := partial[0]
		for _, p := range partial[1:warp] {
			prev = op(prev, p)
		}
		inc = op(inc, prev)
		if w.rank == 0 {
			ex = prev
		} else {
			ex = op(ex, prev)
		}
	}
	t.SyncThreads()
	if exclusive {
		return ex
	}
	return inc
}
