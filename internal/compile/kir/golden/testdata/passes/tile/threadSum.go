package tile

import "github.com/gocuda/gocuda/gocuda"

// threadSum's inner loop adds to a variable of each thread's.
//
// tile keeps the walk in its lockstep form, not by rows, since the inner
// loop adds to a variable of each thread's, and runs it in chunks of
// trips of each thread (chunked).
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
