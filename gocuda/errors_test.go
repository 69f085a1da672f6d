package gocuda_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

func TestInvalidConfiguration(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	ok := func(*gocuda.Thread) {}
	tests := []struct {
		name   string
		cfg    gocuda.Config
		kernel func(*gocuda.Thread)
	}{
		{"grid.X<0", gocuda.Config{Grid: gocuda.Dim3{X: -1}}, ok},
		{"grid.Y<0", gocuda.Config{Grid: gocuda.Dim3{Y: -1}}, ok},
		{"grid.Z<0", gocuda.Config{Grid: gocuda.Dim3{Z: -5}}, ok},
		{"block.X<0", gocuda.Config{Block: gocuda.Dim3{X: -1}}, ok},
		{"block.Y<0", gocuda.Config{Block: gocuda.Dim3{X: 4, Y: -2}}, ok},
		{"block.Z<0", gocuda.Config{Block: gocuda.Dim3{Z: -1}}, ok},
		{"block-32x33", gocuda.Config{Block: gocuda.Dim3{X: 32, Y: 33, Z: 1}}, ok},
		{"block-1025", gocuda.Config{Block: gocuda.Dim3{X: 1025}}, ok},
		{"block-16x8x9", gocuda.Config{Block: gocuda.Dim3{X: 16, Y: 8, Z: 9}}, ok},
		{"block.X>1024", gocuda.Config{Block: gocuda.Dim3{X: 2048, Y: 0, Z: 0}}, ok},
		{"block.Y>1024", gocuda.Config{Block: gocuda.Dim3{Y: 1025}}, ok},
		{"block.Z>64", gocuda.Config{Block: gocuda.Dim3{Z: 65}}, ok},
		{"grid.X>2^31-1", gocuda.Config{Grid: gocuda.Dim3{X: 1 << 31}}, ok},
		{"grid.Y>65535", gocuda.Config{Grid: gocuda.Dim3{Y: 65536}}, ok},
		{"grid.Z>65535", gocuda.Config{Grid: gocuda.Dim3{Z: 65536}}, ok},
		{"huge", gocuda.Config{Grid: gocuda.Dim3{X: 1 << 62}, Block: gocuda.Dim3{X: 1 << 62}}, ok},
		{"nil-kernel", gocuda.Config{}, nil},
		{"nil-kernel-with-bad-dims", gocuda.Config{Block: gocuda.Dim3{X: 5000}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ran atomic.Int64
			kernel := tc.kernel
			if kernel != nil {
				kernel = func(*gocuda.Thread) { ran.Add(1) }
			}
			err := d.Launch(tc.cfg, kernel)
			require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration)
			require.NotErrorIs(t, err, gocuda.ErrInvalidValue)
			require.Zero(t, ran.Load(), "the kernel ran")
		})
	}
}

// TestLimitsAreValid launches configurations at CUDA's limits. Those too big
// to run are launched with a cancelled context: validation comes first, so
// a valid one fails with context.Canceled and runs nothing.
func TestLimitsAreValid(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []gocuda.Config{
		{Block: gocuda.Dim3{X: 1024}},
		{Block: gocuda.Dim3{Y: 1024}},
		{Block: gocuda.Dim3{Z: 64}},
		{Block: gocuda.Dim3{X: 16, Y: 1, Z: 64}},
		{Block: gocuda.Dim3{X: 32, Y: 32, Z: 1}},
		{Grid: gocuda.Dim3{X: gocuda.MaxGridDimX}},
		{Grid: gocuda.Dim3{X: gocuda.MaxGridDimX, Y: gocuda.MaxGridDimY, Z: gocuda.MaxGridDimZ}, Block: gocuda.Dim3{X: 1024}},
		{Grid: gocuda.Dim3{Y: 65535}},
		{Grid: gocuda.Dim3{Z: 65535}},
		{SharedMem: gocuda.SharedMemPerBlock},
		{SharedMem: gocuda.SharedMemPerBlockOptin, MaxSharedMem: gocuda.SharedMemPerBlockOptin},
	}
	for _, cfg := range tests {
		var ran atomic.Int64
		err := d.LaunchContext(cancelled, cfg, func(*gocuda.Thread) { ran.Add(1) })
		require.ErrorIsf(t, err, context.Canceled, "config %+v", cfg)
		require.Zero(t, ran.Load())
	}
	// Small ones at the limits run.
	for _, cfg := range []gocuda.Config{
		{Grid: gocuda.Dim3{Y: 65535}},
		{Grid: gocuda.Dim3{Z: 65535}},
		{Block: gocuda.Dim3{Z: 64}},
		{Block: gocuda.Dim3{Y: 1024}},
	} {
		var ran atomic.Int64
		require.NoError(t, d.Launch(cfg, func(*gocuda.Thread) { ran.Add(1) }))
		require.EqualValues(t, size(cfg.Grid)*size(cfg.Block), ran.Load())
	}
}

func TestSharedMemConfig(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	tests := []struct {
		name          string
		shared, max   int
		wantLen       int // len(DynamicShared[byte]) if valid
		wantErr       error
		wantRunsAfter bool
	}{
		{"48K", gocuda.SharedMemPerBlock, 0, gocuda.SharedMemPerBlock, nil, true},
		{"48K+1", gocuda.SharedMemPerBlock + 1, 0, 0, gocuda.ErrInvalidValue, false},
		{"negative", -1, 0, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-100K", 100 << 10, 100 << 10, 100 << 10, nil, true},
		{"opt-in-100K-over", 100<<10 + 1, 100 << 10, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-max", gocuda.SharedMemPerBlockOptin, gocuda.SharedMemPerBlockOptin, gocuda.SharedMemPerBlockOptin, nil, true},
		{"opt-in-above-max", 0, gocuda.SharedMemPerBlockOptin + 1, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-negative", 0, -1, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-lowers-limit", 2048, 1024, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-lower-ok", 1024, 1024, 1024, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ran atomic.Int64
			var got atomic.Int64
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 2}, SharedMem: tc.shared, MaxSharedMem: tc.max}
			err := d.Launch(cfg, func(th *gocuda.Thread) {
				ran.Add(1)
				got.Store(int64(len(gocuda.DynamicShared[byte](th))))
			})
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				require.NotErrorIs(t, err, gocuda.ErrInvalidConfiguration)
				var ke *gocuda.KernelError
				require.False(t, errors.As(err, &ke), "a configuration error is not a kernel error")
				require.Zero(t, ran.Load())
				return
			}
			require.NoError(t, err)
			require.EqualValues(t, 4, ran.Load())
			require.EqualValues(t, tc.wantLen, got.Load())
		})
	}
}

// here returns 0 and stores its caller's line in *line, so that a kernel
// can record the line of a faulting expression.
func here(line *int) int {
	_, _, *line, _ = runtime.Caller(1)
	return 0
}

// checkKernelError checks that err is a *KernelError of the given thread
// raised at line of this file.
func checkKernelError(t *testing.T, err error, block, thread gocuda.Dim3, line int) *gocuda.KernelError {
	t.Helper()
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, block, ke.Block, "Block")
	assert.Equal(t, thread, ke.Thread, "Thread")
	assert.Equal(t, "errors_test.go", filepath.Base(ke.Site.File), "Site %+v", ke.Site)
	if line != 0 {
		assert.Equal(t, line, ke.Site.Line, "Site.Line")
	}
	assert.NotEmpty(t, ke.Stack)
	assert.Contains(t, string(ke.Stack), "errors_test.go")
	assert.Contains(t, err.Error(), fmt.Sprintf("block %v thread %v", block, thread))
	return ke
}

func TestKernelErrorIllegalAddress(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	grid, block := gocuda.Dim3{X: 3, Y: 2}, gocuda.Dim3{X: 4, Y: 4, Z: 2}
	failB, failT := gocuda.Dim3{X: 2, Y: 1, Z: 0}, gocuda.Dim3{X: 3, Y: 1, Z: 1}
	data := make([]int, 10)
	var nilPtr *struct{ V int }
	faults := []struct {
		name  string
		fault func(line *int)
	}{
		{"index", func(line *int) { data[len(data)+here(line)]++ }},
		{"slice", func(line *int) { _ = data[:len(data)+1+here(line)] }},
		{"nil", func(line *int) { nilPtr.V = here(line) }},
	}
	for _, f := range faults {
		for _, barrier := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/barrier=%v", f.name, barrier), func(t *testing.T) {
				var line int
				err := d.Launch(gocuda.Config{Grid: grid, Block: block}, func(th *gocuda.Thread) {
					if barrier {
						th.SyncThreads()
					}
					if th.BlockIdx == failB && th.ThreadIdx == failT {
						f.fault(&line)
					}
					if barrier {
						th.SyncThreads()
					}
				})
				require.ErrorIs(t, err, gocuda.ErrIllegalAddress)
				require.NotErrorIs(t, err, gocuda.ErrLaunchFailure)
				ke := checkKernelError(t, err, failB, failT, line)
				var re runtime.Error
				require.ErrorAs(t, err, &re, "the panic value is the runtime error")
				require.Equal(t, ke.Value, re)
				require.NotZero(t, line)
				require.NoError(t, saxpy(d, 1000, 2, 1, barrier))
			})
		}
	}
}

type codeError struct{ code int }

func (e *codeError) Error() string { return fmt.Sprintf("code %d", e.code) }

func TestKernelErrorPanicValues(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	sentinel := errors.New("custom failure")
	tests := []struct {
		name  string
		value any
		check func(t *testing.T, err error)
	}{
		{"string", "boom", func(t *testing.T, err error) {}},
		{"int", 42, func(t *testing.T, err error) {}},
		{"sentinel", sentinel, func(t *testing.T, err error) {
			require.ErrorIs(t, err, sentinel)
		}},
		{"wrapped", fmt.Errorf("context: %w", sentinel), func(t *testing.T, err error) {
			require.ErrorIs(t, err, sentinel)
		}},
		{"typed", &codeError{7}, func(t *testing.T, err error) {
			var ce *codeError
			require.ErrorAs(t, err, &ce)
			require.Equal(t, 7, ce.code)
		}},
		{"gocuda-sentinel", gocuda.ErrInvalidValue, func(t *testing.T, err error) {
			require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		}},
		{"nil", nil, func(t *testing.T, err error) {
			var pe *runtime.PanicNilError // panic(nil) is an error since Go 1.21
			require.ErrorAs(t, err, &pe)
		}},
	}
	for _, tc := range tests {
		for _, barrier := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/barrier=%v", tc.name, barrier), func(t *testing.T) {
				var line int
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 5}, Block: gocuda.Dim3{X: 64}}, func(th *gocuda.Thread) {
					if barrier {
						th.SyncThreads()
					}
					if th.BlockIdx.X == 3 && th.ThreadIdx.X == 33 {
						here(&line)
						panic(tc.value)
					}
				})
				require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
				require.NotErrorIs(t, err, gocuda.ErrIllegalAddress)
				ke := checkKernelError(t, err, gocuda.Dim3{X: 3}, gocuda.Dim3{X: 33}, line+1)
				require.ErrorIs(t, ke.Err, gocuda.ErrLaunchFailure)
				if tc.value != nil {
					require.Equal(t, tc.value, ke.Value)
					require.Contains(t, err.Error(), fmt.Sprint(tc.value))
				}
				tc.check(t, err)
			})
		}
	}
}

func TestSharedMemoryMisuse(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const n = 64
	tests := []struct {
		name      string
		cfg       gocuda.Config
		kernel    func(th *gocuda.Thread)
		wantError bool
		thread    int // failing thread
	}{
		{"static-48K", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, gocuda.SharedMemPerBlock)
		}, false, 0},
		{"static-over-48K", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[float64](th, gocuda.SharedMemPerBlock/8+1)
		}, true, 0},
		{"static-sum-over-48K", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[float32](th, 6000)
			gocuda.Shared[[16]float32](th, 400) // 24000 + 25600 bytes
		}, true, 0},
		{"static-plus-dynamic", gocuda.Config{SharedMem: 16 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, 32<<10)
		}, false, 0},
		{"static-plus-dynamic-over", gocuda.Config{SharedMem: 16 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, 32<<10+1)
		}, true, 0},
		// As in CUDA, opting in raises the limit of static plus dynamic
		// shared memory; static allocations alone stay within 48 KiB.
		{"static-opt-in-stays-48K", gocuda.Config{MaxSharedMem: 100 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, gocuda.SharedMemPerBlock+1)
		}, true, 0},
		{"static-opt-in-with-dynamic", gocuda.Config{MaxSharedMem: 100 << 10, SharedMem: 52 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, gocuda.SharedMemPerBlock)
		}, false, 0},
		{"static-opt-in-with-dynamic-over", gocuda.Config{MaxSharedMem: 100 << 10, SharedMem: 52 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, gocuda.SharedMemPerBlock+1)
		}, true, 0},
		{"dynamic-opt-in-over-with-static", gocuda.Config{MaxSharedMem: 100 << 10, SharedMem: 100 << 10}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, 1)
		}, true, 0},
		{"negative-length", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[byte](th, -1)
		}, true, 0},
		{"length-disagrees", gocuda.Config{}, func(th *gocuda.Thread) {
			k := n
			if th.ThreadIdx.X == 5 {
				k = n + 1
			}
			gocuda.Shared[float32](th, k)
		}, true, 5},
		{"type-disagrees", gocuda.Config{}, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == 7 {
				gocuda.Shared[int32](th, n) // same size, other type
				return
			}
			gocuda.Shared[float32](th, n)
		}, true, 7},
		{"second-call-disagrees-after-barrier", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[float32](th, n)
			th.SyncThreads()
			if th.ThreadIdx.X != 40 {
				gocuda.Shared[[2]float32](th, n)
			}
			th.SyncThreads() // thread 40 calls after all the others
			if th.ThreadIdx.X == 40 {
				gocuda.Shared[float64](th, n)
			}
		}, true, 40},
		{"extra-call-is-fine", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[float32](th, n)
			if th.ThreadIdx.X == 9 {
				gocuda.Shared[float32](th, n) // establishes allocation 1
			}
		}, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.Grid, tc.cfg.Block = gocuda.Dim3{X: 3}, gocuda.Dim3{X: n}
			err := d.Launch(tc.cfg, tc.kernel)
			if !tc.wantError {
				require.NoError(t, err)
				return
			}
			require.True(t, errorsIsShared(err), "want a *KernelError wrapping ErrInvalidValue, got %v", err)
			require.NotErrorIs(t, err, gocuda.ErrLaunchFailure)
			var ke *gocuda.KernelError
			require.ErrorAs(t, err, &ke)
			require.Equal(t, gocuda.Dim3{}, ke.Block)
			require.Equal(t, gocuda.Dim3{X: tc.thread}, ke.Thread)
			require.NotEmpty(t, ke.Stack)
			require.Contains(t, string(ke.Stack), "errors_test.go")
		})
	}
}

// TestSharedMemoryMisuseSite: KernelError.Site is documented as "the
// kernel's frame that raised the panic"; for a misuse of Shared that is the
// kernel's call of Shared, not the panic statement inside package gocuda.
func TestSharedMemoryMisuseSite(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	var line int
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
		n := 8
		if th.ThreadIdx.X == 3 {
			n = 9
		}
		gocuda.Shared[float32](th, n+here(&line))
	})
	require.True(t, errorsIsShared(err), "got %v", err)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	require.Equal(t, gocuda.Dim3{X: 3}, ke.Thread)
	assert.Equal(t, "errors_test.go", filepath.Base(ke.Site.File), "Site = %s:%d, want the kernel's call of Shared", ke.Site.File, ke.Site.Line)
	assert.Equal(t, line, ke.Site.Line)
}

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
		d := newDevice(t, gocuda.WithWorkers(4))
		blocks := 1 << 18
		var ran atomic.Int64
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == 0 {
				ran.Add(1)
			}
			if th.BlockIdx.X == 0 {
				panic("first block fails")
			}
		})
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke)
		require.Equal(t, gocuda.Dim3{}, ke.Block)
		require.Less(t, ran.Load(), int64(blocks/2))
		t.Logf("%d of %d blocks ran", ran.Load(), blocks)
	})
}

func TestClosedDevice(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	require.NoError(t, saxpy(d, 100, 1, 1, true))
	require.NoError(t, d.Close())
	var ran atomic.Int64
	kernel := func(*gocuda.Thread) { ran.Add(1) }
	require.ErrorIs(t, d.Launch(gocuda.Config{}, kernel), gocuda.ErrContextIsDestroyed)
	require.ErrorIs(t, d.LaunchContext(context.Background(), gocuda.Config{Grid: gocuda.Dim3{X: 10}}, kernel), gocuda.ErrContextIsDestroyed)
	require.Zero(t, ran.Load())
	require.ErrorIs(t, d.Close(), gocuda.ErrContextIsDestroyed)
	require.ErrorIs(t, d.Close(), gocuda.ErrContextIsDestroyed)
}

// TestCloseWaitsForLaunch: a launch running when Close is called finishes
// every block; launches after Close fail.
func TestCloseWaitsForLaunch(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	started, release := make(chan struct{}), make(chan struct{})
	const blocks = 64
	var ran atomic.Int64
	launched := make(chan error)
	go func() {
		launched <- d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
			if th.BlockIdx.X == 0 && th.ThreadIdx.X == 0 {
				close(started)
				<-release
			}
			th.SyncThreads()
			ran.Add(1)
		})
	}()
	<-started
	closed := make(chan error)
	go func() { closed <- d.Close() }()
	close(release)
	require.NoError(t, <-launched)
	require.NoError(t, <-closed)
	require.EqualValues(t, blocks*8, ran.Load())
	require.ErrorIs(t, d.Launch(gocuda.Config{}, func(*gocuda.Thread) {}), gocuda.ErrContextIsDestroyed)
}

func TestWithWorkersInvalid(t *testing.T) {
	for _, n := range []int{0, -1, -100} {
		d, err := gocuda.NewDevice(gocuda.WithWorkers(n))
		require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		require.Nil(t, d)
	}
}

// goexitKernels call runtime.Goexit (what t.FailNow does) from a kernel
// thread: on the direct path, from the block's driver after a barrier and
// from coroutine threads.
var goexitKernels = []struct {
	name   string
	kernel func(th *gocuda.Thread)
}{
	{"thread0-direct", func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 0 {
			runtime.Goexit()
		}
	}},
	{"later-thread-direct", func(th *gocuda.Thread) {
		if th.BlockIdx.X == 1 && th.ThreadIdx.X == 17 {
			runtime.Goexit()
		}
	}},
	{"driver-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 40 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"last-coroutine-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == th.BlockDim.X-1 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-before-barrier", func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 30 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-after-driver-returned", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			return
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 3 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
}

func TestGoexitInKernel(t *testing.T) {
	for _, workers := range []int{1, 2} {
		for _, tc := range goexitKernels {
			t.Run(fmt.Sprintf("workers=%d/%s", workers, tc.name), func(t *testing.T) {
				defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
				d, err := gocuda.NewDevice(gocuda.WithWorkers(workers))
				require.NoError(t, err)
				for range 2 {
					err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
					require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
					require.Contains(t, err.Error(), "Goexit")
					require.NoError(t, saxpy(d, 5000, 2, 4, true), "the device fails after Goexit")
					require.NoError(t, saxpy(d, 5000, 2, 4, false))
				}
				// Close right after a Goexit, with no launch in between.
				err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
				require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
				require.NoError(t, d.Close())
			})
		}
	}
}

// TestNoLeaks runs good and failing launches of every kind on a device and
// closes it: no goroutine (worker, coroutine, context watcher) survives.
func TestNoLeaks(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(3))
	require.NoError(t, err)

	require.NoError(t, saxpy(d, 10000, 2, 1, false))
	require.NoError(t, saxpy(d, 10000, 2, 1, true))
	require.NoError(t, matMulTiled(d, make([]float32, 40*30), make([]float32, 30*20), make([]float32, 40*20), 40, 30, 20))

	// A panic at a barrier and a deadlock, in many blocks.
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 40}, Block: gocuda.Dim3{X: 256}}
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 100 && th.BlockIdx.X%7 == 3 {
			panic("at barrier")
		}
		th.SyncThreads()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		if th.ThreadIdx.X%2 == 0 {
			th.SyncThreads()
		} else {
			th.SyncThreadsCount(true)
		}
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)

	// Cancellation and configuration errors.
	ctx, cancel := context.WithCancel(context.Background())
	err = d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 1 << 16}}, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 0 {
			cancel()
		}
	})
	_ = err // cancelled, or finished first: both leave nothing behind
	err = d.LaunchContext(ctx, cfg, func(*gocuda.Thread) {})
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorIs(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4096}}, func(*gocuda.Thread) {}), gocuda.ErrInvalidConfiguration)

	// A failed launch's suspended coroutines are released by Close even if
	// no launch runs after it.
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.BlockIdx.X == 5 && th.ThreadIdx.X == 0 {
			panic("last launch")
		}
		th.SyncThreads()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.NoError(t, d.Close())
}

// TestNoLeaksConcurrentFailures: concurrent launches that fail at barriers
// leave nothing behind after Close.
func TestNoLeaksConcurrentFailures(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 5 {
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 16}, Block: gocuda.Dim3{X: 100}}, func(th *gocuda.Thread) {
					th.SyncThreads()
					if (g+k)%2 == 0 && th.BlockIdx.X == 9 && th.ThreadIdx.X == 99 {
						panic(fs.ErrClosed)
					}
					th.SyncThreads()
				})
				if (g+k)%2 == 0 {
					assert.ErrorIs(t, err, fs.ErrClosed)
				} else {
					assert.NoError(t, err)
				}
			}
		})
	}
	wg.Wait()
	require.NoError(t, d.Close())
}

// TestKernelErrorString: the message names the CUDA error, the thread and
// the panic value; a shared-memory misuse does not repeat its value.
func TestKernelErrorString(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 4}}, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 1 && th.ThreadIdx.X == 2 {
			panic("boom")
		}
	})
	require.Error(t, err)
	msg := err.Error()
	require.True(t, strings.HasPrefix(msg, gocuda.ErrLaunchFailure.Error()), msg)
	require.Contains(t, msg, "block (1,0,0) thread (2,0,0)")
	require.Contains(t, msg, "boom")
	require.Contains(t, msg, "errors_test.go:")
}

// TestGoexitConcurrentWithGoodLaunches: a worker lost to runtime.Goexit is
// replaced while other launches share the device; they all complete.
func TestGoexitConcurrentWithGoodLaunches(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 6 {
				if g == 0 {
					tc := goexitKernels[k%len(goexitKernels)]
					err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
					assert.ErrorIs(t, err, gocuda.ErrLaunchFailure, tc.name)
					continue
				}
				assert.NoError(t, saxpy(d, 4000+g*100+k, 3, uint64(g*10+k), k%2 == 1))
			}
		})
	}
	wg.Wait()
	require.NoError(t, saxpy(d, 10000, 3, 1, true))
	require.NoError(t, d.Close())
}
