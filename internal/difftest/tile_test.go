package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// tileHaloHost is TileHaloKernel's outputs as the host computes them.
func tileHaloHost(src []int32, width, height, bx, by, gx, gy, side int) (out, seen []int32) {
	out, seen = make([]int32, width*height), make([]int32, gx*gy*side*side)
	r := (side - bx) / 2
	clamp := func(i, n int) int { return min(max(i, 0), n-1) }
	for gj := range gy {
		for gi := range gx {
			x0, y0 := gi*bx-r, gj*by-r
			tile := make([]int32, side*side)
			for ty := range side {
				for tx := range side {
					tile[ty*side+tx] = src[clamp(y0+ty, height)*width+clamp(x0+tx, width)]*3 + int32(ty)
				}
			}
			copy(seen[(gj*gx+gi)*side*side:], tile)
			for y := y0 + r; y < min(y0+r+by, height) && r >= 1; y++ {
				for x := x0 + r; x < min(x0+r+bx, width); x++ {
					var sum int32
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							sum += tile[(y-y0+dy)*side+x-x0+dx]
						}
					}
					out[y*width+x] = sum
				}
			}
		}
	}
	return out, seen
}

// TestTileHaloForms: PMPP's tile load with its halo, walked in rows where
// the loops' steps are the block's extents (square and oblong blocks,
// halos of 1 to 3, images cut by the blocks or not), in lockstep where
// they are shorter (threads then write some elements twice, the same
// value), on both paths against the host.
func TestTileHaloForms(t *testing.T) {
	for _, c := range []struct{ bx, by, r, w, h, sy, sx int }{
		{16, 16, 2, 64, 48, 16, 16}, {16, 16, 2, 37, 21, 16, 16}, {8, 8, 1, 20, 20, 8, 8}, {8, 4, 3, 33, 9, 4, 8},
		{32, 2, 1, 70, 7, 2, 32}, {16, 16, 2, 40, 40, 8, 16}, {16, 16, 2, 40, 40, 16, 4},
	} {
		t.Run(fmt.Sprintf("block=%dx%d/r=%d/%dx%d/steps=%dx%d", c.bx, c.by, c.r, c.w, c.h, c.sy, c.sx), func(t *testing.T) {
			side := c.bx + 2*c.r // the kernel's tile is square
			src := randInts(c.w * c.h)
			gx, gy := blocks(c.w, c.bx), blocks(c.h, c.by)
			got := agree(t, func(f form) ([2][]int32, error) {
				out, seen := make([]int32, c.w*c.h), make([]int32, gx*gy*side*side)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: gocuda.Dim3{X: c.bx, Y: c.by}}
				return [2][]int32{out, seen}, f.launch(cfg, TileHaloKernel(src, out, seen, c.w, c.h, side, c.sy, c.sx))
			})
			out, seen := tileHaloHost(src, c.w, c.h, c.bx, c.by, gx, gy, side)
			require.Equal(t, out, got[0], "sums")
			require.Equal(t, seen, got[1], "tiles")
		})
	}
}

// TestTileOffsetForms: the walk from an offset of the thread's
// coordinates, over tiles smaller and larger than the block, and with a
// third dimension, whose threads each walk the tile (their sums of the
// keys' mix add up): both paths agree with the host.
func TestTileOffsetForms(t *testing.T) {
	for _, c := range []struct{ bx, by, bz, rows, cols, off int }{
		{16, 16, 1, 20, 20, 0}, {8, 4, 1, 3, 50, 1}, {4, 8, 1, 40, 5, 2}, {8, 8, 2, 20, 20, 0}, {5, 3, 1, 7, 11, 3},
	} {
		t.Run(fmt.Sprintf("block=%dx%dx%d/%dx%d/off=%d", c.bx, c.by, c.bz, c.rows, c.cols, c.off), func(t *testing.T) {
			got := agree(t, func(f form) ([]int32, error) {
				dst := make([]int32, c.rows*c.cols)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: c.bx, Y: c.by, Z: c.bz}}
				return dst, f.launch(cfg, TileOffsetKernel(dst, c.rows, c.cols, c.off))
			})
			want := make([]int32, c.rows*c.cols)
			for i := c.off; i < c.rows; i++ {
				for j := c.off; j < c.cols; j++ {
					want[i*c.cols+j] = int32(c.bz * (i*1000 + j))
				}
			}
			require.Equal(t, want, got)
		})
	}
}

// TestTileHaloFailure: a source one element short fails on both paths;
// in an 8×8 image under a 12×12 tile, the walk's first failing element
// is its bottom row's right edge, the tile's element (9, 9), which the
// compiled form reports at its thread (1, 1), CUDA leaving the order of
// a block's threads open.
func TestTileHaloFailure(t *testing.T) {
	const w, h, bs, side = 8, 8, 8, 12
	src := randInts(w*h - 1)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out, seen := make([]int32, w*h), make([]int32, side*side)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: bs, Y: bs}}
		err := f.launch(cfg, TileHaloKernel(src, out, seen, w, h, side, bs, bs))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 1, Y: 1}, errs[0].Thread, "compiled")
	assert.Contains(t, fmt.Sprint(errs[0].Value), "[7] with length 7", "compiled")
}

// TestTileAfterExit: threads that returned before the walk leave their
// elements alone on both paths.
func TestTileAfterExit(t *testing.T) {
	const rows, cols, bx, by, skip = 10, 12, 4, 4, 1
	got := agree(t, func(f form) ([]int32, error) {
		dst := make([]int32, rows*cols)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bx, Y: by}}
		return dst, f.launch(cfg, TileAfterExitKernel(dst, rows, cols, skip))
	})
	want := make([]int32, rows*cols)
	for i := range rows {
		for j := range cols {
			if j%bx >= skip {
				want[i*cols+j] = int32(1 + i*cols + j)
			}
		}
	}
	require.Equal(t, want, got)
}

// TestTileAfterBlockReturn: a return of the whole block before the walk
// leaves every element alone; without it the walk writes them all.
func TestTileAfterBlockReturn(t *testing.T) {
	const rows, cols, bx, by = 10, 12, 4, 4
	for _, skip := range []bool{false, true} {
		got := agree(t, func(f form) ([]int32, error) {
			dst := make([]int32, rows*cols)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bx, Y: by}}
			return dst, f.launch(cfg, TileAfterBlockReturnKernel(dst, rows, cols, skip))
		})
		want := make([]int32, rows*cols)
		for i := range want {
			if !skip {
				want[i] = int32(1 + i)
			}
		}
		require.Equal(t, want, got, "skip=%v", skip)
	}
}
