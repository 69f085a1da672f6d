package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's chemv (src/chemv-cuda/kernel.cu at f27000a):
// chemv_kernel0 and chemv_kernel1, PPCG-generated kernels of a complex
// Hermitian matrix-vector product for N = 370 (the sizes are constants in
// the generated code), a VOBLA BLAS routine. ppcg_min and ppcg_max are
// Go's min and max.

// ComplexFloat is chemv's struct ComplexFloat.
type ComplexFloat struct{ Re, Im float32 }

// ChemvKernel0 is chemv_kernel0: Y ← βY + α·diag(AT)·X, then the lower
// triangle's contributions in 32-column steps, a barrier a step.
//
//gocuda:kernel ChemvKernel0
func chemvKernel0(t *gocuda.Thread, AT, X, Y []ComplexFloat, alphaIm, alphaRe, betaIm, betaRe float32) {
	b0 := t.BlockIdx.X
	t0 := t.ThreadIdx.X
	var privateVar5Re, privateVar5Im, privateVar2Re, privateVar3Im, privateVar2Im, privateVar4Im, privateVar4Re, privateVar3Re float32
	var privateVar99Re, privateVar98Im, privateVar97Im, privateVar99Im, privateVar97Re, privateVar98Re float32

	for c1 := 0; c1 <= min(368, 32*b0+30); c1 += 32 {
		if 32*b0+t0 <= 369 && c1 == 0 {
			privateVar5Re = ((Y[32*b0+t0].Re * betaRe) - (Y[32*b0+t0].Im * betaIm))
			privateVar5Im = ((Y[32*b0+t0].Im * betaRe) + (Y[32*b0+t0].Re * betaIm))
			Y[32*b0+t0].Re = privateVar5Re
			Y[32*b0+t0].Im = privateVar5Im
			privateVar2Re = (alphaRe * AT[11872*b0+371*t0].Re)
			privateVar2Im = (alphaIm * AT[11872*b0+371*t0].Re)
			privateVar3Re = ((privateVar2Re * X[32*b0+t0].Re) - (privateVar2Im * X[32*b0+t0].Im))
			privateVar3Im = ((privateVar2Im * X[32*b0+t0].Re) + (privateVar2Re * X[32*b0+t0].Im))
			privateVar4Re = (Y[32*b0+t0].Re + privateVar3Re)
			privateVar4Im = (Y[32*b0+t0].Im + privateVar3Im)
			Y[32*b0+t0].Re = privateVar4Re
			Y[32*b0+t0].Im = privateVar4Im
		}
		if 32*b0+t0 <= 369 {
			for c3 := 0; c3 <= min(31, 32*b0+t0-c1-1); c3 += 1 {
				privateVar97Re = ((alphaRe * AT[32*b0+t0+370*c1+370*c3].Re) - (alphaIm * AT[32*b0+t0+370*c1+370*c3].Im))
				privateVar97Im = ((alphaIm * AT[32*b0+t0+370*c1+370*c3].Re) + (alphaRe * AT[32*b0+t0+370*c1+370*c3].Im))
				privateVar98Re = ((privateVar97Re * X[c1+c3].Re) - (privateVar97Im * X[c1+c3].Im))
				privateVar98Im = ((privateVar97Im * X[c1+c3].Re) + (privateVar97Re * X[c1+c3].Im))
				privateVar99Re = (Y[32*b0+t0].Re + privateVar98Re)
				privateVar99Im = (Y[32*b0+t0].Im + privateVar98Im)
				Y[32*b0+t0].Re = privateVar99Re
				Y[32*b0+t0].Im = privateVar99Im
			}
		}
		t.SyncThreads()
	}
}

// ChemvKernel1 is chemv_kernel1: the upper triangle's contributions
// (conjugated), in 32-column steps with a barrier a step.
//
//gocuda:kernel ChemvKernel1
func chemvKernel1(t *gocuda.Thread, AT, X, Y []ComplexFloat, alphaIm, alphaRe float32) {
	b0 := t.BlockIdx.X
	t0 := t.ThreadIdx.X
	var privateVar96Re, privateVar96Im, privateVar94Im, privateVar95Im, privateVar94Re, privateVar95Re float32

	for c1 := 5888 * b0; c1 <= min(67712, 5856*b0+6016); c1 += 32 {
		for c3 := max(0, 5888*b0+184*t0-c1); c3 <= min(31, 5856*b0+183*t0-c1+368); c3 += 1 {
			privateVar94Re = ((alphaRe * AT[5984*b0+187*t0+c1+c3+1].Re) - (alphaIm * (-AT[5984*b0+187*t0+c1+c3+1].Im)))
			privateVar94Im = ((alphaIm * AT[5984*b0+187*t0+c1+c3+1].Re) + (alphaRe * (-AT[5984*b0+187*t0+c1+c3+1].Im)))
			privateVar95Re = ((privateVar94Re * X[-5856*b0-183*t0+c1+c3+1].Re) - (privateVar94Im * X[-5856*b0-183*t0+c1+c3+1].Im))
			privateVar95Im = ((privateVar94Im * X[-5856*b0-183*t0+c1+c3+1].Re) + (privateVar94Re * X[-5856*b0-183*t0+c1+c3+1].Im))
			privateVar96Re = (Y[32*b0+t0].Re + privateVar95Re)
			privateVar96Im = (Y[32*b0+t0].Im + privateVar95Im)
			Y[32*b0+t0].Re = privateVar96Re
			Y[32*b0+t0].Im = privateVar96Im
		}
		t.SyncThreads()
	}
}
