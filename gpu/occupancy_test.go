package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gpu"
)

// TestOccupancySeeds reproduces GPU-MODELS.md §4.3: the occupancy figures
// of Ryoo et al.'s G80 matrix multiply and the course slides, the
// Programming Guide's register example, and Hopper's reserved shared
// memory.
func TestOccupancySeeds(t *testing.T) {
	for _, tc := range []struct {
		name              string
		arch              gpu.Arch
		block, regs, smem int
		blocks, warps     int
		limiting          gpu.Limit
		byRegs, bySmem    int // 0: not checked
	}{
		// "Each block requires 10*256 = 2560 registers; 8192/2560 = 3"
		{"G80 tiled matmul, 10 registers", gpu.SM10, 256, 10, 2048, 3, 24, gpu.LimitWarps | gpu.LimitRegisters, 3, 8},
		// "11*256 = 2816 ... Only two Blocks"
		{"G80 tiled matmul, 11 registers", gpu.SM10, 256, 11, 2048, 2, 16, gpu.LimitRegisters, 2, 0},
		// 8×8 tiles: "only 512 threads will go into each SM"
		{"G80 8x8 tiles", gpu.SM10, 64, 10, 512, 8, 16, gpu.LimitBlocks, 0, 0},
		// 16×16 tiles with 2 KB: shared memory allows 8, threads 3
		{"G80 16x16 tiles by shared memory", gpu.SM10, 256, 0, 2048, 3, 24, gpu.LimitWarps, 0, 8},
		// 32×32 tiles of 8 KB: "up to two" by shared memory
		{"G80 8 KB of shared memory", gpu.SM10, 128, 0, 8192, 2, 8, gpu.LimitSharedMemory, 0, 2},
		// "2x512x64 registers, which exactly matches"
		{"sm_60, 512 threads, 64 registers", gpu.SM60, 512, 64, 0, 2, 32, gpu.LimitRegisters, 2, 0},
		// "2x512x65 ... more registers than are available"
		{"sm_60, 512 threads, 65 registers", gpu.SM60, 512, 65, 0, 1, 16, gpu.LimitRegisters, 1, 0},
		// (49152+1024) = 50176 -> 233472/50176 = 4
		{"sm_90, 48 KB static shared memory", gpu.SM90, 128, 32, 49152, 4, 16, gpu.LimitSharedMemory, 0, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := tc.arch.OccupancyMaxActiveBlocksPerMultiprocessor(tc.block, tc.regs, tc.smem)
			require.NoError(t, err)
			assert.Equal(t, tc.blocks, o.BlocksPerSM, "blocks per SM")
			assert.Equal(t, tc.warps, o.WarpsPerSM, "warps per SM")
			assert.Equal(t, tc.limiting, o.Limiting, "limiting: %v", o.Limiting)
			if tc.byRegs != 0 {
				assert.Equal(t, tc.byRegs, o.ByRegisters, "bound by registers")
			}
			if tc.bySmem != 0 {
				assert.Equal(t, tc.bySmem, o.BySharedMemory, "bound by shared memory")
			}
		})
	}
}

// TestOccupancyFullG80: 768 threads of 10 registers fill a G80
// multiprocessor ("allowing the maximum of 768 threads").
func TestOccupancyFullG80(t *testing.T) {
	o, err := gpu.SM10.OccupancyMaxActiveBlocksPerMultiprocessor(256, 10, 0)
	require.NoError(t, err)
	assert.Equal(t, 1.0, o.Fraction)
	assert.Equal(t, 768, o.BlocksPerSM*256)
}

// TestOccupancyCannotLaunch: "Not even one can fit ... Will not run on
// G80" for 32×32-thread blocks, and the other resources' hard limits.
func TestOccupancyCannotLaunch(t *testing.T) {
	for name, call := range map[string]func() error{
		"1024 threads on G80": func() error { _, err := gpu.SM10.OccupancyMaxActiveBlocksPerMultiprocessor(1024, 10, 0); return err },
		"64 registers on sm_20": func() error {
			_, err := gpu.SM20.OccupancyMaxActiveBlocksPerMultiprocessor(128, 64, 0)
			return err
		},
		"32 KB on G80": func() error { _, err := gpu.SM10.OccupancyMaxActiveBlocksPerMultiprocessor(64, 0, 32768); return err },
		"unmodelled":   func() error { _, err := gpu.Arch{4, 0}.OccupancyMaxActiveBlocksPerMultiprocessor(64, 0, 0); return err },
		"zero threads": func() error { _, err := gpu.SM90.OccupancyMaxActiveBlocksPerMultiprocessor(0, 0, 0); return err },
	} {
		assert.Error(t, call(), name)
	}
}

// TestOccupancyFermiRegisterUnit: sm_20 allocates 21 registers per thread
// in units of 128 per warp (cuda_occupancy.h): 768 registers a warp, 42
// warps of the 32768, 5 blocks of 256 threads; 20 registers take 640, 51
// warps, 6 blocks (48 warps by threads).
func TestOccupancyFermiRegisterUnit(t *testing.T) {
	o, err := gpu.SM20.OccupancyMaxActiveBlocksPerMultiprocessor(256, 21, 0)
	require.NoError(t, err)
	assert.Equal(t, 5, o.BlocksPerSM)
	assert.Equal(t, gpu.LimitRegisters, o.Limiting)
	o, err = gpu.SM20.OccupancyMaxActiveBlocksPerMultiprocessor(256, 20, 0)
	require.NoError(t, err)
	assert.Equal(t, 6, o.BlocksPerSM)
	assert.Equal(t, gpu.LimitWarps|gpu.LimitRegisters, o.Limiting)
}

func TestParseArch(t *testing.T) {
	for in, want := range map[string]gpu.Arch{"sm_10": gpu.SM10, "sm_90": gpu.SM90, "compute_86": gpu.SM86, "7.5": gpu.SM75, "SM_35": gpu.SM35, "sm13": gpu.SM13} {
		got, err := gpu.ParseArch(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "sm_", "sm_99", "x.y", "4.0"} {
		_, err := gpu.ParseArch(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "sm_20", gpu.SM20.String())
}
