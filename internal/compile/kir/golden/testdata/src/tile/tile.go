// Package tile holds blocks walking a two-dimensional tile larger than
// the block: the walk runs in rows where its steps are the block's
// extents, and keeps its lockstep form where it names a thread's values.
package tile

import "github.com/gocuda/gocuda/gocuda"

const side = 20

// haloLoad is PMPP's load of a tile with its halo (the blur's): a 16×16
// block fills a 20×20 tile, a row's slice taken once per row of y.
func haloLoad(t *gocuda.Thread, src, dst []float32, width int) {
	tile := gocuda.Shared[float32](t, side*side)
	x0, y0 := t.BlockIdx.X*16-2, t.BlockIdx.Y*16-2
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		row := src[max(y0+ty, 0)*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			tile[ty*side+tx] = row[max(x0+tx, 0)]
		}
	}
	t.SyncThreads()
	dst[(y0+2+t.ThreadIdx.Y)*width+x0+2+t.ThreadIdx.X] = tile[(t.ThreadIdx.Y+2)*side+t.ThreadIdx.X+2]
}

// offsetLoad starts both loops at an offset from the thread's
// coordinates and steps by the block's extents.
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

// threadSum keeps its lockstep form: the inner loop adds to a variable
// of each thread's.
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

// afterBlockReturn walks its tile after a return of whole blocks (those
// with a z extent): no thread returned alone, so the walk runs in rows.
func afterBlockReturn(t *gocuda.Thread, out []int32, p int32) {
	if t.BlockDim.Z != 1 {
		return
	}
	hc, hr := t.BlockDim.X+2, t.BlockDim.Y+2
	ht := gocuda.Shared[int32](t, hr*hc)
	for y := t.ThreadIdx.Y + 1; y < hr; y += t.BlockDim.Y {
		b := y * hc
		for x := 1 + t.ThreadIdx.X; x < hc; x += t.BlockDim.X {
			ht[b+x] = int32(x*3+y) ^ p
		}
	}
	t.SyncThreads()
	out[t.ThreadIdx.Y*t.BlockDim.X+t.ThreadIdx.X] = ht[(t.ThreadIdx.Y+1)*hc+t.ThreadIdx.X+1]
}

// clampedCopy loads a tile with its halo clamped at both edges of the
// image by a helper: the walk only copies, so each row's part inside the
// image is copied at once.
func clampedCopy(t *gocuda.Thread, src, dst []float32, width, height int) {
	tile := gocuda.Shared[float32](t, side*side)
	x0, y0 := t.BlockIdx.X*16-2, t.BlockIdx.Y*16-2
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		row := src[clampAt(y0+ty, height)*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			tile[ty*side+tx] = row[clampAt(x0+tx, width)]
		}
	}
	t.SyncThreads()
	dst[(y0+2+t.ThreadIdx.Y)*width+x0+2+t.ThreadIdx.X] = tile[(t.ThreadIdx.Y+2)*side+t.ThreadIdx.X+2]
}

// clampAt returns i clamped to [0, n).
func clampAt(i, n int) int { return min(max(i, 0), n-1) }

// squaredRow cuts its rows at an offset quadratic in the row: the rows
// are copied in parts, each checked, not checked at once.
func squaredRow(t *gocuda.Thread, src, dst []float32) {
	tile := gocuda.Shared[float32](t, side*side)
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		row := src[ty*ty:]
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			tile[ty*side+tx] = row[tx]
		}
	}
	t.SyncThreads()
	dst[t.ThreadIdx.Y*16+t.ThreadIdx.X] = tile[t.ThreadIdx.Y*side+t.ThreadIdx.X]
}

// baseRow names the tile's row offset through a definition of its own
// and reads a row without a prefix: both offsets are affine in the row,
// the rows checked at once.
func baseRow(t *gocuda.Thread, src, dst []float32, width int) {
	tile := gocuda.Shared[float32](t, side*side)
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		base := ty * side
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			tile[base+tx] = src[tx+width]
		}
	}
	t.SyncThreads()
	dst[t.ThreadIdx.Y*16+t.ThreadIdx.X] = tile[t.ThreadIdx.Y*side+t.ThreadIdx.X]
}

// halvedRow defines a value of the row the rows' offsets do not take
// apart (a division): the rows are checked one by one.
func halvedRow(t *gocuda.Thread, src, dst []float32, width int) {
	tile := gocuda.Shared[float32](t, side*side)
	for ty := t.ThreadIdx.Y; ty < side; ty += 16 {
		half := ty / 2
		row := src[half*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += 16 {
			tile[ty*side+tx] = row[tx]
		}
	}
	t.SyncThreads()
	dst[t.ThreadIdx.Y*16+t.ThreadIdx.X] = tile[t.ThreadIdx.Y*side+t.ThreadIdx.X]
}
