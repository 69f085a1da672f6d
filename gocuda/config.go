package gocuda

import (
	"fmt"
	"github.com/gocuda/gocuda/internal/probelink"

	"github.com/gocuda/gocuda/internal/grid"
)

// Limits of the emulated device, those of compute capability 9.0 (the same
// on every device since 7.0).
const (
	WarpSize           = 32
	MaxThreadsPerBlock = 1024
	MaxBlockDimX       = 1024
	MaxBlockDimY       = 1024
	MaxBlockDimZ       = 64
	MaxGridDimX        = 1<<31 - 1
	MaxGridDimY        = 65535
	MaxGridDimZ        = 65535

	// SharedMemPerBlock is the shared memory a block may use (static plus
	// dynamic) unless its launch opts in to more with Config.MaxSharedMem.
	SharedMemPerBlock = 48 << 10

	// SharedMemPerBlockOptin is the most shared memory a launch may opt in
	// to, as on compute capability 9.0 (227 KiB).
	SharedMemPerBlockOptin = 227 << 10
)

// Config is a launch configuration, the <<<grid, block, sharedMem>>> of a
// CUDA launch.
type Config struct {
	Grid  Dim3 // blocks in the grid
	Block Dim3 // threads in a block

	// SharedMem is the dynamic shared memory per block in bytes, seen by
	// DynamicShared.
	SharedMem int

	// MaxSharedMem opts the launch in to more shared memory per block than
	// SharedMemPerBlock, up to SharedMemPerBlockOptin, as
	// cudaFuncAttributeMaxDynamicSharedMemorySize does: static plus dynamic
	// shared memory may then reach MaxSharedMem, while static allocations
	// (Shared) stay within SharedMemPerBlock. Zero means SharedMemPerBlock.
	MaxSharedMem int

	// RuntimePath runs kernels compiled by `gocuda compile` as the engine
	// runs any other kernel, one call per thread, instead of their compiled
	// block bodies: for debugging, and to compare the two. Setting the
	// environment variable GOCUDA_COMPILED=off does the same for every
	// launch.
	RuntimePath bool
}

// launch is a validated Config with its kernel.
type launch struct {
	kernel      func(*Thread)
	grid, block Dim3
	threads     int   // threads per block
	blocks      int64 // blocks in the grid
	dynShared   int   // dynamic shared bytes
	sharedLimit int   // shared bytes a block may use
	prints      printBuffer
	gridBar     *grid.GridBarrier // the grid barrier of a cooperative launch, else nil
	runtimePath bool              // Config.RuntimePath or GOCUDA_COMPILED=off
	probe       *probelink.Launch // the launch as an instrumented build's observer sees it, else nil
	// unprobed is an instrumented build's launch that the observer let
	// run its compiled form (probelink.Compiled.Unprobed).
	unprobed bool
}

// newLaunch validates cfg as CUDA does before anything runs.
func newLaunch(cfg Config, kernel func(*Thread)) (*launch, error) {
	if kernel == nil {
		return nil, fmt.Errorf("%w: nil kernel", ErrInvalidConfiguration)
	}
	g, b := cfg.Grid.normalized(), cfg.Block.normalized()
	if err := checkDims("grid", g, Dim3{MaxGridDimX, MaxGridDimY, MaxGridDimZ}); err != nil {
		return nil, err
	}
	if err := checkDims("block", b, Dim3{MaxBlockDimX, MaxBlockDimY, MaxBlockDimZ}); err != nil {
		return nil, err
	}
	if b.size() > MaxThreadsPerBlock {
		return nil, fmt.Errorf("%w: block %v has %d threads, more than %d",
			ErrInvalidConfiguration, b, b.size(), MaxThreadsPerBlock)
	}
	limit := SharedMemPerBlock
	switch {
	case cfg.MaxSharedMem < 0 || cfg.MaxSharedMem > SharedMemPerBlockOptin:
		return nil, fmt.Errorf("%w: MaxSharedMem %d outside 0..%d",
			ErrInvalidValue, cfg.MaxSharedMem, SharedMemPerBlockOptin)
	case cfg.MaxSharedMem > 0:
		limit = cfg.MaxSharedMem
	}
	if cfg.SharedMem < 0 || cfg.SharedMem > limit {
		return nil, fmt.Errorf("%w: %d bytes of dynamic shared memory per block, limit %d",
			ErrInvalidValue, cfg.SharedMem, limit)
	}
	return &launch{
		kernel: kernel, grid: g, block: b,
		threads: int(b.size()), blocks: g.size(),
		dynShared: cfg.SharedMem, sharedLimit: limit,
		runtimePath: cfg.RuntimePath || compiledOff,
	}, nil
}

func checkDims(what string, d, limit Dim3) error {
	if d.X < 1 || d.Y < 1 || d.Z < 1 || d.X > limit.X || d.Y > limit.Y || d.Z > limit.Z {
		return fmt.Errorf("%w: %s %v outside (1..%d, 1..%d, 1..%d)",
			ErrInvalidConfiguration, what, d, limit.X, limit.Y, limit.Z)
	}
	return nil
}
