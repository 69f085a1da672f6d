package gocudatest

import (
	"fmt"
	"math"
)

// Equal returns nil if got and want are equal element by element, and
// otherwise an error naming the first difference (or the lengths).
func Equal[T comparable](got, want []T) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			return fmt.Errorf("element %d = %v, want %v", i, got[i], want[i])
		}
	}
	return nil
}

// Close returns nil if got and want agree element by element within a
// relative tolerance rel (absolute below 1), and otherwise an error naming
// the first element that does not: for floating-point results whose order
// of additions differs from the host reference's (atomics, trees).
func Close[T ~float32 | ~float64](got, want []T, rel float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := float64(got[i]), float64(want[i])
		if math.IsNaN(g) != math.IsNaN(w) || math.Abs(g-w) > rel*max(1, math.Abs(w)) {
			return fmt.Errorf("element %d = %v, want %v (relative tolerance %g)", i, got[i], want[i], rel)
		}
	}
	return nil
}
