package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds DPID, Weber, Waechter, Amend, Guthe and Goesele's
// detail-preserving image downscaling, as HeCBench carries it
// (zjin-lcf/HeCBench at f27000a, src/dpid-cuda/kernels.cu): kernelGuidance
// and kernelDownsampling, one warp an output pixel, whole warps returning
// early past the image, the warp's weighted sums reduced by __shfl_down_sync
// of a float4. The macros PX, PY and WTHREAD are functions of the thread;
// float4, uchar3 and Params are Go structs; C++ references and the
// overloaded add and += are pointer functions with their own names.

// dpidThreads, dpidWsize and dpidTsize are kernels.cu's THREADS, WSIZE and
// TSIZE.
const (
	dpidThreads = 128
	dpidWsize   = 32
	dpidTsize   = dpidThreads / dpidWsize
)

// float4 is CUDA's float4.
type float4 struct{ X, Y, Z, W float32 }

// Uchar3 is CUDA's uchar3: a pixel.
type Uchar3 struct{ X, Y, Z uint8 }

// DpidParams is shared.h's Params: the output and input sizes, the
// patch size (input pixels an output pixel) and the exponent lambda.
type DpidParams struct {
	OWidth, OHeight, IWidth, IHeight uint32
	PWidth, PHeight, Lambda          float32
	Repeat                           uint32
}

// dpidPX, dpidPY and dpidWThread are kernels.cu's macros PX, PY and
// WTHREAD: the output pixel of the thread's warp and its lane.
func dpidPX(t *gocuda.Thread) uint32 {
	return uint32(t.BlockIdx.X*dpidTsize + (t.ThreadIdx.X / dpidWsize))
}
func dpidPY(t *gocuda.Thread) uint32      { return uint32(t.BlockIdx.Y) }
func dpidWThread(t *gocuda.Thread) uint32 { return uint32(t.ThreadIdx.X % dpidWsize) }

// dpidNormalize is normalize of kernels.cu: divide by the weight.
func dpidNormalize(v *float4) {
	v.X /= v.W
	v.Y /= v.W
	v.Z /= v.W
	v.W = 1.0
}

// dpidAddColor is add(float4&, const uchar3&, float) of kernels.cu.
func dpidAddColor(output *float4, color Uchar3, factor float32) {
	output.X += float32(color.X) * factor
	output.Y += float32(color.Y) * factor
	output.Z += float32(color.Z) * factor
	output.W += factor
}

// dpidAdd is add(float4&, const float4&) of kernels.cu.
func dpidAdd(output *float4, color float4) {
	output.X += color.X
	output.Y += color.Y
	output.Z += color.Z
	output.W += color.W
}

// dpidLambda is lambda of kernels.cu: dist to the power p.Lambda, with
// the two common exponents short-cut.
func dpidLambda(p DpidParams, dist float32) float32 {
	if p.Lambda == 0.0 {
		return 1.0
	} else if p.Lambda == 1.0 {
		return dist
	}
	return powf(dist, p.Lambda)
}

// dpidPlusEq is operator+=(float4&, float4) of kernels.cu.
func dpidPlusEq(output *float4, value float4) {
	output.X += value.X
	output.Y += value.Y
	output.Z += value.Z
	output.W += value.W
}

// dpidLocal is struct Local of kernels.cu: the input rectangle the output
// pixel covers, exact and rounded out to whole pixels.
type dpidLocal struct {
	sx, ex, sy, ey                                 float32
	sxr, syr, exr, eyr, xCount, yCount, pixelCount uint32
}

// newDpidLocal is Local's constructor.
func newDpidLocal(t *gocuda.Thread, p DpidParams) dpidLocal {
	var l dpidLocal
	l.sx = max(float32(dpidPX(t))*p.PWidth, 0.0)
	l.ex = min(float32(dpidPX(t)+1)*p.PWidth, float32(p.IWidth))
	l.sy = max(float32(dpidPY(t))*p.PHeight, 0.0)
	l.ey = min(float32(dpidPY(t)+1)*p.PHeight, float32(p.IHeight))

	l.sxr = uint32(math.Floor(float64(l.sx)))
	l.syr = uint32(math.Floor(float64(l.sy)))
	l.exr = uint32(math.Ceil(float64(l.ex)))
	l.eyr = uint32(math.Ceil(float64(l.ey)))
	l.xCount = l.exr - l.sxr
	l.yCount = l.eyr - l.syr
	l.pixelCount = l.xCount * l.yCount
	return l
}

// dpidContribution is contribution of kernels.cu: f scaled by the part of
// pixel (x, y) inside the rectangle.
func dpidContribution(l dpidLocal, f float32, x, y uint32) float32 {
	if float32(x) < l.sx {
		f *= 1.0 - (l.sx - float32(x))
	}
	if (float32(x) + 1.0) > l.ex {
		f *= 1.0 - ((float32(x) + 1.0) - l.ex)
	}
	if float32(y) < l.sy {
		f *= 1.0 - (l.sy - float32(y))
	}
	if (float32(y) + 1.0) > l.ey {
		f *= 1.0 - ((float32(y) + 1.0) - l.ey)
	}
	return f
}

// dpidShflDown is kernels.cu's __shfl_down of a float4: one
// __shfl_down_sync a component.
func dpidShflDown(t *gocuda.Thread, v float4, srcLane, width int) float4 {
	var output float4
	output.X = gocuda.ShflDownSync(t, 0xFFFFFFFF, v.X, srcLane, width)
	output.Y = gocuda.ShflDownSync(t, 0xFFFFFFFF, v.Y, srcLane, width)
	output.Z = gocuda.ShflDownSync(t, 0xFFFFFFFF, v.Z, srcLane, width)
	output.W = gocuda.ShflDownSync(t, 0xFFFFFFFF, v.W, srcLane, width)
	return output
}

// dpidReduce is reduce of kernels.cu: a warp's sum into lane 0.
func dpidReduce(t *gocuda.Thread, value *float4) {
	dpidPlusEq(value, dpidShflDown(t, *value, 16, 32))
	dpidPlusEq(value, dpidShflDown(t, *value, 8, 32))
	dpidPlusEq(value, dpidShflDown(t, *value, 4, 32))
	dpidPlusEq(value, dpidShflDown(t, *value, 2, 32))
	dpidPlusEq(value, dpidShflDown(t, *value, 1, 32))
}

// dpidDistance is distance of kernels.cu: the Euclidean colour distance,
// scaled to [0, 1].
func dpidDistance(avg float4, color Uchar3) float32 {
	x := avg.X - float32(color.X)
	y := avg.Y - float32(color.Y)
	z := avg.Z - float32(color.Z)
	return sqrtf(x*x+y*y+z*z) / 441.6729559
}

// DpidGuidanceKernel is kernelGuidance of kernels.cu: each output pixel's
// box-filtered colour (the guidance image), a warp a pixel.
//
//gocuda:kernel DpidGuidanceKernel
func dpidGuidanceKernel(t *gocuda.Thread, input, patches []Uchar3, p DpidParams) {
	if dpidPX(t) >= p.OWidth || dpidPY(t) >= p.OHeight {
		return
	}

	l := newDpidLocal(t, p)
	color := float4{0.0, 0.0, 0.0, 0.0}

	for i := dpidWThread(t); i < l.pixelCount; i += dpidWsize {
		x := l.sxr + (i % l.xCount)
		y := l.syr + (i / l.xCount)

		f := dpidContribution(l, 1.0, x, y)

		pixel := input[x+y*p.IWidth]
		dpidAdd(&color, float4{float32(pixel.X) * f, float32(pixel.Y) * f, float32(pixel.Z) * f, f})
	}

	dpidReduce(t, &color)

	if (t.ThreadIdx.X % 32) == 0 {
		dpidNormalize(&color)
		patches[dpidPX(t)+dpidPY(t)*p.OWidth] = Uchar3{uint8(color.X), uint8(color.Y), uint8(color.Z)}
	}
}

// dpidCalcAverage is calcAverage of kernels.cu: the guidance image's 3×3
// neighbourhood of the output pixel, weighted 1-2-1.
func dpidCalcAverage(t *gocuda.Thread, p DpidParams, patches []Uchar3) float4 {
	const corner = float32(1.0)
	const edge = float32(2.0)
	const center = float32(4.0)

	avg := float4{0.0, 0.0, 0.0, 0.0}
	px, py := dpidPX(t), dpidPY(t)

	if py > 0 {
		if px > 0 {
			dpidAddColor(&avg, patches[(px-1)+(py-1)*p.OWidth], corner)
		}

		dpidAddColor(&avg, patches[(px)+(py-1)*p.OWidth], edge)

		if (px + 1) < p.OWidth {
			dpidAddColor(&avg, patches[(px+1)+(py-1)*p.OWidth], corner)
		}
	}

	if px > 0 {
		dpidAddColor(&avg, patches[(px-1)+(py)*p.OWidth], edge)
	}

	dpidAddColor(&avg, patches[(px)+(py)*p.OWidth], center)

	if (px + 1) < p.OWidth {
		dpidAddColor(&avg, patches[(px+1)+(py)*p.OWidth], edge)
	}

	if (py + 1) < p.OHeight {
		if px > 0 {
			dpidAddColor(&avg, patches[(px-1)+(py+1)*p.OWidth], corner)
		}

		dpidAddColor(&avg, patches[(px)+(py+1)*p.OWidth], edge)

		if (px + 1) < p.OWidth {
			dpidAddColor(&avg, patches[(px+1)+(py+1)*p.OWidth], corner)
		}
	}

	dpidNormalize(&avg)

	return avg
}

// DpidDownsamplingKernel is kernelDownsampling of kernels.cu: each output
// pixel averages its input pixels weighted by their colour distance to
// the smoothed guidance (to the power lambda), so that pixels unlike
// their surroundings, the details, count more.
//
//gocuda:kernel DpidDownsamplingKernel
func dpidDownsamplingKernel(t *gocuda.Thread, input, patches []Uchar3, p DpidParams, output []Uchar3) {
	if dpidPX(t) >= p.OWidth || dpidPY(t) >= p.OHeight {
		return
	}

	l := newDpidLocal(t, p)
	avg := dpidCalcAverage(t, p, patches)

	color := float4{0.0, 0.0, 0.0, 0.0}

	for i := dpidWThread(t); i < l.pixelCount; i += dpidWsize {
		x := l.sxr + (i % l.xCount)
		y := l.syr + (i / l.xCount)

		pixel := input[x+y*p.IWidth]
		f := dpidDistance(avg, pixel)

		f = dpidLambda(p, f)
		f = dpidContribution(l, f, x, y)

		dpidAddColor(&color, pixel, f)
	}

	dpidReduce(t, &color)

	if dpidWThread(t) == 0 {
		ref := &output[dpidPX(t)+dpidPY(t)*p.OWidth]

		if color.W == 0.0 {
			*ref = Uchar3{uint8(avg.X), uint8(avg.Y), uint8(avg.Z)}
		} else {
			dpidNormalize(&color)
			*ref = Uchar3{uint8(color.X), uint8(color.Y), uint8(color.Z)}
		}
	}
}
