package gocuda_test

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func newStream(t *testing.T, d *gocuda.Device, opts ...gocuda.StreamOption) *gocuda.Stream {
	t.Helper()
	s, err := d.NewStream(opts...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// gate queues a host function on s that blocks the stream until the
// returned function is called.
func gate(t *testing.T, s *gocuda.Stream) (open func()) {
	t.Helper()
	ch := make(chan struct{})
	require.NoError(t, s.LaunchHostFunc(func() { <-ch }))
	var once sync.Once
	open = func() { once.Do(func() { close(ch) }) }
	t.Cleanup(open)
	return open
}

var one = gocuda.Config{}

// TestStreamOrderChain: 1000 dependent operations on one stream, each
// reading what the previous one wrote, end in the value a host loop computes.
func TestStreamOrderChain(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	s := newStream(t, d)
	x := []uint32{1}
	want := uint32(1)
	for i := range 1000 {
		k := uint32(i)
		if i%3 == 2 {
			require.NoError(t, s.LaunchHostFunc(func() { x[0] ^= k }))
			want ^= k
		} else {
			require.NoError(t, s.Launch(one, func(*gocuda.Thread) { x[0] = x[0]*3 + k }))
			want = want*3 + k
		}
	}
	require.NoError(t, s.Synchronize())
	assert.Equal(t, want, x[0])
}

// TestStreamsOverlap: two streams each run a kernel that waits for the
// other's progress flag; both can complete only if they run at once.
func TestStreamsOverlap(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	a, b := newStream(t, d), newStream(t, d)
	var flagA, flagB atomic.Bool
	waitFor := func(mine, theirs *atomic.Bool) func(*gocuda.Thread) {
		return func(*gocuda.Thread) {
			mine.Store(true)
			deadline := time.Now().Add(10 * time.Second)
			for !theirs.Load() {
				if time.Now().After(deadline) {
					panic("the other stream's kernel never ran")
				}
			}
		}
	}
	require.NoError(t, a.Launch(one, waitFor(&flagA, &flagB)))
	require.NoError(t, b.Launch(one, waitFor(&flagB, &flagA)))
	require.NoError(t, a.Synchronize())
	require.NoError(t, b.Synchronize())
}

func TestStreamQueryAndClose(t *testing.T) {
	d := newDevice(t)
	s, err := d.NewStream()
	require.NoError(t, err)
	require.NoError(t, s.Query(), "an empty stream is ready")
	open := gate(t, s)
	var ran atomic.Bool
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { ran.Store(true) }))
	require.ErrorIs(t, s.Query(), gocuda.ErrNotReady)
	assert.False(t, ran.Load(), "queued work ran before the gate opened")

	closed := make(chan error)
	go func() { closed <- s.Close() }()
	select {
	case <-closed:
		t.Fatal("Close returned with work pending")
	case <-time.After(20 * time.Millisecond): // Close must still be waiting for the gate
	}
	open()
	require.NoError(t, <-closed)
	assert.True(t, ran.Load(), "Close waits for queued work")

	require.ErrorIs(t, s.Launch(one, func(*gocuda.Thread) {}), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, s.LaunchHostFunc(func() {}), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, s.Close(), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, d.DefaultStream().Close(), gocuda.ErrInvalidResourceHandle)
}

// TestStreamErrors: configuration errors come back at once; a kernel's
// failure comes back from Synchronize, and the stream skips the work queued
// after it until then.
func TestStreamErrors(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	require.ErrorIs(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 2000}}, func(*gocuda.Thread) {}), gocuda.ErrInvalidConfiguration)
	require.ErrorIs(t, s.Launch(one, nil), gocuda.ErrInvalidConfiguration)
	require.ErrorIs(t, s.LaunchHostFunc(nil), gocuda.ErrInvalidValue)

	var after atomic.Int32
	data := make([]int, 4)
	require.NoError(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) { data[th.ThreadIdx.X]++ }))
	require.NoError(t, s.LaunchHostFunc(func() { after.Add(1) }))
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { after.Add(1) }))
	err := s.Synchronize()
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.ErrorIs(t, err, gocuda.ErrIllegalAddress)
	assert.Equal(t, gocuda.Dim3{X: 4, Y: 0, Z: 0}, ke.Thread)
	assert.Zero(t, after.Load(), "work queued after a failure is skipped")

	require.NoError(t, s.Synchronize(), "Synchronize reports an error once")
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { after.Add(1) }))
	require.NoError(t, s.Synchronize())
	assert.EqualValues(t, 1, after.Load())

	require.NoError(t, s.LaunchHostFunc(func() { panic("host boom") }))
	err = s.Synchronize()
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	assert.Contains(t, err.Error(), "host boom")
}

// TestDefaultStreamLegacy checks CUDA's legacy default stream: it waits for
// blocking streams' earlier work, blocking streams' later work waits for
// it, and non-blocking streams do not wait.
func TestDefaultStreamLegacy(t *testing.T) {
	d := newDevice(t)
	blocking, other, nonBlocking := newStream(t, d), newStream(t, d), newStream(t, d, gocuda.StreamNonBlocking())
	def := d.DefaultStream()
	var log []string
	var mu sync.Mutex
	note := func(s string) func() { return func() { mu.Lock(); log = append(log, s); mu.Unlock() } }

	open := gate(t, blocking)
	require.NoError(t, blocking.LaunchHostFunc(note("blocking")))
	require.NoError(t, def.LaunchHostFunc(note("default")))
	require.NoError(t, other.LaunchHostFunc(note("other")))
	require.NoError(t, nonBlocking.LaunchHostFunc(note("nonBlocking")))
	require.NoError(t, nonBlocking.Synchronize(), "a non-blocking stream does not wait for the default stream")
	require.ErrorIs(t, def.Query(), gocuda.ErrNotReady)
	require.ErrorIs(t, other.Query(), gocuda.ErrNotReady, "a blocking stream waits for the default stream")
	open()
	require.NoError(t, d.Synchronize())
	assert.Equal(t, []string{"nonBlocking", "blocking", "default", "other"}, log)
}

// TestWaitEvent: work queued after WaitEvent waits for the event's record on
// another stream, and only for that record.
func TestWaitEvent(t *testing.T) {
	d := newDevice(t)
	a, b := newStream(t, d, gocuda.StreamNonBlocking()), newStream(t, d, gocuda.StreamNonBlocking())
	e, err := d.NewEvent()
	require.NoError(t, err)
	require.NoError(t, b.WaitEvent(e), "waiting for an event never recorded is a no-op")
	require.NoError(t, b.Synchronize())

	open := gate(t, a)
	var order []string
	require.NoError(t, a.LaunchHostFunc(func() { order = append(order, "a") }))
	require.NoError(t, e.Record(a))
	require.NoError(t, b.WaitEvent(e))
	require.NoError(t, b.LaunchHostFunc(func() { order = append(order, "b") }))
	require.ErrorIs(t, b.Query(), gocuda.ErrNotReady)
	open()
	require.NoError(t, b.Synchronize())
	assert.Equal(t, []string{"a", "b"}, order)
}

// TestManyStreamsManyGoroutines: 16 goroutines, each with 8 streams of 1000
// operations that check and advance a per-stream counter, so every result
// and the order within each stream are verified.
func TestManyStreamsManyGoroutines(t *testing.T) {
	d := newDevice(t)
	ops := 1000
	if raceEnabled {
		ops = 200
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			counters := make([]int, 8)
			streams := make([]*gocuda.Stream, 8)
			for i := range streams {
				s, err := d.NewStream()
				if !assert.NoError(t, err) {
					return
				}
				streams[i] = s
			}
			for k := range ops {
				for i, s := range streams {
					check := func() error {
						if counters[i] != k {
							return fmt.Errorf("goroutine %d stream %d: op %d saw %d", g, i, k, counters[i])
						}
						counters[i]++
						return nil
					}
					var err error
					if k%2 == 0 {
						err = s.Launch(one, func(*gocuda.Thread) {
							if e := check(); e != nil {
								panic(e)
							}
						})
					} else {
						err = s.LaunchHostFunc(func() {
							if e := check(); e != nil {
								panic(e)
							}
						})
					}
					assert.NoError(t, err)
				}
			}
			for i, s := range streams {
				assert.NoError(t, s.Close())
				assert.Equal(t, ops, counters[i])
			}
		})
	}
	wg.Wait()
}

// TestDeviceSynchronize waits for every stream and reports their errors.
func TestDeviceSynchronize(t *testing.T) {
	d := newDevice(t)
	streams := []*gocuda.Stream{newStream(t, d), newStream(t, d), d.DefaultStream()}
	var n atomic.Int32
	for _, s := range streams {
		require.NoError(t, s.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 10}, Block: gocuda.Dim3{X: 10}}, func(*gocuda.Thread) { n.Add(1) }))
	}
	require.NoError(t, d.Synchronize())
	assert.EqualValues(t, 300, n.Load())

	boom := errors.New("boom")
	require.NoError(t, streams[1].Launch(one, func(*gocuda.Thread) { panic(boom) }))
	require.ErrorIs(t, d.Synchronize(), boom)
	require.NoError(t, d.Synchronize())
}

// TestDeviceCloseDrainsStreams: Close waits for queued work and returns its
// unreported error; afterwards streams and events cannot be made or used.
func TestDeviceCloseDrainsStreams(t *testing.T) {
	d, err := gocuda.NewDevice()
	require.NoError(t, err)
	s, err := d.NewStream()
	require.NoError(t, err)
	var ran atomic.Int32
	for range 50 {
		require.NoError(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(*gocuda.Thread) { ran.Add(1) }))
	}
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { panic("last") }))
	require.ErrorIs(t, d.Close(), gocuda.ErrLaunchFailure)
	assert.EqualValues(t, 50*32, ran.Load())

	_, err = d.NewStream()
	require.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
	_, err = d.NewEvent()
	require.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
	require.ErrorIs(t, d.DefaultStream().Launch(one, func(*gocuda.Thread) {}), gocuda.ErrContextIsDestroyed)
}
