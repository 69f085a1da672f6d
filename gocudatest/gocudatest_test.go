package gocudatest_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m, gocudatest.IgnoreDefaultDevice()) }

func TestWatch(t *testing.T) {
	boom := errors.New("boom")
	err, ok := gocudatest.Watch(time.Second, func() error { return boom })
	assert.True(t, ok)
	assert.ErrorIs(t, err, boom)

	err, ok = gocudatest.Watch(time.Second, func() error { panic("host bug") })
	assert.True(t, ok)
	assert.ErrorContains(t, err, "host code panicked: host bug")

	release := make(chan struct{})
	_, ok = gocudatest.Watch(10*time.Millisecond, func() error { <-release; return nil })
	assert.False(t, ok, "a call that does not return in time")
	close(release)
}

// TestPaths: the runtime subtest's device runs on the runtime path, the
// compiled one's does not.
func TestPaths(t *testing.T) {
	seen := map[string]bool{}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		seen[t.Name()] = dev.RuntimePath()
	}, gocuda.WithWorkers(2))
	assert.Equal(t, map[string]bool{"TestPaths/compiled": false, "TestPaths/runtime": true}, seen)
}

func TestEqualAndClose(t *testing.T) {
	assert.NoError(t, gocudatest.Equal([]int{1, 2}, []int{1, 2}))
	assert.EqualError(t, gocudatest.Equal([]int{1, 3}, []int{1, 2}), "element 1 = 3, want 2")
	assert.EqualError(t, gocudatest.Equal([]int{1}, []int{1, 2}), "1 elements, want 2")
	assert.NoError(t, gocudatest.Close([]float32{1, 2.0000001}, []float32{1, 2}, 1e-6))
	assert.ErrorContains(t, gocudatest.Close([]float64{1, 2.1}, []float64{1, 2}, 1e-3), "element 1 = 2.1, want 2")
}

// reverse reverses each block's values through shared memory, with or
// without the barrier between the writes and the reads.
func reverse(in, out []int32, barrier bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		n, i := t.BlockDim.X, t.ThreadIdx.X
		s := gocuda.Shared[int32](t, n)
		s[i] = in[i]
		if barrier {
			t.SyncThreads()
		}
		out[i] = s[n-1-i]
	}
}

// TestOrdersExposeMissingBarrier: a kernel missing its barrier fails in at
// least one of the orders; with the barrier it passes in both.
func TestOrdersExposeMissingBarrier(t *testing.T) {
	dev := gocudatest.NewDevice(t, gocuda.WithWorkers(2))
	in := []int32{1, 2, 3, 4, 5, 6, 7, 8}
	want := []int32{8, 7, 6, 5, 4, 3, 2, 1}
	for _, barrier := range []bool{true, false} {
		failed := 0
		for _, o := range gocudatest.Orders {
			out := make([]int32, len(in))
			err := gocudatest.Within(t, time.Minute, func() error {
				return dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: len(in)}}, o.Wrap(reverse(in, out, barrier)))
			})
			if err != nil || gocudatest.Equal(out, want) != nil {
				failed++
			}
		}
		assert.Equal(t, barrier, failed == 0, fmt.Sprintf("barrier %v: failed in %d orders", barrier, failed))
	}
}

func TestExplain(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	err := dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) {
		if t.ThreadIdx.X == 0 {
			t.SyncThreads()
		}
		t.SyncThreadsCount(true)
	})
	require.Error(t, err)
	assert.Contains(t, gocudatest.Explain(err), "barrier")
	var s []int
	err = dev.Launch(gocuda.Config{}, func(*gocuda.Thread) { s[3] = 1 })
	assert.Contains(t, gocudatest.Explain(err), "out of range")
	assert.Equal(t, "no error.", gocudatest.Explain(nil))
}
