package rodinia_test

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// The shape of Rodinia's pathfinder, which BenchmarkPathfinder measures:
// each step, a thread takes the cheapest of the three cells above it,
// a row of the wavefront per launch.
func Example() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()

	wall := [][]int{
		{3, 1, 4, 1},
		{5, 9, 2, 6},
		{5, 3, 5, 8},
	}
	cols := len(wall[0])
	prev, next := append([]int(nil), wall[0]...), make([]int, cols)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: cols}}
	for _, row := range wall[1:] {
		err = dev.Launch(cfg, func(t *gocuda.Thread) {
			c := t.ThreadIdx.X
			best := prev[c]
			if c > 0 {
				best = min(best, prev[c-1])
			}
			if c < cols-1 {
				best = min(best, prev[c+1])
			}
			next[c] = best + row[c]
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		prev, next = next, prev
	}
	fmt.Println(prev)
	// Output: [11 6 8 11]
}
