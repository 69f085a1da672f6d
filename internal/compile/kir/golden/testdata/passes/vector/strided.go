package vector

import "github.com/gocuda/gocuda/gocuda"

// strided is SAXPY with four consecutive elements per thread: across the
// threads of a step, each access is at stride four.
//
// Unchanged: a step would gather x and y and scatter y lane by lane for
// one multiply and one add, which costs more than it computes.
func strided(t *gocuda.Thread, a float32, x, y []float32) {
	base := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * 4
	for k := 0; k < 4; k++ {
		if j := base + k; j < len(x) {
			y[j] = a*x[j] + y[j]
		}
	}
}
