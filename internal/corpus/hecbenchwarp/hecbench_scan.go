package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's scan benchmark (zjin-lcf/HeCBench at f27000a,
// src/scan-cuda/main.cu, after GPU Gems 3, chapter 39): the work-efficient
// exclusive scan of N elements a block (N/2 threads), scan<T, N>, and its
// bank-conflict-avoiding variant scan_bcao<T, N>, each striding over the
// tiles by gridDim.x. The template's element type T (char, short, int,
// long) is a type parameter and its N an argument; auto gi = g_idata +
// bid * N is a subslice (go, a Go keyword, is gout).

// scanInt is the element types main.cu instantiates the scans with.
type scanInt interface {
	~int8 | ~int16 | ~int32 | ~int64
}

// scanLogMemBanks is main.cu's LOG_MEM_BANKS.
const scanLogMemBanks = 5

// scanOffset is main.cu's OFFSET macro.
func scanOffset(n int) int { return n >> scanLogMemBanks }

// ScanBcaoKernel is scan_bcao<T, N> of scan-cuda: the up-sweep and
// down-sweep of scan, the shared tile padded by one element every 32.
//
//gocuda:kernel ScanBcaoKernel
func scanBcaoKernel[T scanInt](t *gocuda.Thread, N int, nblocks int64, gOdata, gIdata []T) {
	temp := gocuda.Shared[T](t, 2*N)
	for bid := int64(t.BlockIdx.X); bid < nblocks; bid += int64(t.GridDim.X) {
		gi := gIdata[bid*int64(N):]
		gout := gOdata[bid*int64(N):]

		thid := t.ThreadIdx.X
		a := thid
		b := a + (N / 2)
		oa := scanOffset(a)
		ob := scanOffset(b)

		temp[a+oa] = gi[a]
		temp[b+ob] = gi[b]

		offset := 1
		for d := N >> 1; d > 0; d >>= 1 {
			t.SyncThreads()
			if thid < d {
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				ai += scanOffset(ai)
				bi += scanOffset(bi)
				temp[bi] += temp[ai]
			}
			offset *= 2
		}

		if thid == 0 {
			temp[N-1+scanOffset(N-1)] = 0 // clear the last elem
		}

		for d := 1; d < N; d *= 2 { // traverse down
			offset >>= 1
			t.SyncThreads()
			if thid < d {
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				ai += scanOffset(ai)
				bi += scanOffset(bi)
				tt := temp[ai]
				temp[ai] = temp[bi]
				temp[bi] += tt
			}
		}
		t.SyncThreads() // required

		gout[a] = temp[a+oa]
		gout[b] = temp[b+ob]
	}
}

// ScanKernel is scan<T, N> of scan-cuda: Blelloch's exclusive scan of
// each tile in shared memory, thread thid loading and storing elements
// 2·thid and 2·thid+1.
//
//gocuda:kernel ScanKernel
func scanKernel[T scanInt](t *gocuda.Thread, N int, nblocks int64, gOdata, gIdata []T) {
	temp := gocuda.Shared[T](t, N)
	for bid := int64(t.BlockIdx.X); bid < nblocks; bid += int64(t.GridDim.X) {
		gi := gIdata[bid*int64(N):]
		gout := gOdata[bid*int64(N):]

		thid := t.ThreadIdx.X
		offset := 1
		temp[2*thid] = gi[2*thid]
		temp[2*thid+1] = gi[2*thid+1]
		for d := N >> 1; d > 0; d >>= 1 {
			t.SyncThreads()
			if thid < d {
				// e.g.
				// thread 0: ai = 0, bi = 1 (offset = 1) d = 4
				// thread 1: ai = 2, bi = 3 (offset = 1) d = 4
				// thread 2: ai = 4, bi = 5 (offset = 1) d = 4
				// thread 3: ai = 6, bi = 7 (offset = 1) d = 4
				// thread 0: ai = 1, bi = 3 (offset = 2) d = 2
				// thread 1: ai = 5, bi = 7 (offset = 2) d = 2
				// thread 0: ai = 3, bi = 7 (offset = 4) d = 1
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				temp[bi] += temp[ai]
			}
			offset *= 2
		}

		if thid == 0 {
			temp[N-1] = 0 // clear the last elem
		}
		for d := 1; d < N; d *= 2 { // traverse down
			offset >>= 1
			t.SyncThreads()
			if thid < d {
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				tt := temp[ai]
				temp[ai] = temp[bi]
				temp[bi] += tt
			}
		}
		gout[2*thid] = temp[2*thid]
		gout[2*thid+1] = temp[2*thid+1]
	}
}
