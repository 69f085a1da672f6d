package kernels_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// spmvMatrix returns a random rows×cols CSR matrix with small integer
// values and from 0 to 2·perRow nonzeros a row, sorted by column: half
// within 40 columns of the diagonal (so the cached kernel's window is hit),
// half anywhere.
func spmvMatrix(r *rand.Rand, rows, cols, perRow int) *kernels.CSR {
	a := &kernels.CSR{Rows: rows, Cols: cols, RowPtr: make([]int32, rows+1)}
	for i := range rows {
		var row []int32
		for range r.IntN(2*perRow + 1) {
			if cols == 0 {
				break
			}
			c := r.IntN(cols)
			if r.IntN(2) == 0 {
				c = min(max(i+r.IntN(81)-40, 0), cols-1)
			}
			row = append(row, int32(c))
		}
		slices.Sort(row)
		a.ColIdx = append(a.ColIdx, row...)
		for range row {
			a.Vals = append(a.Vals, float32(r.IntN(9)-4))
		}
		a.RowPtr[i+1] = int32(len(a.Vals))
	}
	return a
}

// spmvRef computes A·x on the host; with integer data it is exact.
func spmvRef(a *kernels.CSR, x []float32) []float32 {
	y := make([]float32, a.Rows)
	for i := range a.Rows {
		var sum float64
		for j := a.RowPtr[i]; j < a.RowPtr[i+1]; j++ {
			sum += float64(a.Vals[j]) * float64(x[a.ColIdx[j]])
		}
		y[i] = float32(sum)
	}
	return y
}

func TestSpMV(t *testing.T) {
	dev := newDevice(t)
	r := rand.New(rand.NewPCG(1, 2))
	shapes := [][3]int{{0, 7, 0}, {5, 0, 3}, {33, 1000, 20}, {1000, 17, 5}, {3, 5000, 1500}}
	for _, n := range testSizes {
		shapes = append(shapes, [3]int{n, n, 6})
	}
	for _, sh := range shapes {
		rows, cols := sh[0], sh[1]
		a := spmvMatrix(r, rows, cols, sh[2])
		x := make([]float32, cols)
		for i := range x {
			x[i] = float32(r.IntN(17) - 8)
		}
		want := spmvRef(a, x)
		for _, v := range kernels.SpMVVariants() {
			if v == kernels.SpMVWarp && rows > 5000 {
				continue // 5 shuffles × 32 lanes a row, each a coroutine switch: too slow
			}
			t.Run(fmt.Sprintf("%v/%dx%d", v, rows, cols), func(t *testing.T) {
				y := make([]float32, rows)
				for i := range y {
					y[i] = float32(math.NaN())
				}
				require.NoError(t, kernels.SpMV(dev, v, a, x, y))
				matmulSame(t, want, y, 1)
			})
		}
	}
}

// TestSpMVBadColumn checks that a column index outside x fails the launch
// as an illegal address, as reading out of bounds does on a GPU, in every
// variant, including a column inside the cached kernel's window but past x.
func TestSpMVBadColumn(t *testing.T) {
	dev := newDevice(t)
	for _, c := range []int32{-1, 3, 100} {
		a := &kernels.CSR{Rows: 2, Cols: 3, RowPtr: []int32{0, 1, 2}, ColIdx: []int32{0, c}, Vals: []float32{1, 2}}
		for _, v := range kernels.SpMVVariants() {
			err := kernels.SpMV(dev, v, a, make([]float32, 3), make([]float32, 2))
			assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, "%v, column %d", v, c)
		}
	}
}

func TestSpMVErrors(t *testing.T) {
	dev := newDevice(t)
	good := func() *kernels.CSR {
		return &kernels.CSR{Rows: 2, Cols: 3, RowPtr: []int32{0, 2, 3}, ColIdx: []int32{0, 2, 1}, Vals: []float32{1, 2, 3}}
	}
	x, y := make([]float32, 3), make([]float32, 2)
	require.NoError(t, kernels.SpMV(dev, kernels.SpMVCached, good(), x, y))
	bad := map[string]func(a *kernels.CSR){
		"negative rows":   func(a *kernels.CSR) { a.Rows = -1 },
		"negative cols":   func(a *kernels.CSR) { a.Cols = -3 },
		"short RowPtr":    func(a *kernels.CSR) { a.RowPtr = a.RowPtr[:2] },
		"short ColIdx":    func(a *kernels.CSR) { a.ColIdx = a.ColIdx[:2] },
		"RowPtr start":    func(a *kernels.CSR) { a.RowPtr[0] = 1 },
		"RowPtr end":      func(a *kernels.CSR) { a.RowPtr[2] = 2 },
		"RowPtr decrease": func(a *kernels.CSR) { a.RowPtr[1] = 4; a.RowPtr[2] = 3 },
	}
	for name, spoil := range bad {
		a := good()
		spoil(a)
		assert.ErrorIs(t, a.Validate(), gocuda.ErrInvalidValue, name)
		assert.ErrorIs(t, kernels.SpMV(dev, kernels.SpMVScalar, a, x, y), gocuda.ErrInvalidValue, name)
	}
	for name, err := range map[string]error{
		"nil device": kernels.SpMV(nil, kernels.SpMVScalar, good(), x, y),
		"variant":    kernels.SpMV(dev, kernels.SpMVVariant(5), good(), x, y),
		"nil matrix": kernels.SpMV(dev, kernels.SpMVWarp, nil, x, y),
		"short x":    kernels.SpMV(dev, kernels.SpMVWarp, good(), x[:2], y),
		"long y":     kernels.SpMV(dev, kernels.SpMVWarp, good(), x, append(y, 0)),
	} {
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
}

func TestSpMVVariantString(t *testing.T) {
	var names []string
	for _, v := range kernels.SpMVVariants() {
		names = append(names, v.String())
	}
	assert.Equal(t, []string{"scalar", "cached", "warp"}, names)
	assert.Equal(t, "SpMVVariant(3)", kernels.SpMVVariant(3).String())
}
