package corpus

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"

	_ "github.com/gocuda/gocuda/nvidia" // GOCUDA_DEVICE=gpu runs the tests on a GPU
)

// dev runs every launch of the tests: two workers, so that blocks of one
// launch run in parallel.
var dev *gocuda.Device

// TestMain closes dev after the tests and then checks that no goroutine
// outlives them.
func TestMain(m *testing.M) {
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
