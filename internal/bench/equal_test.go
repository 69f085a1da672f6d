package bench

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocudatest"
)

// TestEqualIsGocudatests checks the package's copy of gocudatest.Equal
// against the original on equal slices, a difference and a length mismatch.
func TestEqualIsGocudatests(t *testing.T) {
	for _, c := range []struct{ got, want []float32 }{
		{[]float32{1, 2, 3}, []float32{1, 2, 3}},
		{[]float32{1, 2, 4}, []float32{1, 2, 3}},
		{[]float32{1, 2}, []float32{1, 2, 3}},
		{nil, nil},
	} {
		got, want := fmt.Sprint(equal(c.got, c.want)), fmt.Sprint(gocudatest.Equal(c.got, c.want))
		if got != want {
			t.Errorf("equal(%v, %v) = %s, want %s", c.got, c.want, got, want)
		}
	}
}
