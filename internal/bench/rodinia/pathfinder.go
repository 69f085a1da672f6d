package rodinia

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// PathfinderBlock is BLOCK_SIZE of pathfinder.cu: the threads of
// dynproc_kernel's blocks and the length of its shared rows.
const PathfinderBlock = 256

// pathfinderHalo is HALO of pathfinder.cu: the halo width along one
// direction when advancing to the next row.
const pathfinderHalo = 1

// pathfinderMaxPyramid is the largest pyramid height that leaves a block of
// 256 a small block.
const pathfinderMaxPyramid = (PathfinderBlock - 1) / (2 * pathfinderHalo)

// DynprocKernel returns dynproc_kernel of Rodinia's pathfinder/pathfinder.cu:
// iteration rows, from startStep on, of the dynamic program that finds the
// cheapest path down a grid whose steps go to one of the three cells below.
// Each block of 256 threads loads a row of costs (gpuSrc) into shared
// memory, then advances it iteration rows, each row one cell narrower on
// either side (the pyramid), adding the wall's weights (gpuWall, the rows
// below the first, cols wide); border is the halo by which blocks overlap.
// The loop over rows crosses a barrier after computing, leaves (break)
// before its second barrier on the last row, and otherwise copies the row's
// results back for the next. Launch it with blocks of 256 over the small
// blocks of the row (Pathfinder does).
//
//gocuda:kernel DynprocKernel
func dynproc(t *gocuda.Thread, iteration int, gpuWall, gpuSrc, gpuResults []int32, cols, rows, startStep, border int) {
	prev := gocuda.Shared[int32](t, PathfinderBlock)
	result := gocuda.Shared[int32](t, PathfinderBlock)

	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X

	// Each block finally computes the result for a small block after
	// iteration rows; the small blocks do not overlap and cover the row.
	smallBlockCols := PathfinderBlock - iteration*pathfinderHalo*2

	// The block's bounds, from those of its small block.
	blkX := smallBlockCols*bx - border
	blkXmax := blkX + PathfinderBlock - 1

	// The thread's column.
	xidx := blkX + tx

	// The part of the block inside the row: computation outside it is
	// ruled out.
	validXmin := 0
	if blkX < 0 {
		validXmin = -blkX
	}
	validXmax := PathfinderBlock - 1
	if blkXmax > cols-1 {
		validXmax = PathfinderBlock - 1 - (blkXmax - cols + 1)
	}

	w := tx - 1
	e := tx + 1
	if w < validXmin {
		w = validXmin
	}
	if e > validXmax {
		e = validXmax
	}

	isValid := inRange(tx, validXmin, validXmax)

	if inRange(xidx, 0, cols-1) {
		prev[tx] = gpuSrc[xidx]
	}
	t.SyncThreads() // [Ronny] Added sync to avoid race on prev Aug. 14 2012
	var computed bool
	for i := 0; i < iteration; i++ {
		computed = false
		if inRange(tx, i+1, PathfinderBlock-i-2) && isValid {
			computed = true
			left := prev[w]
			up := prev[tx]
			right := prev[e]
			shortest := min(left, up)
			shortest = min(shortest, right)
			index := cols*(startStep+i) + xidx
			result[tx] = shortest + gpuWall[index]
		}
		t.SyncThreads()
		if i == iteration-1 {
			break
		}
		if computed { // the next row's range
			prev[tx] = result[tx]
		}
		t.SyncThreads() // [Ronny] Added sync to avoid race on prev Aug. 14 2012
	}

	// After the last row only the threads of the small block have computed
	// set.
	if computed {
		gpuResults[xidx] = result[tx]
	}
}

// Pathfinder finds, for every column of the last row of the rows×cols grid
// wall (row-major), the cost of the cheapest path from the first row down
// to it, each step going to one of the three cells below, as calc_path of
// pathfinder.cu does: DynprocKernel launched once per pyramidHeight rows,
// ping-ponging between result[0] and result[1] (each cols long; the first
// row is copied into result[0]). It returns the index of the buffer holding
// the result, as calc_path does. pyramidHeight is between 1 and 127. Errors
// wrap gocuda.ErrInvalidValue for a nil device or bad sizes, or are the
// launch's.
func Pathfinder(dev *gocuda.Device, wall []int32, rows, cols, pyramidHeight int, result [2][]int32) (int, error) {
	if dev == nil {
		return 0, nilDevice("Pathfinder")
	}
	if err := pathfinderCheck(wall, rows, cols, result); err != nil {
		return 0, err
	}
	if pyramidHeight < 1 || pyramidHeight > pathfinderMaxPyramid {
		return 0, fmt.Errorf("%w: rodinia.Pathfinder: pyramid height %d not in [1, %d]",
			gocuda.ErrInvalidValue, pyramidHeight, pathfinderMaxPyramid)
	}
	borderCols := pyramidHeight * pathfinderHalo
	smallBlockCol := PathfinderBlock - pyramidHeight*pathfinderHalo*2
	blockCols := ceilDiv(cols, smallBlockCol)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blockCols}, Block: gocuda.Dim3{X: PathfinderBlock}}

	copy(result[0], wall[:cols])
	gpuWall := wall[cols:]
	src, dst := 1, 0
	for t := 0; t < rows-1; t += pyramidHeight {
		src, dst = dst, src
		kernel := DynprocKernel(min(pyramidHeight, rows-t-1), gpuWall, result[src], result[dst], cols, rows, t, borderCols)
		if err := dev.Launch(cfg, kernel); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

func pathfinderCheck(wall []int32, rows, cols int, result [2][]int32) error {
	if rows < 1 || cols < 1 || len(wall) != rows*cols || len(result[0]) != cols || len(result[1]) != cols {
		return fmt.Errorf("%w: rodinia.Pathfinder: %d×%d wall, len(wall) = %d, len(result) = %d and %d",
			gocuda.ErrInvalidValue, rows, cols, len(wall), len(result[0]), len(result[1]))
	}
	return nil
}

// PathfinderSerial computes what Pathfinder computes one row at a time in
// one goroutine, as Rodinia's OpenMP pathfinder does: the hand-written
// serial baseline. It returns the index of the buffer holding the result
// and panics on bad sizes.
func PathfinderSerial(wall []int32, rows, cols int, result [2][]int32) int {
	if err := pathfinderCheck(wall, rows, cols, result); err != nil {
		panic(err)
	}
	copy(result[0], wall[:cols])
	src, dst := 1, 0
	for t := 0; t < rows-1; t++ {
		src, dst = dst, src
		pathfinderRow(wall[(t+1)*cols:][:cols], result[src], result[dst], 0, cols)
	}
	return dst
}

// PathfinderParallel is PathfinderSerial with each row's columns split over
// GOMAXPROCS goroutines: the hand-written parallel baseline.
func PathfinderParallel(wall []int32, rows, cols int, result [2][]int32) int {
	if err := pathfinderCheck(wall, rows, cols, result); err != nil {
		panic(err)
	}
	copy(result[0], wall[:cols])
	src, dst := 1, 0
	for t := 0; t < rows-1; t++ {
		src, dst = dst, src
		parallelFor(cols, func(lo, hi int) { pathfinderRow(wall[(t+1)*cols:][:cols], result[src], result[dst], lo, hi) })
	}
	return dst
}

// pathfinderRow advances columns lo to hi-1 of the costs src by one row of
// weights into dst.
func pathfinderRow(weights, src, dst []int32, lo, hi int) {
	last := len(src) - 1
	for n := lo; n < hi; n++ {
		m := src[n]
		if n > 0 {
			m = min(m, src[n-1])
		}
		if n < last {
			m = min(m, src[n+1])
		}
		dst[n] = weights[n] + m
	}
}

// PathfinderInput returns a rows×cols wall of weights 0 to 9, made from
// seed as pathfinder.cu's init makes it with rand() % 10.
func PathfinderInput(rows, cols int, seed uint64) []int32 {
	r := newRand(seed)
	wall := make([]int32, rows*cols)
	for i := range wall {
		wall[i] = r.Int32N(10)
	}
	return wall
}
