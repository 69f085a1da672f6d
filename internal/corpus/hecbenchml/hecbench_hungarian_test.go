package hecbenchml

import (
	"errors"
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// hgRun is hungarian-cuda's Hungarian_Algorithm on the form's path for
// the column-major cost matrix cost (cost[c*n+r]), returning
// column_of_star_at_row. The reductions of steps 1 and 6
// (calc_min_in_rows, calc_min_in_cols, min_reduce_kernel1 and 2), which
// finish in warp-synchronous code through volatile shared memory with no
// __syncwarp, are not ported: the host computes their results.
func hgRun(f form, cost []int32) ([]int32, error) {
	d := &HungarianDev{
		Slack: append([]int32(nil), cost...), MinInRows: make([]int32, hgNRows), MinInCols: make([]int32, hgNCols),
		Zeros: make([]int32, hgNRows*hgNCols), ZerosSizeB: make([]int32, hgNBlocksStep4),
		RowOfStarAtColumn: make([]int32, hgNCols), ColumnOfStarAtRow: make([]int32, hgNRows),
		CoverRow: make([]int32, hgNRows), CoverColumn: make([]int32, hgNCols),
		ColumnOfPrimeAtRow: make([]int32, hgNRows), RowOfGreenAtColumn: make([]int32, hgNCols),
	}
	var err error
	call := func(k func(*HungarianDev) func(*gocuda.Thread), blocks, threads int) {
		if err == nil {
			err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}, k(d))
		}
	}
	step4Threads := func() int {
		if hgNBlocksStep4 > 1 || d.ZerosSize > hgMaxThreadsPerBlock {
			return hgMaxThreadsPerBlock
		}
		return int(d.ZerosSize)
	}

	call(HgInitKernel, hgNBlocks, hgNThreads)
	for l := range hgNRows { // calc_min_in_rows
		d.MinInRows[l] = math.MaxInt32
		for c := range hgNCols {
			d.MinInRows[l] = min(d.MinInRows[l], d.Slack[c*hgN+l])
		}
	}
	call(HgStep1RowSubKernel, hgNBlocksFull, hgNThreadsFull)
	for c := range hgNCols { // calc_min_in_cols
		d.MinInCols[c] = math.MaxInt32
		for l := range hgNRows {
			d.MinInCols[c] = min(d.MinInCols[c], d.Slack[c*hgN+l])
		}
	}
	call(HgStep1ColSubKernel, hgNBlocksFull, hgNThreadsFull)
	call(HgCompressMatrixKernel, hgNBlocksFull, hgNThreadsFull)

	for {
		d.RepeatKernel = false
		call(HgStep2Kernel, hgNBlocksStep4, step4Threads())
		if !d.RepeatKernel || err != nil {
			break
		}
	}
	for steps := 0; err == nil; steps++ {
		if steps > 1000 {
			return nil, errors.New("Hungarian_Algorithm does not end")
		}
		call(HgStep3IniKernel, hgNBlocks, hgNThreads)
		call(HgStep3Kernel, hgNBlocks, hgNThreads)
		if d.NMatches >= hgNCols {
			break
		}
		call(HgStep4InitKernel, hgNBlocks, hgNThreads)
		for err == nil {
			for {
				d.Goto5, d.RepeatKernel = false, false
				call(HgStep4Kernel, hgNBlocksStep4, step4Threads())
				if !(d.RepeatKernel && !d.Goto5) || err != nil {
					break
				}
			}
			if d.Goto5 {
				break
			}
			d.DMinInMat = math.MaxInt32 // min_reduce_kernel1 and 2
			for i, v := range d.Slack {
				if d.CoverRow[i&hgRowMask] != 1 && d.CoverColumn[i>>hgLog2N] != 1 {
					d.DMinInMat = min(d.DMinInMat, v)
				}
			}
			call(HgStep6AddSubKernel, hgNBlocksFull, hgNThreadsFull)
			call(HgCompressMatrixKernel, hgNBlocksFull, hgNThreadsFull)
		}
		call(HgStep5aKernel, hgNBlocks, hgNThreads)
		call(HgStep5bKernel, hgNBlocks, hgNThreads)
	}
	return d.ColumnOfStarAtRow, err
}

// TestHungarian solves three random 16×16 assignment problems with costs
// in [0, 16) (the benchmark's scripted configuration, range = n) and
// requires a permutation of least total cost, found by a dynamic program
// over subsets of columns. The paths may find different assignments of
// the same cost: the order of compress_matrix's list of zeros follows the
// order of its atomicAdds across blocks, and which thread of step_2 and
// step_4 wins a race for a row or column the order in which threads run.
func TestHungarian(t *testing.T) {
	for test := range 3 {
		r := rng(hgN, test)
		cost := make([]int32, hgN*hgN)
		for i := range cost {
			cost[i] = int32(r.IntN(hgN))
		}
		// best[mask]: least cost of assigning rows 0..popcount(mask)-1 to the columns in mask.
		best := make([]int, 1<<hgN)
		for m := 1; m < len(best); m++ {
			best[m] = math.MaxInt
			row := 0
			for b := m; b != 0; b &= b - 1 {
				row++
			}
			row--
			for c := range hgN {
				if m&(1<<c) != 0 && best[m&^(1<<c)] != math.MaxInt {
					best[m] = min(best[m], best[m&^(1<<c)]+int(cost[c*hgN+row]))
				}
			}
		}
		want := best[len(best)-1]
		stars := both(t, func(f form) ([]int32, error) { return hgRun(f, cost) })
		for fi, star := range stars {
			seen := make(map[int32]bool)
			total := 0
			for row, c := range star {
				if c < 0 || seen[c] {
					t.Fatalf("test %d, %s: column_of_star_at_row = %v is not a permutation", test, forms[fi].name, star)
				}
				seen[c] = true
				total += int(cost[int(c)*hgN+row])
			}
			if total != want {
				t.Errorf("test %d, %s: total cost %d, want %d", test, forms[fi].name, total, want)
			}
		}
	}
}
