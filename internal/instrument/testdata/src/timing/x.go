// Package timing has what the timing model counts: constant conditions
// (not branches), integer multiplications and divisions (by a power of
// two or not), and the operators of statements without a site.
package timing

import "github.com/gocuda/gocuda/gocuda"

const blockSize = 256

func reduce(t *gocuda.Thread, in []int32, s int) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*blockSize*2 + tid
	if blockSize >= 512 {
		in[i] += in[i+512]
	}
	if tid%(2*s) == 0 {
		in[i] += in[i+s]
	}
	for k := 1; k < s; k *= 2 {
		in[i] += in[i/k] * in[i*k]
	}
	for q := range 4 {
		in[q] = in[q] / 4
	}
}

func dot(t *gocuda.Thread, a, b, c []float32) {
	var sum float32
	for k := range 16 {
		sum += a[k] * b[k]
	}
	c[t.ThreadIdx.X] = sum*2 + a[0]*b[0]
}
