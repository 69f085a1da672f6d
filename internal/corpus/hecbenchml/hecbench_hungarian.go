package hecbenchml

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's hungarian benchmark (zjin-lcf/HeCBench at
// f27000a, src/hungarian-cuda/main.cu, Lopes et al.'s GPU Hungarian
// algorithm) at the size its scripts set with _n_: n = 16 (the host
// loop, Hungarian_Algorithm, is the test's). The __device__ and
// __managed__ globals are the fields of a HungarianDev every kernel takes
// a pointer to; volatile accesses are plain ones. step_2 and step_4 loop
// over barriers while a shared flag some thread set says so.

// The compile-time sizes of main.cu for n = 16.
const (
	hgN                   = 16
	hgLog2N               = 4 // klog2(16)
	hgNThreads            = 16
	hgNThreadsFull        = 16
	hgNBlocks             = hgN / hgNThreads
	hgNBlocksFull         = hgN * hgN / hgNThreadsFull
	hgRowMask             = (1 << hgLog2N) - 1
	hgNRows, hgNCols      = hgN, hgN
	hgMaxThreadsPerBlock  = 256
	hgColumnsPerBlockStp4 = 512
	hgNBlocksStep4        = 1 // kmax(n / columns_per_block_step_4, 1)
	hgDataBlockSize       = hgColumnsPerBlockStp4 * hgN
	hgLog2DataBlockSize   = hgLog2N + 9 // klog2(columns_per_block_step_4)
)

// HungarianDev holds main.cu's __device__ and __managed__ variables.
type HungarianDev struct {
	Slack              []int32 // nrows*ncols
	MinInRows          []int32 // nrows
	MinInCols          []int32 // ncols
	Zeros              []int32 // nrows*ncols
	ZerosSizeB         []int32 // n_blocks_step_4
	RowOfStarAtColumn  []int32 // ncols
	ColumnOfStarAtRow  []int32 // nrows
	CoverRow           []int32 // nrows
	CoverColumn        []int32 // ncols
	ColumnOfPrimeAtRow []int32 // nrows
	RowOfGreenAtColumn []int32 // ncols
	DMinInMat          int32
	ZerosSize          int32
	NMatches           int32
	Goto5              bool
	RepeatKernel       bool
}

// HgInitKernel is init of hungarian-cuda.
//
//gocuda:kernel HgInitKernel
func hgInitKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	// initializations
	//for step 2
	if i < hgNRows {
		d.CoverRow[i] = 0
		d.ColumnOfStarAtRow[i] = -1
	}
	if i < hgNCols {
		d.CoverColumn[i] = 0
		d.RowOfStarAtColumn[i] = -1
	}
}

// HgStep1RowSubKernel is step_1_row_sub of hungarian-cuda.
//
//gocuda:kernel HgStep1RowSubKernel
func hgStep1RowSubKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	l := i & hgRowMask
	d.Slack[i] = d.Slack[i] - d.MinInRows[l] // subtract the minimum in row from that row
}

// HgStep1ColSubKernel is step_1_col_sub of hungarian-cuda.
//
//gocuda:kernel HgStep1ColSubKernel
func hgStep1ColSubKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	c := i >> hgLog2N
	d.Slack[i] = d.Slack[i] - d.MinInCols[c] // subtract the minimum in row from that row

	if i == 0 {
		d.ZerosSize = 0
	}
	if i < hgNBlocksStep4 {
		d.ZerosSizeB[i] = 0
	}
}

// HgCompressMatrixKernel is compress_matrix of hungarian-cuda.
//
//gocuda:kernel HgCompressMatrixKernel
func hgCompressMatrixKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	if d.Slack[i] == 0 {
		atomic.Add(&d.ZerosSize, 1)
		b := i >> hgLog2DataBlockSize
		i0 := i &^ (hgDataBlockSize - 1) // == b << log2_data_block_size
		j := atomic.Add(&d.ZerosSizeB[b], 1)
		d.Zeros[i0+int(j)] = int32(i)
	}
}

// HgStep2Kernel is step_2 of hungarian-cuda: star a zero of each free row
// and column, repeating while a thread lost a column race.
//
//gocuda:kernel HgStep2Kernel
func hgStep2Kernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.ThreadIdx.X
	b := t.BlockIdx.X
	repeat := gocuda.Shared[bool](t, 1)
	sRepeatKernel := gocuda.Shared[bool](t, 1)

	if i == 0 {
		sRepeatKernel[0] = false
	}

	for {
		t.SyncThreads()
		if i == 0 {
			repeat[0] = false
		}
		t.SyncThreads()

		for j := i; j < int(d.ZerosSizeB[b]); j += t.BlockDim.X {
			z := int(d.Zeros[(b<<hgLog2DataBlockSize)+j])
			l := z & hgRowMask
			c := z >> hgLog2N

			if d.CoverRow[l] == 0 && d.CoverColumn[c] == 0 {
				// thread trys to get the line
				if atomic.Exch(&d.CoverRow[l], 1) == 0 {
					// only one thread gets the line
					if atomic.Exch(&d.CoverColumn[c], 1) == 0 {
						// only one thread gets the column
						d.RowOfStarAtColumn[c] = int32(l)
						d.ColumnOfStarAtRow[l] = int32(c)
					} else {
						d.CoverRow[l] = 0
						repeat[0] = true
						sRepeatKernel[0] = true
					}
				}
			}
		}
		t.SyncThreads()
		if !repeat[0] {
			break
		}
	}

	if sRepeatKernel[0] {
		d.RepeatKernel = true
	}
}

// HgStep3IniKernel is step_3ini of hungarian-cuda.
//
//gocuda:kernel HgStep3IniKernel
func hgStep3IniKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	d.CoverRow[i] = 0
	d.CoverColumn[i] = 0
	if i == 0 {
		d.NMatches = 0
	}
}

// HgStep3Kernel is step_3 of hungarian-cuda.
//
//gocuda:kernel HgStep3Kernel
func hgStep3Kernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	if d.RowOfStarAtColumn[i] >= 0 {
		d.CoverColumn[i] = 1
		atomic.Add(&d.NMatches, 1)
	}
}

// HgStep4InitKernel is step_4_init of hungarian-cuda.
//
//gocuda:kernel HgStep4InitKernel
func hgStep4InitKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	d.ColumnOfPrimeAtRow[i] = -1
	d.RowOfGreenAtColumn[i] = -1
}

// HgStep4Kernel is step_4 of hungarian-cuda: prime uncovered zeros,
// covering their rows and uncovering their stars' columns, while a thread
// found one and none needs step 5.
//
//gocuda:kernel HgStep4Kernel
func hgStep4Kernel(t *gocuda.Thread, d *HungarianDev) {
	sFound := gocuda.Shared[bool](t, 1)
	sGoto5 := gocuda.Shared[bool](t, 1)
	sRepeatKernel := gocuda.Shared[bool](t, 1)
	vCoverRow := d.CoverRow
	vCoverColumn := d.CoverColumn

	i := t.ThreadIdx.X
	b := t.BlockIdx.X

	if i == 0 {
		sRepeatKernel[0] = false
		sGoto5[0] = false
	}

	for {
		t.SyncThreads()
		if i == 0 {
			sFound[0] = false
		}
		t.SyncThreads()

		for j := i; j < int(d.ZerosSizeB[b]); j += t.BlockDim.X {
			z := int(d.Zeros[(b<<hgLog2DataBlockSize)+j])
			l := z & hgRowMask
			c := z >> hgLog2N
			c1 := int(d.ColumnOfStarAtRow[l])

			for n := 0; n < 10; n++ {

				if vCoverColumn[c] == 0 && vCoverRow[l] == 0 {
					sFound[0] = true
					sRepeatKernel[0] = true
					d.ColumnOfPrimeAtRow[l] = int32(c)

					if c1 >= 0 {
						vCoverRow[l] = 1
						atomic.ThreadFence()
						vCoverColumn[c1] = 0
					} else {
						sGoto5[0] = true
					}
				}
			} // for(int n

		} // for(int j
		t.SyncThreads()
		if !(sFound[0] && !sGoto5[0]) {
			break
		}
	}

	if i == 0 && sRepeatKernel[0] {
		d.RepeatKernel = true
	}
	if i == 0 && sGoto5[0] {
		d.Goto5 = true
	}
}

// HgStep5aKernel is step_5a of hungarian-cuda: eliminates joining paths.
//
//gocuda:kernel HgStep5aKernel
func hgStep5aKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	var rZ0, cZ0 int

	cZ0 = int(d.ColumnOfPrimeAtRow[i])
	if cZ0 >= 0 && d.ColumnOfStarAtRow[i] < 0 {
		d.RowOfGreenAtColumn[cZ0] = int32(i)

		for {
			rZ0 = int(d.RowOfStarAtColumn[cZ0])
			if !(rZ0 >= 0) {
				break
			}
			cZ0 = int(d.ColumnOfPrimeAtRow[rZ0])
			d.RowOfGreenAtColumn[cZ0] = int32(rZ0)
		}
	}
}

// HgStep5bKernel is step_5b of hungarian-cuda: applies the alternating
// paths.
//
//gocuda:kernel HgStep5bKernel
func hgStep5bKernel(t *gocuda.Thread, d *HungarianDev) {
	j := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	var rZ0, cZ0, cZ2 int

	rZ0 = int(d.RowOfGreenAtColumn[j])

	if rZ0 >= 0 && d.RowOfStarAtColumn[j] < 0 {

		cZ2 = int(d.ColumnOfStarAtRow[rZ0])

		d.ColumnOfStarAtRow[rZ0] = int32(j)
		d.RowOfStarAtColumn[j] = int32(rZ0)

		for cZ2 >= 0 {
			rZ0 = int(d.RowOfGreenAtColumn[cZ2]) // row of Z2
			cZ0 = cZ2                            // col of Z2
			cZ2 = int(d.ColumnOfStarAtRow[rZ0])  // col of Z4

			// star Z2
			d.ColumnOfStarAtRow[rZ0] = int32(cZ0)
			d.RowOfStarAtColumn[cZ0] = int32(rZ0)
		}
	}
}

// HgStep6AddSubKernel is step_6_add_sub of hungarian-cuda.
//
//gocuda:kernel HgStep6AddSubKernel
func hgStep6AddSubKernel(t *gocuda.Thread, d *HungarianDev) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	l := i & hgRowMask
	c := i >> hgLog2N
	if d.CoverRow[l] == 1 && d.CoverColumn[c] == 1 {
		d.Slack[i] += d.DMinInMat
	}
	if d.CoverRow[l] == 0 && d.CoverColumn[c] == 0 {
		d.Slack[i] -= d.DMinInMat
	}

	if i == 0 {
		d.ZerosSize = 0
	}
	if i < hgNBlocksStep4 {
		d.ZerosSizeB[i] = 0
	}
}
