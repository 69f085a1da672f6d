package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds vlc_encode_kernel_sm64huff of Rodinia 3.1's huffman
// (yuhc/gpu-rodinia at 9c10d3e, cuda/huffman/vlc_kernel_sm64huff.cu, Ana
// Balevic's PAVLE parallel variable-length encoder), as parameters.h
// configures it (TESTING, CACHECWLUT, SMATOMICS): each thread encodes four
// bytes by a codeword table cached in shared memory, a work-efficient scan
// of the code lengths gives each its bit offset, and shared-memory
// atomicOr packs the codes into words. package llmcrodinia has the
// benchmark's scan kernels.

// NUM_SYMBOLS of parameters.h.
const vlcNumSymbols = 256

// VlcEncodeKernel is vlc_encode_kernel_sm64huff: block b encodes its
// blockDim.x words of data (256 threads, as the kernel requires) into
// out's words from b·blockDim.x on, and stores the block's length in bits
// into outidx[b]. cw32, cw32len and cw32idx, the TESTING parameters, are
// not used. Launch it with 2·NUM_SYMBOLS + blockDim.x words of dynamic
// shared memory.
//
//gocuda:kernel VlcEncodeKernel
func vlcEncodeKernelSm64huff(t *gocuda.Thread, data []uint32, gmCodewords []uint32, gmCodewordlens []uint32,
	cw32 []uint32, cw32len []uint32, cw32idx []uint32, out []uint32, outidx []uint32) {

	kn := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	k := uint32(t.ThreadIdx.X)
	var kc, startbit, wrbits uint32

	var cw64 uint64 = 0
	var val32, codewordlen uint32 = 0, 0
	var tmpbyte, tmpcwlen uint8
	var tmpcw32 uint32

	sm := gocuda.DynamicShared[uint32](t)
	kcmax := gocuda.Shared[uint32](t, 1)

	codewords := sm
	codewordlens := sm[vlcNumSymbols:]
	as := sm[2*vlcNumSymbols:]

	/* Load the codewords and the original data*/
	codewords[k] = gmCodewords[k]
	codewordlens[k] = gmCodewordlens[k]
	val32 = data[kn]
	t.SyncThreads()
	for i := uint32(0); i < 4; i++ {
		tmpbyte = uint8(val32 >> ((3 - i) * 8))
		tmpcw32 = codewords[tmpbyte]
		tmpcwlen = uint8(codewordlens[tmpbyte])
		cw64 = (cw64 << tmpcwlen) | uint64(tmpcw32)
		codewordlen += uint32(tmpcwlen)
	}
	as[k] = codewordlen
	t.SyncThreads()

	/* Prefix sum of codeword lengths (denoted in bits) [inplace implementation] */
	offset := uint32(1)

	/* Build the sum in place up the tree */
	for d := uint32(t.BlockDim.X) >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if k < d {
			ai := uint8(offset*(2*k+1) - 1)
			bi := uint8(offset*(2*k+2) - 1)
			as[bi] += as[ai]
		}
		offset *= 2
	}

	/* scan back down the tree */
	/* clear the last element */
	if k == 0 {
		as[t.BlockDim.X-1] = 0
	}

	// traverse down the tree building the scan in place
	for d := uint32(1); d < uint32(t.BlockDim.X); d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if k < d {
			ai := uint8(offset*(2*k+1) - 1)
			bi := uint8(offset*(2*k+2) - 1)
			t := as[ai]
			as[ai] = as[bi]
			as[bi] += t
		}
	}
	t.SyncThreads()

	if k == uint32(t.BlockDim.X-1) {
		outidx[t.BlockIdx.X] = as[k] + codewordlen
		kcmax[0] = (as[k] + codewordlen) / 32
	}

	/* Write the codes */
	kc = as[k] / 32
	startbit = as[k] % 32
	as[k] = 0
	t.SyncThreads()

	/* Part 1*/
	if codewordlen > (32 - startbit) {
		wrbits = (32 - startbit)
	} else {
		wrbits = codewordlen
	}
	tmpcw32 = uint32(cw64 >> (codewordlen - wrbits))
	//if (wrbits == 32) as[kc] = tmpcw32;				//unnecessary overhead; increases number of branches
	//else
	atomic.Or(&as[kc], tmpcw32<<(32-startbit-wrbits)) //shift left in case it's shorter then the available space
	codewordlen -= wrbits

	/*Part 2*/
	if codewordlen != 0 {
		if codewordlen > 32 {
			wrbits = 32
		} else {
			wrbits = codewordlen
		}
		tmpcw32 = uint32(cw64>>(codewordlen-wrbits)) & ((1 << wrbits) - 1)
		//if (wrbits == 32) as[kc+1] = tmpcw32;
		//else
		atomic.Or(&as[kc+1], tmpcw32<<(32-wrbits))
		codewordlen -= wrbits
	}

	/*Part 3*/
	if codewordlen != 0 {
		tmpcw32 = uint32(cw64 & ((1 << codewordlen) - 1))
		//if (wrbits == 32) as[kc+2] = tmpcw32;
		//else
		atomic.Or(&as[kc+2], tmpcw32<<(32-codewordlen))
	}

	t.SyncThreads()

	if k <= kcmax[0] {
		out[kn] = as[k]
	}

}
