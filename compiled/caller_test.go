package compiled_test

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/srchash"
)

// onStack reports whether a function whose name contains name is on the
// calling goroutine's stack: whether a body runs on the goroutine of the
// test that launched it.
func onStack(name string) bool {
	pcs := make([]uintptr, 128)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, name) {
			return true
		}
		if !more {
			return false
		}
	}
}

// placeKernel returns a compiled kernel of src whose body counts the
// blocks it runs on the goroutine of the test named test and elsewhere,
// and whose per-thread form counts its calls.
func placeKernel(src *compiled.Source, test string) (k func(*gocuda.Thread), here, away, threads *atomic.Int64) {
	here, away, threads = new(atomic.Int64), new(atomic.Int64), new(atomic.Int64)
	body := func(*compiled.Block) {
		if onStack(test) {
			here.Add(1)
		} else {
			away.Add(1)
		}
	}
	return compiled.Kernel(src, func(*gocuda.Thread) { threads.Add(1) }, body), here, away, threads
}

// calledLines writes a file of a function the kernel calls, and returns
// its span and hash.
func calledLines(t *testing.T) (span, hash string) {
	return "called.go:3-4", srchash.Lines(sourceFiles["called.go"].Data, 3, 4)
}

// TestNoGoexitRunsOnCaller: a launch whose blocks make one chunk runs a
// kernel marked NoGoexit on the launching goroutine; more blocks, or an
// unmarked kernel, go to the workers.
func TestNoGoexitRunsOnCaller(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	one := gocuda.Config{Block: gocuda.Dim3{X: 64}}
	src, _ := currentSource(t)
	span, hash := calledLines(t)
	k, here, away, _ := placeKernel(src.NoGoexit(hash, span), "TestNoGoexitRunsOnCaller")
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, [2]int64{1, 0}, [2]int64{here.Load(), away.Load()}, "one block, on the caller")

	many := gocuda.Config{Grid: gocuda.Dim3{X: 256}, Block: gocuda.Dim3{X: 64}}
	k, here, away, _ = placeKernel(src, "TestNoGoexitRunsOnCaller")
	require.NoError(t, d.Launch(many, k))
	assert.Equal(t, [2]int64{0, 256}, [2]int64{here.Load(), away.Load()}, "chunks for every worker")

	plain, _ := currentSource(t)
	k, here, away, _ = placeKernel(plain, "TestNoGoexitRunsOnCaller")
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, [2]int64{0, 1}, [2]int64{here.Load(), away.Load()}, "not marked: on a worker")

	g := compiled.GridKernel(src, func(*gocuda.Thread) {}, func(_ *compiled.Block, lo, hi int) {
		assert.True(t, onStack("TestNoGoexitRunsOnCaller"), "a grid kernel's one chunk, on the caller")
	})
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, g))
}

// TestNoGoexitChangedCalls: once the lines of a function the kernel calls
// change, its launches go to the workers again, still compiled, with no
// warning; a stale kernel and the runtime path never run on the caller.
func TestNoGoexitChangedCalls(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	var warnings bytes.Buffer
	compiledlink.StaleWarnings = &warnings
	t.Cleanup(func() { compiledlink.StaleWarnings = os.Stderr })
	one := gocuda.Config{Block: gocuda.Dim3{X: 8}}
	src, _ := currentSource(t)
	span, _ := calledLines(t)
	k, here, away, threads := placeKernel(src.NoGoexit("an older hash", span), "TestNoGoexitChangedCalls")
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, [3]int64{0, 1, 0}, [3]int64{here.Load(), away.Load(), threads.Load()}, "compiled, on a worker")
	assert.Empty(t, warnings.String())

	_, hash := calledLines(t)
	k, here, away, threads = placeKernel(staleSource(t).NoGoexit(hash), "TestNoGoexitChangedCalls")
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, [3]int64{0, 0, 8}, [3]int64{here.Load(), away.Load(), threads.Load()}, "stale: the runtime path")

	fresh, _ := currentSource(t)
	k, here, away, threads = placeKernel(fresh.NoGoexit(hash), "TestNoGoexitChangedCalls")
	one.RuntimePath = true
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, [3]int64{0, 0, 8}, [3]int64{here.Load(), away.Load(), threads.Load()}, "Config.RuntimePath")
}

// TestNoGoexitOnCallerFails: on the caller, a panic is the launch's
// KernelError as on a worker, cancellation stops the launch, and a
// nested launch runs.
func TestNoGoexitOnCallerFails(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	src.NoGoexit(srchash.Sum())
	one := gocuda.Config{Block: gocuda.Dim3{X: 4}}
	k := compiled.Kernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block) {
		b.Pos().Thread = 3
		panic("boom")
	})
	err := d.Launch(one, k)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, gocuda.Dim3{X: 3}, ke.Thread)
	assert.Equal(t, "boom", ke.Value)
	assert.Contains(t, ke.Site.Function, "TestNoGoexitOnCallerFails")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var ran atomic.Bool
	k = compiled.Kernel(src, func(*gocuda.Thread) {}, func(*compiled.Block) { ran.Store(true) })
	require.ErrorIs(t, d.LaunchContext(ctx, one, k), context.Canceled)
	assert.False(t, ran.Load())

	var child atomic.Int64
	k = compiled.Kernel(src, func(*gocuda.Thread) {}, func(*compiled.Block) {
		assert.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 2}},
			func(*gocuda.Thread) { child.Add(1) }))
	})
	require.NoError(t, d.Launch(one, k))
	assert.Equal(t, int64(6), child.Load(), "the nested launch's threads")
}
