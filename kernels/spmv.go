package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// CSR is a sparse matrix in compressed sparse row form, as in P&H
// Appendix B.8 and cuSPARSE: the nonzeros of row i are Vals[RowPtr[i]] to
// Vals[RowPtr[i+1]-1], in columns ColIdx[RowPtr[i]] to ColIdx[RowPtr[i+1]-1].
type CSR struct {
	Rows, Cols int
	RowPtr     []int32 // Rows+1 offsets into ColIdx and Vals, from 0 to the number of nonzeros
	ColIdx     []int32 // column of each nonzero
	Vals       []float32
}

// Validate checks a's shape: Rows and Cols not negative, Rows+1 row
// offsets starting at 0, never decreasing and ending at the number of
// nonzeros, and as many column indices as values. It returns an error
// wrapping gocuda.ErrInvalidValue if one fails. Column indices are not
// checked: one outside 0..Cols-1 fails a launch with
// gocuda.ErrIllegalAddress, as reading x out of bounds does.
func (a *CSR) Validate() error {
	switch {
	case a.Rows < 0 || a.Cols < 0:
		return fmt.Errorf("%w: kernels.CSR: negative dimension in %d×%d", gocuda.ErrInvalidValue, a.Rows, a.Cols)
	case len(a.RowPtr) != a.Rows+1:
		return fmt.Errorf("%w: kernels.CSR: %d row offsets for %d rows, want %d",
			gocuda.ErrInvalidValue, len(a.RowPtr), a.Rows, a.Rows+1)
	case len(a.ColIdx) != len(a.Vals):
		return fmt.Errorf("%w: kernels.CSR: %d column indices for %d values",
			gocuda.ErrInvalidValue, len(a.ColIdx), len(a.Vals))
	case a.RowPtr[0] != 0 || int(a.RowPtr[a.Rows]) != len(a.Vals):
		return fmt.Errorf("%w: kernels.CSR: row offsets run from %d to %d, want 0 to %d",
			gocuda.ErrInvalidValue, a.RowPtr[0], a.RowPtr[a.Rows], len(a.Vals))
	}
	for i, p := range a.RowPtr[1:] {
		if p < a.RowPtr[i] {
			return fmt.Errorf("%w: kernels.CSR: row offset %d (%d) is below row offset %d (%d)",
				gocuda.ErrInvalidValue, i+1, p, i, a.RowPtr[i])
		}
	}
	return nil
}

// SpMVVariant names one of the sparse matrix-vector kernels SpMV runs:
// P&H Figures B.8.4 and B.8.5 and Bell and Garland's vector kernel.
type SpMVVariant int

// The CSR sparse matrix-vector kernels of P&H Appendix B.8 and Bell and
// Garland ("Implementing Sparse Matrix-Vector Multiplication on
// Throughput-Oriented Processors", SC'09).
const (
	// SpMVScalar is one thread per row (SpMVScalarKernel).
	SpMVScalar SpMVVariant = iota
	// SpMVCached is one thread per row with the block's window of x cached
	// in shared memory (SpMVCachedKernel).
	SpMVCached
	// SpMVWarp is one warp per row (SpMVWarpKernel).
	SpMVWarp
)

var spmvNames = [...]string{"scalar", "cached", "warp"}

// String returns the variant's short name, such as "warp".
func (v SpMVVariant) String() string {
	if v < 0 || int(v) >= len(spmvNames) {
		return fmt.Sprintf("SpMVVariant(%d)", int(v))
	}
	return spmvNames[v]
}

// SpMVVariants returns every SpMVVariant, in order.
func SpMVVariants() []SpMVVariant {
	return []SpMVVariant{SpMVScalar, SpMVCached, SpMVWarp}
}

// Block sizes of the SpMV kernels.
const (
	spmvBlock     = 256 // threads per block of the scalar and cached kernels: the cached window
	spmvWarpBlock = 128 // threads per block of the warp kernel: four rows per block
)

// SpMVConfig returns the launch configuration of variant v for a matrix of
// rows rows: 1D blocks of 256 threads, one per row, or for SpMVWarp blocks
// of 128 threads, one warp per row.
func SpMVConfig(v SpMVVariant, rows int) gocuda.Config {
	if v == SpMVWarp {
		perBlock := spmvWarpBlock / gocuda.WarpSize
		return gocuda.Config{Grid: gocuda.Dim3{X: matmulCeil(rows, perBlock)}, Block: gocuda.Dim3{X: spmvWarpBlock}}
	}
	return gocuda.Config{Grid: gocuda.Dim3{X: matmulCeil(rows, spmvBlock)}, Block: gocuda.Dim3{X: spmvBlock}}
}

// SpMV computes y = A·x on dev with variant v (see SpMVVariant for the
// classics they follow), where A is a CSR matrix, len(x) is A.Cols and
// len(y) is A.Rows. It returns an error wrapping gocuda.ErrInvalidValue if
// a is nil or fails Validate, x or y has the wrong length, or v is
// unknown, and otherwise the launch's error.
func SpMV(dev *gocuda.Device, v SpMVVariant, a *CSR, x, y []float32) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.SpMV: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(spmvNames):
		return fmt.Errorf("%w: kernels.SpMV: unknown variant %v", gocuda.ErrInvalidValue, v)
	case a == nil:
		return fmt.Errorf("%w: kernels.SpMV: nil matrix", gocuda.ErrInvalidValue)
	}
	if err := a.Validate(); err != nil {
		return err
	}
	if len(x) != a.Cols || len(y) != a.Rows {
		return fmt.Errorf("%w: kernels.SpMV: len(x) = %d and len(y) = %d for a %d×%d matrix",
			gocuda.ErrInvalidValue, len(x), len(y), a.Rows, a.Cols)
	}
	if a.Rows == 0 {
		return nil
	}
	var kernel func(*gocuda.Thread)
	switch v {
	case SpMVScalar:
		kernel = SpMVScalarKernel(a.RowPtr, a.ColIdx, a.Vals, x, y)
	case SpMVCached:
		kernel = SpMVCachedKernel(a.RowPtr, a.ColIdx, a.Vals, x, y)
	default:
		kernel = SpMVWarpKernel(a.RowPtr, a.ColIdx, a.Vals, x, y)
	}
	return dev.Launch(SpMVConfig(v, a.Rows), kernel)
}

// SpMVScalarKernel returns P&H Figure B.8.4's csrmul_kernel: one thread
// per row of the CSR matrix (rowPtr, cols, vals), computing the row's dot
// product with x into y; the matrix has len(y) rows. Launch it with
// SpMVConfig(SpMVScalar, len(y)).
//
//gocuda:kernel SpMVScalarKernel
func spMVScalar(t *gocuda.Thread, rowPtr, cols []int32, vals, x, y []float32) {
	rows := len(y)
	row := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= rows {
		return
	}
	var sum float32
	for j := rowPtr[row]; j < rowPtr[row+1]; j++ {
		sum += vals[j] * x[cols[j]]
	}
	y[row] = sum
}

// SpMVCachedKernel returns P&H Figure B.8.5's csrmul_cached: SpMVScalarKernel
// where each block first loads the window of x matching its rows (x[b] to
// x[b+blockDim-1], b the block's first row) into shared memory and
// synchronizes; a row then reads x[j] from the window when column j falls
// in it and from global memory otherwise. The window pays off for matrices
// whose nonzeros cluster near the diagonal, such as those from meshes.
// Launch it with SpMVConfig(SpMVCached, len(y)) (any 1D block works).
//
//gocuda:kernel SpMVCachedKernel
func spMVCached(t *gocuda.Thread, rowPtr, cols []int32, vals, x, y []float32) {
	rows := len(y)
	cache := gocuda.Shared[float32](t, t.BlockDim.X)
	begin := t.BlockIdx.X * t.BlockDim.X
	end := min(begin+t.BlockDim.X, len(x)) // the window, clipped to x
	row := begin + t.ThreadIdx.X
	if row < end { // every thread loads, rows or not
		cache[t.ThreadIdx.X] = x[row]
	}
	t.SyncThreads()
	if row >= rows {
		return
	}
	var sum float32
	for j := rowPtr[row]; j < rowPtr[row+1]; j++ {
		c := int(cols[j])
		var xj float32
		if c >= begin && c < end {
			xj = cache[c-begin]
		} else {
			xj = x[c]
		}
		sum += vals[j] * xj
	}
	y[row] = sum
}

// SpMVWarpKernel returns Bell and Garland's CSR vector kernel: one warp
// per row of the CSR matrix (rowPtr, cols, vals). The 32 lanes stride
// through the row's nonzeros, each summing every 32nd product, and a
// ShflDownSync tree adds the 32 partial sums into lane 0, which writes
// y[row]. Neighbouring lanes read neighbouring nonzeros, so a warp's loads
// are coalesced, which pays off for rows with many nonzeros. Launch it with
// SpMVConfig(SpMVWarp, len(y)) (any 1D block of whole warps works).
//
// On the runtime path each shuffle is a warp collective, a coroutine
// switch per lane, so this kernel is the slowest of the three there.
//
//gocuda:kernel SpMVWarpKernel
func spMVWarp(t *gocuda.Thread, rowPtr, cols []int32, vals, x, y []float32) {
	rows := len(y)
	lane := t.LaneID()
	row := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) / gocuda.WarpSize
	if row >= rows {
		return // the whole warp leaves together
	}
	var sum float32
	for j := int(rowPtr[row]) + lane; j < int(rowPtr[row+1]); j += gocuda.WarpSize {
		sum += vals[j] * x[cols[j]]
	}
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		sum += gocuda.ShflDownSync(t, gocuda.FullMask, sum, offset, gocuda.WarpSize)
	}
	if lane == 0 {
		y[row] = sum
	}
}
