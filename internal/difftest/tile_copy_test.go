package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// tileCopyHost returns the tiles TileCopyKernel writes to seen.
func tileCopyHost(src []int32, width, height, bx, by, gx, gy, side int) []int32 {
	seen := make([]int32, gx*gy*side*side)
	r := (side - bx) / 2
	for gj := range gy {
		for gi := range gx {
			x0, y0 := gi*bx-r, gj*by-r
			for ty := range side {
				for tx := range side {
					seen[(gj*gx+gi)*side*side+ty*side+tx] = src[clampEdge(y0+ty, height)*width+clampEdge(x0+tx, width)]
				}
			}
		}
	}
	return seen
}

// TestTileCopyForms: tiles loaded by a walk that only copies, clamped at
// the image's edges by a helper or written out, copy the rows' parts
// inside the image at once: both paths write the host's tiles, for
// images wider and narrower than a tile, and with halos at both sides.
func TestTileCopyForms(t *testing.T) {
	for _, c := range []struct{ bx, by, r, w, h int }{
		{16, 16, 2, 64, 48}, {16, 16, 2, 37, 21}, {8, 8, 1, 20, 20}, {8, 4, 3, 33, 9}, {8, 8, 5, 5, 6}, {4, 4, 0, 9, 3},
	} {
		for name, kernel := range map[string]func(src, seen []int32, w, h, side int) func(*gocuda.Thread){
			"helper": TileCopyKernel, "inline": TileCopyInlineKernel,
		} {
			t.Run(fmt.Sprintf("%s/block=%dx%d/r=%d/%dx%d", name, c.bx, c.by, c.r, c.w, c.h), func(t *testing.T) {
				side := c.bx + 2*c.r
				src := randInts(c.w * c.h)
				gx, gy := blocks(c.w, c.bx), blocks(c.h, c.by)
				got := agree(t, func(f form) ([]int32, error) {
					seen := make([]int32, gx*gy*side*side)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: gocuda.Dim3{X: c.bx, Y: c.by}}
					return seen, f.launch(cfg, kernel(src, seen, c.w, c.h, side))
				})
				require.Equal(t, tileCopyHost(src, c.w, c.h, c.bx, c.by, gx, gy, side), got)
			})
		}
	}
}

// TestTileCopyShift: rows copied from a shifted column, all inside src
// or leaving it at either end. Inside, both paths write the host's
// tiles; where some element leaves src, both fail, the compiled form at
// the thread of the walk's first failing element with its message (the
// keys before and after the copied part run element by element, in
// order): the first row's first element at the left, the last row's
// first element past the end of src at the right.
func TestTileCopyShift(t *testing.T) {
	const bs, side, width = 4, 8, 12
	for _, c := range []struct {
		shift, missing int // src ends missing elements before the last row's last read
		thread         gocuda.Dim3
		msg            string
	}{
		{0, 0, gocuda.Dim3{}, ""}, {-4, 0, gocuda.Dim3{}, ""}, {-6, 2, gocuda.Dim3{X: 2, Y: 3}, "index out of range [12] with length 12"},
		{2, 0, gocuda.Dim3{}, "index out of range [-2]"},
	} {
		t.Run(fmt.Sprintf("shift=%d/missing=%d", c.shift, c.missing), func(t *testing.T) {
			src := randInts(width*(side-1) + side + max(0, -c.shift) - c.missing)
			var errs [2]error
			var seens [2][]int32
			for i, f := range forms {
				seens[i] = make([]int32, side*side)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs, Y: bs}}
				errs[i] = f.launch(cfg, TileCopyShiftKernel(src, seens[i], width, side, c.shift))
			}
			if c.msg == "" {
				require.NoError(t, errs[0])
				require.NoError(t, errs[1])
				want := make([]int32, side*side)
				for ty := range side {
					for tx := range side {
						want[ty*side+tx] = src[ty*width+tx-c.shift]
					}
				}
				assert.Equal(t, want, seens[0])
				assert.Equal(t, want, seens[1])
				return
			}
			var kes [2]*gocuda.KernelError
			for i, f := range forms {
				assert.ErrorIs(t, errs[i], gocuda.ErrIllegalAddress, f.name)
				require.True(t, errors.As(errs[i], &kes[i]), f.name)
			}
			assert.Equal(t, c.thread, kes[0].Thread, "the walk's first failing element's thread")
			assert.Contains(t, fmt.Sprint(kes[0].Value), c.msg)
		})
	}
}

// TestTileCopyOffset: tiles loaded from row and column off on, through
// definitions of the row's offsets: both paths write the host's tiles,
// zero before off (shared memory reads as zero where nothing wrote it).
func TestTileCopyOffset(t *testing.T) {
	for _, c := range []struct{ bx, by, r, w, h, off int }{
		{8, 8, 2, 40, 30, 1}, {8, 8, 2, 40, 30, 0}, {8, 4, 1, 35, 17, 2}, {4, 4, 3, 9, 7, 1},
	} {
		t.Run(fmt.Sprintf("block=%dx%d/r=%d/%dx%d/off=%d", c.bx, c.by, c.r, c.w, c.h, c.off), func(t *testing.T) {
			side := c.bx + 2*c.r
			src := randInts(c.w * c.h)
			gx, gy := blocks(c.w, c.bx), blocks(c.h, c.by)
			got := agree(t, func(f form) ([]int32, error) {
				seen := make([]int32, gx*gy*side*side)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: gocuda.Dim3{X: c.bx, Y: c.by}}
				return seen, f.launch(cfg, TileCopyOffsetKernel(src, seen, c.w, c.h, side, c.off))
			})
			want := tileCopyHost(src, c.w, c.h, c.bx, c.by, gx, gy, side)
			for b := range gx * gy {
				for ty := range side {
					for tx := range side {
						if ty < c.off || tx < c.off {
							want[b*side*side+ty*side+tx] = 0
						}
					}
				}
			}
			require.Equal(t, want, got)
		})
	}
}
