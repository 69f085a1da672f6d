package difftest

import "github.com/gocuda/gocuda/gocuda"

// FlatTileKernel is the tiled matrix product with one-dimensional shared
// tiles, as students flatten the Programming Guide's (as[ty*16+q] and
// bs[q*16+tx]), over one 16-wide tile of k rows: a vector step reads
// each tile at one index plus sixteen constants, which it checks once
// and reads as a row. The tiles have the lengths la and lb, which may be
// short of 256.
//
//gocuda:kernel FlatTileKernel
func flatTile(t *gocuda.Thread, a, b, c []float32, la, lb int) {
	const side = 16
	as := gocuda.Shared[float32](t, la)
	bs := gocuda.Shared[float32](t, lb)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	g := ty*side + tx
	if g < la {
		as[g] = a[g]
	}
	if g < lb {
		bs[g] = b[g]
	}
	t.SyncThreads()
	var sum float32
	for q := 0; q < side; q++ {
		sum += as[ty*side+q] * bs[q*side+tx]
	}
	c[g] = sum
}
