package compiled_test

import (
	"bytes"
	"io"
	"math"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compiledlink"
)

// countingKernel returns a compiled kernel whose body and per-thread
// forms count their calls.
func countingKernel(t *testing.T, src *compiled.Source) (k func(*gocuda.Thread), bodies, threads *atomic.Int64) {
	bodies, threads = new(atomic.Int64), new(atomic.Int64)
	body := func(b *compiled.Block) {
		bodies.Add(1)
		assert.Equal(t, b.Thread().BlockIdx, b.Index())
		assert.Equal(t, b.Thread().BlockDim, b.Dim())
		assert.Equal(t, b.Thread().GridDim, b.GridDim())
		assert.Equal(t, linear(b.GridDim(), b.Index()), b.Pos().Block)
		for i := range b.Len() {
			b.Enter(i)
			assert.Equal(t, i, b.Thread().ThreadRank())
			assert.Equal(t, b.At(i), b.Thread().ThreadIdx)
			assert.Equal(t, i, b.Pos().Thread)
		}
	}
	return compiled.Kernel(src, func(*gocuda.Thread) { threads.Add(1) }, body), bodies, threads
}

// TestKernelHandsOver: a compiled kernel runs its body once per block,
// and per thread with Config.RuntimePath.
func TestKernelHandsOver(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 5, Y: 2}, Block: gocuda.Dim3{X: 3, Y: 4, Z: 2}}
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
	needCompiled(t)
	d := newDevice(t)
	var warnings bytes.Buffer
	compiledlink.StaleWarnings = &warnings
	t.Cleanup(func() { compiledlink.StaleWarnings = os.Stderr })
	k, bodies, threads := countingKernel(t, staleSource(t))
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 8}}, k))
	assert.Zero(t, bodies.Load())
	assert.Equal(t, int64(16), threads.Load())
	assert.Contains(t, warnings.String(), "kernel k changed since gocuda compile")
	assert.Contains(t, warnings.String(), "go generate")
}

// TestSourceWithoutFiles: a Source whose files lack its lines (a
// generator bug) runs on the runtime path: it cannot be shown current.
func TestSourceWithoutFiles(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	compiledlink.StaleWarnings = io.Discard
	t.Cleanup(func() { compiledlink.StaleWarnings = os.Stderr })
	for _, src := range []*compiled.Source{
		compiled.NewSource(sourceFiles, "k", "no such hash", "absent.go:1-2"),
		compiled.NewSource(nil, "k", "no such hash", "k.go:3-4"),
	} {
		k, bodies, threads := countingKernel(t, src)
		require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 8}}, k))
		assert.Zero(t, bodies.Load())
		assert.Equal(t, int64(16), threads.Load())
	}
	assert.Panics(t, func() { compiled.NewSource(sourceFiles, "k", "h", "no-lines") })
	assert.Panics(t, func() { compiled.NewSource(sourceFiles, "k", "h", "k.go:x-y") })
}

// TestBodyMayNotSynchronize: a body that reaches a barrier (a generator
// bug) fails the launch instead of corrupting the block.
func TestBodyMayNotSynchronize(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	k := compiled.Kernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block) { b.Thread().SyncThreads() })
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, k)
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	assert.Contains(t, err.Error(), "compiled kernel reached a barrier")

	g := compiled.GridKernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block, lo, hi int) { b.Thread().SyncThreads() })
	err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 10}, Block: gocuda.Dim3{X: 4}}, g)
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	assert.Contains(t, err.Error(), "compiled kernel reached a barrier")
}

// TestWithRuntimePath: a device made WithRuntimePath runs compiled kernels
// per thread.
func TestWithRuntimePath(t *testing.T) {
	d := newDevice(t, gocuda.WithRuntimePath())
	assert.True(t, d.RuntimePath())
	src, _ := currentSource(t)
	k, bodies, threads := countingKernel(t, src)
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 4}}, k))
	assert.Zero(t, bodies.Load())
	assert.Equal(t, int64(12), threads.Load())
	off := os.Getenv("GOCUDA_COMPILED") == "off"
	assert.Equal(t, off, newDevice(t).RuntimePath(), "a plain device compiles unless GOCUDA_COMPILED=off")
}

// TestKernelPanicReportsPos: a panic in a body is reported at the block
// and thread its Pos names, whether the body moved the Thread there or
// not.
func TestKernelPanicReportsPos(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 3, Y: 2}, Block: gocuda.Dim3{X: 4, Y: 2}}
	k := compiled.Kernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block) {
		pos := b.Pos()
		for i := range b.Len() {
			pos.Thread = i // no Enter: the Thread stays at thread 0
			if b.Index() == (gocuda.Dim3{X: 2, Y: 1}) && i == 6 {
				panic("boom")
			}
		}
	})
	err := d.Launch(cfg, k)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, gocuda.Dim3{X: 2, Y: 1}, ke.Block)
	assert.Equal(t, gocuda.Dim3{X: 2, Y: 1}, ke.Thread, "rank 6 of a 4x2 block")
	assert.Equal(t, "boom", ke.Value)
	assert.Contains(t, ke.Site.Function, "TestKernelPanicReportsPos", "the body's frame, not the engine's")
	assert.ErrorIs(t, err, gocuda.ErrLaunchFailure)
}

// TestStrideRows: the chunks of any partition of a grid take every row of
// a flat loop once, in order, in shares that differ by at most a row per
// block; a loop to <= its limit has one element more, and an empty or
// negative span no rows.
func TestStrideRows(t *testing.T) {
	for _, blocks := range []int{1, 2, 3, 8, 37} {
		for _, span := range []int{-5, 0, 1, 255, 256, 257, 1 << 20} {
			for _, adj := range []int{0, 1} {
				rows := max(0, (span+adj+255)/256)
				next := 0
				for lo := 0; lo < blocks; {
					hi := min(blocks, lo+1+lo%3) // uneven chunks
					from, to := compiled.StrideRows(lo, hi, blocks, 256, span, adj)
					require.Equal(t, next, from, "blocks %d span %d chunk [%d,%d)", blocks, span, lo, hi)
					require.LessOrEqual(t, to-from, (hi-lo)*(rows/blocks+1))
					next, lo = to, hi
				}
				require.Equal(t, rows, next, "blocks %d span %d adj %d", blocks, span, adj)
			}
		}
	}
	from, to := compiled.StrideRows(0, 1, 1, 4, math.MaxInt, 1)
	assert.Equal(t, [2]int{0, math.MaxInt/4 + 1}, [2]int{from, to}, "a span at the ints' limit saturates")
}

// TestStaleKernelStrict: with GOCUDA_STRICT=1 a stale kernel's launch
// fails with ErrInvalidKernelImage instead of running on the runtime
// path. The engine reads the variable once, so the test runs itself again
// with it set.
func TestStaleKernelStrict(t *testing.T) {
	needCompiled(t)
	if os.Getenv("GOCUDA_STRICT") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStaleKernelStrict$", "-test.count=1")
		cmd.Env = append(os.Environ(), "GOCUDA_STRICT=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.NotContains(t, string(out), "no tests to run")
		return
	}
	d := newDevice(t)
	k, bodies, threads := countingKernel(t, staleSource(t))
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 8}}, k)
	require.ErrorIs(t, err, gocuda.ErrInvalidKernelImage)
	assert.Contains(t, err.Error(), "k.go:3: kernel k changed since gocuda compile")
	assert.Zero(t, bodies.Load())
	assert.Zero(t, threads.Load(), "no thread ran")

	fresh, _ := currentSource(t)
	k, bodies, _ = countingKernel(t, fresh)
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 8}}, k))
	assert.Equal(t, int64(2), bodies.Load())
}
