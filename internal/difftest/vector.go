package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file have loops the SIMD build runs eight threads
// at a time (GOEXPERIMENT=simd on amd64): their tests require the vector
// form, the scalar form of the same build and the runtime path to agree
// bit for bit.

// gravity is a pure helper the vector step inlines.
func gravity(ax, xi, xj, mj, eps2 float32) float32 {
	dx := xj - xi
	inv := 1 / float32(math.Sqrt(float64(dx*dx+eps2)))
	return ax + dx*mj*inv*inv*inv
}

// PullKernel is a one-dimensional n-body step: each thread sums the pull
// of a shared tile of bodies on its own, in a loop of the same trip for
// every thread, and stores the negated sum (negation flips the sign of
// zero too). Launch it with one thread per body.
//
//gocuda:kernel PullKernel
func pull(t *gocuda.Thread, pos, mass, acc []float32, eps2 float32) {
	tile := gocuda.Shared[float32](t, 64)
	tm := gocuda.Shared[float32](t, 64)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X < 64 {
		tile[t.ThreadIdx.X] = pos[(t.BlockIdx.X*64+t.ThreadIdx.X)%len(pos)]
		tm[t.ThreadIdx.X] = mass[(t.BlockIdx.X*64+t.ThreadIdx.X)%len(mass)]
	}
	t.SyncThreads()
	xi := pos[i]
	var a float32
	for j := range tile {
		a = gravity(a, xi, tile[j], tm[j], eps2)
	}
	acc[i] = -a
}

// BitMixKernel mixes int32 and uint32 arithmetic: xor, wrapping
// multiplication, shifts by a constant and by a uniform count past the
// width, max, conversions between the integer types and to float32.
//
//gocuda:kernel BitMixKernel
func bitMix(t *gocuda.Thread, in []int32, out []uint32, f []float32, s uint) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	x := in[i]
	y := (x ^ 0x5bd1e995) * 31
	y = y>>3 + max(x, -7)
	out[i] = uint32(y)<<s | uint32(x)&^0xff
	f[i] = float32(y)*0.5 - float32(int32(f[i]))
}

// WeightsKernel sums four shifted rows with weights in a loop of constant
// trips, which the compiler writes as copies.
//
//gocuda:kernel WeightsKernel
func weights(t *gocuda.Thread, in, w, out []float32) {
	n := len(out)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var sum float32
	for k := range 4 {
		sum += w[k] * in[k*n+i]
	}
	out[i] = sum
}

// OffsetsKernel is a second difference: loads at offsets from the
// thread's index, and one at an index the same for every thread.
//
//gocuda:kernel OffsetsKernel
func offsets(t *gocuda.Thread, in, out []float32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	out[i] = in[i] + in[i+2] - 2*in[i+1] + in[k]
}

// ShiftOffsetKernel loads at an offset of 1<<k from the thread's index
// where i < n, a condition that differs between lanes: k may be
// negative, where that shift panics, only in threads that reach it.
//
//gocuda:kernel ShiftOffsetKernel
func shiftOffset(t *gocuda.Thread, in, out []float32, k, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var v float32
	if i < n {
		v = in[i+1<<k]
	}
	out[i] = v
}

// ClampKernel has ifs whose conditions differ between lanes, an else, a
// comparison that is false and one that is true for NaN, and && of an
// affine index's comparison with a vector one.
//
//gocuda:kernel ClampKernel
func clamp(t *gocuda.Thread, in, out []float32, lo, hi float32, odd int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	v := in[i]
	if v < lo {
		v = lo
	} else if v > hi {
		v = hi * 2
	}
	if v != v { // NaN
		v = -1
	}
	if i < odd && v > 0 {
		v += 0.5
	}
	out[i] = v
}

// EscapeKernel is a mandelbrot-like escape loop: the loop goes on while
// any lane's point has not escaped, and each lane's count stops where its
// point escaped. Threads past the offset-shifted end return, a guard no
// narrowing removes.
//
//gocuda:kernel EscapeKernel
func escape(t *gocuda.Thread, re, im []float32, count []int32, maxIter int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + 1
	if i > len(re) {
		return
	}
	cr, ci := re[i-1], im[i-1]
	zr, zi := cr, ci
	var n int32
	for n = 0; n < maxIter; n++ {
		if zr*zr+zi*zi > 4 {
			break
		}
		zr, zi = zr*zr-zi*zi+cr, 2*zr*zi+ci
	}
	count[i-1] = n
}

// SkipKernel has a loop of the same trip for every thread whose trips
// some lanes skip (continue) and some lanes leave early (break).
//
//gocuda:kernel SkipKernel
func skip(t *gocuda.Thread, in []int32, out []int32, w []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	x := in[i]
	var acc int32
	for k := range len(w) {
		if (x+int32(k))&3 == 0 {
			continue
		}
		acc += w[k] * x
		if acc > 1000 {
			break
		}
	}
	out[i] = acc
}

// SkipStopKernel has a loop whose trips differ between lanes, which some
// lanes skip (continue) and which every lane still in the trip leaves
// under a condition the same for all (stop, voted by the block): the
// lanes that skipped the trip stay in the loop. The vector step left it
// with them once (a fuzzer's find, 2026-11-26).
//
//gocuda:kernel SkipStopKernel
func skipStop(t *gocuda.Thread, in, out []int32, stop bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stop = t.SyncThreadsOr(stop && i == 0)
	x := in[i]
	for j := i; j < len(out); j += t.BlockDim.X * t.GridDim.X { // a grid-stride loop
		out[j] = x
		if x&3 == 0 {
			continue
		}
		if stop {
			break
		}
		out[j] = x * 2
	}
}

// RowSumKernel sums, for each column, rows of a width-wide matrix in a loop
// of the same trip for every thread: each load's index is computed in the
// loop, so the step checks it there. A matrix shorter than rows*width
// fails in the loop, at the first thread whose load leaves it.
//
//gocuda:kernel RowSumKernel
func rowSum(t *gocuda.Thread, in, out []float32, width, rows int) {
	c := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if c >= width {
		return
	}
	var s float32
	for r := range rows {
		s += in[r*width+c]
		out[c] = s
	}
}

// EdgeKernel is a three-point stencil clamped at the ends of its row, as
// image kernels clamp at the edges: the steps inside the row load eight
// consecutive elements, those at an edge go lane by lane.
//
//gocuda:kernel EdgeKernel
func edge(t *gocuda.Thread, in, out []float32) {
	n := len(in)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	l, r := in[max(i-1, 0)], in[min(i+1, n-1)]
	out[min(i, n-1)] = l + 2*in[i] + r
}

// SwapKernel swaps the elements of each pair, scaling them: loads and
// stores at stride 2 (2*i, 2*i+1), and a comparison of a strided index
// with the length for a last, unpaired element.
//
//gocuda:kernel SwapKernel
func swap(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if 2*i >= len(in) {
		return
	}
	if 2*i+1 < len(in) {
		a, b := in[2*i], in[2*i+1]
		out[2*i], out[2*i+1] = b*2, a*3
	} else {
		out[2*i] = in[2*i]
	}
}

// TwistKernel swaps two of a thread's vectors in a parallel assignment
// each trip (Go reads both operands before assigning either), the
// regression of a vector step that assigned the first before reading it
// for the second.
//
//gocuda:kernel TwistKernel
func twist(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	a, b := in[i], 2*in[i]+1
	for range 3 {
		a, b = b, a
		a = a*0.5 + b
	}
	out[i] = a - b
}

// RowTileKernel loads a row of a w-wide matrix into shared memory through
// a __device__ helper that takes the thread it does not read (as the
// matmul kernels' matmulLoad does, for gocuda check and gocuda profile),
// zero past the row's end, and writes the row reversed: the vector steps
// inline the helper without the thread.
//
//gocuda:kernel RowTileKernel
func rowTile(t *gocuda.Thread, a, out []float32, w int) {
	row := gocuda.Shared[float32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	row[tx] = rowLoad(t, a, t.BlockIdx.X, tx, w)
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tx] = row[t.BlockDim.X-1-tx] * 3
}

// rowLoad returns a[row][col] of a w-wide matrix, zero past the row's end.
func rowLoad(t *gocuda.Thread, a []float32, row, col, w int) float32 {
	if col < w {
		return a[row*w+col]
	}
	return 0
}

// UnrolledWrapKernel converts an expression of an unrolled loop's counter
// that wraps (uint32(int32(j)^-5)): with the counter a constant, as the
// vector steps once wrote it, the conversion would not build.
//
//gocuda:kernel UnrolledWrapKernel
func unrolledWrap(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		v := in[i]
		for j := range 2 {
			v += in[int(uint32(int32(j)^-5)%uint32(len(in)))]
		}
		out[i] = v
	}
}
