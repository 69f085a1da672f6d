package compiled_test

import (
	"testing"

	"github.com/gocuda/gocuda/compiled"
)

func TestOutOfLine(t *testing.T) {
	calls := 0
	compiled.OutOfLine(func() { calls++ })
	if calls != 1 {
		t.Fatalf("OutOfLine ran its function %d times, want 1", calls)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		sum := 0
		compiled.OutOfLine(func() {
			for i := range 4 {
				sum += i
			}
		})
		if sum != 6 {
			t.Fatalf("sum = %d, want 6", sum)
		}
	}); allocs != 0 {
		t.Errorf("OutOfLine allocated %v times a call, want 0: its literal should stay on the stack", allocs)
	}
}
