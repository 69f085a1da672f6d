// Package outline holds kernels whose threads run loops of their own:
// the thread loops around such loops run in a literal of their own
// (compiled.OutOfLine), where the loop cannot return from the body.
package outline

import "github.com/gocuda/gocuda/gocuda"

// tiledSum is the tiled n-body's shape: a tile loaded into shared memory
// between barriers, each thread summing the whole tile into a value it
// keeps across them. The summing loop is outlined, its kept values
// resliced at the literal's top; the loading loop has no loop of its own
// and stays.
func tiledSum(t *gocuda.Thread, in, out []float32) {
	tile := gocuda.Shared[float32](t, 256)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	x := in[i]
	var s float32
	for start := 0; start < len(in); start += 256 {
		tile[t.ThreadIdx.X] = in[start+t.ThreadIdx.X]
		t.SyncThreads()
		for _, v := range tile {
			s += v * x
		}
		t.SyncThreads()
	}
	out[i] = s
}

// exits returns some threads before their loop: a thread's return
// continues the thread loop, whose label the literal holds.
func exits(t *gocuda.Thread, in, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var s float32
	for k := 0; k < i%7; k++ {
		s += in[(i+k)%n]
	}
	out[i] = s
}

// collatz runs a loop that might not end, which checks for a stopped
// launch and returns from the body: not outlined.
func collatz(t *gocuda.Thread, out []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	n, steps := i+1, 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	out[i] = steps
}

// short runs a loop of three trips, written as copies: not outlined.
func short(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for k := range 3 {
		s += in[3*i+k]
	}
	out[i] = s
}
