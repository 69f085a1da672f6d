package corpus

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// A reduceCase is one of the sample's reduction kernels with the grid its
// host code chooses (getNumBlocksAndThreads).
type reduceCase[T number] struct {
	name string
	// perThread is the elements a thread loads: 1 for reduce0-2, 2 after.
	perThread int
	// capped limits the grid to maxBlocks, as for kernels 6 and up.
	capped bool
	kernel func(in, out []T, n, threads int) func(*gocuda.Thread)
}

func reduceCases[T number]() []reduceCase[T] {
	pow2 := func(n int) bool { return n&(n-1) == 0 }
	return []reduceCase[T]{
		{"reduce0", 1, false, func(in, out []T, n, _ int) func(*gocuda.Thread) { return Reduce0Kernel(in, out, n) }},
		{"reduce1", 1, false, func(in, out []T, n, _ int) func(*gocuda.Thread) { return Reduce1Kernel(in, out, n) }},
		{"reduce2", 1, false, func(in, out []T, n, _ int) func(*gocuda.Thread) { return Reduce2Kernel(in, out, n) }},
		{"reduce3", 2, false, func(in, out []T, n, _ int) func(*gocuda.Thread) { return Reduce3Kernel(in, out, n) }},
		{"reduce4", 2, false, func(in, out []T, n, b int) func(*gocuda.Thread) { return Reduce4Kernel(in, out, n, b) }},
		{"reduce5", 2, false, func(in, out []T, n, b int) func(*gocuda.Thread) { return Reduce5Kernel(in, out, n, b) }},
		{"reduce6", 2, true, func(in, out []T, n, b int) func(*gocuda.Thread) { return Reduce6Kernel(in, out, n, b, pow2(n)) }},
		{"reduce7", 2, true, func(in, out []T, n, b int) func(*gocuda.Thread) { return Reduce7Kernel(in, out, n, b, pow2(n)) }},
		{"cg_reduce", 2, true, func(in, out []T, n, _ int) func(*gocuda.Thread) { return CGReduceKernel(in, out, n) }},
	}
}

// runReduce runs c over in with the given threads per block on both paths,
// requires them to agree and returns the sum of the block sums.
func runReduce[T number](t *testing.T, c reduceCase[T], in []T, threads int) T {
	const maxBlocks = 3
	n := len(in)
	grid := blocks(n, threads*c.perThread)
	if c.capped {
		grid = min(grid, maxBlocks)
	}
	smem := threads * 4
	if threads <= 32 {
		smem *= 2
	}
	var zero T
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}, SharedMem: smem * int(sizeOf(zero)) / 4}
	part := agree(t, func(f form) ([]T, error) {
		out := make([]T, grid)
		return out, f.launch(cfg, c.kernel(in, out, n, threads))
	})
	var s T
	for _, v := range part {
		s += v
	}
	return s
}

// sizeOf is the bytes of a number type.
func sizeOf[T number](v T) uintptr {
	switch any(v).(type) {
	case int64, float64:
		return 8
	}
	return 4
}

func TestSamplesReduction(t *testing.T) {
	for _, n := range []int{1, 100, 1024, 3000} {
		for _, threads := range []int{32, 64, 256} {
			r := rng(n, threads)
			ints := randI32(r, n, 1000)
			floats := randF32(r, n)
			var wantI int32
			var wantF float64
			for i := range n {
				wantI += ints[i]
				wantF += float64(floats[i])
			}
			for _, c := range reduceCases[int32]() {
				t.Run(fmt.Sprintf("%s/n=%d/threads=%d/int32", c.name, n, threads), func(t *testing.T) {
					require.Equal(t, wantI, runReduce(t, c, ints, threads))
				})
			}
			for _, c := range reduceCases[float32]() {
				if c.name == "reduce7" {
					continue // undefined shuffles for float32: see Reduce7Kernel
				}
				t.Run(fmt.Sprintf("%s/n=%d/threads=%d/float32", c.name, n, threads), func(t *testing.T) {
					require.InDelta(t, wantF, float64(runReduce(t, c, floats, threads)), 1e-3)
				})
			}
		}
	}
}
