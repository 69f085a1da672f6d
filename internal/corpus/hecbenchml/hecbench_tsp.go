package hecbenchml

import (
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's tsp benchmark (zjin-lcf/HeCBench at f27000a,
// src/tsp-cuda/main.cu, O'Neil and Burtscher's TSP_GPU 2.3): TwoOpt, a
// climber a block. Thread 0 permutes the cities serially, then the block
// repeats 2-opt moves while one improves the tour: the best move by a
// tiled search over shared memory, a min-reduction with a do-while loop
// of barriers, a non-deterministic winner thread (the last thread with
// the least change writes buf_s[1]), and the reversal of the tour's
// segment; at the end a sum reduction of the tour length and an
// atomicMin into best. The block's tour lives in global memory, an int
// buffer whose tail is reinterpreted as the float coordinates. The
// dist and swap macros are functions here.

// tspTilesize is main.cu's tilesize.
const tspTilesize = 128

// tspDist is main.cu's dist(a, b) macro on the px and py in scope.
func tspDist(px, py []float32, a, b int) int {
	return int(sqrtf((px[a]-px[b])*(px[a]-px[b]) + (py[a]-py[b])*(py[a]-py[b])))
}

// tspSwap is main.cu's swap(a, b) macro.
func tspSwap(a, b *float32) {
	tmp := *a
	*a = *b
	*b = tmp
}

// lcgRandom is main.cu's LCG_random.
func lcgRandom(seed *uint32) float32 {
	const m = uint32(2147483648)
	const a = uint32(26757677)
	const c = uint32(1)
	*seed = (a*(*seed) + c) % m
	return float32(*seed) / float32(m)
}

// asFloat32 is a (float *) cast of an int pointer.
func asFloat32(s []int32) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(&s[0])), len(s))
}

// TwoOptKernel is TwoOpt of tsp-cuda: block b climbs from the tour its
// LCG seed b permutes, in glob[b·((3·cities+2+31)/32·32):], and lowers
// *best to the length of the tour it ends with; dynamic shared memory
// holds blockDim.x ints.
//
//gocuda:kernel TwoOptKernel
func twoOptKernel(t *gocuda.Thread, cities int, posxD, posyD []float32, globD, climbsD, bestD []int32) {
	bufS := gocuda.DynamicShared[int32](t)
	pxS := gocuda.Shared[float32](t, tspTilesize)
	pyS := gocuda.Shared[float32](t, tspTilesize)
	bfS := gocuda.Shared[int32](t, tspTilesize)

	buf := globD[t.BlockIdx.X*((3*cities+2+31)/32*32):]
	px := asFloat32(buf[cities:])
	py := px[cities+1:]

	for i := t.ThreadIdx.X; i < cities; i += t.BlockDim.X {
		px[i] = posxD[i]
	}
	for i := t.ThreadIdx.X; i < cities; i += t.BlockDim.X {
		py[i] = posyD[i]
	}
	t.SyncThreads()

	if t.ThreadIdx.X == 0 { // serial permutation
		seed := uint32(t.BlockIdx.X)
		for i := uint32(1); i < uint32(cities); i++ {
			j := int(lcgRandom(&seed)*float32(cities-1)) + 1
			tspSwap(&px[i], &px[j])
			tspSwap(&py[i], &py[j])
		}
		px[cities] = px[0]
		py[cities] = py[0]
	}
	t.SyncThreads()

	var minchange int
	for {
		for i := t.ThreadIdx.X; i < cities; i += t.BlockDim.X {
			buf[i] = int32(-tspDist(px, py, i, i+1))
		}
		t.SyncThreads()

		minchange = 0
		mini := 1
		minj := 0
		for ii := 0; ii < cities-2; ii += t.BlockDim.X {
			i := ii + t.ThreadIdx.X
			var pxi0, pyi0, pxi1, pyi1, pxj1, pyj1 float32
			if i < cities-2 {
				minchange -= int(buf[i])
				pxi0 = px[i]
				pyi0 = py[i]
				pxi1 = px[i+1]
				pyi1 = py[i+1]
				pxj1 = px[cities]
				pyj1 = py[cities]
			}
			for jj := cities - 1; jj >= ii+2; jj -= tspTilesize {
				bound := jj - tspTilesize + 1
				for k := t.ThreadIdx.X; k < tspTilesize; k += t.BlockDim.X {
					if k+bound >= ii+2 {
						pxS[k] = px[k+bound]
						pyS[k] = py[k+bound]
						bfS[k] = buf[k+bound]
					}
				}
				t.SyncThreads()

				lower := bound
				if lower < i+2 {
					lower = i + 2
				}
				for j := jj; j >= lower; j-- {
					jm := j - bound
					pxj0 := pxS[jm]
					pyj0 := pyS[jm]
					change := int(bfS[jm]) +
						int(sqrtf((pxi0-pxj0)*(pxi0-pxj0)+(pyi0-pyj0)*(pyi0-pyj0))) +
						int(sqrtf((pxi1-pxj1)*(pxi1-pxj1)+(pyi1-pyj1)*(pyi1-pyj1)))
					pxj1 = pxj0
					pyj1 = pyj0
					if minchange > change {
						minchange = change
						mini = i
						minj = j
					}
				}
				t.SyncThreads()
			}

			if i < cities-2 {
				minchange += int(buf[i])
			}
		}
		t.SyncThreads()

		bufS[t.ThreadIdx.X] = int32(minchange)
		change := minchange
		if t.ThreadIdx.X == 0 {
			atomic.Add(&climbsD[0], 1) // stats only
		}
		t.SyncThreads()

		j := t.BlockDim.X
		for {
			k := (j + 1) / 2
			if (t.ThreadIdx.X + k) < j {
				tmp := int(bufS[t.ThreadIdx.X+k])
				if change > tmp {
					change = tmp
				}
				bufS[t.ThreadIdx.X] = int32(change)
			}
			j = k
			t.SyncThreads()
			if !(j > 1) {
				break
			}
		}

		if minchange == int(bufS[0]) {
			bufS[1] = int32(t.ThreadIdx.X) // non-deterministic winner
		}
		t.SyncThreads()

		if t.ThreadIdx.X == int(bufS[1]) {
			bufS[2] = int32(mini + 1)
			bufS[3] = int32(minj)
		}
		t.SyncThreads()

		minchange = int(bufS[0])
		mini = int(bufS[2])
		sum := int(bufS[3]) + mini
		for i := t.ThreadIdx.X; (i + i) < sum; i += t.BlockDim.X {
			if mini <= i {
				j := sum - i
				tspSwap(&px[i], &px[j])
				tspSwap(&py[i], &py[j])
			}
		}
		t.SyncThreads()
		if !(minchange < 0) {
			break
		}
	}

	term := 0
	for i := t.ThreadIdx.X; i < cities; i += t.BlockDim.X {
		term += tspDist(px, py, i, i+1)
	}
	bufS[t.ThreadIdx.X] = int32(term)
	t.SyncThreads()

	j := t.BlockDim.X
	for {
		k := (j + 1) / 2
		if (t.ThreadIdx.X + k) < j {
			term += int(bufS[t.ThreadIdx.X+k])
		}
		t.SyncThreads()
		if (t.ThreadIdx.X + k) < j {
			bufS[t.ThreadIdx.X] = int32(term)
		}
		j = k
		t.SyncThreads()
		if !(j > 1) {
			break
		}
	}

	if t.ThreadIdx.X == 0 {
		atomic.Min(&bestD[0], int32(term))
	}
}
