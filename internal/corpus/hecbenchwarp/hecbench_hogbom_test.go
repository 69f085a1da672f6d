package hecbenchwarp

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// hogbomGoldenFindPeak is HogbomGolden::findPeak of reference.cpp.
func hogbomGoldenFindPeak(image []float32) (float32, int) {
	maxVal, maxPos := float32(0), 0
	for i, v := range image {
		if fabsf(v) > fabsf(maxVal) {
			maxVal, maxPos = v, i
		}
	}
	return maxVal, maxPos
}

// hogbomWindow is subtractPSF's window and offsets (both files compute
// diffy as ry − px, as the originals do).
func hogbomWindow(peakPos, psfPeakPos, residualWidth, psfWidth int) (startx, starty, stopx, stopy, diffx, diffy int) {
	rx, ry := peakPos%residualWidth, peakPos/residualWidth
	px, py := psfPeakPos%psfWidth, psfPeakPos/psfWidth
	diffx, diffy = rx-px, ry-px
	startx, starty = max(0, rx-px), max(0, ry-py)
	stopx = min(residualWidth-1, rx+(psfWidth-px-1))
	stopy = min(residualWidth-1, ry+(psfWidth-py-1))
	return
}

// runHogbom is HogbomTest::deconvolve: findPeak (k_findPeak, then the
// host's pass over the block peaks) on the PSF, then niters cycles of
// findPeak on the residual and subtractPSF; it returns model and residual.
func runHogbom(f form, dirty []float32, width int, psf []float32, psfWidth int, niters int, gain float32) ([2][]float32, error) {
	residual := append([]float32(nil), dirty...)
	model := make([]float32, len(dirty))
	peaks := make([]HogbomPeak, hogbomFindPeakNBlocks)
	findPeak := func(image []float32) (HogbomPeak, error) {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: hogbomFindPeakNBlocks}, Block: gocuda.Dim3{X: hogbomFindPeakWidth}},
			HogbomFindPeakKernel(image, len(image), peaks))
		p := HogbomPeak{}
		for _, q := range peaks {
			if fabsf(q.Val) > fabsf(p.Val) {
				p = q
			}
		}
		return p, err
	}
	psfPeak, err := findPeak(psf)
	if err != nil {
		return [2][]float32{}, err
	}
	for range niters {
		peak, err := findPeak(residual)
		if err != nil {
			return [2][]float32{}, err
		}
		startx, starty, stopx, stopy, diffx, diffy := hogbomWindow(peak.Pos, psfPeak.Pos, width, psfWidth)
		const blockDim = 16
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (stopx - startx + blockDim) / blockDim, Y: (stopy - starty + blockDim) / blockDim}, Block: gocuda.Dim3{X: blockDim, Y: blockDim}}
		if err := f.launch(cfg, HogbomSubtractPSFKernel(psf, int32(psfWidth), residual, int32(width),
			int32(startx), int32(starty), int32(stopx), int32(stopy), int32(diffx), int32(diffy), peak.Val, gain)); err != nil {
			return [2][]float32{}, err
		}
		model[peak.Pos] += peak.Val * gain
	}
	return [2][]float32{model, residual}, nil
}

// TestHogbom cleans a 150×150 dirty image (a few point sources convolved
// with the PSF, plus noise) with a 41×41 Gaussian PSF peaked at its centre
// for 30 cycles of gain 0.1 (no cycle reaches the golden code's stopping
// threshold) and requires HogbomGolden::deconvolve's model and residual.
func TestHogbom(t *testing.T) {
	const width, psfWidth, niters, gain = 150, 41, 30, float32(0.1)
	psf := make([]float32, psfWidth*psfWidth)
	for y := range psfWidth {
		for x := range psfWidth {
			dx, dy := float64(x-psfWidth/2), float64(y-psfWidth/2)
			psf[y*psfWidth+x] = float32(math.Exp(-(dx*dx + dy*dy) / 40))
		}
	}
	r := rng(width, psfWidth)
	dirty := make([]float32, width*width)
	for i := range dirty {
		dirty[i] = 0.01 * (r.Float32() - 0.5)
	}
	for range 5 {
		cx, cy, a := r.IntN(width), r.IntN(width), 1+r.Float32()
		for y := range width {
			for x := range width {
				if px, py := x-cx+psfWidth/2, y-cy+psfWidth/2; px >= 0 && px < psfWidth && py >= 0 && py < psfWidth {
					dirty[y*width+x] += a * psf[py*psfWidth+px]
				}
			}
		}
	}
	// HogbomGolden::deconvolve.
	wantResidual := append([]float32(nil), dirty...)
	wantModel := make([]float32, len(dirty))
	_, psfPeakPos := hogbomGoldenFindPeak(psf)
	for range niters {
		val, pos := hogbomGoldenFindPeak(wantResidual)
		require.GreaterOrEqual(t, fabsf(val), float32(1e-5), "the golden code would stop")
		wantModel[pos] += val * gain
		startx, starty, stopx, stopy, diffx, diffy := hogbomWindow(pos, psfPeakPos, width, psfWidth)
		for y := starty; y <= stopy; y++ {
			for x := startx; x <= stopx; x++ {
				wantResidual[y*width+x] -= gain * val * psf[(y-diffy)*psfWidth+(x-diffx)]
			}
		}
	}
	got := agree(t, func(f form) ([2][]float32, error) { return runHogbom(f, dirty, width, psf, psfWidth, niters, gain) })
	require.Equal(t, wantModel, got[0], "model")
	require.Equal(t, wantResidual, got[1], "residual")
}
