// Package vector512 holds kernels whose vector steps have a twin of
// sixteen lanes (gocuda compile -simd512): masks combined through their
// bits, each wider loop a function literal of its own, and a loop whose
// lanes leave at different trips left at eight.
package vector512

import "github.com/gocuda/gocuda/gocuda"

// clampedStencil takes a guard, a uniform branch and a masked if: its
// masks combine (And, and the complement of the else branch).
func clampedStencil(t *gocuda.Thread, in, out []float32, w int, edge bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i > 0 && i < w-1 {
		v := in[i]
		if edge && in[i-1] > v {
			v = in[i-1]
		} else {
			v += in[i+1]
		}
		out[i] = v * 0.5
	}
}

// escape runs a loop while any lane is in it: it keeps eight lanes.
func escape(t *gocuda.Thread, c []float32, n []int32, limit int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(c) {
		return
	}
	z := float32(0)
	k := int32(0)
	for k < limit && z < 4 {
		z = z*z + c[i]
		k++
	}
	n[i] = k
}

// pairs reads a row at 2*x and 2*x+1, as a register-tiled matrix multiply
// does, and alone at 2*x: loads at stride 2, each pair's from one permute
// of two vectors.
func pairs(t *gocuda.Thread, b, out []float32, a float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		b0, b1 := b[2*i], b[2*i+1]
		out[i] = a*b0 + b1 + b[2*i]*0.5
	}
}

// hash XORs three values, one loaded: at sixteen lanes Go 1.26 would
// write an instruction its assembler rejects, so the loop keeps eight.
func hash(t *gocuda.Thread, in, out []uint32, seed uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i] ^ seed ^ in[i]>>3
	}
}

// hashThenScale XORs in one loop and scales floats in another, after a
// barrier: where a function holds sixteen-lane steps, Go 1.26 may take
// the eight-lane XORs for AVX-512's VPTERNLOGD and write an instruction
// its assembler rejects, so neither loop runs sixteen lanes.
func hashThenScale(t *gocuda.Thread, in, out []uint32, f []float32, seed uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i] ^ seed ^ in[i]>>3
	}
	t.SyncThreads()
	if i < len(f) {
		f[i] *= 2
	}
}

// interleave stores two values per thread at 2*i and 2*i+1 in one
// assignment, as Blelloch's scan fills its tile: at sixteen lanes the
// thirty-two elements are the two vectors interleaved, in two permutes
// and two stores, where they all lie in out.
func interleave(t *gocuda.Thread, re, im, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(re) && i < len(im) {
		out[2*i], out[2*i+1] = re[i], im[i]*2
	}
}

// checked panics where its launch is wrong, before it touches memory:
// the step breaks out to the scalar loop, which panics at its first
// thread.
func checked(t *gocuda.Thread, in, out []float32, k int) {
	if k <= 0 {
		panic("checked: k must be positive")
	}
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i] * float32(k)
	}
}

// upSweep is Blelloch's up-sweep in shared memory: its offset, set to 1,
// scales the thread's index, so the steps take it as 1 and run where it
// is (the widest level), updating every other element at stride 2: the
// loads and the stores take the windows from the even elements, and temp
// is the block's own, so each store loads its window, merges its lanes
// and stores it whole.
func upSweep(t *gocuda.Thread, out []float32) {
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	temp[2*thid], temp[2*thid+1] = 1, 1
	offset := 1
	for d := t.BlockDim.X; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	t.SyncThreads()
	out[thid] = temp[2*thid+1]
}

// spreadMasked stores at stride 2 under a mask of its lanes: the mask's
// bits spread to every other element of the two stores.
func spreadMasked(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(in) && in[i] > 0 {
		out[2*i+1] = in[i]
	}
}

// pairTree is Harris's reduction kernel 2: the index's stride, 2*s, is a
// product of a constant and s, which the steps take as 1, so 2.
func pairTree(t *gocuda.Thread, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = 1
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	out[tid] = sdata[tid]
}

// passedTree is upSweep's first level on shared memory the kernel also
// passes to copy: a slice passed on may reach another goroutine, so the
// stores at stride 2 stay masked.
func passedTree(t *gocuda.Thread, out []float32) {
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	temp[2*thid], temp[2*thid+1] = 1, 1
	t.SyncThreads()
	temp[2*thid+1] += temp[2*thid]
	t.SyncThreads()
	if thid == 0 {
		copy(out, temp)
	}
}

// guardedPair stores a thread's pair at stride 2 in two statements, each
// under its own guard: where both hold in every lane and the window lies
// in out, one interleave and two whole stores; elsewhere the two masked
// stores.
func guardedPair(t *gocuda.Thread, in, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	g := 2 * i
	a, b := in[i], in[i]*3
	if g < n {
		out[g] = a
	}
	if g+1 < n {
		out[g+1] = b
	}
}
