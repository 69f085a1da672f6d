package gocuda_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestOccupancyMaxPotentialBlockSizeGolden: values worked out by hand from
// the sm_90 model (2048 threads, 32 blocks and 228 KiB of shared memory per
// multiprocessor, 1 KiB reserved per block) and CUDA's search.
func TestOccupancyMaxPotentialBlockSizeGolden(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(3))
	tests := []struct {
		name             string
		smem, limit      int
		blocksPerSM, blk int
	}{
		{"defaults", 0, 0, 2, 1024},                    // 2 × 1024 = 2048 at the first try
		{"limit above the device's", 0, 5000, 2, 1024}, // clipped to 1024
		{"limit 100", 0, 100, 32, 64},                  // 100: 16 blocks (1600); 96: 21 (2016); 64: 32 (2048), full
		{"limit below a warp", 0, 20, 32, 20},          // one warp each, 32 blocks
		{"limit 1", 0, 1, 32, 1},                       // the block cap binds
		{"48 KiB", 48 << 10, 0, 2, 1024},               // shared memory allows 4, threads 2
		{"150 KiB", 150 << 10, 0, 1, 1024},             // one block at every size: the largest wins
		{"16 KiB, limit 500", 16 << 10, 500, 8, 256},   // memory allows 13; 500: 4 (2000); 288: 7 (2016); 256: 8 (2048), full
		{"40 KiB, limit 300", 40 << 10, 300, 5, 300},   // memory allows 5 at every size: the largest wins
		{"largest opt-in", gocuda.SharedMemPerBlockOptin, 0, 1, 1024},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid, block, err := d.OccupancyMaxPotentialBlockSize(tt.smem, tt.limit)
			require.NoError(t, err)
			assert.Equal(t, tt.blk, block, "block size")
			assert.Equal(t, tt.blocksPerSM*3, grid, "min grid size (3 workers)")
		})
	}
}

// refPotentialBlockSize is CUDA's search restated without its early exit:
// among the sizes it tries, the greatest occupancy in threads, the larger
// size on a tie, counted with the public MaxActiveBlocksPerMultiprocessor.
func refPotentialBlockSize(t *testing.T, d *gocuda.Device, smem func(int) int, limit int) (int, int) {
	if limit == 0 || limit > gocuda.MaxThreadsPerBlock {
		limit = gocuda.MaxThreadsPerBlock
	}
	sizes := []int{limit}
	for s := (limit - 1) / 32 * 32; s > 0; s -= 32 {
		sizes = append(sizes, s)
	}
	best, bestBlocks := 0, 0
	for _, s := range sizes {
		blocks := 0
		if m := smem(s); m <= gocuda.SharedMemPerBlockOptin {
			var err error
			blocks, err = d.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: s}, m)
			require.NoError(t, err)
		}
		if blocks*s > bestBlocks*best {
			best, bestBlocks = s, blocks
		}
	}
	return bestBlocks * d.Workers(), best
}

// TestOccupancyVariableSMem: per-thread shared memory of several sizes and
// every limit, against the reference; the sizes tried are those of CUDA's
// search, from the limit down in warp steps until full occupancy.
func TestOccupancyVariableSMem(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	for _, perThread := range []int{0, 4, 16, 100, 256, 1000} {
		smem := func(b int) int { return b * perThread }
		for limit := 0; limit <= 1030; limit += 7 {
			grid, block, err := d.OccupancyMaxPotentialBlockSizeVariableSMem(smem, limit)
			require.NoError(t, err)
			wantGrid, wantBlock := refPotentialBlockSize(t, d, smem, limit)
			require.Equal(t, [2]int{wantGrid, wantBlock}, [2]int{grid, block}, "%d bytes per thread, limit %d", perThread, limit)
		}
	}

	var tried []int
	_, block, err := d.OccupancyMaxPotentialBlockSizeVariableSMem(func(b int) int { tried = append(tried, b); return 0 }, 100)
	require.NoError(t, err)
	assert.Equal(t, 64, block)
	assert.Equal(t, []int{100, 96, 64}, tried, "stops at full occupancy")

	// 256 bytes a thread: sizes above 908 threads cannot fit; 896 keeps one
	// block (896 threads), more than any smaller size.
	grid, block, err := d.OccupancyMaxPotentialBlockSizeVariableSMem(func(b int) int { return 256 * b }, 0)
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 896}, [2]int{grid, block})
}

func TestOccupancyErrors(t *testing.T) {
	d := newDevice(t)
	for _, tt := range []struct {
		smem, limit int
	}{{-1, 0}, {gocuda.SharedMemPerBlockOptin + 1, 0}, {0, -1}} {
		t.Run(fmt.Sprint(tt), func(t *testing.T) {
			_, _, err := d.OccupancyMaxPotentialBlockSize(tt.smem, tt.limit)
			require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		})
	}
	_, _, err := d.OccupancyMaxPotentialBlockSizeVariableSMem(nil, 0)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
	_, _, err = d.OccupancyMaxPotentialBlockSizeVariableSMem(func(int) int { return -4 }, 0)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

// A grid-stride SAXPY sized for full occupancy.
func ExampleDevice_OccupancyMaxPotentialBlockSize() {
	dev, _ := gocuda.NewDevice(gocuda.WithWorkers(4))
	defer dev.Close()
	grid, block, _ := dev.OccupancyMaxPotentialBlockSize(0, 0)
	fmt.Println("block", block, "grid", grid)

	x, y := make([]float32, 100000), make([]float32, 100000)
	for i := range x {
		x[i], y[i] = 1, 2
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}
	_ = dev.Launch(cfg, func(t *gocuda.Thread) {
		for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += t.GridDim.X * t.BlockDim.X {
			y[i] += 3 * x[i]
		}
	})
	fmt.Println(y[0], y[len(y)-1])

	// A block reduction's shared memory grows with the block: 8 bytes a thread.
	_, block, _ = dev.OccupancyMaxPotentialBlockSizeVariableSMem(func(b int) int { return 8 * b }, 0)
	fmt.Println("block", block)
	// Output:
	// block 1024 grid 8
	// 5 5
	// block 1024
}
