package gocuda_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPrintfOrder: output is ordered by block, thread and call, whatever
// the workers' order, and identical run after run.
func TestPrintfOrder(t *testing.T) {
	var out bytes.Buffer
	d := newDevice(t, gocuda.WithWorkers(3), gocuda.WithPrintfOutput(&out))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 3, Y: 2}, Block: gocuda.Dim3{X: 4, Y: 2}}
	kernel := func(th *gocuda.Thread) {
		th.Printf("b%v t%v first\n", th.BlockIdx, th.ThreadIdx)
		th.SyncThreads()
		th.Printf("b%v t%v second\n", th.BlockIdx, th.ThreadIdx)
	}
	require.NoError(t, d.Launch(cfg, kernel))
	var want strings.Builder
	for by := range 2 {
		for bx := range 3 {
			for ty := range 2 {
				for tx := range 4 {
					b, th := gocuda.Dim3{X: bx, Y: by, Z: 0}, gocuda.Dim3{X: tx, Y: ty, Z: 0}
					fmt.Fprintf(&want, "b%v t%v first\nb%v t%v second\n", b, th, b, th)
				}
			}
		}
	}
	require.Equal(t, want.String(), out.String())
	first := out.String()
	out.Reset()
	require.NoError(t, d.Launch(cfg, kernel))
	require.Equal(t, first, out.String())
}

// TestPrintfFlushesFailedLaunch: what was printed before a failure still
// comes out; and text past the buffer is dropped and counted.
func TestPrintfFlushesFailedLaunch(t *testing.T) {
	var out bytes.Buffer
	d := newDevice(t, gocuda.WithWorkers(1), gocuda.WithPrintfOutput(&out))
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(th *gocuda.Thread) {
		th.Printf("thread %d\n", th.ThreadIdx.X)
		th.Assert(th.ThreadIdx.X < 2)
	})
	require.ErrorIs(t, err, gocuda.ErrAssert)
	assert.Equal(t, "thread 0\nthread 1\nthread 2\n", out.String())

	out.Reset()
	line := strings.Repeat("x", 1023) + "\n"
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 1024}}, func(th *gocuda.Thread) {
		th.Printf("%s", line)
	}))
	assert.Equal(t, gocuda.PrintfBufferSize/1024, strings.Count(out.String(), line))
	assert.Contains(t, out.String(), "1024 lines dropped")
}

func TestAssertAndTrap(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1), gocuda.WithPrintfOutput(&bytes.Buffer{}))
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
		th.Assert(!(th.BlockIdx.X == 1 && th.ThreadIdx.X == 5))
	})
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	require.ErrorIs(t, err, gocuda.ErrAssert)
	assert.Equal(t, gocuda.Dim3{X: 1, Y: 0, Z: 0}, ke.Block)
	assert.Equal(t, gocuda.Dim3{X: 5, Y: 0, Z: 0}, ke.Thread)
	assert.Equal(t, "printf_test.go", filepath.Base(ke.Site.File), "the site is the kernel's Assert call")

	err = d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 6 {
			th.Trap()
		}
		th.SyncThreads()
	})
	require.ErrorAs(t, err, &ke)
	require.ErrorIs(t, err, gocuda.ErrIllegalInstruction)
	assert.Equal(t, gocuda.Dim3{X: 6, Y: 0, Z: 0}, ke.Thread)
	_, err = gocuda.NewDevice(gocuda.WithPrintfOutput(nil))
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
}
