package compiled_test

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/probelink"
)

// gridCounter is a GridKernel that counts, per linear block, the threads
// its body or its per-thread form runs, and the body calls.
type gridCounter struct {
	t       *testing.T
	grid    gocuda.Dim3
	threads []atomic.Int64 // per linear block
	bodies  atomic.Int64
	blocks  atomic.Int64 // blocks run by bodies
	perCall atomic.Int64 // per-thread calls
}

func newGridCounter(t *testing.T, cfg gocuda.Config) *gridCounter {
	g := cfg.Grid
	g.X, g.Y, g.Z = max(g.X, 1), max(g.Y, 1), max(g.Z, 1)
	return &gridCounter{t: t, grid: g, threads: make([]atomic.Int64, g.X*g.Y*g.Z)}
}

func (c *gridCounter) kernel(src *compiled.Source) func(*gocuda.Thread) {
	t := c.t
	perThread := func(th *gocuda.Thread) {
		c.perCall.Add(1)
		c.threads[linear(th.GridDim, th.BlockIdx)].Add(1)
	}
	body := func(b *compiled.Block, lo, hi int) {
		c.bodies.Add(1)
		c.blocks.Add(int64(hi - lo))
		assert.Less(t, lo, hi)
		assert.Equal(t, c.grid, b.GridDim())
		pos := b.Pos()
		for blk := lo; blk < hi; blk++ {
			if b.Stopped() {
				return
			}
			b.EnterBlock(blk)
			assert.Equal(t, blk, pos.Block)
			assert.Equal(t, b.Index(), b.Thread().BlockIdx)
			if !assert.Equal(t, blk, linear(b.GridDim(), b.Index()), "block %d's index", blk) {
				return
			}
			for i := range b.Len() {
				pos.Thread = i
				c.threads[blk].Add(1)
			}
		}
	}
	return compiled.GridKernel(src, perThread, body)
}

// check asserts that every block ran exactly its threads once.
func (c *gridCounter) check(threadsPerBlock int) {
	for blk := range c.threads {
		if !assert.EqualValues(c.t, threadsPerBlock, c.threads[blk].Load(), "threads of block %d", blk) {
			return
		}
	}
}

// TestGridKernelRunsEveryBlockOnce: a GridKernel body runs chunks of
// blocks, which together cover every block of 1D, 2D and 3D grids exactly
// once, with one body call per chunk.
func TestGridKernelRunsEveryBlockOnce(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	for name, cfg := range map[string]gocuda.Config{
		"1D":       {Grid: gocuda.Dim3{X: 1000}, Block: gocuda.Dim3{X: 32}},
		"2D":       {Grid: gocuda.Dim3{X: 37, Y: 23}, Block: gocuda.Dim3{X: 8, Y: 4}},
		"3D":       {Grid: gocuda.Dim3{X: 7, Y: 5, Z: 11}, Block: gocuda.Dim3{X: 4, Y: 2, Z: 3}},
		"1 block":  {Block: gocuda.Dim3{X: 5}},
		"2 blocks": {Grid: gocuda.Dim3{Z: 2}, Block: gocuda.Dim3{X: 1}},
	} {
		t.Run(name, func(t *testing.T) {
			c := newGridCounter(t, cfg)
			require.NoError(t, d.Launch(cfg, c.kernel(src)))
			perBlock := max(cfg.Block.X, 1) * max(cfg.Block.Y, 1) * max(cfg.Block.Z, 1)
			c.check(perBlock)
			blocks := int64(len(c.threads))
			assert.Equal(t, blocks, c.blocks.Load())
			assert.Zero(t, c.perCall.Load())
			if blocks >= 100 {
				assert.Less(t, c.bodies.Load(), blocks/4, "one body call per chunk, not per block")
			}

			cfg.RuntimePath = true // the reference
			c = newGridCounter(t, cfg)
			require.NoError(t, d.Launch(cfg, c.kernel(src)))
			c.check(perBlock)
			assert.Zero(t, c.bodies.Load())
			assert.Equal(t, blocks*int64(perBlock), c.perCall.Load())
		})
	}
}

// TestGridKernelRuntimePath: Config.RuntimePath, WithRuntimePath, a stale
// Source and an instrumented build run a GridKernel per thread.
func TestGridKernelRuntimePath(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 20, Y: 3}, Block: gocuda.Dim3{X: 6}}
	src, _ := currentSource(t)
	run := func(t *testing.T, d *gocuda.Device, cfg gocuda.Config, src *compiled.Source) {
		c := newGridCounter(t, cfg)
		require.NoError(t, d.Launch(cfg, c.kernel(src)))
		c.check(6)
		assert.Zero(t, c.bodies.Load())
		assert.EqualValues(t, 20*3*6, c.perCall.Load())
	}
	t.Run("Config.RuntimePath", func(t *testing.T) {
		cfg := cfg
		cfg.RuntimePath = true
		run(t, newDevice(t), cfg, src)
	})
	t.Run("WithRuntimePath", func(t *testing.T) {
		run(t, newDevice(t, gocuda.WithRuntimePath()), cfg, src)
	})
	t.Run("stale", func(t *testing.T) {
		quiet(t)
		run(t, newDevice(t), cfg, staleSource(t))
	})
	t.Run("instrumented", func(t *testing.T) {
		probelink.Set(nopObserver{})
		defer probelink.Set(nil)
		run(t, newDevice(t), cfg, src)
	})
}

// TestGridKernelPanicReportsPos: a panic in a GridKernel body names the
// block and thread stored in Pos, not those of the Thread.
func TestGridKernelPanicReportsPos(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 5, Y: 4, Z: 3}, Block: gocuda.Dim3{X: 4, Y: 4}}
	const failBlock, failThread = 37, 9 // block (2,3,1); thread (1,2,0)
	for name, f := range map[string]func(){
		"panic": func() { panic(errors.New("boom")) },
		"index": func() { var s []int; _ = s[failThread] },
	} {
		t.Run(name, func(t *testing.T) {
			k := compiled.GridKernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block, lo, hi int) {
				pos := b.Pos()
				for blk := lo; blk < hi; blk++ {
					pos.Block = blk // no EnterBlock: the Thread stays where it was
					for i := range b.Len() {
						pos.Thread = i
						if blk == failBlock && i == failThread {
							f()
						}
					}
				}
			})
			err := d.Launch(cfg, k)
			var ke *gocuda.KernelError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, gocuda.Dim3{X: 2, Y: 3, Z: 1}, ke.Block)
			assert.Equal(t, gocuda.Dim3{X: 1, Y: 2}, ke.Thread)
			assert.Contains(t, ke.Site.Function, "TestGridKernelPanicReportsPos")
			if name == "index" {
				assert.ErrorIs(t, err, gocuda.ErrIllegalAddress)
			} else {
				assert.ErrorIs(t, err, gocuda.ErrLaunchFailure)
			}
		})
	}

	// A Pos out of range (a generator bug) still reports a block and
	// thread of the launch.
	k := compiled.GridKernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block, lo, hi int) {
		*b.Pos() = compiled.Pos{Block: -1, Thread: 1 << 20}
		panic("lost")
	})
	err := d.Launch(cfg, k)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Less(t, linear(cfg.Grid, ke.Block), 60)
	assert.Equal(t, gocuda.Dim3{}, ke.Thread)
}

// TestGridKernelCancel: cancelling LaunchContext stops a GridKernel body
// that checks Stopped, however long it would otherwise run.
func TestGridKernelCancel(t *testing.T) {
	needCompiled(t)
	d := newDevice(t)
	src, _ := currentSource(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{}, 64)
	k := compiled.GridKernel(src, func(*gocuda.Thread) {}, func(b *compiled.Block, lo, hi int) {
		started <- struct{}{}
		for !b.Stopped() { // a body that would loop forever
			time.Sleep(time.Millisecond)
		}
	})
	go func() {
		<-started
		cancel()
	}()
	err := d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 1000}, Block: gocuda.Dim3{X: 64}}, k)
	require.ErrorIs(t, err, context.Canceled)
}

// quiet discards the stale-kernel warnings of t.
func quiet(t *testing.T) {
	old := compiledlink.StaleWarnings
	t.Cleanup(func() { compiledlink.StaleWarnings = old })
	compiledlink.StaleWarnings = io.Discard
}

// nopObserver is an instrumented build's observer that observes nothing.
type nopObserver struct{}

func (nopObserver) LaunchStart(*probelink.Launch)                       {}
func (nopObserver) LaunchEnd(*probelink.Launch, error)                  {}
func (nopObserver) BlockStart(*probelink.Block)                         {}
func (nopObserver) BlockEnd(*probelink.Block)                           {}
func (nopObserver) UndefinedShuffle(*probelink.Block, int, int, string) {}
func (nopObserver) Alloc(unsafe.Pointer, int, string)                   {}
func (nopObserver) Free(unsafe.Pointer, int)                            {}
func (nopObserver) HostWrite(unsafe.Pointer, int)                       {}
