package e2e

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// EnvRunaway enables TestRunaway, which loops forever unless its kernel
// is instrumented: cmd/gocuda's test sets it for the instrumented run.
const EnvRunaway = "GOCUDA_E2E_RUNAWAY"

func launch(t *testing.T, dev *gocuda.Device, blocks, threads int, k func(*gocuda.Thread)) {
	t.Helper()
	err := dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}, k)
	if err != nil {
		t.Fatal(err)
	}
}

// TestKernels checks the kernels against host references: instrumented,
// they must compute what they compute uninstrumented.
func TestKernels(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const n = 1000
	x, y, want := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), float32(n-i)
		want[i] = 3*x[i] + y[i]
	}
	launch(t, dev, (n+127)/128, 128, func(t *gocuda.Thread) { saxpy(t, 3, x, y) })
	if err := gocudatest.Equal(y, want); err != nil {
		t.Errorf("saxpy: %v", err)
	}

	s, rev := make([]int, 256), make([]int, 256)
	for i := range s {
		s[i] = i
		rev[i] = i/64*64 + 63 - i%64
	}
	launch(t, dev, 4, 64, func(t *gocuda.Thread) { reverse(t, s) })
	if err := gocudatest.Equal(s, rev); err != nil {
		t.Errorf("reverse: %v", err)
	}

	w := make([]int32, 128)
	for i := range w {
		w[i] = int32(i)
	}
	launch(t, dev, 2, 64, func(t *gocuda.Thread) { warpSum(t, w) })
	for warp := range 4 {
		if got, want := w[32*warp], int32(32*32*warp+31*32/2); got != want {
			t.Errorf("warpSum: warp %d sums to %d, want %d", warp, got, want)
		}
	}
}

// TestRace runs the racy kernel: the launch itself succeeds (only
// gocuda check sees the hazard).
func TestRace(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	s := []int{1, 2, 3, 4}
	launch(t, dev, 1, len(s), func(t *gocuda.Thread) { racyShift(t, s) })
}

// TestRunaway launches a kernel that never ends with a deadline: an
// instrumented build stops it at its loop's back-edge, and the launch
// returns the context's error.
func TestRunaway(t *testing.T) {
	if os.Getenv(EnvRunaway) == "" {
		t.Skip(EnvRunaway + " is not set: uninstrumented, the kernel would loop forever")
	}
	dev := gocudatest.NewDevice(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	flag := []int32{0}
	err := gocudatest.Within(t, 10*time.Second, func() error {
		return dev.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) { spin(t, flag) })
	})
	t.Logf("LaunchContext: %v", err)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("LaunchContext = %v, want an error matching context.DeadlineExceeded", err)
	}
}

// TestPanicLine: an index out of range in a kernel is the launch's
// ErrIllegalAddress, naming the kernel's own line, instrumented or not.
func TestPanicLine(t *testing.T) {
	src, err := os.ReadFile("e2e.go")
	if err != nil {
		t.Fatal(err)
	}
	before, _, _ := strings.Cut(string(src), "// the last thread's index is out of range")
	line := strings.Count(before, "\n") + 1

	dev := gocudatest.NewDevice(t)
	s := make([]int, 4)
	err = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 2}}, func(t *gocuda.Thread) { outOfRange(t, s) })
	var kerr *gocuda.KernelError
	if !errors.As(err, &kerr) || !errors.Is(err, gocuda.ErrIllegalAddress) {
		t.Fatalf("Launch = %v, want a *gocuda.KernelError matching ErrIllegalAddress", err)
	}
	if filepath.Base(kerr.Site.File) != "e2e.go" || kerr.Site.Line != line {
		t.Errorf("the panic's site is %s:%d, want e2e.go:%d", kerr.Site.File, kerr.Site.Line, line)
	}
}
