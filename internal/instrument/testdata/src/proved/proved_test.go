package proved

import (
	"errors"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/mem"
)

const n = 1000

// oneD is a one-dimensional launch of n threads or more.
var oneD = gocuda.Config{Grid: gocuda.Dim3{X: (n + 127) / 128}, Block: gocuda.Dim3{X: 128}}

func ramp(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(i)
	}
	return s
}

// TestProved launches the proved kernels as they are meant to be: gocuda
// check runs them unprobed and finds nothing.
func TestProved(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	x, y := ramp(n), ramp(n)
	if err := dev.Launch(oneD, SAXPYKernel(2, x, y)); err != nil {
		t.Fatal(err)
	}
	for i, v := range y {
		if v != 3*float32(i) {
			t.Fatalf("saxpy: y[%d] = %v, want %v", i, v, 3*float32(i))
		}
	}
	z := make([]float32, n-1)
	if err := dev.Launch(oneD, ShiftKernel(x, z)); err != nil {
		t.Fatal(err)
	}
	if err := gocudatest.Equal(z, x[1:]); err != nil {
		t.Errorf("shift: %v", err)
	}
	const rows, cols = 20, 30
	m, s := ramp(rows*cols), ramp(rows)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 3}, Block: gocuda.Dim3{X: 16, Y: 8}}
	if err := dev.Launch(cfg, ScaleRowsKernel(m, s, rows, cols)); err != nil {
		t.Fatal(err)
	}
	if got, want := m[5*cols+7], float32(5*cols+7)*5; got != want {
		t.Errorf("scaleRows: m[5][7] = %v, want %v", got, want)
	}
}

// TestAliased shifts a slice onto itself: thread i reads the element
// thread i+1 writes.
func TestAliased(t *testing.T) {
	buf := ramp(n + 1)
	if err := gocudatest.NewDevice(t).Launch(oneD, ShiftKernel(buf, buf[:n])); err != nil {
		t.Fatal(err)
	}
}

// TestTwoRows runs SAXPY on two rows of blocks: both rows' threads i
// update y[i].
func TestTwoRows(t *testing.T) {
	cfg := oneD
	cfg.Grid.Y = 2
	if err := gocudatest.NewDevice(t).Launch(cfg, SAXPYKernel(2, ramp(n), ramp(n))); err != nil {
		t.Fatal(err)
	}
}

// TestHalf runs the racy look-alike of SAXPY.
func TestHalf(t *testing.T) {
	if err := gocudatest.NewDevice(t).Launch(oneD, HalfKernel(2, ramp(n), ramp(n))); err != nil {
		t.Fatal(err)
	}
}

// TestUnguarded runs the racy look-alike of ScaleRowsKernel on a grid
// wider than the matrix.
func TestUnguarded(t *testing.T) {
	const rows, cols = 20, 30
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 3}, Block: gocuda.Dim3{X: 16, Y: 8}}
	if err := gocudatest.NewDevice(t).Launch(cfg, ScaleRowsUnguardedKernel(ramp(rows*cols), ramp(rows), rows, cols)); err != nil {
		t.Fatal(err)
	}
}

// TestOutOfRange runs SAXPY with y shorter than x: the launch fails.
func TestOutOfRange(t *testing.T) {
	err := gocudatest.NewDevice(t).Launch(oneD, SAXPYKernel(2, ramp(n), ramp(n-1)))
	if !errors.Is(err, gocuda.ErrIllegalAddress) {
		t.Fatalf("got %v, want an error wrapping gocuda.ErrIllegalAddress", err)
	}
}

// TestUninitialized runs SAXPY on x allocated and never written.
func TestUninitialized(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	x, err := mem.Malloc[float32](dev, n)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Free()
	if err := dev.Launch(oneD, SAXPYKernel(2, x.Slice(), ramp(n))); err != nil {
		t.Fatal(err)
	}
}

// TestFreed runs SAXPY on y freed before the launch.
func TestFreed(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	y, err := mem.Malloc[float32](dev, n)
	if err != nil {
		t.Fatal(err)
	}
	s := y.Slice()
	copy(s, ramp(n))
	if err := y.Free(); err != nil {
		t.Fatal(err)
	}
	if err := dev.Launch(oneD, SAXPYKernel(2, ramp(n), s)); err != nil {
		t.Fatal(err)
	}
}
