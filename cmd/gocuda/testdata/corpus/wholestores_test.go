package corpus

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// TestWholeStores runs WholeStores on one block of 32 threads: out[i] is
// float i%4 of thread i/4's vec4.
func TestWholeStores(t *testing.T) {
	const n = 32
	out := make([]float32, n)
	launch(t, gocudatest.NewDevice(t), x1(1), x1(n), func(th *gocuda.Thread) { WholeStores(th, out) })
	for i, got := range out {
		want := []float32{1, 2, 3, float32(i / 4)}[i%4]
		if got != want {
			t.Fatalf("out[%d] = %v, want %v", i, got, want)
		}
	}
}

// TestSameValueGeneric runs SameValueGeneric on one block of 32 threads.
func TestSameValueGeneric(t *testing.T) {
	out := make([]float64, 1)
	launch(t, gocudatest.NewDevice(t), x1(1), x1(32), func(th *gocuda.Thread) { SameValueGeneric(th, out, 5) })
	if out[0] != 5 {
		t.Fatalf("out[0] = %v, want 5", out[0])
	}
}
