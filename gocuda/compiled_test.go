package gocuda

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

// The engine's side of compiled kernels is tested through package
// compiled, which reaches it (see compiled/*_test.go).

func newTestDevice(t *testing.T) *Device {
	d, err := NewDevice(WithWorkers(2))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// TestGridStrideChunks: a launch of a compiled grid-stride kernel splits
// the grid into four contiguous parts per worker; any other kernel into
// grid.ChunkSize's small chunks, which balance uneven blocks.
func TestGridStrideChunks(t *testing.T) {
	stride := compiledGridStrideKernel(nil, nil, nil)
	plain := compiledGridKernel(nil, nil, nil)
	for _, tt := range []struct {
		blocks  int64
		workers int
		want    int64
	}{{8, 2, 1}, {9, 2, 2}, {3, 4, 1}, {65536, 2, 8192}} {
		l := &launch{kernel: stride, blocks: tt.blocks, threads: 256}
		if got := l.chunkSize(tt.workers); got != tt.want {
			t.Errorf("grid-stride kernel, %d blocks on %d workers: chunks of %d, want %d", tt.blocks, tt.workers, got, tt.want)
		}
		l.kernel = plain
		if got, want := l.chunkSize(tt.workers), grid.ChunkSize(tt.blocks, tt.workers, 256); got != want {
			t.Errorf("grid kernel, %d blocks on %d workers: chunks of %d, want grid.ChunkSize's %d", tt.blocks, tt.workers, got, want)
		}
	}
}
