package kernels_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

func TestTranspose(t *testing.T) {
	dev := newDevice(t)
	sizes := [][2]int{
		{0, 0}, {0, 5}, {5, 0}, {1, 1}, {1, 37}, {37, 1},
		{32, 32}, {64, 96}, {8, 32}, {31, 17}, {33, 65}, {100, 3},
		{1000, 777},
	}
	for _, sz := range sizes {
		rows, cols := sz[0], sz[1]
		in := make([]float32, rows*cols)
		for i := range in {
			in[i] = float32(i) // distinct, so any misplaced element shows
		}
		want := make([]float32, rows*cols)
		for r := range rows {
			for c := range cols {
				want[c*rows+r] = in[r*cols+c]
			}
		}
		for _, v := range kernels.TransposeVariants() {
			t.Run(fmt.Sprintf("%v/%dx%d", v, rows, cols), func(t *testing.T) {
				out := make([]float32, rows*cols)
				for i := range out {
					out[i] = float32(math.NaN())
				}
				require.NoError(t, kernels.Transpose(dev, v, in, out, rows, cols))
				matmulSame(t, want, out, rows)
			})
		}
	}
}

func TestTransposeErrors(t *testing.T) {
	dev := newDevice(t)
	s := make([]float32, 12)
	for name, call := range map[string]func() error{
		"nil device": func() error { return kernels.Transpose(nil, kernels.TransposeNaive, s[:6], s[6:], 2, 3) },
		"variant":    func() error { return kernels.Transpose(dev, kernels.TransposeVariant(3), s[:6], s[6:], 2, 3) },
		"negative":   func() error { return kernels.Transpose(dev, kernels.TransposeTiled, nil, nil, -2, 0) },
		"short in":   func() error { return kernels.Transpose(dev, kernels.TransposeTiled, s[:5], s[6:], 2, 3) },
		"long out":   func() error { return kernels.Transpose(dev, kernels.TransposeTiled, s[:6], s[5:], 2, 3) },
		"same":       func() error { return kernels.Transpose(dev, kernels.TransposePadded, s[:6], s[:6], 2, 3) },
		"overlap":    func() error { return kernels.Transpose(dev, kernels.TransposePadded, s[:6], s[5:11], 2, 3) },
	} {
		assert.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
	assert.NoError(t, kernels.Transpose(dev, kernels.TransposePadded, s[:6], s[6:], 2, 3), "adjacent")
}

func TestTransposeVariantString(t *testing.T) {
	var names []string
	for _, v := range kernels.TransposeVariants() {
		names = append(names, v.String())
	}
	assert.Equal(t, []string{"naive", "tiled", "padded"}, names)
	assert.Equal(t, "TransposeVariant(-1)", kernels.TransposeVariant(-1).String())
}
