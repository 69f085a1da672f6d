package hecbenchrodinia

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the two kernels of HeCBench's mpc (src/mpc-cuda/main.cu,
// Annie Yang and Martin Burtscher's MPC, a massively parallel compressor
// for scientific doubles, Texas State University): chunks of 1024 values
// per block, delta-encoded by dimension, bit-transposed in groups of 64,
// delta-encoded again, and the nonzero words compacted by a block prefix
// sum of warp shuffles, with __ballot_sync bitmaps; the blocks chain
// their output offsets through goffset with a busy wait. The helpers'
// C++ reference parameters are pointers; (int*)sbuf1, a view of the long
// array as ints, is an unsafe view. The chain between blocks needs them
// all resident at once (and a lone block waits for itself from its second
// chunk on), so the tests launch one block on one chunk.

// TPB of main.cu.
const mpcTPB = 1024

// mpcFull is __shfl_up's mask.
const mpcFull = 0xffffffff

// int64sAsInt32s is (int*) of a long array: s viewed as 2·len(s) ints.
func int64sAsInt32s(s []int64) []int32 {
	return unsafe.Slice((*int32)(unsafe.Pointer(&s[0])), 2*len(s))
}

// prefixsum is prefixsum: the block's inclusive prefix sum of *val, warps
// by shuffles and their totals through sbuf.
func prefixsum(t *gocuda.Thread, val *int32, sbuf []int32) {
	warp := t.ThreadIdx.X >> 5
	lane := t.ThreadIdx.X & 31

	for d := 1; d < 32; d *= 2 {
		tmp := gocuda.ShflUpSync(t, mpcFull, *val, d, 32)
		if lane >= d {
			*val += tmp
		}
	}
	if lane == 31 {
		sbuf[warp] = *val
	}

	t.SyncThreads()
	if warp == 0 {
		v := sbuf[lane]
		for d := 1; d < 32; d *= 2 {
			tmp := gocuda.ShflUpSync(t, mpcFull, v, d, 32)
			if lane >= d {
				v += tmp
			}
		}
		sbuf[lane] = v
	}

	t.SyncThreads()
	if warp > 0 {
		*val += sbuf[warp-1]
	}
}

// prefixsumlong is prefixsumlong: prefixsum for longs, each shuffled as
// two ints.
func prefixsumlong(t *gocuda.Thread, val *int64, sbuf []int64) {
	warp := t.ThreadIdx.X >> 5
	lane := t.ThreadIdx.X & 31

	for d := 1; d < 32; d *= 2 {
		tmpl := uint32(gocuda.ShflUpSync(t, mpcFull, int32(*val), d, 32))
		tmph := int64(gocuda.ShflUpSync(t, mpcFull, int32(*val>>32), d, 32))
		if lane >= d {
			*val += (tmph << 32) + int64(tmpl)
		}
	}
	if lane == 31 {
		sbuf[warp] = *val
	}

	t.SyncThreads()
	if warp == 0 {
		v := sbuf[lane]
		for d := 1; d < 32; d *= 2 {
			tmpl := uint32(gocuda.ShflUpSync(t, mpcFull, int32(v), d, 32))
			tmph := int64(gocuda.ShflUpSync(t, mpcFull, int32(v>>32), d, 32))
			if lane >= d {
				v += (tmph << 32) + int64(tmpl)
			}
		}
		sbuf[lane] = v
	}

	t.SyncThreads()
	if warp > 0 {
		*val += sbuf[warp-1]
	}
}

// prefixsumdimlong is prefixsumdimlong: the prefix sums of the block's
// values strided by dim.
func prefixsumdimlong(t *gocuda.Thread, val *int64, sbuf []int64, dim uint8) {
	tid := t.ThreadIdx.X
	warp := tid >> 5
	lane := tid & 31
	tix := (warp * int(dim)) + (tid % int(dim))

	for d := int(dim); d < 32; d *= 2 {
		tmpl := uint32(gocuda.ShflUpSync(t, mpcFull, int32(*val), d, 32))
		tmph := int64(gocuda.ShflUpSync(t, mpcFull, int32(*val>>32), d, 32))
		if lane >= d {
			*val += (tmph << 32) + int64(tmpl)
		}
	}
	if (lane + int(dim)) > 31 {
		sbuf[tix] = *val
	}

	t.SyncThreads()
	if warp < int(dim) {
		idx := (lane * int(dim)) + warp
		v := sbuf[idx]
		for d := 1; d < 32; d *= 2 {
			tmpl := uint32(gocuda.ShflUpSync(t, mpcFull, int32(v), d, 32))
			tmph := int64(gocuda.ShflUpSync(t, mpcFull, int32(v>>32), d, 32))
			if lane >= d {
				v += (tmph << 32) + int64(tmpl)
			}
		}
		sbuf[idx] = v
	}

	t.SyncThreads()
	if warp > 0 {
		*val += sbuf[tix-int(dim)]
	}
}

// MPCCompressKernel is MPCcompress: the n doubles of original (as longs)
// compressed into compressed, whose element 0 gets the compressed length
// in its upper half and the format tag and dim in its lower. Launch it
// with TPB (1024) threads per block and goffset all -1.
//
//gocuda:kernel MPCCompressKernel
func mpcCompress(t *gocuda.Thread, n int, original []int64, compressed []int64, goffset []int32, dim uint8) {
	tid := t.ThreadIdx.X
	tidm1 := tid - 1
	tidmdim := tid - int(dim)
	lanex := tid & 63
	warpx := tid & 0x3c0
	bid := t.BlockIdx.X
	gdim := t.GridDim.X
	bid1 := bid + 1
	if (bid + 1) == gdim {
		bid1 = 0
	}
	init := 1 + (n+63)/64
	chunksm1 := ((n + (mpcTPB - 1)) / mpcTPB) - 1

	start := gocuda.Shared[int32](t, 1)
	top := gocuda.Shared[int32](t, 1)
	sbuf1 := gocuda.Shared[int64](t, mpcTPB)
	sbuf2 := gocuda.Shared[int64](t, mpcTPB)

	for chunk := bid; chunk <= chunksm1; chunk += gdim {
		idx := tid + chunk*mpcTPB

		var v1 int64 = 0
		if idx < n {
			v1 = original[idx]
			sbuf1[tid] = v1
		}

		t.SyncThreads()
		if tid >= int(dim) {
			if idx < n {
				v1 -= sbuf1[tidmdim]
			}
		}
		sbuf2[tid] = v1

		t.SyncThreads()
		var v2 int64 = 0

		for i := 63; i >= 0; i-- {
			v2 = (v2 << 1) + ((sbuf2[warpx+i] >> lanex) & 1)
		}
		sbuf1[tid] = v2

		t.SyncThreads()
		if tid > 0 {
			v2 -= sbuf1[tidm1]
		}

		var loc int32 = 0
		if v2 != 0 {
			loc = 1
		}

		bitmap := t.BallotSync(0xffffffff, loc != 0)

		if lanex == 32 {
			sbuf2[tid] = int64(bitmap)
		}

		t.SyncThreads()
		if lanex == 0 {
			if idx < n {
				compressed[1+idx/64] = (sbuf2[tid+32] << 32) + int64(bitmap)
			}
		}

		prefixsum(t, &loc, int64sAsInt32s(sbuf1))

		if v2 != 0 {
			sbuf2[loc-1] = v2
		}

		if tid == (mpcTPB - 1) {
			st := int32(init)
			if chunk > 0 {
				for {
					st = goffset[bid]
					if !(st < 0) {
						break
					}
				} // busy waiting
			}
			goffset[bid1] = st + loc
			goffset[bid] = -1
			if chunk == chunksm1 {
				compressed[0] = (int64(st+loc) << 32) + (0x43504d00 - 1) + int64(dim)
			}
			top[0] = loc
			start[0] = st
		}

		t.SyncThreads()
		if tid < int(top[0]) {
			compressed[int(start[0])+tid] = sbuf2[tid]
		}
	}
}

// MPCDecompressKernel is MPCdecompress: the doubles (as longs) that
// compressed encodes, whose element 0 holds their count in its upper half,
// into decompressed. Launch it as MPCcompress.
//
//gocuda:kernel MPCDecompressKernel
func mpcDecompress(t *gocuda.Thread, compressed []int64, decompressed []int64, goffset []int32) {
	dim := int((compressed[0] & 31) + 1)
	n := int(compressed[0] >> 32)
	tid := t.ThreadIdx.X
	lanex := tid & 63
	warpx := tid & 0x3c0
	bid := t.BlockIdx.X
	gdim := t.GridDim.X
	bid1 := bid + 1
	if (bid + 1) == gdim {
		bid1 = 0
	}
	init := 1 + (n+63)/64
	nru := (n - 1) | 63
	chunksm1 := ((n + (mpcTPB - 1)) / mpcTPB) - 1

	start := gocuda.Shared[int32](t, 1)
	top := gocuda.Shared[int32](t, 1)
	sbuf1 := gocuda.Shared[int64](t, mpcTPB)
	sbuf2 := gocuda.Shared[int64](t, mpcTPB)

	for chunk := bid; chunk <= chunksm1; chunk += gdim {
		idx := tid + chunk*mpcTPB

		var flag int32 = 0
		if idx <= nru {
			flag = int32((compressed[1+idx/64] >> lanex) & 1)
		}
		loc := flag

		t.SyncThreads()
		prefixsum(t, &loc, int64sAsInt32s(sbuf1))

		if tid == (mpcTPB - 1) {
			st := int32(init)
			if chunk > 0 {
				for {
					st = goffset[bid]
					if !(st < 0) {
						break
					}
				} // busy waiting
			}
			goffset[bid1] = st + loc
			goffset[bid] = -1
			top[0] = loc
			start[0] = st
		}

		t.SyncThreads()
		if tid < int(top[0]) {
			sbuf2[tid] = compressed[int(start[0])+tid]
		}

		t.SyncThreads()
		var v2 int64 = 0
		if flag != 0 {
			v2 = sbuf2[loc-1]
		}

		prefixsumlong(t, &v2, sbuf1)

		sbuf2[tid] = v2

		t.SyncThreads()
		var v1 int64 = 0
		for i := 63; i >= 0; i-- {
			v1 = (v1 << 1) + ((sbuf2[warpx+i] >> lanex) & 1)
		}

		prefixsumdimlong(t, &v1, sbuf1, uint8(dim))

		if idx < n {
			decompressed[idx] = v1
		}
	}
}
