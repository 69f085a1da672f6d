package gocuda_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// A barrierFailure is a kernel that fails while other threads of its block
// wait at a barrier, with the thread that must be reported.
type barrierFailure struct {
	name   string
	block  gocuda.Dim3
	thread gocuda.Dim3 // the failing thread
	// kernel runs in every block; fail is called by the failing thread of
	// block failBlock; after is called by code no thread may reach.
	kernel func(th *gocuda.Thread, fail, after func())
}

var barrierFailures = []barrierFailure{
	{"driver-after-barrier", gocuda.Dim3{X: 128}, gocuda.Dim3{X: 0}, func(th *gocuda.Thread, fail, after func()) {
		th.SyncThreads() // thread 0 is the first here: the driver
		if th.ThreadIdx.X == 0 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"coroutine-after-barrier", gocuda.Dim3{X: 128}, gocuda.Dim3{X: 37}, func(th *gocuda.Thread, fail, after func()) {
		th.SyncThreads()
		if th.ThreadIdx.X == 37 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"last-thread-before-first-barrier", gocuda.Dim3{X: 128}, gocuda.Dim3{X: 127}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X == 127 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"middle-thread-before-first-barrier", gocuda.Dim3{X: 300}, gocuda.Dim3{X: 150}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X == 150 {
			fail()
		}
		th.SyncThreadsCount(true)
		after()
	}},
	{"thread0-returns-driver-1-fails", gocuda.Dim3{X: 64}, gocuda.Dim3{X: 1}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X == 0 {
			return
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 1 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"threads-below-100-skip-driver-fails", gocuda.Dim3{X: 256}, gocuda.Dim3{X: 100}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X < 100 {
			return
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 100 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"threads-below-100-skip-coroutine-fails", gocuda.Dim3{X: 256}, gocuda.Dim3{X: 200}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X < 100 {
			return
		}
		th.SyncThreads()
		th.SyncThreads()
		if th.ThreadIdx.X == 200 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"driver-returned-coroutine-fails", gocuda.Dim3{X: 64}, gocuda.Dim3{X: 50}, func(th *gocuda.Thread, fail, after func()) {
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			return // the worker now drives the coroutines
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 50 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"2D-block", gocuda.Dim3{X: 8, Y: 6, Z: 2}, gocuda.Dim3{X: 3, Y: 2, Z: 1}, func(th *gocuda.Thread, fail, after func()) {
		th.SyncThreadsOr(false)
		if th.ThreadIdx == (gocuda.Dim3{X: 3, Y: 2, Z: 1}) {
			fail()
		}
		th.SyncThreadsAnd(true)
		after()
	}},
	{"driver-recovers", gocuda.Dim3{X: 64}, gocuda.Dim3{X: 9}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X == 0 {
			defer func() { recover() }() // swallows the failure it is woken with
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 9 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
	{"everyone-else-recovers", gocuda.Dim3{X: 64}, gocuda.Dim3{X: 20}, func(th *gocuda.Thread, fail, after func()) {
		if th.ThreadIdx.X != 20 {
			defer func() { recover() }()
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 20 {
			fail()
		}
		th.SyncThreads()
		after()
	}},
}

// TestPanicAtBarrier: a thread fails while the others of its block wait at
// a barrier. The launch returns the failing thread's error at once, no
// thread passes the barrier, and the device runs a good launch right after.
func TestPanicAtBarrier(t *testing.T) {
	failBlock := gocuda.Dim3{X: 1, Y: 1}
	grid := gocuda.Dim3{X: 3, Y: 2}
	for _, workers := range []int{1, 2} {
		d := newDevice(t, gocuda.WithWorkers(workers))
		for _, tc := range barrierFailures {
			for _, how := range []string{"panic", "index"} {
				t.Run(fmt.Sprintf("workers=%d/%s/%s", workers, tc.name, how), func(t *testing.T) {
					n := size(tc.block)
					var passed atomic.Int64
					runs := make([]atomic.Int32, size(grid)*n)
					var line int
					data := []int{1, 2, 3}
					err := d.Launch(gocuda.Config{Grid: grid, Block: tc.block}, func(th *gocuda.Thread) {
						runs[globalID(th)].Add(1)
						fail := func() {}
						if th.BlockIdx == failBlock {
							fail = func() {
								if how == "panic" {
									here(&line)
									panic("boom")
								}
								data[th.ThreadIdx.X+3+here(&line)]++
							}
						}
						tc.kernel(th, fail, func() {
							if th.BlockIdx == failBlock {
								passed.Add(1)
							}
						})
					})
					wantLine := line
					if how == "panic" {
						wantLine++
					}
					ke := checkKernelError(t, err, failBlock, tc.thread, wantLine)
					if how == "panic" {
						require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
						require.Equal(t, "boom", ke.Value)
					} else {
						require.ErrorIs(t, err, gocuda.ErrIllegalAddress)
					}
					require.Zero(t, passed.Load(), "threads of the failed block passed the barrier")
					for i := range runs {
						require.LessOrEqualf(t, runs[i].Load(), int32(1), "thread %d ran twice", i)
					}
					require.NoError(t, saxpy(d, 3000, 1.5, 2, true), "the device fails after the failed launch")
				})
			}
		}
	}
}

// deadlocks are kernels whose threads wait at different barrier kinds; want
// lists the waiting threads of a 64-thread (8×8 in the 2D case) block.
var deadlocks = []struct {
	name   string
	block  gocuda.Dim3
	kernel func(th *gocuda.Thread, i int, after func())
	want   func(i int) string // barrier thread i waits at, "" for none
}{
	{"halves", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		if i < 32 {
			th.SyncThreads()
		} else {
			th.SyncThreadsCount(true)
		}
		after()
	}, func(i int) string {
		if i < 32 {
			return "SyncThreads"
		}
		return "SyncThreadsCount"
	}},
	{"even-odd-and-or", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		if i%2 == 0 {
			th.SyncThreadsAnd(true)
		} else {
			th.SyncThreadsOr(true)
		}
		after()
	}, func(i int) string {
		if i%2 == 0 {
			return "SyncThreadsAnd"
		}
		return "SyncThreadsOr"
	}},
	{"one-odd-thread-out", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		if i == 63 {
			th.SyncThreadsCount(false)
		} else {
			th.SyncThreads()
		}
		after()
	}, func(i int) string {
		if i == 63 {
			return "SyncThreadsCount"
		}
		return "SyncThreads"
	}},
	{"2D", gocuda.Dim3{X: 8, Y: 8}, func(th *gocuda.Thread, i int, after func()) {
		if th.ThreadIdx.Y == 0 {
			th.SyncThreadsOr(false)
		} else {
			th.SyncThreads()
		}
		after()
	}, func(i int) string {
		if i < 8 {
			return "SyncThreadsOr"
		}
		return "SyncThreads"
	}},
	{"some-returned", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		switch {
		case i < 10:
			return
		case i < 20:
			th.SyncThreads()
		default:
			th.SyncThreadsCount(true)
		}
		after()
	}, func(i int) string {
		switch {
		case i < 10:
			return ""
		case i < 20:
			return "SyncThreads"
		}
		return "SyncThreadsCount"
	}},
	{"last-returns", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		switch {
		case i == 63:
			return // its exit completes the mismatched barrier
		case i < 32:
			th.SyncThreads()
		default:
			th.SyncThreadsCount(true)
		}
		after()
	}, func(i int) string {
		switch {
		case i == 63:
			return ""
		case i < 32:
			return "SyncThreads"
		}
		return "SyncThreadsCount"
	}},
	{"second-barrier", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		th.SyncThreads()
		if i%3 == 0 {
			th.SyncThreadsAnd(true)
		} else {
			th.SyncThreads()
		}
		after()
	}, func(i int) string {
		if i%3 == 0 {
			return "SyncThreadsAnd"
		}
		return "SyncThreads"
	}},
	{"driver-returned", gocuda.Dim3{X: 64}, func(th *gocuda.Thread, i int, after func()) {
		th.SyncThreads()
		if i == 0 {
			return
		}
		th.SyncThreads()
		if i < 40 {
			th.SyncThreads()
		} else {
			th.SyncThreadsOr(true)
		}
		after()
	}, func(i int) string {
		switch {
		case i == 0:
			return ""
		case i < 40:
			return "SyncThreads"
		}
		return "SyncThreadsOr"
	}},
}

func TestDeadlock(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const grid = 4
	failBlock := gocuda.Dim3{X: 2}
	for _, tc := range deadlocks {
		t.Run(tc.name, func(t *testing.T) {
			block := norm(tc.block)
			var want []gocuda.WaitingThread
			for i := range size(block) {
				if b := tc.want(i); b != "" {
					want = append(want, gocuda.WaitingThread{
						Thread:  gocuda.Dim3{X: i % block.X, Y: i / block.X % block.Y, Z: i / (block.X * block.Y)},
						Barrier: b,
					})
				}
			}
			var passed, blocksRun atomic.Int64
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: tc.block}, func(th *gocuda.Thread) {
				i := lin(th.ThreadIdx, th.BlockDim)
				if i == 0 {
					blocksRun.Add(1)
				}
				if th.BlockIdx != failBlock {
					th.SyncThreads()
					return
				}
				tc.kernel(th, i, func() { passed.Add(1) })
			})
			require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)
			var de *gocuda.DeadlockError
			require.ErrorAs(t, err, &de)
			require.Equal(t, failBlock, de.Block)
			require.Equal(t, want, de.Waiting)
			require.Zero(t, passed.Load(), "threads passed the mismatched barrier")
			require.EqualValues(t, 3, blocksRun.Load(), "with one worker, the blocks after the deadlock must not start")
			groups := map[string]int{}
			for _, w := range want {
				groups[w.Barrier]++
			}
			for name, count := range groups {
				require.Contains(t, err.Error(), fmt.Sprintf("%d at %s (", count, name))
			}
			require.Contains(t, err.Error(), fmt.Sprintf("block %v", failBlock))
			require.NoError(t, saxpy(d, 2000, 2, 3, true))
		})
	}
}

// TestPanicStopsGrid: once a block fails, no further block starts.
func TestPanicStopsGrid(t *testing.T) {
	blocks := 1 << 16
	for _, barrier := range []bool{false, true} {
		t.Run(fmt.Sprintf("workers=1/barrier=%v", barrier), func(t *testing.T) {
			d := newDevice(t, gocuda.WithWorkers(1))
			var ran atomic.Int64
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
				if th.ThreadIdx.X == 0 {
					ran.Add(1)
				}
				if barrier {
					th.SyncThreads()
				}
				if th.BlockIdx.X == 0 && th.ThreadIdx.X == 5 {
					panic("first block fails")
				}
			})
			require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
			require.EqualValues(t, 1, ran.Load(), "blocks started after the failed one")
		})
	}
	t.Run("workers=4", func(t *testing.T) {
		// Other workers keep running blocks until the failure is recorded,
		// which on a loaded machine can take tens of milliseconds: blocks
		// that last 200µs after block 0 fails keep that window far below
		// half the grid (about 100 ms here), so the assertion below is not
		// a race against the scheduler.
		d := newDevice(t, gocuda.WithWorkers(4))
		blocks := 1 << 12
		failing := make(chan struct{})
		var ran atomic.Int64
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
			if th.BlockIdx.X == 0 {
				if th.ThreadIdx.X == 0 {
					close(failing)
				}
				panic("first block fails")
			}
			if th.ThreadIdx.X == 0 {
				ran.Add(1)
				<-failing
				time.Sleep(200 * time.Microsecond)
			}
		})
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke)
		require.Equal(t, gocuda.Dim3{}, ke.Block)
		require.Less(t, ran.Load(), int64(blocks/2))
		t.Logf("%d of %d blocks ran", ran.Load(), blocks)
	})
}
