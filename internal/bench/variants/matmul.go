package variants

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of kernels.MatMulTiledKernel, the tiled matrix multiply of
// the CUDA programming guide (16×16 tiles of A and B in shared memory, a
// block per 16×16 tile of C), over n×n matrices.

const mmTile = 16

// MatMulFlatKernel rewords kernels.MatMulTiledKernel with one-dimensional
// shared tiles indexed ty*16+tx, the loads inline.
//
//gocuda:kernel MatMulFlatKernel
func matmulFlat(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[float32](t, mmTile*mmTile)
	bs := gocuda.Shared[float32](t, mmTile*mmTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*mmTile + ty
	col := t.BlockIdx.X*mmTile + tx
	var sum float32
	for p := 0; p < k; p += mmTile {
		var av, bv float32
		if row < m && p+tx < k {
			av = a[row*k+p+tx]
		}
		if p+ty < k && col < n {
			bv = b[(p+ty)*n+col]
		}
		as[ty*mmTile+tx] = av
		bs[ty*mmTile+tx] = bv
		t.SyncThreads()
		for q := 0; q < mmTile; q++ {
			sum += as[ty*mmTile+q] * bs[q*mmTile+tx]
		}
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

// MatMulFloat64Kernel rewords kernels.MatMulTiledKernel in float64.
//
//gocuda:kernel MatMulFloat64Kernel
func matmulFloat64(t *gocuda.Thread, a, b, c []float64, m, k, n int) {
	as := gocuda.Shared[[mmTile]float64](t, mmTile)
	bs := gocuda.Shared[[mmTile]float64](t, mmTile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*mmTile + ty
	col := t.BlockIdx.X*mmTile + tx
	var sum float64
	for p := 0; p < k; p += mmTile {
		as[ty][tx], bs[ty][tx] = 0, 0
		if row < m && p+tx < k {
			as[ty][tx] = a[row*k+p+tx]
		}
		if p+ty < k && col < n {
			bs[ty][tx] = b[(p+ty)*n+col]
		}
		t.SyncThreads()
		for q := range mmTile {
			sum += as[ty][q] * bs[q][tx]
		}
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

// MatMulPhasesKernel rewords kernels.MatMulTiledKernel as Kirk and Hwu's
// textbook writes it: a loop over phases ph < ceil(k/TILE_WIDTH), the
// element indexes ph*TILE_WIDTH+tx, loads with an else storing zero, and
// Row and Col from blockIdx*TILE_WIDTH.
//
//gocuda:kernel MatMulPhasesKernel
func matmulPhases(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	const tileWidth = 16
	mds := gocuda.Shared[[tileWidth]float32](t, tileWidth)
	nds := gocuda.Shared[[tileWidth]float32](t, tileWidth)
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := by*tileWidth + ty
	col := bx*tileWidth + tx
	var pvalue float32
	for ph := 0; ph < (k+tileWidth-1)/tileWidth; ph++ {
		if row < m && ph*tileWidth+tx < k {
			mds[ty][tx] = a[row*k+ph*tileWidth+tx]
		} else {
			mds[ty][tx] = 0
		}
		if ph*tileWidth+ty < k && col < n {
			nds[ty][tx] = b[(ph*tileWidth+ty)*n+col]
		} else {
			nds[ty][tx] = 0
		}
		t.SyncThreads()
		for kk := 0; kk < tileWidth; kk++ {
			pvalue += mds[ty][kk] * nds[kk][tx]
		}
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = pvalue
	}
}

// matmulInputs are BenchmarkMatMul's: small integers, every product exact.
func matmulInputs[T float32 | float64](n int) [][]T {
	a, b := make([]T, n*n), make([]T, n*n)
	for i := range a {
		a[i], b[i] = T(i%5), T((i*3)%7)
	}
	return [][]T{a, b}
}

// matmulCase is a matmul Impl over T: c = a×b for n×n matrices, checked
// exactly against bench.MatMulSerial's product (the same small integers
// in float64 for the float64 variant).
func matmulCase[T float32 | float64](name, kind, key string, run func(dev *gocuda.Device, runtimePath bool, a, b, c []T, n int) error) Impl {
	of := ""
	if kind == Reworded {
		of = "tiled"
	}
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		ab := func() [][]T { return shared(key, n, matmulInputs[T]) }
		c := func() []T { return shared(key+"c", n, func(n int) []T { return make([]T, n*n) }) }
		return Instance{
			Run: func() error { return run(dev, runtimePath, ab()[0], ab()[1], c(), n) },
			Check: func() error {
				c := c()
				clear(c)
				if err := run(dev, runtimePath, ab()[0], ab()[1], c, n); err != nil {
					return err
				}
				a32, b32 := matmulInputs[float32](n)[0], matmulInputs[float32](n)[1]
				want32 := make([]float32, n*n)
				bench.MatMulSerial(a32, b32, want32, n, n, n)
				want := make([]T, n*n)
				for i, v := range want32 {
					want[i] = T(v)
				}
				return equal(c, want)
			},
		}
	}}
}

// matmulLaunch runs kernel k on a grid of tile×tile blocks covering C.
func matmulLaunch[T any](k func(a, b, c []T, m, kk, n int) func(*gocuda.Thread), tile int) func(*gocuda.Device, bool, []T, []T, []T, int) error {
	return func(dev *gocuda.Device, runtimePath bool, a, b, c []T, n int) error {
		blocks := ceil(n, tile)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks, Y: blocks}, Block: gocuda.Dim3{X: tile, Y: tile}, RuntimePath: runtimePath}
		return dev.Launch(cfg, k(a, b, c, n, n, n))
	}
}

func matmulAlgo() Algo {
	return Algo{
		Name: "matmul", Size: 512, Short: 64, Test: []int{1, 17, 40},
		Impls: []Impl{
			matmulCase("tiled", Original, "mm32", func(dev *gocuda.Device, _ bool, a, b, c []float32, n int) error {
				return kernels.MatMul(dev, kernels.MatMulTiled, a, b, c, n, n, n)
			}),
			matmulCase("flat", Reworded, "mm32", matmulLaunch(MatMulFlatKernel, mmTile)),
			matmulCase("float64", Reworded, "mm64", matmulLaunch(MatMulFloat64Kernel, mmTile)),
			matmulCase("phases", Reworded, "mm32", matmulLaunch(MatMulPhasesKernel, mmTile)),
			matmulCase(bench.HandSerial, Hand, "mm32", func(_ *gocuda.Device, _ bool, a, b, c []float32, n int) error {
				bench.MatMulSerial(a, b, c, n, n, n)
				return nil
			}),
			matmulCase(bench.HandParallel, Hand, "mm32", func(_ *gocuda.Device, _ bool, a, b, c []float32, n int) error {
				bench.MatMulParallel(a, b, c, n, n, n)
				return nil
			}),
		},
	}
}
