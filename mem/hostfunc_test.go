package mem_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// TestSyncMemoryCallsInHostFunc: a stream's host function that calls a
// synchronous memory operation, which would wait for the host function's
// own stream, gets an error wrapping gocuda.ErrNotPermitted at once and the
// memory is untouched; the asynchronous forms, which queue, work.
func TestSyncMemoryCallsInHostFunc(t *testing.T) {
	dev := newDevice(t)
	s := newStream(t, dev)
	buf, err := mem.Malloc[int32](dev, 4)
	require.NoError(t, err)
	defer buf.Free()
	c, err := mem.NewConstant[int32](dev, 4)
	require.NoError(t, err)
	defer c.Free()
	p, err := mem.MallocPitch[int32](dev, 2, 2)
	require.NoError(t, err)
	defer p.Free()
	host := []int32{1, 2, 3, 4}
	calls := map[string]func() error{
		"CopyFromHost":   func() error { return buf.CopyFromHost(host) },
		"CopyToHost":     func() error { return buf.CopyToHost(host) },
		"Copy":           func() error { return mem.Copy(buf, buf) },
		"Memset":         func() error { return buf.Memset(1) },
		"Fill":           func() error { return buf.Fill(7) },
		"Constant.Set":   func() error { return c.Set(host) },
		"CopyFromHost2D": func() error { return p.CopyFromHost2D(host, 2, 2, 2) },
		"Free":           func() error { return buf.Free() },
	}
	got := map[string]error{}
	var async error
	require.NoError(t, s.LaunchHostFunc(func() {
		for name, call := range calls {
			got[name] = call()
		}
		async = buf.CopyFromHostAsync(host, s)
	}))
	done := make(chan error)
	go func() { done <- s.Synchronize() }()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the host function hung")
	}
	require.NoError(t, err)
	for name := range calls {
		assert.ErrorIs(t, got[name], gocuda.ErrNotPermitted, name)
	}
	require.NoError(t, async, "an asynchronous copy queues behind the host function")
	out := make([]int32, 4)
	require.NoError(t, buf.CopyToHost(out), "the buffer was not freed")
	assert.Equal(t, host, out, "the queued copy ran")
}
