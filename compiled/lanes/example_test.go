package lanes_test

import (
	"fmt"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// A step of eight threads, each summing a window of three elements of a
// row, as a generated step does: the eight sums are independent chains.
func Example() {
	row := []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	var sum lanes.Float32x8
	for dx := range 3 {
		sum = sum.Add(lanes.LoadFloat32x8Slice(row[dx:]))
	}
	out := make([]float32, 8)
	sum.StoreSlice(out)
	fmt.Println(out)
	// Output: [6 9 12 15 18 21 24 27]
}
