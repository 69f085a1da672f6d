package hecbenchwarp

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// degridInitGCF is init_gcf of degrid-cuda.
func degridInitGCF(gcf []DegridCmplx[float64], size int) {
	for subX := range degridGCFGrid {
		for subY := range degridGCFGrid {
			for x := range size {
				for y := range size {
					tmp := math.Sin(6.28*float64(x)/float64(size)/degridGCFGrid) * math.Exp(-(1.0*float64(x*x)+1.0*float64(y*y*subY))/float64(size)/float64(size)/2)
					gcf[size*size*(subX+subY*degridGCFGrid)+x+y*size].X = tmp * math.Sin(1.0*float64(x*subX)/float64(y+1))
					gcf[size*size*(subX+subY*degridGCFGrid)+x+y*size].Y = tmp * math.Cos(1.0*float64(x*subX)/float64(y+1))
				}
			}
		}
	}
}

// degridCPU is degridCPU of degrid-cuda, img and gcf given as arrays and
// the offsets of the pointers the original advances.
func degridCPU(in, img []DegridCmplx[float64], imgHead, imgSize int, gcf []DegridCmplx[float64]) []DegridCmplx[float64] {
	out := make([]DegridCmplx[float64], len(in))
	gcfHead := degridGCFDim * (degridGCFDim + 1) / 2
	for n := range in {
		subX := int(math.Floor(degridGCFGrid * (in[n].X - math.Floor(in[n].X))))
		subY := int(math.Floor(degridGCFGrid * (in[n].Y - math.Floor(in[n].Y))))
		mainX := int(math.Floor(in[n].X))
		mainY := int(math.Floor(in[n].Y))
		var sumR, sumI float64
		for a := -degridGCFDim / 2; a < degridGCFDim/2; a++ {
			for b := -degridGCFDim / 2; b < degridGCFDim/2; b++ {
				r1 := img[imgHead+mainX+a+imgSize*(mainY+b)].X
				i1 := img[imgHead+mainX+a+imgSize*(mainY+b)].Y
				r2 := gcf[gcfHead+degridGCFDim*degridGCFDim*(degridGCFGrid*subY+subX)+degridGCFDim*b+a].X
				i2 := gcf[gcfHead+degridGCFDim*degridGCFDim*(degridGCFGrid*subY+subX)+degridGCFDim*b+a].Y
				if mainX+a >= 0 && mainY+b >= 0 && mainX+a < imgSize && mainY+b < imgSize {
					sumR += r1*r2 - i1*i2
					sumI += r1*i2 + r2*i1
				}
			}
		}
		out[n] = DegridCmplx[float64]{sumR, sumI}
	}
	return out
}

// TestDegrid runs degrid_kernel<double2> with degridGPU's launch (32×8
// blocks, a block per 32 points) on 96 and 160 random points of a 70×70
// image padded as main.cu pads it, against degridCPU within main.cu's
// double-precision bound 1e-7.
func TestDegrid(t *testing.T) {
	const imgSize = 70
	pad := imgSize*degridGCFDim + degridGCFDim
	img := make([]DegridCmplx[float64], imgSize*imgSize+2*pad)
	for x := range imgSize {
		for y := range imgSize {
			img[pad+x+imgSize*y].X = math.Exp(-(float64(x-14)*float64(x-14)+float64(y-38)*float64(y-38))/800.0) + 1.0
			img[pad+x+imgSize*y].Y = 0.4
		}
	}
	gcf := make([]DegridCmplx[float64], 64*degridGCFDim*degridGCFDim)
	degridInitGCF(gcf, degridGCFDim)
	for _, npoints := range []int{96, 160} {
		r := rng(npoints)
		in := make([]DegridCmplx[float64], npoints)
		for n := range in {
			in[n].X = float64(float32(r.Float64() * imgSize))
			in[n].Y = float64(float32(r.Float64() * imgSize))
		}
		want := degridCPU(in, img, pad, imgSize, gcf)
		got := agree(t, func(f form) ([]DegridCmplx[float64], error) {
			out := make([]DegridCmplx[float64], npoints)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: npoints / 32, Y: 1}, Block: gocuda.Dim3{X: 32, Y: 8}},
				DegridKernel(out, in, npoints, img, pad, imgSize, gcf, degridGCFDim*(degridGCFDim+1)/2))
		})
		for n := range want {
			if math.Abs(got[n].X-want[n].X) > 1e-7 || math.Abs(got[n].Y-want[n].Y) > 1e-7 {
				t.Fatalf("%d points: point %d: got %v, want %v", npoints, n, got[n], want[n])
			}
		}
	}
}
