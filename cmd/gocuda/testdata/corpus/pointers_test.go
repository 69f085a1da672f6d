package corpus

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// TestPointerWrites runs PointerWrites on a block of 64 against each
// thread's neighbours' values.
func TestPointerWrites(t *testing.T) {
	out := make([]int32, 64)
	launch(t, gocudatest.NewDevice(t), x1(1), x1(64), func(th *gocuda.Thread) { PointerWrites(th, out) })
	for i, got := range out {
		if want := int32((i+33)%64)*2 + 300; got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
}

// TestPointerRaces runs PointerRaces, whose values depend on the order
// its threads run in: only the launch is checked.
func TestPointerRaces(t *testing.T) {
	out := make([]int32, 64)
	launch(t, gocudatest.NewDevice(t), x1(1), x1(64), func(th *gocuda.Thread) { PointerRaces(th, out) })
}
