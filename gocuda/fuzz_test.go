package gocuda_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// CUDA's limits for compute capability 7.0 and later (CUDA C++ Programming
// Guide, "Technical Specifications per Compute Capability"), written out
// here independently of the package's constants. The opt-in maximum is
// compute capability 9.0's.
const (
	cudaMaxThreadsPerBlock = 1024
	cudaMaxBlockX          = 1024
	cudaMaxBlockY          = 1024
	cudaMaxBlockZ          = 64
	cudaMaxGridX           = 2147483647
	cudaMaxGridY           = 65535
	cudaMaxGridZ           = 65535
	cudaSharedPerBlock     = 49152  // 48 KiB without opt-in
	cudaSharedOptin        = 232448 // 227 KiB
	cudaWarpSize           = 32
)

func TestLimitConstants(t *testing.T) {
	require.Equal(t, cudaMaxThreadsPerBlock, gocuda.MaxThreadsPerBlock)
	require.Equal(t, cudaMaxBlockX, gocuda.MaxBlockDimX)
	require.Equal(t, cudaMaxBlockY, gocuda.MaxBlockDimY)
	require.Equal(t, cudaMaxBlockZ, gocuda.MaxBlockDimZ)
	require.Equal(t, cudaMaxGridX, gocuda.MaxGridDimX)
	require.Equal(t, cudaMaxGridY, gocuda.MaxGridDimY)
	require.Equal(t, cudaMaxGridZ, gocuda.MaxGridDimZ)
	require.Equal(t, cudaSharedPerBlock, gocuda.SharedMemPerBlock)
	require.Equal(t, cudaSharedOptin, gocuda.SharedMemPerBlockOptin)
	require.Equal(t, cudaWarpSize, gocuda.WarpSize)
}

// hostValidate is the host's model of launch validation: configuration
// errors (shape) take precedence over shared-memory errors; a zero field of
// a Dim3 means 1.
func hostValidate(grid, block gocuda.Dim3, shared, maxShared int) error {
	g, b := norm(grid), norm(block)
	for _, v := range []int{g.X, g.Y, g.Z, b.X, b.Y, b.Z} {
		if v < 1 {
			return gocuda.ErrInvalidConfiguration
		}
	}
	if g.X > cudaMaxGridX || g.Y > cudaMaxGridY || g.Z > cudaMaxGridZ {
		return gocuda.ErrInvalidConfiguration
	}
	if b.X > cudaMaxBlockX || b.Y > cudaMaxBlockY || b.Z > cudaMaxBlockZ {
		return gocuda.ErrInvalidConfiguration
	}
	if b.X*b.Y*b.Z > cudaMaxThreadsPerBlock { // each factor is bounded: no overflow
		return gocuda.ErrInvalidConfiguration
	}
	limit := cudaSharedPerBlock
	if maxShared < 0 || maxShared > cudaSharedOptin {
		return gocuda.ErrInvalidValue
	}
	if maxShared > 0 {
		limit = maxShared
	}
	if shared < 0 || shared > limit {
		return gocuda.ErrInvalidValue
	}
	return nil
}

func FuzzConfig(f *testing.F) {
	seeds := []struct {
		g, b              gocuda.Dim3
		shared, maxShared int
	}{
		{gocuda.Dim3{}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{X: 1, Y: 1, Z: 1}, gocuda.Dim3{X: 1, Y: 1, Z: 1}, 0, 0},
		{gocuda.Dim3{X: 3, Y: 5, Z: 2}, gocuda.Dim3{X: 7, Y: 3, Z: 2}, 100, 0},
		{gocuda.Dim3{X: 2}, gocuda.Dim3{X: 1024}, 48 << 10, 0},
		{gocuda.Dim3{X: 2}, gocuda.Dim3{X: 32, Y: 32}, 0, 0},
		{gocuda.Dim3{X: 1}, gocuda.Dim3{X: 16, Y: 8, Z: 8}, 4096, 0},
		{gocuda.Dim3{X: 1000}, gocuda.Dim3{X: 33}, 1, 0},
		{gocuda.Dim3{Y: 65535}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{Z: 65535}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{X: 1<<31 - 1}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{X: 2}, gocuda.Dim3{X: 2}, 100 << 10, 100 << 10},
		{gocuda.Dim3{X: 2}, gocuda.Dim3{X: 2}, 227 << 10, 227 << 10},
		// Invalid shapes.
		{gocuda.Dim3{X: -1}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{}, gocuda.Dim3{Y: -3}, 0, 0},
		{gocuda.Dim3{}, gocuda.Dim3{X: 32, Y: 33, Z: 1}, 0, 0},
		{gocuda.Dim3{}, gocuda.Dim3{X: 1025}, 0, 0},
		{gocuda.Dim3{}, gocuda.Dim3{Y: 1025}, 0, 0},
		{gocuda.Dim3{}, gocuda.Dim3{Z: 65}, 0, 0},
		{gocuda.Dim3{X: huge(31)}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{Y: 65536}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{Z: 65536}, gocuda.Dim3{}, 0, 0},
		{gocuda.Dim3{X: huge(62), Y: huge(62)}, gocuda.Dim3{X: -huge(62)}, 0, 0},
		// Invalid shared memory.
		{gocuda.Dim3{}, gocuda.Dim3{}, 48<<10 + 1, 0},
		{gocuda.Dim3{}, gocuda.Dim3{}, -1, 0},
		{gocuda.Dim3{}, gocuda.Dim3{}, 0, 227<<10 + 1},
		{gocuda.Dim3{}, gocuda.Dim3{}, 0, -1},
		{gocuda.Dim3{}, gocuda.Dim3{}, 2048, 1024},
		// Both kinds at once: the shape is reported.
		{gocuda.Dim3{X: -1}, gocuda.Dim3{}, -1, -1},
	}
	for _, s := range seeds {
		f.Add(s.g.X, s.g.Y, s.g.Z, s.b.X, s.b.Y, s.b.Z, s.shared, s.maxShared)
	}
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(f, err)
	f.Cleanup(func() { d.Close() })
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()

	f.Fuzz(func(t *testing.T, gx, gy, gz, bx, by, bz, shared, maxShared int) {
		grid, block := gocuda.Dim3{X: gx, Y: gy, Z: gz}, gocuda.Dim3{X: bx, Y: by, Z: bz}
		cfg := gocuda.Config{Grid: grid, Block: block, SharedMem: shared, MaxSharedMem: maxShared}
		want := hostValidate(grid, block, shared, maxShared)
		var ran atomic.Int64
		count := func(*gocuda.Thread) { ran.Add(1) }
		if want != nil {
			err := d.Launch(cfg, count)
			require.ErrorIs(t, err, want, "config %+v", cfg)
			other := gocuda.ErrInvalidValue
			if want == other {
				other = gocuda.ErrInvalidConfiguration
			}
			require.NotErrorIs(t, err, other, "config %+v", cfg)
			require.Zero(t, ran.Load(), "the kernel of an invalid launch ran")
			return
		}

		// Valid: too big to run here, check the validation alone.
		g, b := norm(grid), norm(block)
		const maxThreads = 1 << 16
		blocks := int64(g.X) * int64(g.Y) // ≤ 2^47: no overflow
		threads := b.X * b.Y * b.Z
		if blocks > maxThreads || blocks*int64(g.Z) > maxThreads || blocks*int64(g.Z)*int64(threads) > maxThreads {
			err := d.LaunchContext(cancelled, cfg, count)
			require.ErrorIs(t, err, context.Canceled, "valid config %+v", cfg)
			require.Zero(t, ran.Load())
			t.Skip("too many threads to run")
		}

		total := size(g) * threads
		counts := make([]atomic.Int32, total)
		var bad atomic.Int64
		err := d.Launch(cfg, func(th *gocuda.Thread) {
			if th.BlockDim != b || th.GridDim != g || len(gocuda.DynamicShared[byte](th)) != shared {
				bad.Add(1)
			}
			if th.ThreadIdx.X >= b.X || th.ThreadIdx.Y >= b.Y || th.ThreadIdx.Z >= b.Z ||
				th.BlockIdx.X >= g.X || th.BlockIdx.Y >= g.Y || th.BlockIdx.Z >= g.Z {
				bad.Add(1)
				return
			}
			counts[globalID(th)].Add(1)
		})
		require.NoError(t, err, "valid config %+v", cfg)
		require.Zero(t, bad.Load(), "threads saw wrong indices, sizes or dynamic shared memory")
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("config %+v: global thread %d ran %d times", cfg, i, c)
			}
		}
	})
}
