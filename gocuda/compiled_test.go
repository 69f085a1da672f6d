package gocuda

import (
	"bytes"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/srchash"
)

func newTestDevice(t *testing.T) *Device {
	d, err := NewDevice(WithWorkers(2))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// countingKernel returns a compiled kernel whose body and per-thread
// forms count their calls, and a source for it that is current.
func countingKernel(t *testing.T, src *KernelSource) (k func(*Thread), bodies, threads *atomic.Int64) {
	bodies, threads = new(atomic.Int64), new(atomic.Int64)
	body := func(b *Block) {
		bodies.Add(1)
		for i := range b.Len() {
			b.Enter(i)
			assert.Equal(t, i, b.Thread().ThreadRank())
		}
	}
	return CompiledKernel(src, func(*Thread) { threads.Add(1) }, body), bodies, threads
}

// currentSource returns a KernelSource for lines of a temporary file, and
// the file.
func currentSource(t *testing.T) (*KernelSource, string) {
	path := filepath.Join(t.TempDir(), "k.go")
	src := []byte("package k\n\nfunc k() {\n}\n")
	require.NoError(t, os.WriteFile(path, src, 0o666))
	return NewKernelSource("k", srchash.Lines(src, 3, 4), path+":3-4"), path
}

// TestCompiledKernelHandsOver: a compiled kernel runs its body once per
// block, and per thread with Config.RuntimePath.
func TestCompiledKernelHandsOver(t *testing.T) {
	d := newTestDevice(t)
	src, _ := currentSource(t)
	cfg := Config{Grid: Dim3{X: 5, Y: 2}, Block: Dim3{X: 3, Y: 4, Z: 2}}
	k, bodies, threads := countingKernel(t, src)
	require.NoError(t, d.Launch(cfg, k))
	assert.Equal(t, int64(10), bodies.Load(), "one body per block")
	assert.Zero(t, threads.Load())

	cfg.RuntimePath = true
	k, bodies, threads = countingKernel(t, src)
	require.NoError(t, d.Launch(cfg, k))
	assert.Zero(t, bodies.Load())
	assert.Equal(t, int64(10*24), threads.Load(), "one call per thread")
}

// TestStaleKernelRunsOnRuntimePath: once the kernel's lines change, its
// compiled form never runs, and a warning says so.
func TestStaleKernelRunsOnRuntimePath(t *testing.T) {
	d := newTestDevice(t)
	_, path := currentSource(t)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	stale := NewKernelSource("k", srchash.Lines(append([]byte("// an edit\n"), src...), 3, 4), path+":3-4")
	var warnings bytes.Buffer
	staleWarnings = &warnings
	t.Cleanup(func() { staleWarnings = os.Stderr })
	k, bodies, threads := countingKernel(t, stale)
	require.NoError(t, d.Launch(Config{Grid: Dim3{X: 2}, Block: Dim3{X: 8}}, k))
	assert.Zero(t, bodies.Load())
	assert.Equal(t, int64(16), threads.Load())
	assert.Contains(t, warnings.String(), "kernel k changed since gocuda compile")
	assert.Contains(t, warnings.String(), "go generate")
}

// TestCompiledBodyMayNotSynchronize: a body that reaches a barrier (a
// generator bug) fails the launch instead of corrupting the block.
func TestCompiledBodyMayNotSynchronize(t *testing.T) {
	d := newTestDevice(t)
	src, _ := currentSource(t)
	k := CompiledKernel(src, func(*Thread) {}, func(b *Block) { b.Thread().SyncThreads() })
	err := d.Launch(Config{Block: Dim3{X: 4}}, k)
	require.ErrorIs(t, err, ErrLaunchFailure)
	assert.Contains(t, err.Error(), "compiled kernel reached a barrier")
}

// TestWithRuntimePath: a device made WithRuntimePath runs compiled kernels
// per thread.
func TestWithRuntimePath(t *testing.T) {
	d, err := NewDevice(WithWorkers(2), WithRuntimePath())
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	assert.True(t, d.RuntimePath())
	src, _ := currentSource(t)
	k, bodies, threads := countingKernel(t, src)
	require.NoError(t, d.Launch(Config{Grid: Dim3{X: 3}, Block: Dim3{X: 4}}, k))
	assert.Zero(t, bodies.Load())
	assert.Equal(t, int64(12), threads.Load())
	assert.Equal(t, compiledOff, newTestDevice(t).RuntimePath(), "a plain device compiles unless GOCUDA_COMPILED=off")
}
