package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestReverseScan runs ReverseScanKernel in blocks of several widths and
// checks each block's part against a serial inclusive scan.
func TestReverseScan(t *testing.T) {
	for _, w := range []int{1, 7, 32, 100, 256} {
		const blocks = 3
		in := make([]float32, blocks*w)
		for i := range in {
			in[i] = float32(i%13) - 6
		}
		got := agree(t, func(f form) ([]float32, error) {
			data := append([]float32(nil), in...)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: w}}, ReverseScanKernel(data))
			return data, err
		})
		for s := 0; s < len(in); s += w {
			var sum float32
			for k := range w {
				sum += in[s+k]
				require.Equal(t, sum, got[s+k], "block %d element %d", w, s+k)
			}
		}
	}
}

// TestReverseStep runs ReverseStepKernel with offsets below zero (the two
// loops), zero, and above zero (the fused loop), against a host
// reference of the step.
func TestReverseStep(t *testing.T) {
	for _, bs := range []int{1, 5, 64, 70} {
		for _, d := range []int{-3, -1, 0, 1, 4, bs + 2} {
			const blocks = 2
			in := randInts(blocks * bs)
			got := agree(t, func(f form) ([]int32, error) {
				data := append([]int32(nil), in...)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}, ReverseStepKernel(data, d))
				return data, err
			})
			require.Equal(t, reverseStepWant(in, bs, d), got, "block %d offset %d", bs, d)
		}
	}
}

// reverseStepWant is ReverseStepKernel's step on host: every read of the
// shared array before any write.
func reverseStepWant(in []int32, bs, d int) []int32 {
	out := make([]int32, len(in))
	for b := 0; b < len(in); b += bs {
		x := append(append([]int32(nil), in[b:b+bs]...), make([]int32, 8)...)
		for i := range 8 {
			x[bs+i] = int32(100 * (i + 1))
		}
		y := make([]int32, bs)
		for i := range bs {
			if i >= d {
				y[i] = 3*x[i-d] + 1
			}
		}
		for i := range bs {
			if i >= d {
				x[i] = y[i] - x[i]
			}
			out[b+i] = x[i] + y[i]
		}
	}
	return out
}

// TestReverseShift runs ReverseShiftKernel in one-row blocks (the step)
// and a two-row block (no step) against a host reference.
func TestReverseShift(t *testing.T) {
	for _, blk := range []gocuda.Dim3{{X: 1, Y: 1}, {X: 7, Y: 1}, {X: 24, Y: 1}, {X: 64, Y: 1}, {X: 100, Y: 1}, {X: 8, Y: 2}} {
		size := blk.X * blk.Y
		in := randInts(size)
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			data := append([]int32(nil), in...)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: blk}, ReverseShiftKernel(data))
			return data, err
		})
		want := append([]int32(nil), in...)
		if blk.Y == 1 {
			off := size / 3
			for i := size - 1; i >= off; i-- { // each reads below it before that is written
				want[i] += in[i-off] + in[i]
			}
		}
		require.Equal(t, want, got, "block %v", blk)
	}
}
