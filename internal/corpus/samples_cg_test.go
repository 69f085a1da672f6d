package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestThreadFenceReduction uses sizes that are not powers of two or are
// multiples of two blocks: with nIsPow2 the kernels read the element a
// block beyond each one they take, as the sample does for its 2^20
// elements.
func TestThreadFenceReduction(t *testing.T) {
	for _, n := range []int{7, 1000, 4096} {
		for _, threads := range []int{32, 128} {
			in := randF32(rng(n, threads), n)
			var want float64
			for _, v := range in {
				want += float64(v)
			}
			const grid = 5
			pow2 := n&(n-1) == 0
			smem := 4 * threads
			if threads <= 32 {
				smem *= 2
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}, SharedMem: smem}
			multi := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, grid)
				return out, f.launch(cfg, ReduceMultiPassKernel(in, out, n, threads, pow2))
			})
			var s float64
			for _, v := range multi {
				s += float64(v)
			}
			require.InDelta(t, want, s, 1e-3, "multi-pass n=%d threads=%d", n, threads)
			single := agree(t, func(f form) (float32, error) {
				out := make([]float32, grid)
				var retirement uint32
				err := f.launch(cfg, ReduceSinglePassKernel(in, out, n, threads, pow2, &retirement))
				require.Zero(t, retirement, "the last block resets the count")
				return out[0], err
			})
			require.InDelta(t, want, float64(single), 1e-3, "single-pass n=%d threads=%d", n, threads)
		}
	}
}

func TestScalarProd(t *testing.T) {
	for _, c := range []struct{ vectorN, elementN, grid, threads int }{{3, 1000, 2, 256}, {8, 4096, 3, 128}} {
		r := rng(c.vectorN, c.elementN)
		a, b := randF32(r, c.vectorN*c.elementN), randF32(r, c.vectorN*c.elementN)
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, c.vectorN)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: c.threads}}, ScalarProdKernel(out, a, b, c.vectorN, c.elementN))
		})
		for v := range c.vectorN {
			var s float64
			for i := v * c.elementN; i < (v+1)*c.elementN; i++ {
				s += float64(a[i] * b[i])
			}
			require.InDelta(t, s, float64(got[v]), 1e-3, "%+v vector %d", c, v)
		}
	}
}

func TestReductionMultiBlockCG(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 13} {
		in := randF32(rng(n), n)
		var want float64
		for _, v := range in {
			want += float64(v)
		}
		const grid, threads = 4, 64
		got := agree(t, func(f form) (float32, error) {
			out := make([]float32, grid)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}, SharedMem: 8 * threads}
			err := f.launchCooperative(cfg, ReduceSinglePassMultiBlockCGKernel(in, out, n))
			return out[0], err
		})
		require.InDelta(t, want, float64(got), 1e-3, "n=%d", n)
	}
}

func TestWarpAggregatedAtomics(t *testing.T) {
	for _, n := range []int{1, 100, 5000} {
		r := rng(n)
		src := randI32(r, n, 10)
		var positives []int32
		for _, v := range src {
			if v > 0 {
				positives = append(positives, v)
			}
		}
		got := both(t, func(f form) ([]int32, error) {
			dst := make([]int32, n)
			var nres int32
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 128}}, FilterArrKernel(dst, &nres, src, n))
			dst = dst[:nres]
			slices.Sort(dst)
			return dst, err
		})
		slices.Sort(positives)
		for i, f := range forms {
			require.Equal(t, positives, got[i], "filter_arr, n=%d, %s", n, f.name)
		}

		const numOfBuckets = 5
		buckets := make([]int32, n)
		values := make([]int32, n)
		for i := range buckets {
			buckets[i] = r.Int32N(numOfBuckets + 1) // numOfBuckets itself is skipped
			values[i] = r.Int32N(1 << 30)
		}
		var wantCount, wantMax [numOfBuckets]int32
		for i, b := range buckets {
			if b < numOfBuckets {
				wantCount[b]++
				wantMax[b] = max(wantMax[b], values[i])
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}
		for i, f := range forms {
			counters := make([]int32, numOfBuckets)
			for b := range counters {
				counters[b] = int32(b * n)
			}
			indices := make([]int32, n*numOfBuckets)
			require.NoError(t, f.launch(cfg, MapToBucketsKernel(buckets, indices, counters, n, numOfBuckets)))
			for b := range numOfBuckets {
				require.Equal(t, wantCount[b], counters[b]-int32(b*n), "bucket %d count, %s", b, forms[i].name)
				for _, idx := range indices[b*n : int(counters[b])] {
					require.Equal(t, int32(b), buckets[idx], "bucket %d holds index %d, %s", b, idx, f.name)
				}
			}
		}
		gotMax := agree(t, func(f form) ([]int32, error) {
			m := make([]int32, numOfBuckets)
			return m, f.launch(cfg, CalculateMaxInEachBucketsKernel(buckets, values, m, n, numOfBuckets))
		})
		require.Equal(t, wantMax[:], gotMax, "n=%d", n)
	}
}

// TestBinaryPartitionCG uses sizes of whole warps, as the sample's 10^7
// elements are: in a warp whose lanes leave the grid-stride loop at
// different steps, binary_partition's even group (the tile's mask less the
// ballot) takes in the lanes that have left, and its reduce reads them, as
// CUDA's would.
func TestBinaryPartitionCG(t *testing.T) {
	for _, n := range []int{32, 96, 3200} {
		in := randI32(rng(n), n, 50)
		var odds, sumOdd, sumEven int32
		for _, v := range in {
			if v&1 != 0 {
				odds++
				sumOdd += v
			} else {
				sumEven += v
			}
		}
		for _, grid := range []int{1, 4} {
			got := agree(t, func(f form) ([3]int32, error) {
				var numOfOdds int32
				sums := make([]int32, 2)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: 64}}, OddEvenCountAndSumCGKernel(in, &numOfOdds, sums, n))
				return [3]int32{numOfOdds, sums[0], sums[1]}, err
			})
			require.Equal(t, [3]int32{odds, sumOdd, sumEven}, got, fmt.Sprintf("n=%d grid=%d", n, grid))
		}
	}
}
