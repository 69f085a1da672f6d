package gocuda_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// A nesting is a way for a kernel to launch a child grid: with
// Device.Launch, from a thread on the worker goroutine or, after a barrier,
// on a fiber; or with Stream.Launch, synchronous inside a kernel.
type nesting struct {
	name    string
	barrier bool // the launching thread is the block's last, after a SyncThreads
	launch  func(d *gocuda.Device, s *gocuda.Stream, cfg gocuda.Config, k func(*gocuda.Thread)) error
}

var nestings = []nesting{
	{"Device.Launch", false, func(d *gocuda.Device, _ *gocuda.Stream, cfg gocuda.Config, k func(*gocuda.Thread)) error {
		return d.Launch(cfg, k)
	}},
	{"Device.Launch on a fiber", true, func(d *gocuda.Device, _ *gocuda.Stream, cfg gocuda.Config, k func(*gocuda.Thread)) error {
		return d.Launch(cfg, k)
	}},
	{"Stream.Launch", false, func(_ *gocuda.Device, s *gocuda.Stream, cfg gocuda.Config, k func(*gocuda.Thread)) error {
		return s.Launch(cfg, k)
	}},
}

// treeCfg is the grid of every launch of a launch tree: 2 blocks of 4
// threads.
var treeCfg = gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 4}}

// treeThreads is the number of threads a launch tree levels deep below its
// root grid runs: the root's 8, and a subtree per block.
func treeThreads(levels int) int64 {
	if levels < 0 {
		return 0
	}
	return 8 + 2*treeThreads(levels-1)
}

// treeKernel is a kernel of a launch tree, depth levels deep below it: one
// thread of each block launches the next level with nest.launch, then
// checks that the child grid and all of its descendants have run, and adds
// their count to n. Before launching, it calls ready (the root's
// rendezvous).
func treeKernel(d *gocuda.Device, s *gocuda.Stream, nest nesting, depth int, n *atomic.Int64, ready func()) func(*gocuda.Thread) {
	return func(th *gocuda.Thread) {
		n.Add(1)
		leader := th.ThreadIdx.X == 0
		if nest.barrier {
			th.SyncThreads()
			leader = th.ThreadIdx.X == th.BlockDim.X-1
		}
		if depth == 0 || !leader {
			return
		}
		ready()
		var sub atomic.Int64
		if err := nest.launch(d, s, treeCfg, treeKernel(d, s, nest, depth-1, &sub, func() {})); err != nil {
			panic(err)
		}
		if want := treeThreads(depth - 1); sub.Load() != want {
			panic(fmt.Errorf("child grid returned after %d of its tree's %d threads", sub.Load(), want))
		}
		n.Add(sub.Load())
	}
}

// TestNestedLaunchDepth: kernels launch kernels nine levels deep, with every
// worker running a root block that launches (the root blocks meet before
// launching), on one and two workers. Each child grid, with its own
// children, completes before the launch that made it returns.
func TestNestedLaunchDepth(t *testing.T) {
	const depth = 9
	for _, workers := range []int{1, 2} {
		for _, nest := range nestings {
			t.Run(fmt.Sprintf("workers=%d/%s", workers, nest.name), func(t *testing.T) {
				d := newDevice(t, gocuda.WithWorkers(workers))
				s := newStream(t, d)
				var meet sync.WaitGroup
				meet.Add(workers)
				ready := func() { meet.Done(); meet.Wait() } // every worker is inside a root block
				var n atomic.Int64
				root := gocuda.Config{Grid: gocuda.Dim3{X: workers}, Block: treeCfg.Block}
				require.NoError(t, d.Launch(root, treeKernel(d, s, nest, depth, &n, ready)))
				assert.Equal(t, int64(workers)*treeThreads(depth)/2, n.Load())
				require.NoError(t, d.Synchronize(), "nothing was left on the stream")
			})
		}
	}
}

// TestNestedLaunchFromCooperative: a block of a cooperative launch, which
// runs on a goroutine of its own, launches a child grid between two grid
// barriers; every thread of the grid sees the child's writes after the
// second.
func TestNestedLaunchFromCooperative(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const blocks, threads = 4, 64
	child := make([]int, blocks*threads)
	var wrong atomic.Int64
	err := d.LaunchCooperative(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}, func(th *gocuda.Thread) {
		th.SyncGrid()
		if th.ThreadIdx.X == 1 { // on a fiber of the block
			b := th.BlockIdx.X
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: threads}}, func(c *gocuda.Thread) {
				child[b*threads+c.ThreadIdx.X] = b + c.ThreadIdx.X
			})
			if err != nil {
				panic(err)
			}
		}
		th.SyncGrid()
		for i, v := range child {
			if v != i/threads+i%threads {
				wrong.Add(1)
			}
		}
	})
	require.NoError(t, err)
	assert.Zero(t, wrong.Load())
}

// TestNestedLaunchInStream: a kernel queued on a stream launches child grids
// with Device.Launch and with Stream.Launch on its own stream. Neither waits
// for the stream (which holds the kernel itself); both run before the
// kernel ends, so the stream's next kernel sees their writes.
func TestNestedLaunchInStream(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	for _, s := range []*gocuda.Stream{d.DefaultStream(), newStream(t, d)} {
		x := make([]int, 2)
		require.NoError(t, s.Launch(one, func(*gocuda.Thread) {
			if err := d.Launch(one, func(*gocuda.Thread) { x[0] = 1 }); err != nil {
				panic(err)
			}
			if err := s.Launch(one, func(*gocuda.Thread) { x[1] = x[0] + 1 }); err != nil {
				panic(err)
			}
		}))
		got := make([]int, 2)
		require.NoError(t, s.Launch(one, func(*gocuda.Thread) { copy(got, x) }))
		require.NoError(t, s.Synchronize())
		assert.Equal(t, []int{1, 2}, got)
	}
}

// TestNestedLaunchAcrossDevices: kernels of two one-worker devices launch
// on each other, alternating, eight deep.
func TestNestedLaunchAcrossDevices(t *testing.T) {
	devs := []*gocuda.Device{newDevice(t, gocuda.WithWorkers(1)), newDevice(t, gocuda.WithWorkers(1))}
	var ran atomic.Int64
	var kernel func(level int) func(*gocuda.Thread)
	kernel = func(level int) func(*gocuda.Thread) {
		return func(*gocuda.Thread) {
			ran.Add(1)
			if level < 8 {
				if err := devs[(level+1)%2].Launch(one, kernel(level+1)); err != nil {
					panic(err)
				}
			}
		}
	}
	require.NoError(t, devs[0].Launch(one, kernel(0)))
	assert.EqualValues(t, 9, ran.Load())
}

// TestNestedLaunchError: a child grid's failure is its launch's error,
// returned to the launching thread and naming the child's failing block and
// thread; the parent goes on. A parent that fails with it reports both.
func TestNestedLaunchError(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	data := make([]int, 4)
	childCfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 8}}
	child := func(th *gocuda.Thread) {
		if th.BlockIdx.X == 3 && th.ThreadIdx.X == 5 {
			data[len(data)+th.ThreadIdx.X]++
		}
	}
	var childErr error
	require.NoError(t, d.Launch(one, func(*gocuda.Thread) { childErr = d.Launch(childCfg, child) }))
	var ke *gocuda.KernelError
	require.ErrorAs(t, childErr, &ke)
	assert.Equal(t, gocuda.Dim3{X: 3}, ke.Block)
	assert.Equal(t, gocuda.Dim3{X: 5}, ke.Thread)
	assert.ErrorIs(t, childErr, gocuda.ErrIllegalAddress)

	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}}, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 1 {
			if err := d.Launch(childCfg, child); err != nil {
				panic(err)
			}
		}
	})
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, gocuda.Dim3{X: 1}, ke.Block, "the parent's failing block")
	assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, "the child's error is in the chain")
	assert.Contains(t, err.Error(), "block (3,0,0) thread (5,0,0)")
}

// TestNestedLaunchCancel: a nested launch with a done context runs nothing,
// and one cancelled by its own child grid stops starting blocks.
func TestNestedLaunchCancel(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const blocks = 1 << 16
	nested := func(ctx context.Context, first func()) (int64, error) {
		var ran atomic.Int64
		var err error
		require.NoError(t, d.Launch(one, func(*gocuda.Thread) {
			err = d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: blocks}}, func(th *gocuda.Thread) {
				ran.Add(1)
				if th.BlockIdx.X == 0 {
					first()
				}
			})
		}))
		return ran.Load(), err
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran, err := nested(ctx, func() {})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, ran)

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	ran, err = nested(ctx, cancel)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, ran, int64(blocks), "blocks kept starting after the cancellation")
}

// TestNestedLaunchGoexit: runtime.Goexit in a child grid ends the launching
// goroutine, as it would a host launch's worker: the parent's launch fails,
// and the device still works.
func TestNestedLaunchGoexit(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 7 {
			_ = d.Launch(one, func(*gocuda.Thread) { runtime.Goexit() })
		}
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.NoError(t, saxpy(d, 1000, 2, 3, true))
}

// TestHostOnlyInsideKernel: calls that would wait for the calling kernel
// itself return ErrNotPermitted from inside one, whether the kernel was
// launched synchronously or on the stream the call waits for, instead of
// hanging; and they leave the device, streams and events working.
func TestHostOnlyInsideKernel(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	other := newDevice(t, gocuda.WithWorkers(1))
	s := newStream(t, d)
	e := newEvent(t, d)
	calls := map[string]func() error{
		"Device.Close":               d.Close,
		"another Device.Close":       other.Close,
		"Device.Synchronize":         d.Synchronize,
		"Stream.Synchronize":         s.Synchronize,
		"default Stream.Synchronize": d.DefaultStream().Synchronize,
		"Stream.Close":               s.Close,
		"Event.Synchronize":          e.Synchronize,
		"Device.LaunchCooperative": func() error {
			return d.LaunchCooperative(one, func(*gocuda.Thread) {})
		},
		"Stream.LaunchCooperative": func() error {
			return s.LaunchCooperative(one, func(*gocuda.Thread) {})
		},
	}
	launches := map[string]func(k func(*gocuda.Thread)) error{
		"Device.Launch": func(k func(*gocuda.Thread)) error { return d.Launch(one, k) },
		"Stream.Launch": func(k func(*gocuda.Thread)) error {
			require.NoError(t, e.Record(s))
			if err := s.Launch(one, k); err != nil {
				return err
			}
			require.NoError(t, e.Record(s)) // behind the kernel
			return s.Synchronize()
		},
	}
	for lname, launch := range launches {
		for name, call := range calls {
			t.Run(lname+"/"+name, func(t *testing.T) {
				var err error
				require.NoError(t, launch(func(*gocuda.Thread) { err = call() }))
				assert.ErrorIs(t, err, gocuda.ErrNotPermitted)
			})
		}
	}
	var ran bool
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { ran = true }))
	require.NoError(t, e.Record(s))
	require.NoError(t, e.Synchronize())
	assert.True(t, ran, "the stream still runs work")
	require.NoError(t, other.Launch(one, func(*gocuda.Thread) {}), "the other device is open")
}

// TestNestedLaunchClosedStream: Stream.Launch inside a kernel on a closed
// stream fails as it does on the host.
func TestNestedLaunchClosedStream(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	s, err := d.NewStream()
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, d.Launch(one, func(*gocuda.Thread) {
		err = s.Launch(one, func(*gocuda.Thread) {})
	}))
	assert.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle)
	assert.False(t, errors.Is(err, gocuda.ErrNotPermitted))
}

// TestNestedLaunchWhileClosing: Close waits for running launches, and a
// running kernel's nested launches (and NewEvent) still work while Close
// waits: they take no lock that Close holds or waits for. A kernel of another device cannot
// launch on a closed device.
func TestNestedLaunchWhileClosing(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	closed := make(chan error)
	var childRan bool
	err = d.Launch(one, func(*gocuda.Thread) {
		go func() { closed <- d.Close() }()
		for { // until Close has closed the streams; it then waits for this launch
			if _, err := d.NewStream(); err != nil {
				break
			}
		}
		if err := d.Launch(one, func(*gocuda.Thread) { childRan = true }); err != nil {
			panic(err)
		}
		if _, err := d.NewEvent(); err != nil {
			panic(err)
		}
	})
	require.NoError(t, err)
	assert.True(t, childRan)
	require.NoError(t, <-closed)

	other := newDevice(t, gocuda.WithWorkers(1))
	require.NoError(t, other.Launch(one, func(*gocuda.Thread) { err = d.Launch(one, func(*gocuda.Thread) {}) }))
	assert.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
}
