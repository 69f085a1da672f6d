package kernels

import (
	"fmt"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// TransposeVariant names one of the matrix-transpose kernels Transpose
// runs, those of Harris's "An Efficient Matrix Transpose in CUDA C/C++".
type TransposeVariant int

// The transpose kernels of Harris's "An Efficient Matrix Transpose in CUDA
// C/C++", in the order the article improves them.
const (
	// TransposeNaive reads rows and writes columns straight in global
	// memory (TransposeNaiveKernel).
	TransposeNaive TransposeVariant = iota
	// TransposeTiled goes through a 32×32 shared tile so that reads and
	// writes are both along rows (TransposeTiledKernel).
	TransposeTiled
	// TransposePadded is TransposeTiled with the tile padded to 32×33 to
	// avoid shared-memory bank conflicts (TransposePaddedKernel).
	TransposePadded
)

var transposeNames = [...]string{"naive", "tiled", "padded"}

// String returns the variant's short name, such as "padded".
func (v TransposeVariant) String() string {
	if v < 0 || int(v) >= len(transposeNames) {
		return fmt.Sprintf("TransposeVariant(%d)", int(v))
	}
	return transposeNames[v]
}

// TransposeVariants returns every TransposeVariant, in order.
func TransposeVariants() []TransposeVariant {
	return []TransposeVariant{TransposeNaive, TransposeTiled, TransposePadded}
}

// TransposeTile is the side of the square tile of the matrix each block of
// the transpose kernels moves.
const TransposeTile = 32

// transposeBlockRows is the block's height: a 32×8 block moves a 32×32 tile,
// each thread four elements, as in Harris's article.
const transposeBlockRows = 8

// TransposeConfig returns the launch configuration of the transpose kernels
// (all variants) for a rows×cols input: blocks of 32×8 threads, one per
// 32×32 tile of the input.
func TransposeConfig(rows, cols int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: matmulCeil(cols, TransposeTile), Y: matmulCeil(rows, TransposeTile)},
		Block: gocuda.Dim3{X: TransposeTile, Y: transposeBlockRows},
	}
}

// Transpose writes the transpose of in, a row-major rows×cols matrix, to
// out, a row-major cols×rows matrix, on dev with variant v (see
// TransposeVariant for the classic they follow). It returns an
// error wrapping gocuda.ErrInvalidValue if a dimension is negative, a
// slice's length is not rows×cols, in and out overlap (the kernels read in
// while writing out), or v is unknown, and otherwise the launch's error.
func Transpose(dev *gocuda.Device, v TransposeVariant, in, out []float32, rows, cols int) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.Transpose: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(transposeNames):
		return fmt.Errorf("%w: kernels.Transpose: unknown variant %v", gocuda.ErrInvalidValue, v)
	case rows < 0 || cols < 0:
		return fmt.Errorf("%w: kernels.Transpose: negative dimension in %d×%d", gocuda.ErrInvalidValue, rows, cols)
	case len(in) != rows*cols || len(out) != rows*cols:
		return fmt.Errorf("%w: kernels.Transpose: len(in) = %d and len(out) = %d, want %d×%d",
			gocuda.ErrInvalidValue, len(in), len(out), rows, cols)
	case transposeOverlap(in, out):
		return fmt.Errorf("%w: kernels.Transpose: in and out overlap", gocuda.ErrInvalidValue)
	case len(in) == 0:
		return nil
	}
	var kernel func(*gocuda.Thread)
	switch v {
	case TransposeNaive:
		kernel = TransposeNaiveKernel(in, out, rows, cols)
	case TransposeTiled:
		kernel = TransposeTiledKernel(in, out, rows, cols)
	default:
		kernel = TransposePaddedKernel(in, out, rows, cols)
	}
	return dev.Launch(TransposeConfig(rows, cols), kernel)
}

// transposeOverlap reports whether a and b share memory.
func transposeOverlap(a, b []float32) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	const size = unsafe.Sizeof(float32(0))
	pa, pb := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&b[0]))
	return pa < pb+uintptr(len(b))*size && pb < pa+uintptr(len(a))*size
}

// TransposeNaiveKernel returns the naive transpose of Harris's article: each
// thread copies four elements of a 32×32 tile, reading in along rows and
// writing out down columns. Launch it with TransposeConfig(rows, cols). On
// a GPU the strided writes are uncoalesced; on a CPU they are cache misses,
// but the kernel never synchronizes, so its threads are plain calls.
//
//gocuda:kernel TransposeNaiveKernel
func transposeNaive(t *gocuda.Thread, in, out []float32, rows, cols int) {
	x := t.BlockIdx.X*TransposeTile + t.ThreadIdx.X // column of in
	y := t.BlockIdx.Y*TransposeTile + t.ThreadIdx.Y // row of in
	if x >= cols {
		return
	}
	for j := 0; j < TransposeTile && y+j < rows; j += transposeBlockRows {
		out[x*rows+y+j] = in[(y+j)*cols+x]
	}
}

// TransposeTiledKernel returns the coalesced transpose of Harris's article:
// a block reads a 32×32 tile of in along its rows into shared memory,
// synchronizes, and writes the tile's columns along rows of out, so that
// both global accesses are coalesced; only the shared tile is read down its
// columns. Launch it with TransposeConfig(rows, cols).
//
// Within a warp, reading a column of a 32×32 float tile hits one shared
// memory bank 32 times, a 32-way bank conflict; TransposePaddedKernel
// avoids it.
//
//gocuda:kernel TransposeTiledKernel
func transposeTiled(t *gocuda.Thread, in, out []float32, rows, cols int) {
	transposeViaTile(t, gocuda.Shared[[TransposeTile]float32](t, TransposeTile), in, out, rows, cols)
}

// TransposePaddedKernel returns the bank-conflict-free transpose of Harris's
// article: TransposeTiledKernel with a 32×33 shared tile. The extra column
// shifts each row of the tile by one bank, so the 32 elements of a tile
// column fall in 32 different banks. Launch it with
// TransposeConfig(rows, cols).
//
// On a CPU the padding buys nothing: shared memory is ordinary cached memory
// with no banks, and the threads of a block run one after another, not 32
// at a time, so there is no conflict to avoid. The kernel is kept because
// it is the code a CUDA programmer writes and to show that the padding
// costs no more than the 4 bytes per row it adds.
//
//gocuda:kernel TransposePaddedKernel
func transposePadded(t *gocuda.Thread, in, out []float32, rows, cols int) {
	transposeViaTile(t, gocuda.Shared[[TransposeTile + 1]float32](t, TransposeTile), in, out, rows, cols)
}

// transposeRow is a row of a shared transpose tile: 32 elements, or 33 with
// the padding.
type transposeRow interface {
	[TransposeTile]float32 | [TransposeTile + 1]float32
}

// transposeViaTile is the body of the tiled transposes: load the block's
// tile of in into tile, synchronize, store its transpose into out.
func transposeViaTile[R transposeRow](t *gocuda.Thread, tile []R, in, out []float32, rows, cols int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	x := t.BlockIdx.X*TransposeTile + tx // column of in
	y := t.BlockIdx.Y*TransposeTile + ty // row of in
	for j := 0; j < TransposeTile; j += transposeBlockRows {
		if x < cols && y+j < rows {
			tile[ty+j][tx] = in[(y+j)*cols+x]
		}
	}
	t.SyncThreads()
	x = t.BlockIdx.Y*TransposeTile + tx // column of out: the tile's row in in
	y = t.BlockIdx.X*TransposeTile + ty // row of out
	for j := 0; j < TransposeTile; j += transposeBlockRows {
		if x < rows && y+j < cols {
			out[(y+j)*rows+x] = tile[tx][ty+j]
		}
	}
}
