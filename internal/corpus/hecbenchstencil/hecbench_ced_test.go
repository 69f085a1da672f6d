package hecbenchstencil

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// cedRef is kernel_reference.cu's four passes, over the pixels the
// device grid covers (rows and columns 1 to 16·grid), reading and writing
// the same buffers the host code chains the kernels through.
func cedRef(img []uint8, rows, cols, gx, gy int) []uint8 {
	inOut := append([]uint8(nil), img...)
	interm := make([]uint8, rows*cols)
	theta := make([]uint8, rows*cols)
	each := func(f func(row, col, pos int)) {
		for row := 1; row <= 16*gy; row++ {
			for col := 1; col <= 16*gx; col++ {
				f(row, col, row*cols+col)
			}
		}
	}
	// gaussian: in_out → interm
	each(func(row, col, pos int) {
		sum := int32(0)
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				sum = int32(float32(sum) + cedGaus[i*3+j]*float32(inOut[(i+row-1)*cols+j+col-1]))
			}
		}
		interm[pos] = uint8(min(255, max(0, sum)))
	})
	// sobel: interm → in_out, theta
	const PI = float32(3.14159265)
	each(func(row, col, pos int) {
		var sx, sy float32
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				v := int32(interm[(i+row-1)*cols+j+col-1])
				sx += float32(cedSobx[i*3+j] * v)
				sy += float32(cedSoby[i*3+j] * v)
			}
		}
		inOut[pos] = uint8(min(255, max(0, int(float32(math.Hypot(float64(sx), float64(sy)))))))
		a := float32(math.Atan2(float64(sy), float64(sx)))
		if a < 0 {
			a = float32(math.Mod(float64(a+2*PI), float64(2*PI)))
		}
		dirs := []uint8{0, 45, 90, 135, 0, 45, 90, 135}
		theta[pos] = 0
		for k := 0; k < 8; k++ {
			if a <= float32(2*k+1)*PI/8 {
				theta[pos] = dirs[k]
				break
			}
		}
	})
	// non-maximum suppression: in_out → interm
	each(func(row, col, pos int) {
		m := inOut[pos]
		at := func(dr, dc int) uint8 { return inOut[(row+dr)*cols+col+dc] }
		var n1, n2 uint8
		switch theta[pos] {
		case 0:
			n1, n2 = at(0, 1), at(0, -1)
		case 45:
			n1, n2 = at(-1, 1), at(1, -1)
		case 90:
			n1, n2 = at(-1, 0), at(1, 0)
		case 135:
			n1, n2 = at(-1, -1), at(1, 1)
		default:
			interm[pos] = m
			return
		}
		if m <= n1 || m <= n2 {
			interm[pos] = 0
		} else {
			interm[pos] = m
		}
	})
	// hysteresis: interm → in_out
	each(func(row, col, pos int) {
		m := float32(interm[pos])
		switch {
		case m >= 70:
			inOut[pos] = 255
		case m <= 10:
			inOut[pos] = 0
		case m >= 40:
			inOut[pos] = 255
		default:
			inOut[pos] = 0
		}
	})
	return inOut
}

// TestCed runs the four kernels as the host code chains them (16×16
// blocks, a grid of (cols-2)/16 × (rows-2)/16, so the last columns and
// rows are left alone) on a 55×69 image of smoothed noise with a bright
// square, against the reference's passes over the same pixels.
func TestCed(t *testing.T) {
	const rows, cols = 55, 69
	r := rng(rows, cols)
	img := make([]uint8, rows*cols)
	for i := range img {
		img[i] = uint8(r.IntN(60))
		if y, x := i/cols, i%cols; y > 15 && y < 40 && x > 20 && x < 50 {
			img[i] += 150
		}
	}
	gx, gy := (cols-2)/16, (rows-2)/16
	want := cedRef(img, rows, cols, gx, gy)
	got := agree(t, func(f form) ([]uint8, error) {
		inOut := append([]uint8(nil), img...)
		interm, theta := make([]uint8, rows*cols), make([]uint8, rows*cols)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: gocuda.Dim3{X: 16, Y: 16}, SharedMem: 18 * 18 * 4}
		for _, k := range []func(*gocuda.Thread){
			GaussianKernel(inOut, interm, rows, cols),
			SobelKernel(interm, inOut, theta, rows, cols),
			NonMaxSuppKernel(inOut, interm, theta, rows, cols),
			HystKernel(interm, inOut, rows, cols),
		} {
			if err := f.launch(cfg, k); err != nil {
				return nil, err
			}
		}
		return inOut, nil
	})
	require.Equal(t, want, got)
}
