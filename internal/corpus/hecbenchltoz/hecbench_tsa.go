package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's tsa benchmark (zjin-lcf/HeCBench at
// f27000a, src/tsa-cuda/kernels.h, the trotter-suzuki approximation's
// CUDA block kernel), kernel<float, 1, 16, 96, 3, 4, 16>: a 16×96 tile
// with a halo of 3×4 in shared memory, the black cells of a checkerboard
// in registers, eight half steps of trotter_vert_pair and
// trotter_horz_pair (their BACKWARDS template parameter an argument)
// between barriers.

// The template arguments of main.cu's float launch: STEPS, BLOCK_X,
// BLOCK_Y, MARGIN_X, MARGIN_Y and STRIDE_Y.
const (
	tsaSteps   = 1
	tsaBlockX  = 16
	tsaBlockY  = 96
	tsaMarginX = 3
	tsaMarginY = 4
	tsaStrideY = 16
)

// trotterVertPair is trotter_vert_pair<float, 16, 96, 3, 4, backwards>
// of tsa-cuda.
func trotterVertPair(a, b float32, width, height int, cellR, cellI *float32, kx, ky, py int, rl, im [][tsaBlockX]float32, backwards int) {
	var peerR, peerI float32

	kyPeer := ky + 1 - 2*backwards
	if py >= backwards && py < height-1+backwards && ky >= backwards && ky < tsaBlockY-1+backwards {
		peerR = rl[kyPeer][kx]
		peerI = im[kyPeer][kx]
		rl[kyPeer][kx] = a*peerR - b**cellI
		im[kyPeer][kx] = a*peerI + b**cellR
		*cellR = a**cellR - b*peerI
		*cellI = a**cellI + b*peerR
	}
}

// trotterHorzPair is trotter_horz_pair<float, 16, 96, 3, 4, backwards>
// of tsa-cuda.
func trotterHorzPair(a, b float32, width, height int, cellR, cellI *float32, kx, ky, px int, rl, im [][tsaBlockX]float32, backwards int) {
	var peerR, peerI float32

	kxPeer := kx + 1 - 2*backwards
	if px >= backwards && px < width-1+backwards && kx >= backwards && kx < tsaBlockX-1+backwards {
		peerR = rl[ky][kxPeer]
		peerI = im[ky][kxPeer]
		rl[ky][kxPeer] = a*peerR - b**cellI
		im[ky][kxPeer] = a*peerI + b**cellR
		*cellR = a**cellR - b*peerI
		*cellI = a**cellI + b*peerR
	}
}

// TsaKernel is kernel<float, 1, 16, 96, 3, 4, 16> of tsa-cuda: one
// full trotter step of the wave function p on blocks of 16×16 threads,
// into p2.
//
//gocuda:kernel TsaKernel
func tsaKernel(t *gocuda.Thread, a, b float32, width, height int, pReal, pImag, p2Real, p2Imag []float32) {
	rl := gocuda.Shared[[tsaBlockX]float32](t, tsaBlockY)
	im := gocuda.Shared[[tsaBlockX]float32](t, tsaBlockY)

	px := t.BlockIdx.X*(tsaBlockX-2*tsaSteps*tsaMarginX) + t.ThreadIdx.X - tsaSteps*tsaMarginX
	py := t.BlockIdx.Y*(tsaBlockY-2*tsaSteps*tsaMarginY) + t.ThreadIdx.Y - tsaSteps*tsaMarginY

	// Read block from global into shared memory
	if px >= 0 && px < width {
		for i, pidx := 0, py*width+px; i < tsaBlockY/tsaStrideY; i, pidx = i+1, pidx+tsaStrideY*width {
			if py+i*tsaStrideY >= 0 && py+i*tsaStrideY < height {
				rl[t.ThreadIdx.Y+i*tsaStrideY][t.ThreadIdx.X] = pReal[pidx]
				im[t.ThreadIdx.Y+i*tsaStrideY][t.ThreadIdx.X] = pImag[pidx]
			}
		}
	}

	t.SyncThreads()

	// Place threads along the black cells of a checkerboard pattern
	sx := t.ThreadIdx.X
	var sy int
	if (tsaSteps*tsaMarginX)%2 == (tsaSteps*tsaMarginY)%2 {
		sy = 2*t.ThreadIdx.Y + t.ThreadIdx.X%2
	} else {
		sy = 2*t.ThreadIdx.Y + 1 - t.ThreadIdx.X%2
	}

	// global y coordinate of the thread on the checkerboard (px remains the same)
	// used for range checks
	checkerboardPy := t.BlockIdx.Y*(tsaBlockY-2*tsaSteps*tsaMarginY) + sy - tsaSteps*tsaMarginY

	// keep the fixed black cells on registers, reds are updated in shared memory
	var cellR [tsaBlockY / (tsaStrideY * 2)]float32
	var cellI [tsaBlockY / (tsaStrideY * 2)]float32

	// read black cells to registers
	for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
		cellR[part] = rl[sy+part*2*tsaStrideY][sx]
		cellI[part] = im[sy+part*2*tsaStrideY][sx]
	}

	// update cells STEPS full steps
	for i := 0; i < tsaSteps; i++ {
		// 12344321
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterVertPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, checkerboardPy+part*2*tsaStrideY, rl, im, 0)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterHorzPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, px, rl, im, 0)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterVertPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, checkerboardPy+part*2*tsaStrideY, rl, im, 1)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterHorzPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, px, rl, im, 1)
		}
		t.SyncThreads()

		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterHorzPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, px, rl, im, 1)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterVertPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, checkerboardPy+part*2*tsaStrideY, rl, im, 1)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterHorzPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, px, rl, im, 0)
		}
		t.SyncThreads()
		for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
			trotterVertPair(a, b, width, height, &cellR[part], &cellI[part],
				sx, sy+part*2*tsaStrideY, checkerboardPy+part*2*tsaStrideY, rl, im, 0)
		}
		t.SyncThreads()
	}

	// write black cells in registers to shared memory
	for part := 0; part < tsaBlockY/(tsaStrideY*2); part++ {
		rl[sy+part*2*tsaStrideY][sx] = cellR[part]
		im[sy+part*2*tsaStrideY][sx] = cellI[part]
	}
	t.SyncThreads()

	// discard the halo and copy results from shared to global memory
	sx = t.ThreadIdx.X + tsaSteps*tsaMarginX
	sy = t.ThreadIdx.Y + tsaSteps*tsaMarginY
	px += tsaSteps * tsaMarginX
	py += tsaSteps * tsaMarginY
	if sx < tsaBlockX-tsaSteps*tsaMarginX && px < width {
		for i, pidx := 0, py*width+px; i < tsaBlockY/tsaStrideY; i, pidx = i+1, pidx+tsaStrideY*width {
			if sy+i*tsaStrideY < tsaBlockY-tsaSteps*tsaMarginY && py+i*tsaStrideY < height {
				p2Real[pidx] = rl[sy+i*tsaStrideY][sx]
				p2Imag[pidx] = im[sy+i*tsaStrideY][sx]
			}
		}
	}
}
