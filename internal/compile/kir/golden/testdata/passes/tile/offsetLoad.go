// Package tile holds the inputs of the tile pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package tile

import "github.com/gocuda/gocuda/gocuda"

// offsetLoad starts both loops at an offset from the thread's
// coordinates and steps by the block's extents.
//
// tile runs the block-stride walk over the tile, larger than the block,
// in rows.
func offsetLoad(t *gocuda.Thread, src []float32, out []float32, off int) {
	tile := gocuda.Shared[float32](t, side*side)
	for ty := t.ThreadIdx.Y + off; ty < side; ty += t.BlockDim.Y {
		for tx := off + t.ThreadIdx.X; tx < side; tx += t.BlockDim.X {
			tile[ty*side+tx] = src[ty*side+tx] * 2
		}
	}
	t.SyncThreads()
	out[t.ThreadIdx.Y*side+t.ThreadIdx.X] = tile[t.ThreadIdx.Y*side+t.ThreadIdx.X]
}

const side = 20
