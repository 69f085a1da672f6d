package corpus

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// TestLocalArrays runs LocalArrays on 4 blocks of 32 threads.
func TestLocalArrays(t *testing.T) {
	const n = 128
	x, out := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = float32(i % 7)
	}
	launch(t, gocudatest.NewDevice(t), x1(4), x1(32), func(th *gocuda.Thread) { LocalArrays(th, x, out) })
	for i, got := range out {
		want := 2 * x[i]
		for u := range 8 {
			want += x[(i+u)%n]
		}
		if got != want {
			t.Fatalf("out[%d] = %v, want %v", i, got, want)
		}
	}
}
