package hecbenchltoz

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels of HeCBench's segsort benchmark
// (zjin-lcf/HeCBench at f27000a, src/segsort-cuda/src, Hou et al.'s
// bb_segsort, key_t = int, val_t = uint64_t, offset_t = int):
// bb_bin.cuh's bb_bin_histo (shared atomics, then warp_exclusive_sum, a
// __shfl_up_sync scan under tid < 32) and bb_bin_group, and
// bb_comput_s.cuh's gen_copy, gen_bk256_wp2_tc1_r2_r2_orig and
// gen_bk128_wp2_tc2_r3_r4_orig with bb_exch.cuh's exch_intxn for one and
// two keys (__shfl_xor_sync pairs inside if (bin_it < bin_size), whose
// lanes out of range exit), and the CMP_SWP and EQL_SWP macros.

// segbinNum is bb_bin.cuh's SEGBIN_NUM.
const segbinNum = 13

// warpExclusiveSum is warp_exclusive_sum<int> of segsort-cuda (its lane
// > i, not >=, kept).
func warpExclusiveSum(t *gocuda.Thread, in, out []int32, n int) {
	lane := t.ThreadIdx.X & 31
	var data int32
	if lane > 0 && lane < n {
		data = in[lane-1]
	} else {
		data = 0
	}
	for i := 1; i < 32; i *= 2 {
		other := gocuda.ShflUpSync(t, 0xFFFFFFFF, data, i, 32)
		if lane > i {
			data += other
		}
	}
	if lane < n {
		out[lane] = data
	}
}

// BbBinHistoKernel is bb_bin_histo<int> of segsort-cuda: each block's
// histogram of segment sizes by powers of two (and the largest size over
// 2048), its exclusive sum added to dBinCounter.
//
//gocuda:kernel BbBinHistoKernel
func bbBinHistoKernel(t *gocuda.Thread, dBinCounter, dSegBegins, dSegEnds []int32, numSegs int) {
	tid := t.ThreadIdx.X
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	localHisto := gocuda.Shared[int32](t, segbinNum+1)
	if tid < segbinNum+1 {
		localHisto[tid] = 0
	}
	t.SyncThreads()

	if gid < numSegs {
		size := dSegEnds[gid] - dSegBegins[gid]

		if size <= 1 {
			atomic.Add(&localHisto[0], 1)
		}
		if 1 < size && size <= 2 {
			atomic.Add(&localHisto[1], 1)
		}
		if 2 < size && size <= 4 {
			atomic.Add(&localHisto[2], 1)
		}
		if 4 < size && size <= 8 {
			atomic.Add(&localHisto[3], 1)
		}
		if 8 < size && size <= 16 {
			atomic.Add(&localHisto[4], 1)
		}
		if 16 < size && size <= 32 {
			atomic.Add(&localHisto[5], 1)
		}
		if 32 < size && size <= 64 {
			atomic.Add(&localHisto[6], 1)
		}
		if 64 < size && size <= 128 {
			atomic.Add(&localHisto[7], 1)
		}
		if 128 < size && size <= 256 {
			atomic.Add(&localHisto[8], 1)
		}
		if 256 < size && size <= 512 {
			atomic.Add(&localHisto[9], 1)
		}
		if 512 < size && size <= 1024 {
			atomic.Add(&localHisto[10], 1)
		}
		if 1024 < size && size <= 2048 {
			atomic.Add(&localHisto[11], 1)
		}
		if 2048 < size {
			// atomicAdd(&local_histo[12], 1);
			atomic.Max(&localHisto[13], size)
		}
	}
	t.SyncThreads()

	if tid < 32 {
		warpExclusiveSum(t, localHisto, localHisto, segbinNum)
		if tid < segbinNum {
			atomic.Add(&dBinCounter[tid], localHisto[tid])
		}
		if tid == segbinNum {
			atomic.Max(&dBinCounter[tid], localHisto[tid])
		}
	}
}

// BbBinGroupKernel is bb_bin_group<int> of segsort-cuda: each segment's
// id placed at its bin's next position, taken by an atomic.
//
//gocuda:kernel BbBinGroupKernel
func bbBinGroupKernel(t *gocuda.Thread, dBinSegsID, dBinCounter, dSegBegins, dSegEnds []int32, numSegs int) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if gid < numSegs {
		size := dSegEnds[gid] - dSegBegins[gid]
		var position int32
		if size <= 1 {
			position = atomic.Add(&dBinCounter[0], 1)
		} else if size <= 2 {
			position = atomic.Add(&dBinCounter[1], 1)
		} else if size <= 4 {
			position = atomic.Add(&dBinCounter[2], 1)
		} else if size <= 8 {
			position = atomic.Add(&dBinCounter[3], 1)
		} else if size <= 16 {
			position = atomic.Add(&dBinCounter[4], 1)
		} else if size <= 32 {
			position = atomic.Add(&dBinCounter[5], 1)
		} else if size <= 64 {
			position = atomic.Add(&dBinCounter[6], 1)
		} else if size <= 128 {
			position = atomic.Add(&dBinCounter[7], 1)
		} else if size <= 256 {
			position = atomic.Add(&dBinCounter[8], 1)
		} else if size <= 512 {
			position = atomic.Add(&dBinCounter[9], 1)
		} else if size <= 1024 {
			position = atomic.Add(&dBinCounter[10], 1)
		} else if size <= 2048 {
			position = atomic.Add(&dBinCounter[11], 1)
		} else {
			position = atomic.Add(&dBinCounter[12], 1)
		}
		dBinSegsID[position] = int32(gid)
	}
}

// GenCopyKernel is gen_copy<int, uint64_t, int> of segsort-cuda: the
// segments of one element copied.
//
//gocuda:kernel GenCopyKernel
func genCopyKernel(t *gocuda.Thread, key []int32, val []uint64, keyB []int32, valB []uint64, segBegins, segEnds, bin []int32, binSize int) {
	gid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	binIt := gid
	var k int32
	var segSize int32
	if binIt < binSize {
		k = segBegins[bin[binIt]]
		segSize = segEnds[bin[binIt]] - segBegins[bin[binIt]]
		if segSize == 1 {
			keyB[k] = key[k]
			valB[k] = val[k]
		}
	}
}

// cmpSwp is bb_exch.cuh's CMP_SWP macro.
func cmpSwp(a, b, c, d *int32) {
	if *a > *b {
		t := *a
		*a = *b
		*b = t
		s := *c
		*c = *d
		*d = s
	}
}

// eqlSwp is bb_exch.cuh's EQL_SWP macro.
func eqlSwp(a, b, c, d *int32) {
	if *a != *b {
		t := *a
		*a = *b
		*b = t
		s := *c
		*c = *d
		*d = s
	}
}

// exchIntxn1 is exch_intxn<int> for one key of segsort-cuda.
func exchIntxn1(t *gocuda.Thread, k0, v0 *int32, mask int, bit int) {
	var exK0, exK1 int32
	var exV0, exV1 int32
	exK0 = *k0
	exK1 = gocuda.ShflXorSync(t, 0xffffffff, *k0, mask, 32)
	exV0 = *v0
	exV1 = gocuda.ShflXorSync(t, 0xffffffff, *v0, mask, 32)
	cmpSwp(&exK0, &exK1, &exV0, &exV1)
	if bit != 0 {
		eqlSwp(&exK0, &exK1, &exV0, &exV1)
	}
	*k0 = exK0
	*v0 = exV0
}

// exchIntxn2 is exch_intxn<int> for two keys of segsort-cuda.
func exchIntxn2(t *gocuda.Thread, k0, k1, v0, v1 *int32, mask int, bit int) {
	var exK0, exK1 int32
	var exV0, exV1 int32
	exK0 = *k0
	exK1 = gocuda.ShflXorSync(t, 0xffffffff, *k1, mask, 32)
	exV0 = *v0
	exV1 = gocuda.ShflXorSync(t, 0xffffffff, *v1, mask, 32)
	cmpSwp(&exK0, &exK1, &exV0, &exV1)
	if bit != 0 {
		eqlSwp(&exK0, &exK1, &exV0, &exV1)
	}
	*k0 = exK0
	*k1 = gocuda.ShflXorSync(t, 0xffffffff, exK1, mask, 32)
	*v0 = exV0
	*v1 = gocuda.ShflXorSync(t, 0xffffffff, exV1, mask, 32)
}

// GenBk256Wp2Tc1R2R2OrigKernel is gen_bk256_wp2_tc1_r2_r2_orig<int,
// uint64_t, int> of segsort-cuda: segments of two elements, two lanes a
// segment.
//
//gocuda:kernel GenBk256Wp2Tc1R2R2OrigKernel
func genBk256Wp2Tc1R2R2OrigKernel(t *gocuda.Thread, key []int32, val []uint64, keyB []int32, valB []uint64, segBegins, segEnds, bin []int32, binSize int) {
	gid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	binIt := (gid >> 1)
	tid := int32(t.ThreadIdx.X & 1)
	bit1 := int((tid >> 0) & 0x1)
	var rgK0 int32
	var rgV0 int32
	var k int32
	var segSize int32
	if binIt < binSize {
		k = segBegins[bin[binIt]]
		segSize = segEnds[bin[binIt]] - segBegins[bin[binIt]]
		if tid+0 < segSize {
			rgK0 = key[k+tid+0]
		} else {
			rgK0 = math.MaxInt32
		}
		if tid+0 < segSize {
			rgV0 = tid + 0
		}
		// sort 2 elements
		// exch_intxn: generate exch_intxn()
		exchIntxn1(t, &rgK0,
			&rgV0,
			0x1, bit1)
		if (tid<<0)+0 < segSize {
			keyB[k+(tid<<0)+0] = rgK0
		}
		if (tid<<0)+0 < segSize {
			valB[k+(tid<<0)+0] = val[k+rgV0]
		}
	}
}

// GenBk128Wp2Tc2R3R4OrigKernel is gen_bk128_wp2_tc2_r3_r4_orig<int,
// uint64_t, int> of segsort-cuda: segments of three or four elements,
// two lanes of two registers a segment.
//
//gocuda:kernel GenBk128Wp2Tc2R3R4OrigKernel
func genBk128Wp2Tc2R3R4OrigKernel(t *gocuda.Thread, key []int32, val []uint64, keyB []int32, valB []uint64, segBegins, segEnds, bin []int32, binSize int) {
	gid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	binIt := (gid >> 1)
	tid := int32(t.ThreadIdx.X & 1)
	bit1 := int((tid >> 0) & 0x1)
	var rgK0, rgK1 int32
	var rgV0, rgV1 int32
	var k int32
	var segSize int32
	if binIt < binSize {
		k = segBegins[bin[binIt]]
		segSize = segEnds[bin[binIt]] - segBegins[bin[binIt]]
		if tid+0 < segSize {
			rgK0 = key[k+tid+0]
		} else {
			rgK0 = math.MaxInt32
		}
		if tid+2 < segSize {
			rgK1 = key[k+tid+2]
		} else {
			rgK1 = math.MaxInt32
		}
		if tid+0 < segSize {
			rgV0 = tid + 0
		}
		if tid+2 < segSize {
			rgV1 = tid + 2
		}
		// sort 4 elements
		// exch_intxn: switch to exch_local()
		cmpSwp(&rgK0, &rgK1, &rgV0, &rgV1)
		// exch_intxn: generate exch_intxn()
		exchIntxn2(t, &rgK0, &rgK1,
			&rgV0, &rgV1,
			0x1, bit1)
		// exch_paral: switch to exch_local()
		cmpSwp(&rgK0, &rgK1, &rgV0, &rgV1)
		if (tid<<1)+0 < segSize {
			keyB[k+(tid<<1)+0] = rgK0
		}
		if (tid<<1)+1 < segSize {
			keyB[k+(tid<<1)+1] = rgK1
		}
		if (tid<<1)+0 < segSize {
			valB[k+(tid<<1)+0] = val[k+rgV0]
		}
		if (tid<<1)+1 < segSize {
			valB[k+(tid<<1)+1] = val[k+rgV1]
		}
	}
}
