package closures

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLaunch is a test file's kernel: it is rewritten too, with a site
// table of its own.
func TestLaunch(t *testing.T) {
	out := make([]int, 32)
	err := gocuda.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		out[th.ThreadIdx.X] = 2 * th.ThreadIdx.X
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != 2*i {
			t.Fatalf("out[%d] = %d, want %d", i, v, 2*i)
		}
	}
}
