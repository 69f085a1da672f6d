// Package vector holds kernels for the vector pass: loops it picks, and
// loops it leaves scalar.
package vector

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// gravity is a pure helper: inlined into the step, its parameters bound
// to vectors or, for eps2, to the block's variable itself.
func gravity(ax, xi, xj, mj, eps2 float32) float32 {
	dx := xj - xi
	inv := 1 / float32(math.Sqrt(float64(dx*dx+eps2)))
	return ax + dx*mj*inv*inv*inv
}

// pull runs a loop of the same trip for every thread over a shared tile:
// the tile's element a broadcast, the thread's own values vectors.
func pull(t *gocuda.Thread, pos, mass, acc []float32, eps2 float32) {
	tile := gocuda.Shared[float32](t, 64)
	tm := gocuda.Shared[float32](t, 64)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	tile[t.ThreadIdx.X%64] = pos[i%len(pos)]
	tm[t.ThreadIdx.X%64] = mass[i%len(mass)]
	t.SyncThreads()
	xi := pos[i]
	var a float32
	for j := range tile {
		a = gravity(a, xi, tile[j], tm[j], eps2)
	}
	acc[i] = -a
}

// bits mixes int32 and uint32 arithmetic, shifts by a constant and by a
// uniform unsigned count, and conversions.
func bits(t *gocuda.Thread, in []int32, out []uint32, f []float32, s uint) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	x := in[i]
	y := (x ^ 0x5bd1e995) * 31
	y = y>>3 + max(x, -7)
	out[i] = uint32(y)<<s | uint32(x)&^0xff
	f[i] = float32(y) * 0.5
}

// unrolled has a short inner loop of constant trips, written as copies:
// each copy's key is a constant.
func unrolled(t *gocuda.Thread, in, w, out []float32) {
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

// offsets loads at an index the same for every thread and at affine ones
// with an offset.
func offsets(t *gocuda.Thread, in, out []float32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	out[i] = in[i] + in[i+2] - 2*in[i+1] + in[k]
}

// gather reads at an index that differs between threads by other than
// the lane: the loop stays scalar.
func gather(t *gocuda.Thread, idx []int, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[idx[i]]
	}
}

// divergent has an if whose condition differs between threads: the loop
// stays scalar until masks are built.
func divergent(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		v := in[i]
		if v < 0 {
			v = -v
		}
		out[i] = v
	}
}

// tileLoad takes the thread only so that gocuda check and gocuda profile
// attribute its loads to the caller's thread, as matmulLoad does: the step
// inlines it without the thread.
func tileLoad(t *gocuda.Thread, a []float32, row, col, w int) float32 {
	if col < w {
		return a[row*w+col]
	}
	return 0
}

// loadTile fills a shared row through tileLoad: a vector step.
func loadTile(t *gocuda.Thread, a, out []float32, w int) {
	row := gocuda.Shared[float32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	row[tx] = tileLoad(t, a, t.BlockIdx.X, tx, w)
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tx] = row[t.BlockDim.X-1-tx]
}

// laneOf reads its thread: a step does not inline it.
func laneOf(t *gocuda.Thread, x []float32) float32 {
	return x[t.ThreadIdx.X]
}

// usesThread calls laneOf: the loop stays scalar.
func usesThread(t *gocuda.Thread, x, out []float32) {
	out[t.ThreadIdx.X] = laneOf(t, x) * 2
}

// daxpy is BLAS's DAXPY in double precision: four threads a step, as
// four 64-bit lanes.
func daxpy(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// wide64 uses float64's square root, division, rounding and negation,
// its index as a float64 (from int32 lanes, range-checked), and an if
// whose condition differs between lanes (masks of 64-bit lanes).
func wide64(t *gocuda.Thread, in, out []float64, h float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		v := in[i]/h + float64(i)*h
		if v < 0 {
			v = -v
		}
		out[i] = math.Sqrt(v) + math.Floor(v)
	}
}

// ints64 is int64 and uint64 arithmetic AVX2 has: add, subtract, bit
// operations, shifts (the logical right shift of uint64 only).
func ints64(t *gocuda.Thread, a []int64, b []uint64, s uint) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(a) {
		x := a[i]
		y := (x ^ 0x5bd1e995) - int64(i)
		if y > x {
			y = y<<s | x&^0xff
		}
		a[i] = y
		b[i] = b[i]>>s + uint64(y)
	}
}

// mul64 multiplies int64s, which AVX2 cannot (AVX-512's VPMULLQ): the
// loop stays scalar.
func mul64(t *gocuda.Thread, a []int64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(a) {
		a[i] = a[i] * a[i]
	}
}

// mixed holds a float32 and a float64 vector: four threads a step, the
// float32 lanes in a 128-bit vector, converted to float64 as Go does.
func mixed(t *gocuda.Thread, x []float32, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] += float64(x[i])
	}
}

// exits64 returns in its first loop, before a barrier: the lanes of
// threads that returned are off in the second's steps.
func exits64(t *gocuda.Thread, a []int64, b []uint64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(a) {
		return
	}
	a[i] += 1
	t.SyncThreads()
	b[i] = uint64(a[i]) + 1
}

// skipStop has a loop whose lanes leave at different trips, which some
// lanes skip (continue) and which the lanes still in the trip leave under
// a condition the same for all: the break takes only those lanes out of
// the loop's mask, not every lane.
func skipStop(t *gocuda.Thread, in, out []int32, stop bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stop = t.SyncThreadsOr(stop && i == 0)
	x := in[i]
	for j := i; j < len(out); j += t.BlockDim.X * t.GridDim.X {
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

// escapeRows is mandelbrot's shape: a row's imaginary part, the same for
// every thread of the step, is a vector from its definition, so that
// the escape loop, whose trips differ between lanes, holds no scalar
// float; the kernel's float parameters are kept in memory (_ = &y0).
func escapeRows(t *gocuda.Thread, out []int32, x0, y0, dx, dy float32, limit int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	cr := x0 + float32(i)*dx
	ci := y0 + float32(t.BlockIdx.Y)*dy
	zr, zi := cr, ci
	n := int32(0)
	for n < limit && zr*zr+zi*zi <= 4 {
		zr, zi = zr*zr-zi*zi+cr, 2*zr*zi+ci
		n++
	}
	out[i] = n
}

// tileBroadcast reads a shared row's elements, the same for every
// thread of the step, into vectors from memory
// (compiled.BroadcastFloat32x8At), not through scalar registers.
func tileBroadcast(t *gocuda.Thread, in, out []float32) {
	row := gocuda.Shared[float32](t, 16)
	tx := t.ThreadIdx.X
	if tx < 16 {
		row[tx] = in[tx]
	}
	t.SyncThreads()
	i := t.BlockIdx.X*t.BlockDim.X + tx
	if i < len(out) {
		var sum float32
		for k := 0; k < 16; k++ {
			sum += row[k] * in[i]
		}
		out[i] = sum
	}
}

// escapeKept is escapeRows storing zr after the loop: the lanes that
// left keep the zr they left with, merged under the loop's mask each
// trip, where escapeRows' zr and zi, read by nothing after the loop, are
// not.
func escapeKept(t *gocuda.Thread, out []float32, x0, dx float32, limit int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	cr := x0 + float32(i)*dx
	zr := cr
	n := int32(0)
	for n < limit && zr*zr <= 4 {
		zr = zr*zr + cr
		n++
	}
	out[i] = zr
}

// escapeAgain runs the escape loop in each trip of a loop around it,
// whose next trip reads zr from where the last left it: merged too.
func escapeAgain(t *gocuda.Thread, out []int32, x0, dx float32, limit int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	cr := x0 + float32(i)*dx
	zr := cr
	total := int32(0)
	for range 2 {
		n := int32(0)
		for n < limit && zr*zr <= 4 {
			zr = zr*zr + cr
			n++
		}
		total += n
		zr *= 0.5
	}
	out[i] = total
}

// parts reads parts of elements at the thread's index (a body's
// coordinates, as the n-body kernel of one thread per body does) and
// assigns its element a composite literal: the lanes' parts are read
// and written one by one, as their bits.
func parts(t *gocuda.Thread, bodies [][4]float32, acc [][3]float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(bodies) {
		return
	}
	x, y, z := bodies[i][0], bodies[i][1], bodies[i][2]
	acc[i] = [3]float32{x * bodies[i][3], y, z + 1}
}

type particle struct {
	x, v float32
	id   int32
}

// fields updates fields of a struct element under a condition that
// differs between lanes: only the lanes of the mask store.
func fields(t *gocuda.Thread, ps []particle, dt float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(ps) {
		if ps[i].id&1 == 0 {
			ps[i].x += ps[i].v * dt
		}
		ps[i] = particle{x: ps[i].x, v: -ps[i].v, id: ps[i].id}
	}
}

// aos sums, for each thread, the distances from its particle to every
// other's, reading fields of an array of structs: its own particle's is
// gathered once, and each other particle's, the same for the step's
// threads, is a broadcast loaded from the field's address.
func aos(t *gocuda.Thread, ps []particle, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) || i >= len(ps) {
		return
	}
	x := ps[i].x
	var s float32
	for j := range ps {
		s += ps[j].x - x
	}
	out[i] = s
}

// sharedParts keeps a pair of values per thread in shared memory, its
// own element's parts written and read at its rank.
func sharedParts(t *gocuda.Thread, in, out []int32) {
	rank := t.ThreadIdx.X
	ep := gocuda.Shared[[2]int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + rank
	ep[rank] = [2]int32{int32(i), int32(rank)}
	t.SyncThreads()
	ep[rank][1] += ep[rank][0]
	if i < len(out) {
		out[i] = ep[rank][1]
	}
}

// corners picks a thread's neighbours with a switch without a tag, as
// Rodinia's SRAD does: its cases are a chain of ifs, each under its
// lanes' mask, the default the chain's last else.
func corners(t *gocuda.Thread, in, out []float32, w int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) || i >= len(in) {
		return
	}
	var d float32
	switch x := i % w; {
	case x == 0:
		d = in[i]
	case x == w-1:
		d = -in[i]
	default:
		d = in[i] * 0.5
	}
	for k := range 3 {
		switch {
		case k == 1:
			continue
		case d > 0:
			d += 1
		}
	}
	out[i] = d
}

// shiftGuard loads, under an if that differs between lanes, at an
// offset shifted by a count that may be negative (checked in place, where
// the if runs: checked ahead, a negative k would panic in threads that
// never shift) and by a constant one (checked ahead).
func shiftGuard(t *gocuda.Thread, in, out []float32, k, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var v float32
	if i < n {
		v = in[i+1<<k] + in[i+1<<2]
	}
	out[i] = v
}
