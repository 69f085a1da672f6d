package atomicop_test

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/internal/atomicop"
)

// Min follows the GPU's minimumNumber: a NaN operand is ignored, a NaN in
// memory gives way, and -0 is below +0; CAS compares bits.
func Example() {
	nan := float32(math.NaN())
	fmt.Println(atomicop.ReplacesMin(nan, 1), atomicop.ReplacesMin(1, nan))
	fmt.Println(atomicop.ReplacesMin(float32(math.Copysign(0, -1)), 0), atomicop.ReplacesMax(int32(3), 2))
	fmt.Println(atomicop.SameBits(nan, nan), atomicop.SameBits(float32(0), float32(math.Copysign(0, -1))))
	// Output:
	// false true
	// true true
	// true false
}
