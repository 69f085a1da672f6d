package rodinia

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// NWBlock is BLOCK_SIZE of needle.h: the side of the square tiles of the
// Needleman-Wunsch kernels and the threads of their blocks.
const NWBlock = 16

// NeedleShared1Kernel returns needle_cuda_shared_1 of Rodinia's
// nw/needle_kernel.cu: the i-th anti-diagonal of 16×16 tiles of the
// score matrix, in its top-left triangle, one block of 16 threads per tile.
// A block loads its tile's reference scores and the scores of the row
// above it and the column left of it into shared memory, then fills the
// tile anti-diagonal by anti-diagonal, 31 of them, with a barrier after
// each, each cell the best of the diagonal move plus its reference score
// and the two gap moves minus penalty. cols is the score matrix's row
// length (the sequences' length plus one). Launch it with i blocks of 16
// threads (NW does).
//
//gocuda:kernel NeedleShared1Kernel
func needleShared1(t *gocuda.Thread, reference, matrixCuda []int32, cols int, penalty int32, i, blockWidth int) {
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X

	bIndexX := bx
	bIndexY := i - 1 - bx

	index := cols*NWBlock*bIndexY + NWBlock*bIndexX + tx + (cols + 1)
	indexN := cols*NWBlock*bIndexY + NWBlock*bIndexX + tx + (1)
	indexW := cols*NWBlock*bIndexY + NWBlock*bIndexX + (cols)
	indexNW := cols*NWBlock*bIndexY + NWBlock*bIndexX

	temp := gocuda.Shared[[NWBlock + 1]int32](t, NWBlock+1)
	ref := gocuda.Shared[[NWBlock]int32](t, NWBlock)

	if tx == 0 {
		temp[tx][0] = matrixCuda[indexNW]
	}

	for ty := 0; ty < NWBlock; ty++ {
		ref[ty][tx] = reference[index+cols*ty]
	}
	t.SyncThreads()

	temp[tx+1][0] = matrixCuda[indexW+cols*tx]
	t.SyncThreads()

	temp[0][tx+1] = matrixCuda[indexN]
	t.SyncThreads()

	for m := 0; m < NWBlock; m++ {
		if tx <= m {
			tIndexX := tx + 1
			tIndexY := m - tx + 1
			temp[tIndexY][tIndexX] = maximum(temp[tIndexY-1][tIndexX-1]+ref[tIndexY-1][tIndexX-1],
				temp[tIndexY][tIndexX-1]-penalty,
				temp[tIndexY-1][tIndexX]-penalty)
		}
		t.SyncThreads()
	}

	for m := NWBlock - 2; m >= 0; m-- {
		if tx <= m {
			tIndexX := tx + NWBlock - m
			tIndexY := NWBlock - tx
			temp[tIndexY][tIndexX] = maximum(temp[tIndexY-1][tIndexX-1]+ref[tIndexY-1][tIndexX-1],
				temp[tIndexY][tIndexX-1]-penalty,
				temp[tIndexY-1][tIndexX]-penalty)
		}
		t.SyncThreads()
	}

	for ty := 0; ty < NWBlock; ty++ {
		matrixCuda[index+ty*cols] = temp[ty+1][tx+1]
	}
}

// NeedleShared2Kernel returns needle_cuda_shared_2 of Rodinia's
// nw/needle_kernel.cu: NeedleShared1Kernel for the i-th anti-diagonal of
// tiles counted from the bottom-right corner, in the bottom-right
// triangle, its loads in the original's slightly different order. Launch
// it with i blocks of 16 threads (NW does).
//
//gocuda:kernel NeedleShared2Kernel
func needleShared2(t *gocuda.Thread, reference, matrixCuda []int32, cols int, penalty int32, i, blockWidth int) {
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X

	bIndexX := bx + blockWidth - i
	bIndexY := blockWidth - bx - 1

	index := cols*NWBlock*bIndexY + NWBlock*bIndexX + tx + (cols + 1)
	indexN := cols*NWBlock*bIndexY + NWBlock*bIndexX + tx + (1)
	indexW := cols*NWBlock*bIndexY + NWBlock*bIndexX + (cols)
	indexNW := cols*NWBlock*bIndexY + NWBlock*bIndexX

	temp := gocuda.Shared[[NWBlock + 1]int32](t, NWBlock+1)
	ref := gocuda.Shared[[NWBlock]int32](t, NWBlock)

	for ty := 0; ty < NWBlock; ty++ {
		ref[ty][tx] = reference[index+cols*ty]
	}
	t.SyncThreads()

	if tx == 0 {
		temp[tx][0] = matrixCuda[indexNW]
	}

	temp[tx+1][0] = matrixCuda[indexW+cols*tx]
	t.SyncThreads()

	temp[0][tx+1] = matrixCuda[indexN]
	t.SyncThreads()

	for m := 0; m < NWBlock; m++ {
		if tx <= m {
			tIndexX := tx + 1
			tIndexY := m - tx + 1
			temp[tIndexY][tIndexX] = maximum(temp[tIndexY-1][tIndexX-1]+ref[tIndexY-1][tIndexX-1],
				temp[tIndexY][tIndexX-1]-penalty,
				temp[tIndexY-1][tIndexX]-penalty)
		}
		t.SyncThreads()
	}

	for m := NWBlock - 2; m >= 0; m-- {
		if tx <= m {
			tIndexX := tx + NWBlock - m
			tIndexY := NWBlock - tx
			temp[tIndexY][tIndexX] = maximum(temp[tIndexY-1][tIndexX-1]+ref[tIndexY-1][tIndexX-1],
				temp[tIndexY][tIndexX-1]-penalty,
				temp[tIndexY-1][tIndexX]-penalty)
		}
		t.SyncThreads()
	}

	for ty := 0; ty < NWBlock; ty++ {
		matrixCuda[index+ty*cols] = temp[ty+1][tx+1]
	}
}

// maximum is needle_kernel.cu's __device__ __host__ maximum of three.
func maximum(a, b, c int32) int32 {
	var k int32
	if a <= b {
		k = b
	} else {
		k = a
	}
	if k <= c {
		return c
	}
	return k
}

// NW fills the (n+1)×(n+1) Needleman-Wunsch score matrix (row-major) of two
// sequences of length n on dev, as runTest of needle.cu does:
// NeedleShared1Kernel launched for each anti-diagonal of 16×16 tiles of
// the top-left triangle, growing from one tile, then NeedleShared2Kernel
// for those of the bottom-right, 2·n/16-1 launches in all. matrix comes
// with its first row and column set (NWInput makes them) and reference
// holds the score of each pair. n must be a multiple of 16, as in Rodinia.
// Errors wrap gocuda.ErrInvalidValue for a nil device or bad sizes, or
// are the launch's.
func NW(dev *gocuda.Device, reference, matrix []int32, n int, penalty int32) error {
	if dev == nil {
		return nilDevice("NW")
	}
	if err := nwCheck(reference, matrix, n); err != nil {
		return err
	}
	maxCols := n + 1
	blockWidth := (maxCols - 1) / NWBlock
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: NWBlock, Y: 1}}
	// process top-left matrix
	for i := 1; i <= blockWidth; i++ {
		cfg.Grid.X = i
		if err := dev.Launch(cfg, NeedleShared1Kernel(reference, matrix, maxCols, penalty, i, blockWidth)); err != nil {
			return err
		}
	}
	// process bottom-right matrix
	for i := blockWidth - 1; i >= 1; i-- {
		cfg.Grid.X = i
		if err := dev.Launch(cfg, NeedleShared2Kernel(reference, matrix, maxCols, penalty, i, blockWidth)); err != nil {
			return err
		}
	}
	return nil
}

func nwCheck(reference, matrix []int32, n int) error {
	if n < NWBlock || n%NWBlock != 0 || len(reference) != (n+1)*(n+1) || len(matrix) != (n+1)*(n+1) {
		return fmt.Errorf("%w: rodinia.NW: sequences of %d (a positive multiple of %d), len(reference) = %d, len(matrix) = %d",
			gocuda.ErrInvalidValue, n, NWBlock, len(reference), len(matrix))
	}
	return nil
}

// NWSerial computes what NW computes row by row in one goroutine: the
// hand-written serial baseline. It panics on bad sizes.
func NWSerial(reference, matrix []int32, n int, penalty int32) {
	if err := nwCheck(reference, matrix, n); err != nil {
		panic(err)
	}
	nwTile(reference, matrix, n+1, penalty, 1, n+1, 1, n+1)
}

// nwParallelTile is the side of the tiles NWParallel's goroutines fill.
const nwParallelTile = 64

// NWParallel computes what NW computes in tiles of 64×64, the tiles of each
// anti-diagonal split over GOMAXPROCS goroutines, as Rodinia's OpenMP
// needle splits its blocks: the hand-written parallel baseline. It panics
// on bad sizes.
func NWParallel(reference, matrix []int32, n int, penalty int32) {
	if err := nwCheck(reference, matrix, n); err != nil {
		panic(err)
	}
	tiles := ceilDiv(n, nwParallelTile)
	for d := range 2*tiles - 1 {
		first, last := max(0, d-tiles+1), min(d, tiles-1) // tile rows on the diagonal
		parallelFor(last-first+1, func(lo, hi int) {
			for ti := first + lo; ti < first+hi; ti++ {
				tj := d - ti
				r0, c0 := 1+ti*nwParallelTile, 1+tj*nwParallelTile
				nwTile(reference, matrix, n+1, penalty, r0, min(r0+nwParallelTile, n+1), c0, min(c0+nwParallelTile, n+1))
			}
		})
	}
}

// nwTile fills rows r0 to r1-1, columns c0 to c1-1 of the score matrix,
// whose cells above and left of them are filled.
func nwTile(reference, matrix []int32, cols int, penalty int32, r0, r1, c0, c1 int) {
	for r := r0; r < r1; r++ {
		row, up, ref := matrix[r*cols:][:cols], matrix[(r-1)*cols:][:cols], reference[r*cols:][:cols]
		for c := c0; c < c1; c++ {
			row[c] = maximum(up[c-1]+ref[c], row[c-1]-penalty, up[c]-penalty)
		}
	}
}

// blosum62 is the BLOSUM62 substitution matrix of needle.cu.
var blosum62 = [24][24]int32{
	{4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4},
	{-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4},
	{-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4},
	{-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4},
	{0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4},
	{-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4},
	{-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
	{0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4},
	{-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4},
	{-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4},
	{-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4},
	{-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4},
	{-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4},
	{-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4},
	{-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4},
	{1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4},
	{0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4},
	{-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4},
	{-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4},
	{0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4},
	{-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4},
	{-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
	{0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4},
	{-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1},
}

// NWInput returns the reference scores and the initial score matrix, each
// (n+1)×(n+1), of two random sequences of length n made from seed, as
// runTest of needle.cu makes them: residues 1 to 10, reference[i][j] the
// BLOSUM62 score of the pair, and the first row and column of matrix the
// gap penalties -i·penalty, the rest zero.
func NWInput(n int, penalty int32, seed uint64) (reference, matrix []int32) {
	r := newRand(seed)
	cols := n + 1
	reference, matrix = make([]int32, cols*cols), make([]int32, cols*cols)
	for i := 1; i < cols; i++ {
		matrix[i*cols] = r.Int32N(10) + 1
	}
	for j := 1; j < cols; j++ {
		matrix[j] = r.Int32N(10) + 1
	}
	for i := 1; i < cols; i++ {
		for j := 1; j < cols; j++ {
			reference[i*cols+j] = blosum62[matrix[i*cols]][matrix[j]]
		}
	}
	for i := 1; i < cols; i++ {
		matrix[i*cols] = -int32(i) * penalty
	}
	for j := 1; j < cols; j++ {
		matrix[j] = -int32(j) * penalty
	}
	return reference, matrix
}
