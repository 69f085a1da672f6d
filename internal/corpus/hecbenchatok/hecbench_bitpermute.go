package hecbenchatok

import (
	"math/bits"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's bitpermute benchmark (zjin-lcf/HeCBench at
// f27000a, src/bitpermute-cuda/kernels.h, Supranational's sppark): the
// bit-reversal permutation of an NTT's domain of 64-bit elements (fr_t is
// long), directly for small domains and, for large ones, through 32×32
// tiles in dynamic shared memory exchanged by a warp between __syncwarp
// barriers, in a do-while whose continue skips to its condition.

// The bitpermute constants of kernels.h (fr_t is 8 bytes, so Z_COUNT is 32).
const (
	bpWarpSz   = 32
	bpZCount   = 256 / 8
	bpLgZCount = 5
)

// bitRev is bit_rev<unsigned int> of kernels.h (index_t is 32 bits, so
// always __brev).
func bitRev(i uint32, nbits uint32) uint32 {
	return bits.Reverse32(i) >> (8*4 - nbits)
}

// BitRevPermutationKernel is bit_rev_permutation of kernels.h; d_out ==
// d_in compares the slices' first elements.
//
//gocuda:kernel BitRevPermutationKernel
func bitRevPermutation(t *gocuda.Thread, dOut, dIn []int64, lgDomainSize uint32) {
	if t.GridDim.X == 1 && t.BlockDim.X == 1<<lgDomainSize {
		idx := uint32(t.ThreadIdx.X)
		rev := bitRev(idx, lgDomainSize)

		v := dIn[idx]
		if unsafe.SliceData(dOut) == unsafe.SliceData(dIn) {
			t.SyncThreads()
		}
		dOut[rev] = v
	} else {
		idx := uint32(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)
		rev := bitRev(idx, lgDomainSize)
		isCopy := unsafe.SliceData(dOut) != unsafe.SliceData(dIn) && idx == rev

		if idx < rev || isCopy {
			t0 := dIn[idx]
			if !isCopy {
				t1 := dIn[rev]
				dOut[idx] = t1
			}
			dOut[rev] = t0
		}
	}
}

// BitRevPermutationZKernel is bit_rev_permutation_z of kernels.h. The
// do-while is a for loop whose post statement steps tid and tests it (a
// continue runs it, as a do-while's continue goes to its condition); the
// ternaries choosing the barrier are __syncwarp, Z_COUNT being WARP_SZ.
//
//gocuda:kernel BitRevPermutationZKernel
func bitRevPermutationZ(t *gocuda.Thread, out, in []int64, lgDomainSize uint32) {
	exchange := gocuda.DynamicShared[int64](t)
	xchg := unsafe.Slice((*[bpZCount][bpZCount]int64)(unsafe.Pointer(unsafe.SliceData(exchange))), len(exchange)/(bpZCount*bpZCount))

	gid := uint32(t.ThreadIdx.X) / bpZCount
	idx := uint32(t.ThreadIdx.X) % bpZCount
	rev := bitRev(idx, bpLgZCount)

	step := uint32(1) << (lgDomainSize - bpLgZCount)
	tid := uint32(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)
	stride := uint32(t.BlockDim.X * t.GridDim.X)

	for more := true; more; tid, more = tid+stride, bpZCount <= bpWarpSz && tid+stride < step {
		groupIdx := tid >> bpLgZCount
		groupRev := bitRev(groupIdx, lgDomainSize-2*bpLgZCount)

		if groupIdx > groupRev {
			continue
		}

		baseIdx := groupIdx*bpZCount + idx
		baseRev := groupRev*bpZCount + idx

		var regs [bpZCount]int64

		for i := uint32(0); i < bpZCount; i++ {
			regs[i] = in[i*step+baseIdx]
			xchg[gid][i][rev] = regs[i]
			if groupIdx != groupRev {
				regs[i] = in[i*step+baseRev]
			}
		}

		t.SyncWarp(0xffffffff)

		for i := uint32(0); i < bpZCount; i++ {
			out[i*step+baseRev] = xchg[gid][rev][i]
		}

		if groupIdx == groupRev {
			continue
		}

		t.SyncWarp(0xffffffff)

		for i := uint32(0); i < bpZCount; i++ {
			xchg[gid][i][rev] = regs[i]
		}

		t.SyncWarp(0xffffffff)

		for i := uint32(0); i < bpZCount; i++ {
			out[i*step+baseIdx] = xchg[gid][rev][i]
		}
	}
}
