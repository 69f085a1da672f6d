package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestBlogKeplerReductions(t *testing.T) {
	for _, n := range []int{1, 1001, 5000} {
		in := randI32(rng(n), n, 1000)
		var want int32
		for _, v := range in {
			want += v
		}
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			// device_reduce_stable and its vector2 form: block sums, then
			// one block of 1024 sums them
			for name, k := range map[string]func(in, out []int32, n int) func(*gocuda.Thread){
				"stable": DeviceReduceStableKernel, "stable_vector2": DeviceReduceStableVector2Kernel,
			} {
				const threads = 128
				per := 1
				if name == "stable_vector2" {
					per = 2
				}
				nb := min(blocks(n/per, threads), 7)
				got := agree(t, func(f form) (int32, error) {
					out := make([]int32, nb)
					if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: threads}}, k(in, out, n)); err != nil {
						return 0, err
					}
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1024}}, DeviceReduceStableKernel(out, out, nb))
					return out[0], err
				})
				require.Equal(t, want, got, name)
			}
			for name, k := range map[string]func(in []int32, out *int32, n int) func(*gocuda.Thread){
				"warp_atomic": DeviceReduceWarpAtomicKernel, "block_atomic": DeviceReduceBlockAtomicKernel, "atomic": DeviceReduceAtomicKernel,
			} {
				got := agree(t, func(f form) (int32, error) {
					var out int32
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: min(blocks(n, 256), 5)}, Block: gocuda.Dim3{X: 256}}, k(in, &out, n))
					return out, err
				})
				require.Equal(t, want, got, name)
			}
		})
	}
}

func TestBlogCooperativeGroups(t *testing.T) {
	for _, n := range []int{4, 1000, 1 << 12} {
		in := randI32(rng(n), n, 1000)
		var want int32
		for _, v := range in[:n/4*4] {
			want += v
		}
		for _, threads := range []int{32, 128} {
			tile := agree(t, func(f form) (int32, error) {
				var sum int32
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: threads}}, CGSumKernelTileShfl(&sum, in, n))
				return sum, err
			})
			require.Equal(t, want, tile, "sum_kernel_tile_shfl n=%d threads=%d", n, threads)
			block := agree(t, func(f form) (int32, error) {
				var sum int32
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * threads}, CGSumKernelBlock(&sum, in, n))
				return sum, err
			})
			require.Equal(t, want, block, "sum_kernel_block n=%d threads=%d", n, threads)
		}
	}
}

func TestBlogWarpAggregatedFilter(t *testing.T) {
	for _, n := range []int{1, 100, 3000} {
		src := randI32(rng(n), n, 10)
		var want []int32
		for _, v := range src {
			if v > 0 {
				want = append(want, v)
			}
		}
		slices.Sort(want)
		for name, k := range map[string]func(dst []int32, nres *int32, src []int32, n int) func(*gocuda.Thread){
			"atomicAdd": FilterKKernel, "atomicAggInc": FilterKAggKernel,
		} {
			for i, got := range both(t, func(f form) ([]int32, error) {
				dst := make([]int32, n)
				var nres int32
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 128)}, Block: gocuda.Dim3{X: 128}}, k(dst, &nres, src, n))
				dst = dst[:nres]
				slices.Sort(dst)
				return dst, err
			}) {
				require.Equal(t, want, got, "%s n=%d %s", name, n, forms[i].name)
			}
		}
	}
}
