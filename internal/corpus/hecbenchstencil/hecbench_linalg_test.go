package hecbenchstencil

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// asmoothRef is asmooth's reference.h reference: box sizes, the
// normalisation, the normalised image and the output.
func asmoothRef(L, threshold, maxRad int, img []float32) (box []int32, norm, out []float32) {
	img = append([]float32(nil), img...)
	box, norm, out = make([]int32, L*L), make([]float32, L*L), make([]float32, L*L)
	for x := 0; x < L; x++ {
		for y := 0; y < L; y++ {
			sum := float32(0)
			s, q := 1, 1
			ksum := 0
			for sum < float32(threshold) && q < maxRad {
				s = q
				sum = 0
				ksum = 0
				for i := -s; i < s+1; i++ {
					for j := -s; j < s+1; j++ {
						if x-s >= 0 && x+s < L && y-s >= 0 && y+s < L {
							sum += img[(x+i)*L+y+j]
							ksum++
						}
					}
				}
				q++
			}
			box[x*L+y] = int32(s)
			for i := -s; i < s+1; i++ {
				for j := -s; j < s+1; j++ {
					if x-s >= 0 && x+s < L && y-s >= 0 && y+s < L && ksum != 0 {
						norm[(x+i)*L+y+j] += 1 / float32(ksum)
					}
				}
			}
		}
	}
	for i := range img {
		if norm[i] != 0 {
			img[i] /= norm[i]
		}
	}
	for x := 0; x < L; x++ {
		for y := 0; y < L; y++ {
			s := int(box[x*L+y])
			sum := float32(0)
			ksum := 0
			for i := -s; i < s+1; i++ {
				for j := -s; j < s+1; j++ {
					if x-s >= 0 && x+s < L && y-s >= 0 && y+s < L {
						sum += img[(x+i)*L+y+j]
						ksum++
					}
				}
			}
			if ksum != 0 {
				out[x*L+y] = sum / float32(ksum)
			}
		}
	}
	return box, norm, out
}

// TestAsmooth runs the three kernels with the host code's 16×16 blocks on
// a square 37×37 image of the original's rand() % 256, threshold 3000 and
// at most radius 4, against the reference (box sizes equal, norm and
// output within the original's 1e-3; the atomics' order differs between
// the paths, so each path is checked on its own).
func TestAsmooth(t *testing.T) {
	const L, threshold, maxRad = 37, 3000, 5
	r := rng(L)
	img := make([]float32, L*L)
	for i := range img {
		img[i] = float32(r.IntN(256))
	}
	wantBox, wantNorm, wantOut := asmoothRef(L, threshold, maxRad, img)
	type res struct {
		box       []int32
		norm, out []float32
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (L + 15) / 16, Y: (L + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}
	got := both(t, func(f form) (res, error) {
		dImg := append([]float32(nil), img...)
		rs := res{make([]int32, L*L), make([]float32, L*L), make([]float32, L*L)}
		for _, k := range []func(*gocuda.Thread){
			SmoothingFilterKernel(L, L, threshold, maxRad, dImg, rs.box, rs.norm),
			NormalizeFilterKernel(L, L, dImg, rs.norm),
			OutFilterKernel(L, L, dImg, rs.box, rs.out),
		} {
			if err := f.launch(cfg, k); err != nil {
				return rs, err
			}
		}
		return rs, nil
	})
	for i, g := range got {
		require.Equal(t, wantBox, g.box, forms[i].name)
		nearSlice(t, wantNorm, g.norm, 1e-5, forms[i].name)
		nearSlice(t, wantOut, g.out, 1e-4, forms[i].name)
	}
}

// TestTensorTranspose runs tensor_transpose for a 6D tensor of
// 5×4×3×3×7×4 with tensorT's permutation 1,2,3,4,5,6 → 2,3,4,6,1,5 (tiles
// of d1·d2·d3, a grid of 37 blocks of 64 threads striding 252 tiles)
// against the permutation computed directly.
func TestTensorTranspose(t *testing.T) {
	const d1, d2, d3, d4, d5, d6 = 5, 4, 3, 3, 7, 4
	const size = d1 * d2 * d3 * d4 * d5 * d6
	shapeOutput := []int32{d2, d3, d1}
	shapeInput := []int32{d4, d5, d6}
	shapeOutputR := []float32{1. / d2, 1. / d3, 1. / d1}
	shapeInputR := []float32{1. / d4, 1. / d5, 1. / d6}
	strideOutputLocal := []int32{d1, d1 * d2, 1}
	strideOutputGlobal := []int32{1, d2, d2 * d3 * d4 * d6}
	strideInput := []int32{d2 * d3, d2 * d3 * d4 * d6 * d1, d2 * d3 * d4}
	input := make([]float64, size)
	for i := range input {
		input[i] = float64(i)
	}
	want := make([]float64, size)
	for i6 := 0; i6 < d6; i6++ {
		for i5 := 0; i5 < d5; i5++ {
			for i4 := 0; i4 < d4; i4++ {
				for i3 := 0; i3 < d3; i3++ {
					for i2 := 0; i2 < d2; i2++ {
						for i1 := 0; i1 < d1; i1++ {
							in := i1 + d1*(i2+d2*(i3+d3*(i4+d4*(i5+d5*i6))))
							out := i2 + d2*(i3+d3*(i4+d4*(i6+d6*(i1+d1*i5))))
							want[out] = input[in]
						}
					}
				}
			}
		}
	}
	const nblocks, tileSize = d4 * d5 * d6, d1 * d2 * d3
	got := agree(t, func(f form) ([]float64, error) {
		out := make([]float64, size)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 37}, Block: gocuda.Dim3{X: 64}},
			TensorTransposeKernel(3, 3, nblocks, tileSize, shapeInput, shapeOutput, shapeInputR, shapeOutputR,
				strideInput, strideOutputLocal, strideOutputGlobal, input, out))
	})
	require.Equal(t, want, got)
}

// calApproxFinalOnHost is hwt1d's reference.cu calApproxFinalOnHost.
func calApproxFinalOnHost(in []float32) []float32 {
	n := len(in)
	tmp := make([]float32, n)
	out := make([]float32, n)
	for i := range in {
		tmp[i] = in[i] / float32(math.Sqrt(float64(n)))
	}
	for length := n; length > 1; length >>= 1 {
		for i := 0; i < length/2; i++ {
			d0, d1 := tmp[2*i], tmp[2*i+1]
			out[i] = (d0 + d1) / float32(math.Sqrt2)
			out[length/2+i] = (d0 - d1) / float32(math.Sqrt2)
		}
		copy(tmp, out)
	}
	return out
}

// TestDwtHaar1D runs hwt1d's runKernel loop (passes of at most 9 levels on
// the device, the averages fed back to the next pass) for signals of 2^8,
// 2^9 and 2^12 samples against calApproxFinalOnHost (within 1e-3: the
// kernel's 1/√2 is 0.7071).
func TestDwtHaar1D(t *testing.T) {
	const maxLevelsOnDevice = 9
	for _, log2 := range []int{8, 9, 12} {
		n := 1 << log2
		in := randF32(rng(n), n)
		want := calApproxFinalOnHost(in)
		got := agree(t, func(f form) ([]float32, error) {
			inData := append([]float32(nil), in...)
			dOut, hOut, partial := make([]float32, n), make([]float32, n), make([]float32, n)
			levels, levelsDone := uint32(log2), 0
			for uint32(levelsDone) < uint32(log2) {
				curLevels := min(levels, maxLevelsOnDevice)
				curLength := uint32(n)
				if levelsDone != 0 {
					curLength = 1 << levels
				}
				groupSize := uint32(1<<curLevels) / 2
				buf := append([]float32(nil), inData...)
				out := append([]float32(nil), dOut...)
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int((curLength >> 1) / groupSize)}, Block: gocuda.Dim3{X: int(groupSize)},
					SharedMem: int(groupSize) * 2 * 4}, DwtHaar1DKernel(buf, out, partial, levels, curLength, uint32(levelsDone), maxLevelsOnDevice)); err != nil {
					return nil, err
				}
				copy(dOut, out)
				if levels <= maxLevelsOnDevice {
					dOut[0] = partial[0]
					copy(hOut, dOut[:1<<curLevels])
					copy(dOut[1<<curLevels:], hOut[1<<curLevels:])
					break
				}
				levels -= maxLevelsOnDevice
				copy(hOut, dOut[:curLength])
				copy(inData, partial[:1<<levels])
				levelsDone += maxLevelsOnDevice
			}
			return dOut, nil
		})
		nearSlice(t, want, got, 1e-3, "n=%d", n)
	}
}

// chemvCPU is chemv's chemv_cpu for N = 370.
func chemvCPU(alphaRe, alphaIm, betaRe, betaIm float32, AT, X, Y []ComplexFloat) {
	const N = 370
	for i := 0; i < N; i++ {
		re := Y[i].Re*betaRe - Y[i].Im*betaIm
		im := Y[i].Im*betaRe + Y[i].Re*betaIm
		Y[i] = ComplexFloat{re, im}
	}
	for i := 0; i < N; i++ {
		v2Re, v2Im := alphaRe*AT[i*N+i].Re, alphaIm*AT[i*N+i].Re
		Y[i].Re += v2Re*X[i].Re - v2Im*X[i].Im
		Y[i].Im += v2Im*X[i].Re + v2Re*X[i].Im
	}
	for i2 := 0; i2 <= N-2; i2++ {
		for i3 := 0; i3 <= N-1-(1+i2); i3++ {
			a := AT[i2*N+1+i2+i3]
			v94Re := alphaRe*a.Re - alphaIm*(-a.Im)
			v94Im := alphaIm*a.Re + alphaRe*(-a.Im)
			x := X[i3+i2+1]
			Y[i2].Re += v94Re*x.Re - v94Im*x.Im
			Y[i2].Im += v94Im*x.Re + v94Re*x.Im
			v97Re := alphaRe*a.Re - alphaIm*a.Im
			v97Im := alphaIm*a.Re + alphaRe*a.Im
			y := &Y[i3+i2+1]
			y.Re += v97Re*X[i2].Re - v97Im*X[i2].Im
			y.Im += v97Im*X[i2].Re + v97Re*X[i2].Im
		}
	}
}

// TestChemv runs chemv_kernel0 then chemv_kernel1 with chemv_gpu's 12
// blocks of 32 on random inputs against chemv_cpu (the sums run in other
// orders: within 1e-4).
func TestChemv(t *testing.T) {
	const N = 370
	r := rng(N)
	cr := func(n int) []ComplexFloat {
		s := make([]ComplexFloat, n)
		for i := range s {
			s[i] = ComplexFloat{2*r.Float32() - 1, 2*r.Float32() - 1}
		}
		return s
	}
	AT, X, Y := cr(N*N), cr(N), cr(N)
	const aRe, aIm, bRe, bIm = 0.314, 0.159, 0.271, 0.828
	want := append([]ComplexFloat(nil), Y...)
	chemvCPU(aRe, aIm, bRe, bIm, AT, X, want)
	got := agree(t, func(f form) ([]ComplexFloat, error) {
		y := append([]ComplexFloat(nil), Y...)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 12}, Block: gocuda.Dim3{X: 32}}
		if err := f.launch(cfg, ChemvKernel0(AT, X, y, aIm, aRe, bIm, bRe)); err != nil {
			return nil, err
		}
		return y, f.launch(cfg, ChemvKernel1(AT, X, y, aIm, aRe))
	})
	flat := func(s []ComplexFloat) []float32 {
		o := make([]float32, 0, 2*len(s))
		for _, c := range s {
			o = append(o, c.Re, c.Im)
		}
		return o
	}
	nearSlice(t, flat(want), flat(got), 1e-4, "chemv")
}
