package hecbenchltoz

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"

	_ "github.com/gocuda/gocuda/nvidia" // GOCUDA_DEVICE=gpu runs the tests on a GPU
)

// dev runs every launch of the tests: two workers, so that blocks of one
// launch run in parallel.
var dev *gocuda.Device

// TestMain closes dev after the tests and then checks that no goroutine
// outlives them. In the SIMD build it first runs them again without
// asynchronous preemption, so that hand-written Go runs at its real speed
// (bench.RerunWithoutAsyncPreempt).
func TestMain(m *testing.M) {
	if code, rerun := bench.RerunWithoutAsyncPreempt(); rerun {
		os.Exit(code)
	}
	var err error
	if dev, err = gocuda.NewDevice(gocuda.WithWorkers(2)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := dev.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	if err := goleak.Find(); code == 0 && err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

// update makes TestRefusedLedger rewrite testdata/refused.txt.
var update = flag.Bool("update", false, "rewrite testdata/refused.txt from the generated files")
