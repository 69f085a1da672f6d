package grid

import (
	"runtime"
	"slices"
	"testing"
)

// TestKernelEntries: the functions InKernel looks for are named as
// themselves, not as wrappers.
func TestKernelEntries(t *testing.T) {
	want := []string{
		"github.com/gocuda/gocuda/internal/grid.(*Job).runChunk",
		"github.com/gocuda/gocuda/internal/grid.(*Block).runThread",
	}
	if !slices.Equal(kernelCallers.names, want) {
		t.Errorf("kernelCallers are %v, want %v", kernelCallers.names, want)
	}
}

// TestFrameSet: return addresses inside the set's functions are in it,
// others are not, and the cached answer agrees with the first.
func TestFrameSet(t *testing.T) {
	set := NewFrameSet(callerOf)
	var pcs [1]uintptr
	callerOf(func() { runtime.Callers(2, pcs[:]) }) // the return address into callerOf
	for range 2 {
		if !set.Contains(pcs[0]) {
			t.Fatalf("%#x, in callerOf, is not in the set", pcs[0])
		}
	}
	runtime.Callers(1, pcs[:]) // here, in the test
	for range 2 {
		if set.Contains(pcs[0]) {
			t.Fatalf("%#x, in the test, is in the set", pcs[0])
		}
	}
}

//go:noinline
func callerOf(f func()) { f() }
