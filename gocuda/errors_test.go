package gocuda_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func here(line *int) int {
	_, _, *line, _ = runtime.Caller(1)
	return 0
}

// checkKernelError checks that err is a *KernelError of the given thread
// raised at line of the calling test's file (where its kernel is).
func checkKernelError(t *testing.T, err error, block, thread gocuda.Dim3, line int) *gocuda.KernelError {
	t.Helper()
	_, caller, _, _ := runtime.Caller(1)
	file := filepath.Base(caller)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Equal(t, block, ke.Block, "Block")
	assert.Equal(t, thread, ke.Thread, "Thread")
	assert.Equal(t, file, filepath.Base(ke.Site.File), "Site %+v", ke.Site)
	if line != 0 {
		assert.Equal(t, line, ke.Site.Line, "Site.Line")
	}
	assert.NotEmpty(t, ke.Stack)
	assert.Contains(t, string(ke.Stack), file)
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
		{"length-disagrees-in-a-loop", gocuda.Config{}, func(th *gocuda.Thread) {
			for i := range 2 {
				k := n
				if i == 1 && th.ThreadIdx.X == 40 {
					k = 2 * n
				}
				gocuda.Shared[float32](th, k)
				th.SyncThreads()
			}
		}, true, 40},
		{"extra-call-is-fine", gocuda.Config{}, func(th *gocuda.Thread) {
			gocuda.Shared[float32](th, n)
			if th.ThreadIdx.X == 9 {
				gocuda.Shared[float64](th, n) // another place: another allocation
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
