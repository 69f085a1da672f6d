package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// scanRun is runTest<T, N> of scan-cuda: inputs rand() % 5 + 1 over
// whole tiles, the host's exclusive scan of each tile, and both kernels
// with N/2 threads a block on grids smaller than the tile count (so that
// blocks stride).
func scanRun[T scanInt](t *testing.T, N int, n int64, grid int) {
	numBlocks := (n + int64(N) - 1) / int64(N)
	nelems := numBlocks * int64(N)
	r := rng(N, int(n))
	in := make([]T, nelems)
	for i := range in {
		in[i] = T(r.IntN(5) + 1)
	}
	want := make([]T, nelems)
	for b := int64(0); b < numBlocks; b++ {
		tin, tout := in[b*int64(N):], want[b*int64(N):]
		tout[0] = 0
		for i := 1; i < N; i++ {
			tout[i] = tout[i-1] + tin[i-1]
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: N / 2}}
	for _, k := range []struct {
		name  string
		build func(N int, nblocks int64, out, in []T) func(*gocuda.Thread)
	}{{"scan", ScanKernel[T]}, {"scan_bcao", ScanBcaoKernel[T]}} {
		got := agree(t, func(f form) ([]T, error) {
			out := make([]T, nelems)
			return out, f.launch(cfg, k.build(N, numBlocks, out, in))
		})
		require.Equal(t, want, got, "%s<%T, %d>, n=%d", k.name, in[0], N, n)
	}
}

// TestScan runs both scans on int8, int16, int32 and int64 with tiles of
// 128 and 512 elements (the program runs 128 to 2048) over 1000 and 5000
// elements (rounded up to whole tiles, as the host does) on grids of 3
// blocks.
func TestScan(t *testing.T) {
	for _, N := range []int{128, 512} {
		for _, n := range []int64{1000, 5000} {
			t.Run(fmt.Sprint(N, "/", n), func(t *testing.T) {
				scanRun[int8](t, N, n, 3)
				scanRun[int16](t, N, n, 3)
				scanRun[int32](t, N, n, 3)
				scanRun[int64](t, N, n, 3)
			})
		}
	}
}
