package difftest

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestSLPSum: runs summed by a helper with eight accumulators give, bit
// for bit, the helper's sums on the host, on both paths and (in the SIMD
// build) with the twin's vector and without: runs shorter than eight,
// whole eights and tails, infinities and signed zeros.
func TestSLPSum(t *testing.T) {
	for _, run := range []int{0, 3, 8, 21, 64, 1000} {
		for _, n := range []int{1, 37, 128} {
			t.Run(fmt.Sprintf("run=%d/n=%d", run, n), func(t *testing.T) {
				in := portableInput(n*run - run/2) // the last thread's run cut short
				want := make([]float32, n)
				for i := range want {
					want[i] = SumEight(in[min(i*run, len(in)):min((i+1)*run, len(in))])
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 32)}, Block: gocuda.Dim3{X: 32}}, SLPSumKernel(in, out, run))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestSLPDot: a helper with four float64 accumulators of a scaled
// product, loading two slices at an offset from a counted index, gives
// the host's products bit for bit.
func TestSLPDot(t *testing.T) {
	for _, run := range []int{4, 8, 9, 30, 256} {
		const n = 50
		x, y := make([]float64, n*run), make([]float64, n*run)
		for i, v := range portableInput(2 * n * run) {
			if i < len(x) {
				x[i] = float64(v) / 3
			} else {
				y[i-len(x)] = float64(v) * 1e-3
			}
		}
		want := make([]uint64, n)
		for i := range want {
			want[i] = math.Float64bits(DotFour(x[i*run:(i+1)*run], y[i*run:(i+1)*run], 0.7))
		}
		got := agreeSIMD(t, func(f form) ([]uint64, error) {
			out := make([]float64, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, SLPDotKernel(x, y, out, run, 0.7))
			bits := make([]uint64, n)
			for i, v := range out {
				bits[i] = math.Float64bits(v)
			}
			return bits, err
		})
		assert.Equal(t, want, got, "run=%d", run)
	}
}

// TestSLPMix: int32 accumulators with wrapping products and bit
// operations give the host's values, for runs of whole eights.
func TestSLPMix(t *testing.T) {
	for _, run := range []int{0, 8, 96} {
		const n = 40
		in := make([]int32, n*run)
		for i := range in {
			in[i] = int32(uint32(i)*2654435761) >> 3
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = MixEight(in[i*run:(i+1)*run], -1640531535)
		}
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, SLPMixKernel(in, out, run, -1640531535))
			return out, err
		})
		assert.Equal(t, want, got, "run=%d", run)
	}
}

// TestSLPMixFailure: a run that is not a whole number of eights fails at
// its first missing element: the twin's vector leaves a group whose slice
// is short to the statements as written, so the launch fails at the same
// thread with the same message on both paths, with the vector and
// without.
func TestSLPMixFailure(t *testing.T) {
	for _, run := range []int{3, 13} {
		const n = 40
		in := make([]int32, n*run)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return SLPMixKernel(in, make([]int32, n), run, 3)
		})
		for _, e := range errs {
			assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		}
		assert.Contains(t, fmt.Sprint(errs[0].Value), fmt.Sprintf("index out of range [%d] with length %d", run%8, run%8))
	}
}

// TestSLPIndexed: accumulators indexed from a counter (s[j], s[j+1],
// s[1+j+1], ...) give the host's sums bit for bit; where the last trip
// reads past a run, the launch fails at the same thread with the same
// message on both paths, with the vector and without.
func TestSLPIndexed(t *testing.T) {
	for _, run := range []int{0, 5, 8, 27, 512} {
		const n = 45
		in := portableInput(n * run)
		want := make([]float32, n)
		for i := range want {
			want[i] = SumIndexed(in[i*run:(i+1)*run], true)
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, SLPIndexedKernel(in, out, run, true))
			return bitsOf(out), err
		})
		assert.Equal(t, bitsOf(want), got, "run=%d", run)
		if run%8 == 0 {
			continue
		}
		failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return SLPIndexedKernel(in, make([]float32, n), run, false)
		})
	}
}

// failuresAgree launches kernel() with cfg on both paths, with the SIMD
// build's vectors and without, and requires each launch to fail at the
// same thread with the same message; it returns the errors.
func failuresAgree(t *testing.T, cfg gocuda.Config, kernel func() func(*gocuda.Thread)) []*gocuda.KernelError {
	t.Helper()
	var errs []*gocuda.KernelError
	had := compiled.SIMD
	defer func() { compiled.SIMD = had }()
	for _, simd := range []bool{true, false} {
		compiled.SIMD = had && simd
		for _, f := range forms {
			err := f.launch(cfg, kernel())
			var ke *gocuda.KernelError
			require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
			errs = append(errs, ke)
		}
	}
	for _, e := range errs[1:] {
		assert.Equal(t, errs[0].Thread, e.Thread, "the failing thread")
		assert.Equal(t, errs[0].Value, e.Value, "the message")
	}
	return errs
}
