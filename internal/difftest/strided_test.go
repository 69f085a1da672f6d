package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// hostUpSweep is UpSweepKernel on the host: each block's 2*bd elements
// from base, level by level.
func hostUpSweep(data []float32, base, blocks, bd, levels int) {
	for b := range blocks {
		first := base + 2*b*bd
		offset := 1
		for d, left := bd, levels; d > 0 && left > 0; d, left = d>>1, left-1 {
			for thid := range d {
				data[first+offset*(2*thid+2)-1] += data[first+offset*(2*thid+1)-1]
			}
			offset *= 2
		}
	}
}

// TestUpSweep: Blelloch's up-sweep in global memory, whose widest level
// stores at stride 2 with its offset taken as 1, gives the host's sums
// bit for bit on every path, at even and odd bases, for one level and
// all, in blocks of whole steps and with threads left to the scalar
// loop.
func TestUpSweep(t *testing.T) {
	for _, bd := range []int{64, 40, 7} {
		for _, base := range []int{0, 1} {
			for _, levels := range []int{1, 3, 30} {
				t.Run(fmt.Sprintf("block=%d/base=%d/levels=%d", bd, base, levels), func(t *testing.T) {
					in := portableInput(base + 2*3*bd)
					want := append([]float32(nil), in...)
					hostUpSweep(want, base, 3, bd, levels)
					got := agreeSIMD(t, func(f form) ([]uint32, error) {
						data := append([]float32(nil), in...)
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bd}}, UpSweepKernel(data, base, levels))
						return bitsOf(data), err
					})
					assert.Equal(t, bitsOf(want), got)
				})
			}
		}
	}
}

// TestUpSweepFailure: where data ends inside the first level, the launch
// fails at the first thread whose element is past it, with that index,
// on every path.
func TestUpSweepFailure(t *testing.T) {
	for _, c := range []struct{ n, thread int }{{127, 63}, {100, 50}, {40, 20}} {
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return UpSweepKernel(portableInput(c.n), 0, 30)
		})
		for _, e := range errs {
			assert.Equal(t, gocuda.Dim3{X: c.thread}, e.Thread, "n %d", c.n)
			assert.Contains(t, fmt.Sprint(e.Value), fmt.Sprintf("index out of range [%d] with length %d", 2*c.thread+1, c.n))
		}
	}
}

// TestSpread: stores at stride 2 under a mask of the lanes (a bound and a
// sign) give the host's values on every path, at even and odd offsets,
// with the bound inside and past the last step's elements.
func TestSpread(t *testing.T) {
	for _, bd := range []int{64, 40, 7} {
		for _, off := range []int{0, 1, 5} {
			for _, cut := range []int{0, 3, 40} {
				t.Run(fmt.Sprintf("block=%d/off=%d/cut=%d", bd, off, cut), func(t *testing.T) {
					in := portableInput(3 * bd)
					n := off + 2*len(in) - cut
					want := make([]float32, n)
					for i, x := range in {
						if g := 2*i + off; g < n && x >= 0 {
							want[g] = x * 2
						}
					}
					got := agreeSIMD(t, func(f form) ([]uint32, error) {
						out := make([]float32, n)
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bd}}, SpreadKernel(in, out, n, off))
						return bitsOf(out), err
					})
					assert.Equal(t, bitsOf(want), got)
				})
			}
		}
	}
}

// TestSpreadFailure: where out is shorter than the bound, the launch fails
// at the first thread whose store is past it, on every path.
func TestSpreadFailure(t *testing.T) {
	in := make([]float32, 64) // all stored: no sign masks a lane
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return SpreadKernel(in, make([]float32, 101), 128, 1)
	})
	for _, e := range errs {
		assert.Equal(t, gocuda.Dim3{X: 50}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [101] with length 101")
	}
}

// TestPairTree: Harris's kernel 2, whose first step reads and updates its
// shared elements at stride 2 under a mask of the threads (index in the
// block) with s taken as 1, gives the host's tree sums bit for bit on
// every path, for blocks of powers of two (which the kernel needs).
func TestPairTree(t *testing.T) {
	for _, bd := range []int{256, 64, 16, 8} {
		t.Run(fmt.Sprintf("block=%d", bd), func(t *testing.T) {
			data := portableInput(3 * bd)
			want := make([]float32, 3)
			for b := range want {
				s := append([]float32(nil), data[b*bd:(b+1)*bd]...)
				for step := 1; step < bd; step *= 2 {
					for i := 0; i < bd; i += 2 * step {
						s[i] += s[i+step]
					}
				}
				want[b] = s[0]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				sums := make([]float32, 3)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bd}}, PairTreeKernel(data, sums))
				return bitsOf(sums), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestPairTreeFailure: in a block of 48 threads, which is no power of
// two, the step at stride 16 has thread 1 add element 48 (its index, 32,
// is in the block, 32+16 is not): every path fails there, with that
// index.
func TestPairTreeFailure(t *testing.T) {
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 48}}, func() func(*gocuda.Thread) {
		return PairTreeKernel(portableInput(48), make([]float32, 1))
	})
	for _, e := range errs {
		assert.Equal(t, gocuda.Dim3{X: 1}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [48] with length 48")
	}
}

// TestPairStore: two guarded stores at stride 2 in a row give the host's
// elements, and leave those past the bound alone, on every path: at even
// and odd offsets, with the bound past the last pair, inside it, and
// cutting a pair, in blocks of whole steps and with threads left to the
// scalar loop.
func TestPairStore(t *testing.T) {
	for _, bd := range []int{64, 40, 7} {
		for _, off := range []int{0, 1, 5} {
			for _, cut := range []int{0, 1, 3, 40} {
				t.Run(fmt.Sprintf("block=%d/off=%d/cut=%d", bd, off, cut), func(t *testing.T) {
					in := portableInput(3 * bd)
					n := off + 2*len(in) - cut
					want := make([]float32, n+9) // past n: left alone
					for k := range want {
						want[k] = -7
					}
					for i, x := range in {
						if g := 2*i + off; g < n {
							want[g] = x
						}
						if g := 2*i + off + 1; g < n {
							want[g] = x * 3
						}
					}
					got := agreeSIMD(t, func(f form) ([]uint32, error) {
						out := make([]float32, n+9)
						for k := range out {
							out[k] = -7
						}
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bd}}, PairStoreKernel(in, out, n, off))
						return bitsOf(out), err
					})
					assert.Equal(t, bitsOf(want), got)
				})
			}
		}
	}
}

// TestPairStoreFailure: where out is shorter than the bound, the launch
// fails at the first thread whose store is past it, on every path.
func TestPairStoreFailure(t *testing.T) {
	in := make([]float32, 64)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return PairStoreKernel(in, make([]float32, 101), 128, 1)
	})
	for _, e := range errs {
		assert.Equal(t, gocuda.Dim3{X: 50}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [101] with length 101")
	}
}
