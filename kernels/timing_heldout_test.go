package kernels_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// Held-out kernels of the timing model (docs/tutorials/timing.md): kernels
// from the same papers as the tables the model was checked against, with
// published figures the model was not looked at with while it was built.
// Ryoo et al. (PPoPP 2008, p. 78) prefetch the next tiles into registers
// in the unrolled kernel: 11 registers, two blocks per SM, 87.10 GFLOPS;
// and 4×4 tiles do "worse than the non-tiled code" (p. 77). Harris's
// kernel 7 reduces 2^25 ints at 73 GB/s.

// envTimingHeldOut names the variable that runs the held-out workloads:
// a comma-separated list of "prefetch", "tile4" and "reduce25".
const envTimingHeldOut = "GOCUDA_TIMING_HELDOUT"

// heldTile is the side of the small tiles of Ryoo et al.'s tile sweep.
const heldTile = 4

// matMulSmallTiles is MatMulTiledKernel with heldTile×heldTile tiles and
// blocks, for sizes that are multiples of heldTile: at each step every
// thread loads one element of A and one of B into the shared tiles, the
// block synchronizes, every thread accumulates heldTile products, and the
// block synchronizes again.
func matMulSmallTiles(t *gocuda.Thread, a, b, c []float32, n int) {
	as := gocuda.Shared[float32](t, heldTile*heldTile)
	bs := gocuda.Shared[float32](t, heldTile*heldTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*heldTile + ty
	col := t.BlockIdx.X*heldTile + tx
	var sum float32
	for p := 0; p < n; p += heldTile {
		as[ty*heldTile+tx] = a[row*n+p+tx]
		bs[ty*heldTile+tx] = b[(p+ty)*n+col]
		t.SyncThreads()
		for q := range heldTile {
			sum += as[ty*heldTile+q] * bs[q*heldTile+tx]
		}
		t.SyncThreads()
	}
	c[row*n+col] = sum
}

// matMulPrefetch is MatMulTiledUnrolledKernel with Ryoo et al.'s
// prefetching: the next step's elements of A and B are loaded into
// registers before the products of the current tiles, and stored into the
// tiles after the second barrier, so that the loads' latency overlaps the
// arithmetic. Its loads are bounds-checked as MatMulTiledUnrolledKernel's
// are (heldOutLoad), so that prefetching is the one difference.
func matMulPrefetch(t *gocuda.Thread, a, b, c []float32, n int) {
	const tile = kernels.MatMulTile
	as := gocuda.Shared[[tile]float32](t, tile)
	bs := gocuda.Shared[[tile]float32](t, tile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*tile + ty
	col := t.BlockIdx.X*tile + tx
	av, bv := heldOutLoad(t, a, b, row, col, tx, ty, n)
	var sum float32
	for p := 0; p < n; p += tile {
		as[ty][tx], bs[ty][tx] = av, bv
		t.SyncThreads()
		av, bv = heldOutLoad(t, a, b, row, col, p+tile+tx, p+tile+ty, n)
		ar, bt := &as[ty], (*[tile][tile]float32)(bs)
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
	if row < n && col < n {
		c[row*n+col] = sum
	}
}

// heldOutLoad returns A[row][ac] and B[br][col] of n×n matrices, each zero
// when outside its matrix: the library's tiled kernels' bounds-checked
// load of a pair of tile elements.
func heldOutLoad(t *gocuda.Thread, a, b []float32, row, col, ac, br, n int) (av, bv float32) {
	if row < n && ac < n {
		av = a[row*n+ac]
	}
	if br < n && col < n {
		bv = b[br*n+col]
	}
	return av, bv
}

// A heldOutKernel makes a held-out matrix multiply's kernel for C = A×B,
// n×n, launched in blocks of side×side threads.
type heldOutKernel struct {
	kernel func(a, b, c []float32, n int) func(*gocuda.Thread)
	side   int
}

// The held-out matrix multiplies (their closures made here, outside any
// function, so that gocuda profile names each after the function it
// calls).
var (
	smallTiles = heldOutKernel{func(a, b, c []float32, n int) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) { matMulSmallTiles(t, a, b, c, n) }
	}, heldTile}
	prefetch = heldOutKernel{func(a, b, c []float32, n int) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) { matMulPrefetch(t, a, b, c, n) }
	}, kernels.MatMulTile}
)

// heldOutMatMul runs k on n×n matrices and returns C.
func heldOutMatMul(t *testing.T, dev *gocuda.Device, k heldOutKernel, a, b []float32, n int) []float32 {
	c := make([]float32, n*n)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / k.side, Y: n / k.side}, Block: gocuda.Dim3{X: k.side, Y: k.side}}
	require.NoError(t, dev.Launch(cfg, k.kernel(a, b, c, n)))
	return c
}

// TestHeldOutMatMuls: the held-out matrix multiplies compute what the
// naive kernel computes.
func TestHeldOutMatMuls(t *testing.T) {
	dev := newDevice(t)
	const n = 48
	a, b := lessonMatrix(n*n, 1), lessonMatrix(n*n, 2)
	want := make([]float32, n*n)
	require.NoError(t, kernels.MatMul(dev, kernels.MatMulNaive, a, b, want, n, n, n))
	require.Equal(t, want, heldOutMatMul(t, dev, smallTiles, a, b, n), "4×4 tiles")
	require.Equal(t, want, heldOutMatMul(t, dev, prefetch, a, b, n), "prefetch")
}

// TestTimingHeldOut runs the held-out workloads envTimingHeldOut names,
// for gocuda profile: the matrix multiplies on 128×128 matrices (as
// TestTimingWorkload's), kernel 7 on 2^25 ints.
func TestTimingHeldOut(t *testing.T) {
	which := strings.Split(os.Getenv(envTimingHeldOut), ",")
	if which[0] == "" {
		t.Skip("a workload for gocuda profile: set " + envTimingHeldOut)
	}
	dev := newDevice(t)
	const n = 128
	a, b := lessonMatrix(n*n, 1), lessonMatrix(n*n, 2)
	want := make([]float32, n*n)
	if slices.Contains(which, "tile4") || slices.Contains(which, "prefetch") {
		require.NoError(t, kernels.MatMul(dev, kernels.MatMulTiled, a, b, want, n, n, n))
	}
	if slices.Contains(which, "tile4") {
		require.Equal(t, want, heldOutMatMul(t, dev, smallTiles, a, b, n))
	}
	if slices.Contains(which, "prefetch") {
		require.Equal(t, want, heldOutMatMul(t, dev, prefetch, a, b, n))
	}
	if slices.Contains(which, "reduce25") {
		in := make([]int32, 1<<25)
		var sum int32
		for i := range in {
			in[i] = int32(i%7 - 3)
			sum += in[i]
		}
		require.Equal(t, sum, harrisReduce(t, dev, harrisSteps[6], in, 1))
	}
}
