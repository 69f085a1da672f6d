package gocuda_test

import (
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// faultyWriter is a Printf output that misbehaves while armed: it panics
// with panicValue, or calls runtime.Goexit if goexit is set.
type faultyWriter struct {
	armed      atomic.Bool
	goexit     bool
	panicValue any
	text       strings.Builder
}

func (w *faultyWriter) Write(p []byte) (int, error) {
	if w.armed.Load() {
		if w.goexit {
			runtime.Goexit()
		}
		panic(w.panicValue)
	}
	return w.text.Write(p)
}

// TestPrintfWriterFaults: a Printf output writer that panics, or calls
// runtime.Goexit, while a stream launch flushes the kernel's prints fails
// that launch with ErrLaunchFailure instead of killing the process or
// hanging the stream; a synchronous launch returns the panic as its error
// (and the kernel's own, if it failed too). The device keeps working.
func TestPrintfWriterFaults(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	boom := errors.New("writer boom")
	w := &faultyWriter{panicValue: boom}
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2), gocuda.WithPrintfOutput(w))
	require.NoError(t, err)
	s, err := d.NewStream()
	require.NoError(t, err)
	printing := func(th *gocuda.Thread) { th.Printf("hello %d\n", th.ThreadIdx.X) }
	cfg := gocuda.Config{Block: gocuda.Dim3{X: 2}}

	w.armed.Store(true)
	require.NoError(t, s.Launch(cfg, printing))
	var ran atomic.Bool
	require.NoError(t, s.LaunchHostFunc(func() { ran.Store(true) }))
	within(t, "Synchronize", func() { err = s.Synchronize() })
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.ErrorIs(t, err, boom)
	assert.False(t, ran.Load(), "work after the failure is skipped")

	err = d.Launch(cfg, printing)
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.ErrorIs(t, err, boom)

	err = d.LaunchCooperative(cfg, printing)
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.ErrorIs(t, err, boom)

	err = d.Launch(cfg, func(th *gocuda.Thread) {
		th.Printf("before\n")
		th.Trap()
	})
	require.ErrorIs(t, err, gocuda.ErrIllegalInstruction, "the kernel's error")
	require.ErrorIs(t, err, boom, "and the writer's")

	w.goexit = true
	require.NoError(t, s.Launch(cfg, printing))
	within(t, "Synchronize", func() { err = s.Synchronize() })
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	assert.Contains(t, err.Error(), "Goexit")

	w.armed.Store(false)
	require.NoError(t, s.Launch(cfg, printing))
	require.NoError(t, s.Synchronize(), "the stream works afterwards")
	require.NoError(t, d.Launch(cfg, printing), "and synchronous launches")
	assert.Equal(t, "hello 0\nhello 1\nhello 0\nhello 1\n", w.text.String())
	require.NoError(t, s.Close())
	require.NoError(t, d.Close())
}
