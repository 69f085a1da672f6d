package difftest

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// hostWindow returns the sums windowSpan computes for threads 0 to n-1
// of in, ok false where a thread's window leaves in.
func hostWindow(in []float32, n, lo, hi, shift int) (out []float32, ok bool) {
	out = make([]float32, n)
	for i := range n {
		for d := lo; d < hi; d++ {
			j := i + d - shift
			if j < 0 || j >= len(in) {
				return nil, false
			}
			out[i] += in[j]
		}
	}
	return out, true
}

// TestWindowSpanForms: windows checked once before their loop sum as the
// host does, bit for bit, on both paths and (in the SIMD build) in
// vector steps and scalar: keys from below zero, empty loops, windows
// that reach the end of in exactly, for blocks of part of a step to many
// steps.
func TestWindowSpanForms(t *testing.T) {
	spans := [][3]int{{0, 1, 0}, {-3, 4, -3}, {0, 0, 0}, {5, 2, 0}, {-2, 3, -2}, {0, 17, 0}, {1, 9, 1}}
	for _, bs := range []int{3, 8, 20, 64} {
		for _, span := range spans {
			lo, hi, shift := span[0], span[1], span[2]
			for _, n := range []int{1, 16, 100} {
				t.Run(fmt.Sprintf("block=%d/lo=%d/hi=%d/shift=%d/n=%d", bs, lo, hi, shift, n), func(t *testing.T) {
					in := portableInput(n + max(hi-1-shift, 0)) // the last thread's window ends at the end of in
					want, ok := hostWindow(in, n, lo, hi, shift)
					require.True(t, ok, "the case's windows are in in")
					got := agreeSIMD(t, func(f form) ([]uint32, error) {
						out := make([]float32, n)
						cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
						err := f.launch(cfg, WindowSpanKernel(in, out, lo, hi, shift))
						return bitsOf(out), err
					})
					assert.Equal(t, bitsOf(want), got)
					if lo != 0 {
						return
					}
					got = agreeSIMD(t, func(f form) ([]uint32, error) { // the same window as a range over an int
						out := make([]float32, n)
						cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
						err := f.launch(cfg, WindowRangeKernel(in, out, hi, shift))
						return bitsOf(out), err
					})
					assert.Equal(t, bitsOf(want), got, "range")
				})
			}
		}
	}
}

// TestWindowSpanFailure: where the windows of some threads leave in (the
// first threads' start before it, or the last threads' end after it),
// the launch fails at the same thread with the same message on both
// paths: a window that fails its check before the loop runs the loop
// with a check at each load.
func TestWindowSpanFailure(t *testing.T) {
	for _, bs := range []int{8, 13, 64} {
		for _, c := range []struct{ lo, hi, shift, short int }{{0, 5, 2, 0}, {0, 5, 0, 3}, {-4, 4, 0, 0}, {0, 30, 0, 1}} {
			t.Run(fmt.Sprintf("block=%d/%+v", bs, c), func(t *testing.T) {
				const n = 200
				in := portableInput(n + c.hi - 1 - c.shift - c.short)
				_, ok := hostWindow(in, n, c.lo, c.hi, c.shift)
				require.False(t, ok, "the case has a window out of in")
				kernels := map[string]func(in, out []float32) func(*gocuda.Thread){"for": func(in, out []float32) func(*gocuda.Thread) {
					return WindowSpanKernel(in, out, c.lo, c.hi, c.shift)
				}}
				if c.lo == 0 {
					kernels["range"] = func(in, out []float32) func(*gocuda.Thread) { return WindowRangeKernel(in, out, c.hi, c.shift) }
				}
				for loop, kernel := range kernels {
					var errs [2]*gocuda.KernelError
					for i, f := range forms {
						out := make([]float32, n)
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, kernel(in, out))
						require.True(t, errors.As(err, &errs[i]), "%s %s: %v", loop, f.name, err)
						assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
					}
					assert.Equal(t, errs[1].Block, errs[0].Block, "%s: the failing block", loop)
					assert.Equal(t, errs[1].Thread, errs[0].Thread, "%s: the failing thread", loop)
					assert.Equal(t, errs[1].Value, errs[0].Value, "%s: the message", loop)
				}
			})
		}
	}
}

// hostMoved returns the sums of windowMoved (moved) or windowGrow for n
// threads, and the first thread whose loads leave in (-1 if none).
func hostMoved(in []float32, n, r, by int, moved bool) (out []float32, failed int) {
	out = make([]float32, n)
	for i := range n {
		last := 2 * r
		for d := 0; d <= last; d++ {
			if moved {
				d += by
			}
			if i+d >= len(in) {
				return nil, i
			}
			out[i] += in[i+d]
			if !moved && d == 0 {
				last += by
			}
		}
	}
	return out, -1
}

// TestWindowSpanWraps: keys and shifts near the ends of int, whose
// index arithmetic wraps on the way (Go's ints wrap, on both paths): a
// window whose indexes come back in range sums as the host does, and
// one whose indexes leave it fails at the same thread, with the same
// message, on both paths. One block: where every thread fails, blocks
// running at once would race to report first.
func TestWindowSpanWraps(t *testing.T) {
	const n, bs = 16, 16
	in := portableInput(n + 8)
	for _, c := range []struct {
		lo, hi, shift int
	}{
		{math.MaxInt - 5, math.MaxInt, math.MaxInt - 5}, // i+d overflows, less shift comes back
		{math.MinInt, math.MinInt + 4, math.MinInt},     // i+d near MinInt, less shift comes back
		{-3, 3, math.MinInt},                            // every index wraps out of range
		{math.MaxInt - 2, math.MaxInt, 0},               // the first index wraps
		{0, 6, math.MaxInt},                             // i+d-shift wraps from below MinInt+1
	} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			want, ok := hostWindow(in, n, c.lo, c.hi, c.shift)
			run := func(f form) ([]uint32, error) {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
					WindowSpanKernel(in, out, c.lo, c.hi, c.shift))
				return bitsOf(out), err
			}
			if ok {
				assert.Equal(t, bitsOf(want), agreeSIMD(t, run))
				return
			}
			var errs [2]*gocuda.KernelError
			for i, f := range forms {
				_, err := run(f)
				require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
			}
			assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
			assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
		})
	}
}

// TestWindowMoved: loops whose body steps their key or moves their bound
// keep a check at each load: they sum as the host does, and where their
// loads pass the end of in (which a check of keys 0 to 2r would not
// see) they fail at the host's first failing thread on both paths.
func TestWindowMoved(t *testing.T) {
	for _, moved := range []bool{true, false} {
		for _, r := range []int{1, 4, 9} {
			for _, by := range []int{1, 3} {
				for _, short := range []bool{false, true} {
					t.Run(fmt.Sprintf("moved=%v/r=%d/by=%d/short=%v", moved, r, by, short), func(t *testing.T) {
						const n = 100
						in := portableInput(n + 2*r + by)
						if short {
							in = in[:n+2*r-1]
						}
						want, failed := hostMoved(in, n, r, by, moved)
						run := func(f form) ([]uint32, error) {
							out := make([]float32, n)
							kernel := WindowGrowKernel(in, out, r, by)
							if moved {
								kernel = WindowMovedKernel(in, out, r, by)
							}
							err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 13)}, Block: gocuda.Dim3{X: 13}}, kernel)
							return bitsOf(out), err
						}
						if failed < 0 {
							assert.Equal(t, bitsOf(want), agreeSIMD(t, run))
							return
						}
						for _, f := range forms {
							_, err := run(f)
							var ke *gocuda.KernelError
							require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
							assert.Equal(t, failed, ke.Block.X*13+ke.Thread.X, "%s: the failing thread", f.name)
						}
					})
				}
			}
		}
	}
}

// TestWindowClamp: windows clamped at the ends of in sum as the host
// does, where the whole window is inside in (checked once before the
// loop), where it reaches an end (each load clamped lane by lane), and
// where in is shorter than a step.
func TestWindowClamp(t *testing.T) {
	for _, bs := range []int{3, 8, 32, 100} {
		for _, r := range []int{0, 1, 2, 7} {
			for _, n := range []int{1, 5, 9, 64, 300} {
				t.Run(fmt.Sprintf("block=%d/r=%d/n=%d", bs, r, n), func(t *testing.T) {
					in := portableInput(n)
					want := make([]float32, n)
					for i := range want {
						for d := -r; d <= r; d++ {
							want[i] += in[min(max(i+d, 0), n-1)]
						}
					}
					got := agreeSIMD(t, func(f form) ([]uint32, error) {
						out := make([]float32, n)
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
							WindowClampKernel(in, out, r))
						return bitsOf(out), err
					})
					assert.Equal(t, bitsOf(want), got)
				})
			}
		}
	}
}

// TestWindowTile: the shared-tile window, its rows sliced once per row,
// sums as the host does for blocks of part of a step to many steps.
func TestWindowTile(t *testing.T) {
	for _, bs := range []int{5, 8, 16, 40} {
		for _, r := range []int{0, 1, 2, 5} {
			t.Run(fmt.Sprintf("block=%d/r=%d", bs, r), func(t *testing.T) {
				const blocksX, rows = 3, 4
				width := blocksX*bs + 2*r
				in := portableInput(width * rows)
				want := make([]float32, blocksX*bs)
				for x := range want {
					for y := range rows {
						for dx := 0; dx <= 2*r; dx++ {
							want[x] += in[y*width+x+dx]
						}
					}
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, len(want))
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocksX}, Block: gocuda.Dim3{X: bs}},
						WindowTileKernel(in, out, r, rows))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestWindowShiftEmpty: a window whose index shifts by a count that
// would panic, in a loop that runs no trip, fails on neither path (the
// check before the loop must not evaluate what the loop never does);
// with trips, both paths sum as the host.
func TestWindowShiftEmpty(t *testing.T) {
	const n = 40
	in := portableInput(n + 8)
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16)}, Block: gocuda.Dim3{X: 16}}, WindowShiftKernel(in, out, 0, -1))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(make([]float32, n)), got)
	got = agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16)}, Block: gocuda.Dim3{X: 16}}, WindowShiftKernel(in, out, 3, 2))
		return bitsOf(out), err
	})
	want := make([]float32, n)
	for i := range want {
		for d := range 3 {
			want[i] += in[i+d+4]
		}
	}
	assert.Equal(t, bitsOf(want), got)
}
