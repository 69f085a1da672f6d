package rodinia_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// sradTol is the relative tolerance of SRAD's comparisons with SRADSerial.
// Every pixel gets the same operations in the same order in the kernels
// and the reference, and the results are equal bit for bit on amd64; the
// tolerance allows only for FMA fusion, as hotspotTol does.
const sradTol = 1e-6

// TestSRAD: SRAD on both paths, and SRADParallel, diffuse the image as
// SRADSerial does, for images of two blocks each way up to several, not
// square, regions of interest in a corner and in the middle, and zero to
// several iterations.
func TestSRAD(t *testing.T) {
	cases := []rodinia.SRADParams{
		{Rows: 32, Cols: 32, R1: 0, R2: 7, C1: 0, C2: 7, Lambda: 0.5, Iterations: 1},
		{Rows: 32, Cols: 48, R1: 0, R2: 31, C1: 0, C2: 47, Lambda: 0.5, Iterations: 0},
		{Rows: 48, Cols: 32, R1: 3, R2: 20, C1: 5, C2: 30, Lambda: 0.25, Iterations: 3},
		{Rows: 64, Cols: 80, R1: 0, R2: 15, C1: 0, C2: 15, Lambda: 0.5, Iterations: 2},
		{Rows: 96, Cols: 64, R1: 10, R2: 60, C1: 17, C2: 40, Lambda: 0.9, Iterations: 5},
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, p := range cases {
			t.Run(fmt.Sprintf("%dx%d/iterations=%d", p.Rows, p.Cols, p.Iterations), func(t *testing.T) {
				j0 := rodinia.SRADInput(p.Rows, p.Cols, seed)
				want := slices.Clone(j0)
				rodinia.SRADSerial(want, p)

				got := slices.Clone(j0)
				require.NoError(t, rodinia.SRAD(dev, got, p))
				require.NoError(t, gocudatest.Close(got, want, sradTol), "SRAD")

				par := slices.Clone(j0)
				rodinia.SRADParallel(par, p)
				require.NoError(t, gocudatest.Equal(par, want), "SRADParallel")
			})
		}
	})
}

// TestSRADSerial: SRADSerial's iteration checked against the equations of
// srad.cu written out for a few pixels in float64, and pixels whose
// neighbours all equal them, whose differences are zero, left unchanged.
func TestSRADSerial(t *testing.T) {
	p := rodinia.SRADParams{Rows: 32, Cols: 32, R1: 0, R2: 31, C1: 0, C2: 31, Lambda: 0.5, Iterations: 1}
	j0 := rodinia.SRADInput(p.Rows, p.Cols, seed)
	j := slices.Clone(j0)
	rodinia.SRADSerial(j, p)

	var sum, sum2 float64
	for _, v := range j0 {
		sum += float64(v)
		sum2 += float64(v) * float64(v)
	}
	mean := sum / float64(len(j0))
	q0sqr := (sum2/float64(len(j0)) - mean*mean) / (mean * mean)
	at := func(y, x int) float64 {
		y, x = min(max(y, 0), p.Rows-1), min(max(x, 0), p.Cols-1)
		return float64(j0[y*p.Cols+x])
	}
	coef := func(y, x int) float64 { // equ 33, saturated
		jc := at(y, x)
		n, s, w, e := at(y-1, x)-jc, at(y+1, x)-jc, at(y, x-1)-jc, at(y, x+1)-jc
		g2 := (n*n + s*s + w*w + e*e) / (jc * jc)
		l := (n + s + w + e) / jc
		qsqr := (0.5*g2 - l*l/16) / ((1 + l/4) * (1 + l/4))
		return min(max(1/(1+(qsqr-q0sqr)/(q0sqr*(1+q0sqr))), 0), 1)
	}
	for _, px := range [][2]int{{0, 0}, {5, 9}, {31, 31}, {16, 15}, {31, 0}} {
		y, x := px[0], px[1]
		jc := at(y, x)
		d := coef(y, x)*(at(y-1, x)-jc) + coef(min(y+1, p.Rows-1), x)*(at(y+1, x)-jc) +
			coef(y, x)*(at(y, x-1)-jc) + coef(y, min(x+1, p.Cols-1))*(at(y, x+1)-jc)
		require.InEpsilon(t, jc+0.25*float64(p.Lambda)*d, float64(j[y*p.Cols+x]), 1e-5, "pixel (%d, %d)", y, x)
	}

	flat := make([]float32, p.Rows*p.Cols)
	for i := range flat {
		flat[i] = float32(math.E)
	}
	flat[0] = 2 // a region of interest with some variance
	p.R1, p.R2, p.C1, p.C2 = 0, 1, 0, 1
	got := slices.Clone(flat)
	rodinia.SRADSerial(got, p)
	require.Equal(t, flat[p.Cols+2:], got[p.Cols+2:], "the pixels whose neighbours are all equal")
}

// TestSRADErrors: bad arguments are errors matching gocuda.ErrInvalidValue.
func TestSRADErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	ok := rodinia.SRADParams{Rows: 32, Cols: 32, R1: 0, R2: 7, C1: 0, C2: 7, Lambda: 0.5, Iterations: 1}
	bad := func(f func(p *rodinia.SRADParams)) rodinia.SRADParams { p := ok; f(&p); return p }
	for name, p := range map[string]rodinia.SRADParams{
		"one block row": bad(func(p *rodinia.SRADParams) { p.Rows = 16 }),
		"one block col": bad(func(p *rodinia.SRADParams) { p.Cols = 16 }),
		"not a block":   bad(func(p *rodinia.SRADParams) { p.Cols = 40 }),
		"region":        bad(func(p *rodinia.SRADParams) { p.R2 = 32 }),
		"empty region":  bad(func(p *rodinia.SRADParams) { p.C1 = 8 }),
		"iterations":    bad(func(p *rodinia.SRADParams) { p.Iterations = -1 }),
	} {
		j := make([]float32, p.Rows*p.Cols)
		require.ErrorIs(t, rodinia.SRAD(dev, j, p), gocuda.ErrInvalidValue, name)
	}
	j := make([]float32, ok.Rows*ok.Cols)
	require.ErrorIs(t, rodinia.SRAD(nil, j, ok), gocuda.ErrInvalidValue, "nil device")
	require.ErrorIs(t, rodinia.SRAD(dev, j[:100], ok), gocuda.ErrInvalidValue, "short image")
	require.Panics(t, func() { rodinia.SRADSerial(j[:100], ok) })
}
