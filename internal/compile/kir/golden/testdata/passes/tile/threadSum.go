package tile

import "github.com/gocuda/gocuda/gocuda"

// threadSum keeps its lockstep form: the inner loop adds to a variable
// of each thread's.
//
// Unchanged: the inner loop adds to a variable of each thread's, so the
// walk keeps its lockstep form.
func threadSum(t *gocuda.Thread, src []float32, out []float32) {
	s := gocuda.Shared[float32](t, 256)
	var sum float32
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			sum += src[ty*side+tx]
		}
	}
	s[t.ThreadIdx.Y*16+t.ThreadIdx.X] = sum
	t.SyncThreads()
	out[t.ThreadIdx.Y*16+t.ThreadIdx.X] = s[255-t.ThreadIdx.Y*16-t.ThreadIdx.X]
}
