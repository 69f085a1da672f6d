// Package chains has nested indices and chains of elements and fields.
package chains

import (
	"sync/atomic"

	"github.com/gocuda/gocuda/gocuda"
)

type point struct {
	x, y float32
	arr  [4]int
	s    []int
}

func four() [4]int { return [4]int{1, 2, 3, 4} }

// gather has nested indices and a slice of slices.
func gather(t *gocuda.Thread, out, in []float32, idx []int, rows [][]float32) {
	i := t.ThreadIdx.X
	out[i] = in[idx[i]]
	rows[i][idx[i]] = out[i]
}

// chains has a slice of arrays, fields of elements, arrays and pointers to
// arrays.
func chains(t *gocuda.Thread, tile [][16]float32, p []point, pp *[8]int, m map[int][4]int, s string) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = p[tx].x
	p[tx].arr[ty] += p[ty].s[tx]
	var local [4]int
	local[tx%4] = pp[tx]
	_ = m[tx][0] + int(s[tx]) + four()[tx%4]
	const n = len(local)
	_ = len(tile[ty]) + n
}

// untouched has the operands that are not accesses: operands of &, range
// clauses, arrays being sliced.
func untouched(t *gocuda.Thread, counts []int32, tile [][16]float32, idx []int) {
	atomic.AddInt32(&counts[idx[t.ThreadIdx.X]], 1)
	q := &tile[0][idx[1]]
	_ = q
	for i, row := range tile[1] {
		_, _ = i, row
	}
	_ = tile[2][:]
	_ = counts[1:idx[2]]
}
