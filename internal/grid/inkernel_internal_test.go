package grid

import (
	"runtime"
	"testing"
)

// TestKernelEntries: the entry PCs InKernel looks for are those of the
// functions themselves, not of wrappers.
func TestKernelEntries(t *testing.T) {
	want := []string{
		"github.com/gocuda/gocuda/internal/grid.(*Job).runChunk",
		"github.com/gocuda/gocuda/internal/grid.(*Block).runThread",
	}
	for i, e := range kernelEntries {
		if got := runtime.FuncForPC(e).Name(); got != want[i] {
			t.Errorf("kernelEntries[%d] is %s, want %s", i, got, want[i])
		}
	}
}
