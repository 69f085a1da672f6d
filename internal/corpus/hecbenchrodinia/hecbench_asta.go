package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds PTTWAC_soa_asta of HeCBench's asta (src/asta-cuda/main.cu,
// from the Chai benchmarks of the University of Cordoba and the University
// of Illinois): in-place transposition of an A × B matrix of
// super-elements of b values (array-of-structure-of-tiled-array layout) by
// following the permutation's cycles, each block fetching cycle starts
// from a global counter and claiming elements with atomicExch on flags;
// the block's threads agree through two shared ints. T, a macro, is a
// type parameter.

// PttwacSoaAstaKernel is PTTWAC_soa_asta: the A × B super-elements of
// input transposed in place; finished must be zero and head[0] zero.
// Launch it with at most 256 threads per block (each thread moves up to
// four values of a super-element).
//
//gocuda:kernel PttwacSoaAstaKernel
func pttwacSoaAsta[T float32 | float64](t *gocuda.Thread, A int, B int, b int, input []T, finished []int32, head []int32) {
	lmem := gocuda.Shared[int32](t, 2)

	tid := t.ThreadIdx.X
	m := A*B - 1

	if tid == 0 { // Dynamic fetch
		lmem[1] = atomic.Add(&head[0], 1)
	}
	t.SyncThreads()

	for int(lmem[1]) < m {
		nextInCycle := (int(lmem[1]) * A) - m*(int(lmem[1])/B)
		if nextInCycle == int(lmem[1]) {
			t.SyncThreads()
			if tid == 0 { // Dynamic fetch
				lmem[1] = atomic.Add(&head[0], 1)
			}
			t.SyncThreads()
			continue
		}
		var data1, data2, data3, data4 T
		i := tid
		if i < b {
			data1 = input[int(lmem[1])*b+i]
		}
		i += t.BlockDim.X
		if i < b {
			data2 = input[int(lmem[1])*b+i]
		}
		i += t.BlockDim.X
		if i < b {
			data3 = input[int(lmem[1])*b+i]
		}
		i += t.BlockDim.X
		if i < b {
			data4 = input[int(lmem[1])*b+i]
		}

		if tid == 0 {
			//make sure the read is not cached
			lmem[0] = atomic.Add(&finished[lmem[1]], 0)
		}
		t.SyncThreads()

		for ; lmem[0] == 0; nextInCycle = (nextInCycle * A) - m*(nextInCycle/B) {
			var backup1, backup2, backup3, backup4 T
			i = tid
			if i < b {
				backup1 = input[nextInCycle*b+i]
			}
			i += t.BlockDim.X
			if i < b {
				backup2 = input[nextInCycle*b+i]
			}
			i += t.BlockDim.X
			if i < b {
				backup3 = input[nextInCycle*b+i]
			}
			i += t.BlockDim.X
			if i < b {
				backup4 = input[nextInCycle*b+i]
			}

			t.SyncThreads()
			if tid == 0 {
				lmem[0] = atomic.Exch(&finished[nextInCycle], int32(1))
			}
			t.SyncThreads()

			if lmem[0] == 0 {
				i = tid
				if i < b {
					input[nextInCycle*b+i] = data1
				}
				i += t.BlockDim.X
				if i < b {
					input[nextInCycle*b+i] = data2
				}
				i += t.BlockDim.X
				if i < b {
					input[nextInCycle*b+i] = data3
				}
				i += t.BlockDim.X
				if i < b {
					input[nextInCycle*b+i] = data4
				}
			}
			i = tid
			if i < b {
				data1 = backup1
			}
			i += t.BlockDim.X
			if i < b {
				data2 = backup2
			}
			i += t.BlockDim.X
			if i < b {
				data3 = backup3
			}
			i += t.BlockDim.X
			if i < b {
				data4 = backup4
			}
		}

		if tid == 0 { // Dynamic fetch
			lmem[1] = atomic.Add(&head[0], 1)
		}
		t.SyncThreads()
	}
}
