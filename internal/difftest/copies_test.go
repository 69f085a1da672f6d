package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestCopyKept: a value kept across a barrier, copied into scratch a row
// at a time, gives the host's values in blocks of one and two rows, and
// where the grid reads past the end of in, the launch fails at the same
// thread on both paths.
func TestCopyKept(t *testing.T) {
	for _, c := range []struct {
		block gocuda.Dim3
		grid  int
		off   int
	}{{gocuda.Dim3{X: 64}, 5, 0}, {gocuda.Dim3{X: 96}, 3, 17}, {gocuda.Dim3{X: 16, Y: 8}, 4, 3}} {
		n := c.block.X * max(1, c.block.Y)
		t.Run(fmt.Sprintf("block=%dx%d/off=%d", c.block.X, c.block.Y, c.off), func(t *testing.T) {
			in := portableInput(c.off + c.grid*n)
			want := make([]float32, c.grid*n)
			for b := range c.grid {
				for r := range n {
					want[b*n+r] = in[c.off+b*n+n-1-r] - in[c.off+b*n+r]
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, c.grid*n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: c.block}, CopyKeptKernel(in, out, c.off))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
	in := portableInput(200)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return CopyKeptKernel(in, make([]float32, 256), 0)
	})
	for _, e := range errs {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{X: 3}, e.Block)
		assert.Equal(t, gocuda.Dim3{X: 8}, e.Thread)
	}
}

// TestCopyBetween: a copy between two slices gives the host's values
// where they are disjoint and where they are the same (each thread reads
// and writes its own element).
func TestCopyBetween(t *testing.T) {
	const n = 256
	for _, c := range []struct {
		name     string
		dst, src int // offsets into a buffer of 2n+1
	}{{"disjoint", n + 1, 0}, {"disjointBefore", 0, n + 1}, {"same", 1, 1}} {
		t.Run(c.name, func(t *testing.T) {
			buf := portableInput(2*n + 1)
			want := append([]float32(nil), buf...)
			copy(want[c.dst:c.dst+n], buf[c.src:c.src+n])
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				b := append([]float32(nil), buf...)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 64}, Block: gocuda.Dim3{X: 64}},
					CopyBetweenKernel(b[c.dst:c.dst+n], b[c.src:c.src+n]))
				return bitsOf(b), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestCopyOverlap: where the slices overlap in part, some thread reads an
// element another writes with no barrier between, a race whose result
// CUDA leaves undefined (a warp's lanes load before they store; the
// vector steps do as a warp does). The scalar compiled form runs the
// threads one after another, as the runtime path does, and agrees with
// it: the rows that overlap are not copied at once. One block: blocks
// run at once, and would race with each other too.
func TestCopyOverlap(t *testing.T) {
	const n = 256
	had := compiled.SIMD
	defer func() { compiled.SIMD = had }()
	compiled.SIMD = false
	for _, c := range []struct {
		name     string
		dst, src int
	}{{"dstAfter", 1, 0}, {"dstBefore", 0, 1}, {"halfway", n / 2, 0}} {
		t.Run(c.name, func(t *testing.T) {
			buf := portableInput(2*n + 1)
			want := append([]float32(nil), buf...)
			for i := range n { // the threads in order
				want[c.dst+i] = want[c.src+i]
			}
			for _, f := range forms {
				b := append([]float32(nil), buf...)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}},
					CopyBetweenKernel(b[c.dst:c.dst+n], b[c.src:c.src+n]))
				require.NoError(t, err, f.name)
				assert.Equal(t, bitsOf(want), bitsOf(b), f.name)
			}
		})
	}
}

// TestCopyTile: a 16×16 tile copied into shared memory through a guarded
// load, a row at a time, gives the host's transposes, with the last rows
// of the matrix past the end of in (zeros).
func TestCopyTile(t *testing.T) {
	const w = 32
	for _, rows := range []int{32, 24} {
		t.Run(fmt.Sprint("rows=", rows), func(t *testing.T) {
			in := portableInput(rows * w)
			want := make([]float32, 32*w)
			for r := range 32 {
				for c := range w {
					tr, tc := r-r%16+c%16, c-c%16+r%16 // the element the block's transpose reads
					want[r*w+c] = StreamAt(in, tr*w+tc)
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, 32*w)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 2}, Block: gocuda.Dim3{X: 16, Y: 16}}, CopyTileKernel(in, out, w))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestCopyLanes: whole warps' lanes copied between shared memory and
// their lane array give the host's values, with one warp, two and three
// to a block, and where in is too short for the last block: the launch
// fails at the same thread on both paths.
func TestCopyLanes(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 32}, {X: 64}, {X: 96}} {
		t.Run(fmt.Sprint(block.X), func(t *testing.T) {
			const grid = 3
			n := block.X
			in := portableInput(grid * n)
			want := make([]float32, grid*n)
			for b := range grid {
				for r := range n {
					q := n - 1 - r
					want[b*n+r] = in[b*n+q] + in[b*n+q^1]
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, CopyLanesKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return CopyLanesKernel(portableInput(100), make([]float32, 128))
	})
	for _, e := range errs {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{X: 1}, e.Block)
		assert.Equal(t, gocuda.Dim3{X: 36}, e.Thread)
	}
}

// TestCopyWordings: each wording of the guarded load gives the host's
// rows, reversed, with zeros past the end of in: where in ends within a
// block, that block's row runs as written, the others as copies.
func TestCopyWordings(t *testing.T) {
	const bs = 64
	for wording, kernel := range []func(in, out []float32) func(*gocuda.Thread){CopyZeroFirstKernel, CopyLocalKernel, CopyElseKernel} {
		for _, n := range []int{0, 1, 63, 64, 1000, 4096} {
			t.Run(fmt.Sprintf("wording=%d/n=%d", wording, n), func(t *testing.T) {
				in := portableInput(n)
				grid := blocks(n, bs)
				want := make([]float32, grid*bs)
				for i := range want {
					if j := i - i%bs + bs - 1 - i%bs; j < n {
						want[i] = in[j]
					}
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, grid*bs)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, kernel(in, out))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestCopyAhead: Harris's inline first add, its first loads run ahead
// as copies where a row is in range, gives the host's pair sums,
// reversed within each block, with zeros past the end of in.
func TestCopyAhead(t *testing.T) {
	const bs = 64
	for _, n := range []int{0, 1, 100, 128, 1000, 4096} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in := portableInput(n)
			grid := blocks(n, 2*bs)
			at := func(i int) float32 {
				if i < n {
					return in[i]
				}
				return 0
			}
			want := make([]float32, grid*bs)
			for i := range want {
				b, k := i/bs, bs-1-i%bs
				v := at(2*b*bs + k)
				if 2*b*bs+k+bs < n {
					v += in[2*b*bs+k+bs]
				}
				want[i] = v
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*bs)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, CopyAheadKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}
