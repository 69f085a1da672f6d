package nvidia

import (
	"testing"
	"unsafe"
)

// TestHostRuns checks that arguments sharing memory get one device copy:
// a slice passed twice, a sub-slice, a pointer into a slice; and that
// disjoint ones, touching or not, get their own.
func TestHostRuns(t *testing.T) {
	a := make([]float32, 100)
	b := make([]float32, 10)
	p := &a[50]
	runs := hostRuns([]any{a, float32(1), a[10:20], p, b, 3, a[:0], []int32(nil)})
	if len(runs) != 2 {
		t.Fatalf("%d runs, want 2", len(runs))
	}
	for _, r := range runs {
		switch {
		case &r[0] == (*byte)(unsafe.Pointer(&a[0])) && len(r) == 400:
		case &r[0] == (*byte)(unsafe.Pointer(&b[0])) && len(r) == 40:
		default:
			t.Errorf("run of %d bytes at %p: neither a's nor b's", len(r), &r[0])
		}
	}
	halves := hostRuns([]any{a[:50], a[50:]})
	if len(halves) != 2 || len(halves[0]) != 200 || len(halves[1]) != 200 {
		t.Errorf("touching halves: %d runs, want two of 200 bytes", len(halves))
	}
	tail := hostRuns([]any{a[40:60], a[:50]})
	if len(tail) != 1 || len(tail[0]) != 240 {
		t.Errorf("overlapping parts: %d runs, want one of 240 bytes", len(tail))
	}
}
