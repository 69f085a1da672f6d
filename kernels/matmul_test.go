package kernels_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// matmulSizes are the m×k×n shapes every variant is checked at: empty
// products, k = 0 (C all zero), single elements, multiples of the 16 and
// 32 tiles, shapes just off them, and one that spans many blocks.
var matmulSizes = [][3]int{
	{0, 0, 0}, {0, 5, 3}, {3, 5, 0}, {4, 0, 3},
	{1, 1, 1}, {1, 40, 1}, {16, 16, 16}, {32, 32, 32}, {32, 48, 64},
	{17, 33, 5}, {33, 17, 31}, {15, 1, 47}, {31, 65, 33},
	{200, 300, 250},
}

// matmulInts returns n random integers from -4 to 4 as float32s: with them
// every product and partial sum here is an exact float32, whatever the
// order of the additions, so results can be compared exactly.
func matmulInts(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.IntN(9) - 4)
	}
	return s
}

// matmulRef is the textbook triple loop on the host.
func matmulRef(a, b []float32, m, k, n int) []float32 {
	c := make([]float32, m*n)
	for i := range m {
		for j := range n {
			var sum float64
			for p := range k {
				sum += float64(a[i*k+p]) * float64(b[p*n+j])
			}
			c[i*n+j] = float32(sum)
		}
	}
	return c
}

// matmulSame fails t at the first element of got that differs from want,
// naming its row and column in a matrix n wide.
func matmulSame(t *testing.T, want, got []float32, n int) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		if got[i] != want[i] && !(math.IsNaN(float64(got[i])) && math.IsNaN(float64(want[i]))) {
			bad := 0
			for j := range want {
				if got[j] != want[j] {
					bad++
				}
			}
			t.Fatalf("element [%d][%d] = %v, want %v (%d of %d elements differ)", i/n, i%n, got[i], want[i], bad, len(want))
		}
	}
}

func TestMatMul(t *testing.T) {
	dev := newDevice(t)
	r := rand.New(rand.NewPCG(1, 2))
	for _, sz := range matmulSizes {
		m, k, n := sz[0], sz[1], sz[2]
		a, b := matmulInts(r, m*k), matmulInts(r, k*n)
		want := matmulRef(a, b, m, k, n)
		for _, v := range kernels.MatMulVariants() {
			t.Run(fmt.Sprintf("%v/%dx%dx%d", v, m, k, n), func(t *testing.T) {
				c := make([]float32, m*n)
				for i := range c {
					c[i] = float32(math.NaN()) // an element never written stays NaN
				}
				require.NoError(t, kernels.MatMul(dev, v, a, b, c, m, k, n))
				matmulSame(t, want, c, n)
			})
		}
	}
}

func TestMatMulBaselines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, sz := range matmulSizes {
		m, k, n := sz[0], sz[1], sz[2]
		a, b := matmulInts(r, m*k), matmulInts(r, k*n)
		want := matmulRef(a, b, m, k, n)
		c := make([]float32, m*n)
		bench.MatMulSerial(a, b, c, m, k, n)
		matmulSame(t, want, c, n)
		clear(c)
		bench.MatMulParallel(a, b, c, m, k, n)
		matmulSame(t, want, c, n)
	}
}

// TestMatMulKernelLaunch launches a kernel constructor with MatMulConfig,
// as a user writing their own launch would.
func TestMatMulKernelLaunch(t *testing.T) {
	dev := newDevice(t)
	const m, k, n = 40, 21, 35
	r := rand.New(rand.NewPCG(5, 6))
	a, b := matmulInts(r, m*k), matmulInts(r, k*n)
	c := make([]float32, m*n)
	cfg := kernels.MatMulConfig(kernels.MatMulRegisterTiled, m, n)
	assert.Equal(t, gocuda.Dim3{X: 2, Y: 2}, cfg.Grid)
	require.NoError(t, dev.Launch(cfg, kernels.MatMulRegisterTiledKernel(a, b, c, m, k, n)))
	matmulSame(t, matmulRef(a, b, m, k, n), c, n)
}

func TestMatMulErrors(t *testing.T) {
	dev := newDevice(t)
	s := make([]float32, 6)
	for name, call := range map[string]func() error{
		"nil device": func() error { return kernels.MatMul(nil, kernels.MatMulNaive, s, s, s[:4], 2, 3, 2) },
		"variant":    func() error { return kernels.MatMul(dev, kernels.MatMulVariant(-1), s, s, s[:4], 2, 3, 2) },
		"negative":   func() error { return kernels.MatMul(dev, kernels.MatMulTiled, nil, nil, nil, -1, 0, 0) },
		"short a":    func() error { return kernels.MatMul(dev, kernels.MatMulTiled, s[:5], s, s[:4], 2, 3, 2) },
		"long b":     func() error { return kernels.MatMul(dev, kernels.MatMulTiled, s, append(s, 0), s[:4], 2, 3, 2) },
		"short c":    func() error { return kernels.MatMul(dev, kernels.MatMulTiled, s, s, s[:3], 2, 3, 2) },
		"transposed": func() error { return kernels.MatMul(dev, kernels.MatMulNaive, s, s, s[:4], 3, 2, 2) },
	} {
		assert.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}

func TestMatMulVariantString(t *testing.T) {
	var names []string
	for _, v := range kernels.MatMulVariants() {
		names = append(names, v.String())
	}
	assert.Equal(t, []string{"naive", "tiled", "tiledUnrolled", "registerTiled"}, names)
	assert.Equal(t, "MatMulVariant(9)", kernels.MatMulVariant(9).String())
}
