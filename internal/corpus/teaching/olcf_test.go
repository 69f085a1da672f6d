package teaching

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestOlcfReductions sums N floats with reductions.cu's three kernels,
// launched as its main launches them (640 blocks of 256 for the
// block-level ones), and takes the maximum with max_reduction's two-stage
// reduce, against the host.
func TestOlcfReductions(t *testing.T) {
	r := rng(olcfN)
	data := make([]float32, olcfN)
	for i := range data {
		data[i] = float32(r.IntN(8)) // exact sums in float32
	}
	var want float32
	for _, v := range data {
		want += v
	}
	kernels := []struct {
		name string
		cfg  gocuda.Config
		k    func([]float32, *float32) func(*gocuda.Thread)
	}{
		{"atomic_red", gocuda.Config{Grid: gocuda.Blocks(olcfN, olcfBlockSize), Block: gocuda.Dim3{X: olcfBlockSize}}, AtomicRedKernel},
		{"reduce_a", gocuda.Config{Grid: gocuda.Dim3{X: 640}, Block: gocuda.Dim3{X: olcfBlockSize}}, ReduceAKernel},
		{"reduce_ws", gocuda.Config{Grid: gocuda.Dim3{X: 640}, Block: gocuda.Dim3{X: olcfBlockSize}}, ReduceWsKernel},
		{"reduce_ws/small grid", gocuda.Config{Grid: gocuda.Dim3{X: 7}, Block: gocuda.Dim3{X: 96}}, ReduceWsKernel},
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			got := agree(t, func(f form) (float32, error) {
				var sum float32
				return sum, f.launch(k.cfg, k.k(data, &sum))
			})
			require.Equal(t, want, got)
		})
	}
	t.Run("max", func(t *testing.T) {
		d := randF32(r, olcfN)
		for i := range d {
			d[i] += 1 // positive, as max_reduction's inputs
		}
		const blocks = 640
		got := agree(t, func(f form) (float32, error) {
			sums, out := make([]float32, blocks), make([]float32, 1)
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: olcfBlockSize}}, MaxReduceKernel(d, sums, olcfN)); err != nil {
				return 0, err
			}
			return out[0], f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: olcfBlockSize}}, MaxReduceKernel(sums, out, blocks))
		})
		require.Equal(t, slices.Max(d), got)
	})
}

// TestOlcfMatrixSums sums the rows and columns of a random matrix with
// matrix_sums' kernels (one block of 256 a row; 256-thread blocks over
// the columns), against the host.
func TestOlcfMatrixSums(t *testing.T) {
	const ds = 300
	A := make([]float32, ds*ds)
	r := rng(ds)
	for i := range A {
		A[i] = float32(r.IntN(5))
	}
	rows := agree(t, func(f form) ([]float32, error) {
		s := make([]float32, ds)
		return s, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ds}, Block: gocuda.Dim3{X: olcfBlockSize}}, RowSumsKernel(A, s, ds))
	})
	cols := agree(t, func(f form) ([]float32, error) {
		s := make([]float32, ds)
		return s, f.launch(gocuda.Config{Grid: gocuda.Blocks(ds, olcfBlockSize), Block: gocuda.Dim3{X: olcfBlockSize}}, ColumnSumsKernel(A, s, ds))
	})
	for i := range ds {
		var rs, cs float32
		for j := range ds {
			rs += A[i*ds+j]
			cs += A[j*ds+i]
		}
		require.Equal(t, rs, rows[i], "row %d", i)
		require.Equal(t, cs, cols[i], "column %d", i)
	}
}

// TestOlcfMyReduce runs hw9's my_reduce_kernel on one block of ones, as
// its main does, and checks the 16-thread groups' printed sums.
func TestOlcfMyReduce(t *testing.T) {
	data := make([]int32, olcfNTPB)
	for i := range data {
		data[i] = 1
	}
	for _, f := range forms {
		var out printfBuffer
		d, err := gocuda.NewDevice(gocuda.WithWorkers(2), gocuda.WithPrintfOutput(&out))
		require.NoError(t, err)
		err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: olcfNTPB}, RuntimePath: f.runtime}, MyReduceKernel(data))
		require.NoError(t, err, f.name)
		require.NoError(t, d.Close())
		require.Equal(t, slices.Repeat([]string{"group partial sum: 16"}, olcfNTPB/16), out.lines(), f.name)
	}
}

// TestOlcfRemoveIf removes values from 256 ints with hw9's cooperative
// my_remove_if, as its main's two tests do (none removed; a random half
// replaced by the removed value), on grids of one and of several blocks.
func TestOlcfRemoveIf(t *testing.T) {
	const dsize = 4 * olcfNTPB
	r := rng(dsize)
	for _, test := range []int{1, 2} {
		idata := make([]int32, dsize)
		var want []int32
		val := int32(0)
		for i := range idata {
			if test == 1 || r.Float32() > 0.5 {
				idata[i] = val
				want = append(want, val)
				val++
			} else {
				idata[i] = -1
			}
		}
		for _, grid := range []int{1, 3, 4} {
			t.Run(fmt.Sprint(test, "/", grid), func(t *testing.T) {
				got := agree(t, func(f form) ([]int32, error) {
					odata := make([]int32, dsize)
					idxs := make([]uint32, dsize)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: olcfNTPB}, RuntimePath: f.runtime}
					return odata[:len(want)], dev.LaunchCooperative(cfg, RemoveIfKernel(idata, -1, odata, idxs, dsize))
				})
				require.Equal(t, want, got)
			})
		}
	}
}

// TestOlcfEstimateSumAhs sums the alternating harmonic series with
// estimate_sum_ahs in double and float (blocks of 512) and compares with
// the host's sum in the same order of magnitude, near ln 2.
func TestOlcfEstimateSumAhs(t *testing.T) {
	const length = 100000
	var want float64
	for n := uint64(1); n < length; n++ {
		want += ahs(n)
	}
	require.InDelta(t, math.Ln2, want, 1e-4)
	cfg := gocuda.Config{Grid: gocuda.Blocks(length, olcfAhsBlockSize), Block: gocuda.Dim3{X: olcfAhsBlockSize}}
	got := both(t, func(f form) (float64, error) {
		var sum float64
		return sum, f.launch(cfg, EstimateSumAhsKernel(length, &sum))
	})
	for i, v := range got {
		require.InDelta(t, want, v, 1e-12, forms[i].name)
	}
	got32 := both(t, func(f form) (float32, error) {
		var sum float32
		return sum, f.launch(cfg, EstimateSumAhsKernel[float32](length, &sum))
	})
	for i, v := range got32 {
		require.InDelta(t, want, float64(v), 1e-5, forms[i].name)
	}
}
