package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// hostTree reduces sdata with sequential addressing, as Harris's kernel 4
// does after its barrier: the host reference of the block's sum.
func hostTree(sdata []float32) float32 {
	for s := len(sdata) / 2; s > 0; s /= 2 {
		for k := range s {
			sdata[k] += sdata[k+s]
		}
	}
	return sdata[0]
}

// TestStreamsFirstAdd: Harris's kernel 4, whose loads both builds
// reorder (each block's first half, then its second), gives the host's
// block sums bit for bit on both paths, with the vector steps and
// without, where the blocks end inside in and past it.
func TestStreamsFirstAdd(t *testing.T) {
	for _, n := range []int{0, 100, 1000, 4096, 5000} {
		for _, bd := range []int{32, 64, 256} {
			t.Run(fmt.Sprintf("n=%d/block=%d", n, bd), func(t *testing.T) {
				in := portableInput(n)
				grid := blocks(n, 2*bd)
				want := make([]float32, grid)
				for b := range want {
					sdata := make([]float32, bd)
					for k := range sdata {
						i := 3 + 2*b*bd + k
						sdata[k] = StreamAt(in, i) + StreamAt(in, i+bd)
					}
					want[b] = hostTree(sdata)
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, grid)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, StreamsFirstAddKernel(in, out, 3))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestStreamsProduct: products of two unguarded streams half apart,
// below or above (half < 0), give the host's values on both paths.
func TestStreamsProduct(t *testing.T) {
	const bd, grid = 64, 5
	for _, half := range []int{64, 100, -64} {
		off := max(0, -2*half*(grid-1)) + max(0, -half)
		in := portableInput(off + 2*max(half, -half)*grid + bd + max(half, 0))
		want := make([]float32, grid*bd)
		for b := range grid {
			v := make([]float32, bd)
			for k := range v {
				i := off + 2*b*half + k
				v[k] = in[i] * in[i+half]
			}
			for k := range v {
				want[b*bd+k] = v[bd-1-k] - v[k]
			}
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, grid*bd)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, StreamsProductKernel(in, out, off, half))
			return bitsOf(out), err
		})
		assert.Equal(t, bitsOf(want), got, "half=%d", half)
	}
}

// TestStreamsProductFailure: where a thread's read fails, the launch
// fails at the first failing thread in the block's order, with its
// message, on both paths, with the vector steps and without: thread 0's
// second read (thread 60's first read, which the reordered loads meet
// first, is later), and thread 30's first read where the second stream
// lies below (reordered, nothing else fails: the loop must run as
// written, not the rest of it).
func TestStreamsProductFailure(t *testing.T) {
	for _, c := range []struct {
		off, half, thread int
		msg               string
	}{
		{40, 64, 0, "index out of range [104] with length 100"},
		{70, -64, 30, "index out of range [100] with length 100"},
	} {
		in := portableInput(100)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return StreamsProductKernel(in, make([]float32, 64), c.off, c.half)
		})
		for _, e := range errs {
			assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
			assert.Equal(t, gocuda.Dim3{X: c.thread, Y: 0, Z: 0}, e.Thread, "off=%d half=%d", c.off, c.half)
			assert.Contains(t, fmt.Sprint(e.Value), c.msg)
		}
	}
}

// TestStreamsReduce3: the CUDA samples' reduce3 load, whose first
// statements both builds run ahead, gives the host's sums; where n
// passes the end of in, the launch fails at the first failing thread:
// thread 36's second read (the loads ahead succeed), thread 0's second
// read (the loads ahead fail later, at thread 50).
func TestStreamsReduce3(t *testing.T) {
	for _, n := range []int{0, 77, 1000, 4096} {
		const bd = 64
		in := portableInput(n)
		grid := blocks(n, 2*bd)
		want := make([]float32, grid)
		for b := range want {
			sum := make([]float32, bd)
			for k := range sum {
				if i := 2*b*bd + k; i < n {
					sum[k] = in[i]
				}
				if i := 2*b*bd + k + bd; i < n {
					sum[k] += in[i]
				}
			}
			sdata := append([]float32(nil), sum...)
			for s := bd / 2; s > 0; s >>= 1 {
				for k := range s {
					sum[k] += sdata[k+s]
					sdata[k] = sum[k]
				}
			}
			want[b] = sum[0]
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, grid)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, StreamsReduce3Kernel(in, out, n))
			return bitsOf(out), err
		})
		assert.Equal(t, bitsOf(want), got, "n=%d", n)
	}
	for _, c := range []struct{ len, thread int }{{100, 36}, {50, 0}} {
		in := portableInput(c.len)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return StreamsReduce3Kernel(in, make([]float32, 1), 200)
		})
		for _, e := range errs {
			assert.Equal(t, gocuda.Dim3{X: c.thread}, e.Thread, "len(in)=%d", c.len)
			assert.Contains(t, fmt.Sprint(e.Value), fmt.Sprintf("with length %d", c.len))
		}
	}
}

// TestStreamsFirstMax: the first-add load with its second index defined
// in its guard, whose first load both builds run ahead, gives the host's
// maxima; where n passes the end of in, the launch fails at the first
// failing thread on every path: thread 36's second read (the loads ahead
// succeed), thread 0's second read (the loads ahead fail later, at
// thread 50).
func TestStreamsFirstMax(t *testing.T) {
	const bd = 64
	for _, n := range []int{0, 77, 1000, 4096} {
		in := make([]int32, n)
		for i := range in {
			in[i] = rand.Int32() - math.MaxInt32/2
		}
		grid := blocks(n, 2*bd)
		want := make([]int32, grid)
		for b := range want {
			want[b] = math.MinInt32
			for i := 2 * b * bd; i < min(n, 2*(b+1)*bd); i++ {
				want[b] = max(want[b], in[i])
			}
		}
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, grid)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, StreamsFirstMaxKernel(in, out, n))
		})
		assert.Equal(t, want, got, "n=%d", n)
	}
	for _, c := range []struct{ len, thread int }{{100, 36}, {50, 0}} {
		in := make([]int32, c.len)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bd}}, func() func(*gocuda.Thread) {
			return StreamsFirstMaxKernel(in, make([]int32, 1), 200)
		})
		for _, e := range errs {
			assert.Equal(t, gocuda.Dim3{X: c.thread}, e.Thread, "len(in)=%d", c.len)
			assert.Contains(t, fmt.Sprint(e.Value), fmt.Sprintf("with length %d", c.len))
		}
	}
}
