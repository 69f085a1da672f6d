package gocuda_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// plusScan is the inclusive scan of Patterson & Hennessy, Figure B.8.7
// (Hillis–Steele): in place in shared memory, with a barrier between each
// round's reads and its writes and another before the next round.
//
//	for (offset = 1; offset < n; offset *= 2) {
//		if (i >= offset) t = x[i-offset];
//		__syncthreads();
//		if (i >= offset) x[i] = t + x[i];
//		__syncthreads();
//	}
func plusScan[T int64 | float32](th *gocuda.Thread, x []T) T {
	i, n := th.ThreadIdx.X, th.BlockDim.X
	for offset := 1; offset < n; offset *= 2 {
		var t T
		if i >= offset {
			t = x[i-offset]
		}
		th.SyncThreads()
		if i >= offset {
			x[i] = t + x[i]
		}
		th.SyncThreads()
	}
	return x[i]
}

func TestHillisSteeleScan(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	for _, n := range []int{1, 2, 32, 100, 256, 1000, 1024} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			const grid = 3 // each block scans its own segment
			r := rand.New(rand.NewPCG(uint64(n), 5))
			in := make([]int64, grid*n)
			for i := range in {
				in[i] = r.Int64N(2000) - 1000
			}
			want := make([]int64, grid*n)
			for b := range grid {
				var sum int64
				for i := range n {
					sum += in[b*n+i]
					want[b*n+i] = sum
				}
			}
			out := make([]int64, grid*n)
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
				g := th.BlockIdx.X*n + th.ThreadIdx.X
				x := gocuda.Shared[int64](th, n)
				x[th.ThreadIdx.X] = in[g]
				th.SyncThreads()
				out[g] = plusScan(th, x)
			})
			require.NoError(t, err)
			require.Equal(t, want, out)
		})
	}
}

// TestHillisSteeleScanFloat32 runs the same scan on float32 in dynamic
// shared memory, compared with a float64 host prefix sum.
func TestHillisSteeleScanFloat32(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	for _, n := range []int{1, 32, 100, 256, 1024} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(n), 6))
			in := make([]float32, n)
			for i := range in {
				in[i] = r.Float32()
			}
			out := make([]float32, n)
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}, SharedMem: 4 * n}, func(th *gocuda.Thread) {
				x := gocuda.DynamicShared[float32](th)
				x[th.ThreadIdx.X] = in[th.ThreadIdx.X]
				th.SyncThreads()
				out[th.ThreadIdx.X] = plusScan(th, x)
			})
			require.NoError(t, err)
			var sum float64
			for i := range n {
				sum += float64(in[i])
				require.InDeltaf(t, sum, float64(out[i]), 1e-4*math.Max(1, sum), "prefix %d", i)
			}
		})
	}
}

// matMulTiled computes C = A×B (A is m×k, B is k×n, row-major) with 16×16
// shared-memory tiles, as in the CUDA programming guide: load a tile of A
// and of B, SyncThreads, accumulate, SyncThreads before the next load.
// Out-of-range elements load as zero.
func matMulTiled(d *gocuda.Device, a, b, c []float32, m, k, n int) error {
	const tileDim = 16
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (n + tileDim - 1) / tileDim, Y: (m + tileDim - 1) / tileDim},
		Block: gocuda.Dim3{X: tileDim, Y: tileDim},
	}
	return d.Launch(cfg, func(th *gocuda.Thread) {
		as := gocuda.Shared[[tileDim]float32](th, tileDim)
		bs := gocuda.Shared[[tileDim]float32](th, tileDim)
		tx, ty := th.ThreadIdx.X, th.ThreadIdx.Y
		row, col := th.BlockIdx.Y*tileDim+ty, th.BlockIdx.X*tileDim+tx
		var sum float32
		for p := 0; p < k; p += tileDim {
			as[ty][tx], bs[ty][tx] = 0, 0
			if row < m && p+tx < k {
				as[ty][tx] = a[row*k+p+tx]
			}
			if p+ty < k && col < n {
				bs[ty][tx] = b[(p+ty)*n+col]
			}
			th.SyncThreads()
			for q := range tileDim {
				sum += as[ty][q] * bs[q][tx]
			}
			th.SyncThreads()
		}
		if row < m && col < n {
			c[row*n+col] = sum
		}
	})
}

func TestTiledMatMul(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	sizes := [][3]int{{16, 16, 16}, {48, 32, 40}, {50, 37, 45}, {1, 1, 1}, {17, 3, 33}, {64, 64, 64}}
	if raceEnabled {
		sizes = sizes[:5]
	}
	for _, sz := range sizes {
		m, k, n := sz[0], sz[1], sz[2]
		t.Run(fmt.Sprintf("%dx%dx%d", m, k, n), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(m*k), uint64(n)))
			a, b := make([]float32, m*k), make([]float32, k*n)
			for i := range a {
				a[i] = r.Float32()*2 - 1
			}
			for i := range b {
				b[i] = r.Float32()*2 - 1
			}
			c := make([]float32, m*n)
			require.NoError(t, matMulTiled(d, a, b, c, m, k, n))
			for i := range m {
				for j := range n {
					var want float64
					for p := range k {
						want += float64(a[i*k+p]) * float64(b[p*n+j])
					}
					require.InDeltaf(t, want, float64(c[i*n+j]), 1e-5*float64(k), "C[%d][%d]", i, j)
				}
			}
		})
	}
}
