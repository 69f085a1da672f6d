package kernels_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// stencilRef is ISPC's serial stencil: steps t0 to t1 over the interior
// of an n³ grid, ping-ponging between even and odd.
func stencilRef(t0, t1, n int, coef, vsq, even, odd []float32) {
	const r = kernels.StencilRadius
	nxy := n * n
	for t := t0; t < t1; t++ {
		in, out := even, odd
		if t&1 == 1 {
			in, out = odd, even
		}
		for z := r; z < n-r; z++ {
			for y := r; y < n-r; y++ {
				for x := r; x < n-r; x++ {
					i := z*nxy + y*n + x
					div := coef[0] * in[i]
					for d := 1; d <= r; d++ {
						div += coef[d] * (in[i+d] + in[i-d] + in[i+d*n] + in[i-d*n] + in[i+d*nxy] + in[i-d*nxy])
					}
					out[i] = 2*in[i] - out[i] + vsq[i]*div
				}
			}
		}
	}
}

func TestStencil(t *testing.T) {
	dev := newDevice(t)
	coef := []float32{0.5, -0.25, 0.125, -0.0625}
	for _, n := range []int{6, 7, 12, 21} {
		r := rand.New(rand.NewPCG(uint64(n), 3))
		vsq, even, odd := make([]float32, n*n*n), make([]float32, n*n*n), make([]float32, n*n*n)
		for i := range vsq {
			// small integers over powers of two: every sum is exact, in any order
			vsq[i], even[i], odd[i] = float32(r.IntN(4))/4, float32(r.IntN(16)-8), float32(r.IntN(16)-8)
		}
		wantEven, wantOdd := slices.Clone(even), slices.Clone(odd)
		stencilRef(0, 3, n, coef, vsq, wantEven, wantOdd)
		require.NoError(t, kernels.Stencil(dev, 0, 3, n, coef, vsq, even, odd))
		assert.Equal(t, wantEven, even, "n=%d even", n)
		assert.Equal(t, wantOdd, odd, "n=%d odd", n)
	}
}

func TestStencilErrors(t *testing.T) {
	dev := newDevice(t)
	one := make([]float32, 1)
	for name, err := range map[string]error{
		"nil device": kernels.Stencil(nil, 0, 1, 1, make([]float32, 4), one, one, one),
		"weights":    kernels.Stencil(dev, 0, 1, 1, make([]float32, 3), one, one, one),
		"lengths":    kernels.Stencil(dev, 0, 1, 2, make([]float32, 4), one, one, one),
	} {
		assert.True(t, errors.Is(err, gocuda.ErrInvalidValue), "%s: %v", name, err)
	}
}
