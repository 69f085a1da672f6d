package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestNumbaVecAdd(t *testing.T) {
	for _, n := range []int{1, 1000} {
		r := rng(n)
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = r.Float64(), r.Float64()
		}
		// the example's launch: 256 threads, len/256+1 blocks
		got := agree(t, func(f form) ([]float64, error) {
			c := make([]float64, n)
			return c, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n/256 + 1}, Block: gocuda.Dim3{X: 256}}, NumbaVecAddKernel(a, b, c))
		})
		for i := range n {
			require.Equal(t, a[i]+b[i], got[i])
		}
	}
}

func TestNumbaMatmul(t *testing.T) {
	// the example's square and non-square cases: arange(16) by ones(4,4)
	// and arange(115) by ones(23,7), then a random one
	for _, sz := range [][3]int{{4, 4, 4}, {5, 23, 7}, {20, 37, 18}} {
		m, k, n := sz[0], sz[1], sz[2]
		a, b := make([]float64, m*k), make([]float64, k*n)
		for i := range a {
			a[i] = float64(i)
		}
		for i := range b {
			b[i] = 1
		}
		if m == 20 {
			r := rng(m)
			for i := range b {
				b[i] = float64(r.IntN(5))
			}
		}
		want := make([]float64, m*n)
		for i := range m {
			for j := range n {
				for p := range k {
					want[i*n+j] += a[i*k+p] * b[p*n+j]
				}
			}
		}
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			plain := agree(t, func(f form) ([]float64, error) {
				c := make([]float64, m*n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(m, 16), Y: blocks(n, 16)}, Block: gocuda.Dim3{X: 16, Y: 16}}
				return c, f.launch(cfg, NumbaMatmulKernel(a, m, k, b, n, c, m, n))
			})
			require.Equal(t, want, plain, "matmul")
			fast := agree(t, func(f form) ([]float64, error) {
				c := make([]float64, m*n)
				// the example's grid for the non-square case
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(max(k, n), numbaTPB), Y: blocks(max(m, k), numbaTPB)}, Block: gocuda.Dim3{X: numbaTPB, Y: numbaTPB}}
				return c, f.launch(cfg, NumbaFastMatmulKernel(a, m, k, b, k, n, c, m, n))
			})
			require.Equal(t, want, fast, "fast_matmul") // small integers: exact in float32
		})
	}
}

func TestNumbaArraySum(t *testing.T) {
	for _, n := range []int{1, 64, 1024} {
		got := agree(t, func(f form) (int64, error) {
			data := make([]int64, n)
			for i := range data {
				data[i] = int64(i)
			}
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, NumbaArraySumKernel(data, n))
			return data[0], err
		})
		require.Equal(t, int64(n*(n-1)/2), got, "n=%d", n)
	}
}

func TestNumbaMaxReduce(t *testing.T) {
	for _, n := range []int{1, 1000, 3000} {
		r := rng(n)
		in := make([]float32, n)
		for i := range in {
			in[i] = r.Float32()*2000 - 1000
		}
		const threads = 1024
		nb := blocks(n, threads)
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, nb)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: threads}}, NumbaMaxReduceKernel(in, out))
		})
		require.Equal(t, slices.Max(in), slices.Max(got), "n=%d", n)
		for b := range nb {
			require.Equal(t, slices.Max(in[b*threads:min(n, (b+1)*threads)]), got[b], "n=%d block %d", n, b)
		}
	}
}

func TestNumbaSolveHeatEquation(t *testing.T) {
	const size, niter, k = 101, 50, 0.25
	data := make([]float64, size)
	data[50] = 10000
	got := agree(t, func(f form) ([]float64, error) {
		buf0, buf1 := slices.Clone(data), make([]float64, size)
		err := f.launchCooperative(gocuda.Config{Grid: gocuda.Dim3{X: blocks(size, 32)}, Block: gocuda.Dim3{X: 32}}, NumbaSolveHeatEquationKernel(buf0, buf1, niter, k))
		return append(buf0, buf1...), err
	})
	cur, next := slices.Clone(data), make([]float64, size)
	for range niter {
		for i := range size {
			switch i {
			case 0:
				next[i] = cur[i] + k*(cur[i+1]-(2*cur[i]))
			case size - 1:
				next[i] = cur[i] + k*(cur[i-1]-(2*cur[i]))
			default:
				next[i] = cur[i] + k*(cur[i-1]-(2*cur[i])+cur[i+1])
			}
		}
		cur, next = next, cur
	}
	// after an even number of steps the last one wrote buf0 (cur), the one
	// before it buf1 (next), which the example reads
	require.Equal(t, append(cur, next...), got)
	var sum float64
	for _, v := range got[size:] {
		sum += v
	}
	require.InDelta(t, 10000, sum, 1e-6, "heat is conserved")
}
