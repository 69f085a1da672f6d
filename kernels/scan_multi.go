package kernels

import (
	"github.com/gocuda/gocuda/gocuda"
)

// scanBlockThreads is the largest block of the multi-block scans: big
// enough that the recursion over block sums stays shallow.
const scanBlockThreads = 512

// A scanStage is a block-scan kernel and the shape it is launched with.
type scanStage[T Number] struct {
	kernel func(in, out, sums []T, inclusive bool) func(*gocuda.Thread)
	// shape returns the threads per block and elements per block for n > 0
	// elements.
	shape func(n int) (threads, perBlock int)
}

// HillisSteeleScan scans in into out on dev with HillisSteeleScanKernel
// (P&H Figure B.8.7) through the multi-block driver, so any length works;
// see Scan.
func HillisSteeleScan[T Number](dev *gocuda.Device, in, out []T, inclusive bool) error {
	if err := scanCheck(dev, in, out); err != nil {
		return err
	}
	return scanMultiBlock(dev, scanStage[T]{HillisSteeleScanKernel[T], scanWarpShape}, in, out, inclusive)
}

// BlellochScan scans in into out on dev with BlellochScanKernel (GPU Gems
// 3, chapter 39) through the multi-block driver, so any length works; see
// Scan.
func BlellochScan[T Number](dev *gocuda.Device, in, out []T, inclusive bool) error {
	if err := scanCheck(dev, in, out); err != nil {
		return err
	}
	shape := func(n int) (int, int) {
		b := min(scanBlockThreads, scanPow2(scanCeil(n, 2)))
		return b, 2 * b
	}
	return scanMultiBlock(dev, scanStage[T]{BlellochScanKernel[T], shape}, in, out, inclusive)
}

// WarpShuffleScan scans in into out on dev with WarpShuffleScanKernel (the
// CUDA samples' shfl_scan) through the multi-block driver, so any length
// works; see Scan.
func WarpShuffleScan[T Number](dev *gocuda.Device, in, out []T, inclusive bool) error {
	if err := scanCheck(dev, in, out); err != nil {
		return err
	}
	return scanMultiBlock(dev, scanStage[T]{WarpShuffleScanKernel[T], scanWarpShape}, in, out, inclusive)
}

// scanWarpShape is one element per thread in blocks of whole warps, no
// bigger than n needs.
func scanWarpShape(n int) (int, int) {
	b := min(scanBlockThreads, scanCeil(n, gocuda.WarpSize)*gocuda.WarpSize)
	return b, b
}

// scanMultiBlock is the classic multi-block scan ("scan-then-propagate",
// as in GPU Gems 3, chapter 39.2.4, and the CUDA samples): one launch scans
// every block's elements and leaves each block's total in sums; sums are
// scanned, exclusively and recursively by the same method, so any length
// works; a last launch adds each block's scanned sum to its elements.
func scanMultiBlock[T Number](dev *gocuda.Device, s scanStage[T], in, out []T, inclusive bool) error {
	n := len(in)
	if n == 0 {
		return nil
	}
	threads, per := s.shape(n)
	blocks := scanCeil(n, per)
	var sums []T
	if blocks > 1 {
		sums = make([]T, blocks) // cudaMalloc of the block sums
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	if err := dev.Launch(cfg, s.kernel(in, out, sums, inclusive)); err != nil {
		return err
	}
	if blocks == 1 {
		return nil
	}
	if err := scanMultiBlock(dev, s, sums, sums, false); err != nil {
		return err
	}
	const addThreads = 256
	rest := n - per // block 0's offset is zero
	cfg = gocuda.Config{Grid: gocuda.Dim3{X: scanCeil(rest, addThreads)}, Block: gocuda.Dim3{X: addThreads}}
	return dev.Launch(cfg, UniformAddKernel(out[per:], sums[1:], per))
}

// UniformAddKernel returns the third step of the multi-block scan, the
// CUDA samples' uniformAdd (GPU Gems 3, chapter 39.2.4): one thread per
// element of a 1D grid adds offsets[i/perBlock] to out[i], the scanned sum
// of the blocks before element i's block. It never waits at a barrier.
//
//gocuda:kernel UniformAddKernel
func uniformAdd[T Number](t *gocuda.Thread, out, offsets []T, perBlock int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] += offsets[i/perBlock]
	}
}
