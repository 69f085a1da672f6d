package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// MatMulVariant names one of the matrix-multiply kernels MatMul runs: the
// CUDA programming guide's naive and tiled kernels and the unrolled and
// register-tiled refinements of Ryoo et al. (PPoPP'08) and the lecture
// slides.
type MatMulVariant int

// The matrix-multiply kernels, from the textbook version to the one that
// does the most work per barrier.
const (
	// MatMulNaive is one thread per element of C reading A and B from
	// global memory (MatMulNaiveKernel).
	MatMulNaive MatMulVariant = iota
	// MatMulTiled stages 16×16 tiles of A and B in shared memory
	// (MatMulTiledKernel).
	MatMulTiled
	// MatMulTiledUnrolled is MatMulTiled with its inner loop unrolled
	// (MatMulTiledUnrolledKernel).
	MatMulTiledUnrolled
	// MatMulRegisterTiled has each thread compute a 2×2 block of C from
	// 32×32 shared tiles (MatMulRegisterTiledKernel).
	MatMulRegisterTiled
)

var matmulNames = [...]string{"naive", "tiled", "tiledUnrolled", "registerTiled"}

// String returns the variant's short name, such as "tiled".
func (v MatMulVariant) String() string {
	if v < 0 || int(v) >= len(matmulNames) {
		return fmt.Sprintf("MatMulVariant(%d)", int(v))
	}
	return matmulNames[v]
}

// MatMulVariants returns every MatMulVariant, in order.
func MatMulVariants() []MatMulVariant {
	return []MatMulVariant{MatMulNaive, MatMulTiled, MatMulTiledUnrolled, MatMulRegisterTiled}
}

// MatMulTile is the tile width of MatMulTiled and MatMulTiledUnrolled and
// the block width of every matrix-multiply kernel: blocks are
// MatMulTile×MatMulTile threads.
const MatMulTile = 16

// matmulRegTile is the side of the C tile (and shared tiles) of the
// register-tiled kernel: 16×16 threads, each computing 2×2 elements.
const matmulRegTile = 2 * MatMulTile

// MatMulConfig returns the launch configuration of variant v for an m×n
// product C: blocks of 16×16 threads, each block covering a 16×16 tile of C
// (32×32 for MatMulRegisterTiled), enough blocks to cover C.
func MatMulConfig(v MatMulVariant, m, n int) gocuda.Config {
	side := MatMulTile
	if v == MatMulRegisterTiled {
		side = matmulRegTile
	}
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: matmulCeil(n, side), Y: matmulCeil(m, side)},
		Block: gocuda.Dim3{X: MatMulTile, Y: MatMulTile},
	}
}

func matmulCeil(a, b int) int { return (a + b - 1) / b }

// MatMul computes C = A×B on dev with variant v (see MatMulVariant for the
// classics they follow), where A is m×k, B is k×n and C is m×n, all
// row-major. Any sizes work, including ones that are not
// multiples of the tile size and zero. It returns an error wrapping
// gocuda.ErrInvalidValue if a dimension is negative, a slice's length is
// not the product of its dimensions, or v is unknown, and otherwise the
// launch's error.
func MatMul(dev *gocuda.Device, v MatMulVariant, a, b, c []float32, m, k, n int) error {
	if err := matmulCheck(dev, v, a, b, c, m, k, n); err != nil {
		return err
	}
	if m == 0 || n == 0 {
		return nil // C is empty
	}
	var kernel func(*gocuda.Thread)
	switch v {
	case MatMulNaive:
		kernel = MatMulNaiveKernel(a, b, c, m, k, n)
	case MatMulTiled:
		kernel = MatMulTiledKernel(a, b, c, m, k, n)
	case MatMulTiledUnrolled:
		kernel = MatMulTiledUnrolledKernel(a, b, c, m, k, n)
	default:
		kernel = MatMulRegisterTiledKernel(a, b, c, m, k, n)
	}
	return dev.Launch(MatMulConfig(v, m, n), kernel)
}

func matmulCheck(dev *gocuda.Device, v MatMulVariant, a, b, c []float32, m, k, n int) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.MatMul: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(matmulNames):
		return fmt.Errorf("%w: kernels.MatMul: unknown variant %v", gocuda.ErrInvalidValue, v)
	case m < 0 || k < 0 || n < 0:
		return fmt.Errorf("%w: kernels.MatMul: negative dimension in %d×%d times %d×%d",
			gocuda.ErrInvalidValue, m, k, k, n)
	case len(a) != m*k:
		return fmt.Errorf("%w: kernels.MatMul: len(a) = %d, want %d×%d", gocuda.ErrInvalidValue, len(a), m, k)
	case len(b) != k*n:
		return fmt.Errorf("%w: kernels.MatMul: len(b) = %d, want %d×%d", gocuda.ErrInvalidValue, len(b), k, n)
	case len(c) != m*n:
		return fmt.Errorf("%w: kernels.MatMul: len(c) = %d, want %d×%d", gocuda.ErrInvalidValue, len(c), m, n)
	}
	return nil
}

// MatMulNaiveKernel returns the textbook matrix multiply (the CUDA
// programming guide's first version, strategy 1 of the lecture slides): one
// thread per element of C, computing its dot product straight from global
// memory. Launch it with MatMulConfig(MatMulNaive, m, n). It never
// synchronizes, so in gocuda each thread is a plain call; B is read down a
// column, a cache-unfriendly stride of n floats.
//
//gocuda:kernel MatMulNaiveKernel
func matMulNaive(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= m || col >= n {
		return
	}
	var sum float32
	for p := 0; p < k; p++ {
		sum += a[row*k+p] * b[p*n+col]
	}
	c[row*n+col] = sum
}

// MatMulTiledKernel returns the tiled matrix multiply of Ryoo et al.
// (PPoPP'08) and the CUDA programming guide: each 16×16 block computes a
// 16×16 tile of C, walking k in steps of 16; at each step every thread loads
// one element of A and one of B into shared 16×16 tiles, the block
// synchronizes, every thread accumulates 16 products from the tiles, and
// the block synchronizes again before the tiles are overwritten. Elements
// outside A or B load as zero, so sizes need not be multiples of 16.
// Launch it with MatMulConfig(MatMulTiled, m, n).
//
// Each element of A and B is read from global memory once per block instead
// of once per thread. On a GPU that saving pays for the barriers; on the
// runtime path a barrier is a coroutine switch per thread, dearer than the
// 16 products it guards, so there this kernel is slower than
// MatMulNaiveKernel (BenchmarkMatMul): its threads spend longer at
// barriers than the naive kernel's whole dot product takes.
// MatMulRegisterTiledKernel, with eight times the work per barrier, is the
// variant that beats the naive kernel.
//
//gocuda:kernel MatMulTiledKernel
func matMulTiled(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[[MatMulTile]float32](t, MatMulTile)
	bs := gocuda.Shared[[MatMulTile]float32](t, MatMulTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*MatMulTile + ty
	col := t.BlockIdx.X*MatMulTile + tx
	var sum float32
	for p := 0; p < k; p += MatMulTile {
		as[ty][tx], bs[ty][tx] = matmulLoad(t, a, b, row, col, p+tx, p+ty, m, k, n)
		t.SyncThreads()
		for q := range MatMulTile {
			sum += as[ty][q] * bs[q][tx]
		}
		t.SyncThreads() // the tiles are overwritten next step
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

// matmulLoad returns A[row][ac] and B[br][col], each zero when outside its
// matrix: thread t's share of loading a pair of tiles. It takes t, as a
// __device__ function runs in its calling thread, so that gocuda check and
// gocuda profile see its loads.
func matmulLoad(t *gocuda.Thread, a, b []float32, row, col, ac, br, m, k, n int) (av, bv float32) {
	if row < m && ac < k {
		av = a[row*k+ac]
	}
	if br < k && col < n {
		bv = b[br*n+col]
	}
	return av, bv
}

// MatMulTiledUnrolledKernel returns MatMulTiledKernel with its inner loop
// over the tile unrolled by hand, as Ryoo et al. (PPoPP'08) do with
// "#pragma unroll" to remove the loop's counter, compare and branch (and,
// here, the bounds checks of a variable index). Launch it with
// MatMulConfig(MatMulTiledUnrolled, m, n).
//
//gocuda:kernel MatMulTiledUnrolledKernel
func matMulTiledUnrolled(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[[MatMulTile]float32](t, MatMulTile)
	bs := gocuda.Shared[[MatMulTile]float32](t, MatMulTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*MatMulTile + ty
	col := t.BlockIdx.X*MatMulTile + tx
	var sum float32
	for p := 0; p < k; p += MatMulTile {
		as[ty][tx], bs[ty][tx] = matmulLoad(t, a, b, row, col, p+tx, p+ty, m, k, n)
		t.SyncThreads()
		ar, bt := &as[ty], (*[MatMulTile][MatMulTile]float32)(bs)
		sum += ar[0] * bt[0][tx]
		sum += ar[1] * bt[1][tx]
		sum += ar[2] * bt[2][tx]
		sum += ar[3] * bt[3][tx]
		sum += ar[4] * bt[4][tx]
		sum += ar[5] * bt[5][tx]
		sum += ar[6] * bt[6][tx]
		sum += ar[7] * bt[7][tx]
		sum += ar[8] * bt[8][tx]
		sum += ar[9] * bt[9][tx]
		sum += ar[10] * bt[10][tx]
		sum += ar[11] * bt[11][tx]
		sum += ar[12] * bt[12][tx]
		sum += ar[13] * bt[13][tx]
		sum += ar[14] * bt[14][tx]
		sum += ar[15] * bt[15][tx]
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

// MatMulRegisterTiledKernel returns the register-tiled matrix multiply
// ("strategy 2" of the lecture slides; the register tiling Ryoo et al.
// (PPoPP'08) explore): each 16×16 block computes a 32×32 tile of C, and
// each thread a 2×2 block of it, held in four registers. At each step of 32
// along k, every thread loads four elements of A and four of B into shared
// 32×32 tiles; after the barrier it reads two values of A and two of B per
// step of the inner loop and does four multiply-adds with them. A thread
// thus does 128 multiply-adds per pair of barriers, eight times
// MatMulTiledKernel's 16. In gocuda, where barriers dominate, that makes it
// the fastest variant, about 1.2× the naive kernel's speed at 1024×1024 on
// two cores. Launch it with MatMulConfig(MatMulRegisterTiled, m, n).
//
//gocuda:kernel MatMulRegisterTiledKernel
func matMulRegisterTiled(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	const half = MatMulTile
	as := gocuda.Shared[[matmulRegTile]float32](t, matmulRegTile)
	bs := gocuda.Shared[[matmulRegTile]float32](t, matmulRegTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row0, col0 := t.BlockIdx.Y*matmulRegTile, t.BlockIdx.X*matmulRegTile
	var s00, s01, s10, s11 float32
	for p := 0; p < k; p += matmulRegTile {
		// Loads stride by 16 so that a warp's loads stay coalesced.
		for i := 0; i < matmulRegTile; i += half {
			for j := 0; j < matmulRegTile; j += half {
				as[ty+i][tx+j], bs[ty+i][tx+j] = matmulLoad(t, a, b,
					row0+ty+i, col0+tx+j, p+tx+j, p+ty+i, m, k, n)
			}
		}
		t.SyncThreads()
		a0, a1 := &as[2*ty], &as[2*ty+1]
		for q := range matmulRegTile {
			b0, b1 := bs[q][2*tx], bs[q][2*tx+1]
			s00 += a0[q] * b0
			s01 += a0[q] * b1
			s10 += a1[q] * b0
			s11 += a1[q] * b1
		}
		t.SyncThreads()
	}
	matmulStore2x2(c, row0+2*ty, col0+2*tx, m, n, s00, s01, s10, s11)
}

// matmulStore2x2 writes the 2×2 block of C at (row, col), skipping the
// elements outside C.
func matmulStore2x2(c []float32, row, col, m, n int, s00, s01, s10, s11 float32) {
	if row < m {
		if col < n {
			c[row*n+col] = s00
		}
		if col+1 < n {
			c[row*n+col+1] = s01
		}
	}
	if row+1 < m {
		if col < n {
			c[(row+1)*n+col] = s10
		}
		if col+1 < n {
			c[(row+1)*n+col+1] = s11
		}
	}
}
