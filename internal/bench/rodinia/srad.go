package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// SRADBlock is BLOCK_SIZE of srad_v2/srad.h: the side of the square blocks
// of srad_cuda_1 and srad_cuda_2 and of their shared tiles. Images are
// multiples of it on both sides.
const SRADBlock = 16

// SRADCuda1Kernel returns srad_cuda_1 of Rodinia's srad/srad_v2/srad_kernel.cu:
// the first half of an iteration of speckle-reducing anisotropic diffusion
// over a rows×cols image jCuda, one thread per pixel. A 16×16 block loads
// the row above its tile (north), the row below (south), the column left
// (west) and the column right (east), each into a 16×16 shared array, with
// a barrier after each pair, then its tile (temp), with a barrier. Each
// thread takes its four neighbours' differences from the tile or, on the
// tile's edges and corners, from the halo arrays, and the diffusion
// coefficient from them and q0sqr, the speckle's scale, saturated to
// [0, 1] in shared memory; after a last barrier it writes the coefficient
// to cCuda and the differences to eC, wC, nC and sC. Pixels past the
// image's edges read the edge pixel itself. Launch it with 16×16 blocks
// covering the image (SRAD does).
//
// The original loads every halo unconditionally and then overwrites the
// rows and columns past the image's edges, so its first and last blocks
// read before and after the image (out of bounds in C, a panic in Go); the
// port skips exactly the loads that are overwritten. As in the original,
// with a single block row or column the halo on the far side is not
// overwritten (an else-if), so SRAD requires two of each. As in C, the
// double constants promote num, den and the coefficient to double before
// they are stored as float.
//
//gocuda:kernel SRADCuda1Kernel
func sradCuda1(t *gocuda.Thread, eC, wC, nC, sC, jCuda, cCuda []float32, cols, rows int, q0sqr float32) {
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	index := cols*SRADBlock*by + SRADBlock*bx + cols*ty + tx
	indexN := cols*SRADBlock*by + SRADBlock*bx + tx - cols
	indexS := cols*SRADBlock*by + SRADBlock*bx + cols*SRADBlock + tx
	indexW := cols*SRADBlock*by + SRADBlock*bx + cols*ty - 1
	indexE := cols*SRADBlock*by + SRADBlock*bx + cols*ty + SRADBlock

	var n, w, e, s, jc, g2, l, num, den, qsqr, c float32

	temp := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	tempResult := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	north := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	south := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	east := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	west := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)

	// Load the halo rows; those past the image's edges are the edge rows.
	if by > 0 {
		north[ty][tx] = jCuda[indexN]
	}
	if by < t.GridDim.Y-1 {
		south[ty][tx] = jCuda[indexS]
	}
	if by == 0 {
		north[ty][tx] = jCuda[SRADBlock*bx+tx]
	} else if by == t.GridDim.Y-1 {
		south[ty][tx] = jCuda[cols*SRADBlock*(t.GridDim.Y-1)+SRADBlock*bx+cols*(SRADBlock-1)+tx]
	}
	t.SyncThreads()

	// Load the halo columns, likewise.
	if bx > 0 {
		west[ty][tx] = jCuda[indexW]
	}
	if bx < t.GridDim.X-1 {
		east[ty][tx] = jCuda[indexE]
	}
	if bx == 0 {
		west[ty][tx] = jCuda[cols*SRADBlock*by+cols*ty]
	} else if bx == t.GridDim.X-1 {
		east[ty][tx] = jCuda[cols*SRADBlock*by+SRADBlock*(t.GridDim.X-1)+cols*ty+SRADBlock-1]
	}
	t.SyncThreads()

	temp[ty][tx] = jCuda[index]
	t.SyncThreads()

	jc = temp[ty][tx]

	switch {
	case ty == 0 && tx == 0: // nw
		n = north[ty][tx] - jc
		s = temp[ty+1][tx] - jc
		w = west[ty][tx] - jc
		e = temp[ty][tx+1] - jc
	case ty == 0 && tx == SRADBlock-1: // ne
		n = north[ty][tx] - jc
		s = temp[ty+1][tx] - jc
		w = temp[ty][tx-1] - jc
		e = east[ty][tx] - jc
	case ty == SRADBlock-1 && tx == SRADBlock-1: // se
		n = temp[ty-1][tx] - jc
		s = south[ty][tx] - jc
		w = temp[ty][tx-1] - jc
		e = east[ty][tx] - jc
	case ty == SRADBlock-1 && tx == 0: // sw
		n = temp[ty-1][tx] - jc
		s = south[ty][tx] - jc
		w = west[ty][tx] - jc
		e = temp[ty][tx+1] - jc
	case ty == 0: // n
		n = north[ty][tx] - jc
		s = temp[ty+1][tx] - jc
		w = temp[ty][tx-1] - jc
		e = temp[ty][tx+1] - jc
	case tx == SRADBlock-1: // e
		n = temp[ty-1][tx] - jc
		s = temp[ty+1][tx] - jc
		w = temp[ty][tx-1] - jc
		e = east[ty][tx] - jc
	case ty == SRADBlock-1: // s
		n = temp[ty-1][tx] - jc
		s = south[ty][tx] - jc
		w = temp[ty][tx-1] - jc
		e = temp[ty][tx+1] - jc
	case tx == 0: // w
		n = temp[ty-1][tx] - jc
		s = temp[ty+1][tx] - jc
		w = west[ty][tx] - jc
		e = temp[ty][tx+1] - jc
	default: // the elements not on the tile's borders
		n = temp[ty-1][tx] - jc
		s = temp[ty+1][tx] - jc
		w = temp[ty][tx-1] - jc
		e = temp[ty][tx+1] - jc
	}

	g2 = (n*n + s*s + w*w + e*e) / (jc * jc)
	l = (n + s + w + e) / jc

	num = float32(0.5*float64(g2) - (1.0/16.0)*float64(l*l))
	den = float32(1 + 0.25*float64(l))
	qsqr = num / (den * den)

	// diffusion coefficient (equ 33)
	den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
	c = float32(1.0 / (1.0 + float64(den)))

	// saturate the diffusion coefficient
	if c < 0 {
		tempResult[ty][tx] = 0
	} else if c > 1 {
		tempResult[ty][tx] = 1
	} else {
		tempResult[ty][tx] = c
	}
	t.SyncThreads()

	cCuda[index] = tempResult[ty][tx]
	eC[index] = e
	wC[index] = w
	sC[index] = s
	nC[index] = n
}

// SRADCuda2Kernel returns srad_cuda_2 of Rodinia's srad/srad_v2/srad_kernel.cu:
// the second half of an iteration, the image update. A 16×16 block loads
// its tile of the image, the row of coefficients below its tile, the column
// right of it and its own tile of coefficients into shared arrays, a
// barrier after each; each thread takes the divergence of its pixel from
// its own coefficient (north and west), the south and east ones and the
// differences SRADCuda1Kernel left in eC, wC, nC and sC, and writes the
// updated pixel through a shared tile after a last barrier. lambda is the
// update's step; q0sqr is unused, as in Rodinia. Launch it with 16×16
// blocks covering the image after SRADCuda1Kernel (SRAD does).
//
// As SRADCuda1Kernel does, the port skips the halo loads past the image's
// edges that the original makes and overwrites. 0.25*lambda*d_sum is
// computed in double, as in C.
//
//gocuda:kernel SRADCuda2Kernel
func sradCuda2(t *gocuda.Thread, eC, wC, nC, sC, jCuda, cCuda []float32, cols, rows int, lambda, q0sqr float32) {
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y

	index := cols*SRADBlock*by + SRADBlock*bx + cols*ty + tx
	indexS := cols*SRADBlock*by + SRADBlock*bx + cols*SRADBlock + tx
	indexE := cols*SRADBlock*by + SRADBlock*bx + cols*ty + SRADBlock
	var cc, cn, cs, ce, cw, dSum float32

	southC := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	eastC := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	cCudaTemp := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	cCudaResult := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)
	temp := gocuda.Shared[[SRADBlock]float32](t, SRADBlock)

	temp[ty][tx] = jCuda[index]
	t.SyncThreads()

	if by < t.GridDim.Y-1 {
		southC[ty][tx] = cCuda[indexS]
	}
	if by == t.GridDim.Y-1 {
		southC[ty][tx] = cCuda[cols*SRADBlock*(t.GridDim.Y-1)+SRADBlock*bx+cols*(SRADBlock-1)+tx]
	}
	t.SyncThreads()

	if bx < t.GridDim.X-1 {
		eastC[ty][tx] = cCuda[indexE]
	}
	if bx == t.GridDim.X-1 {
		eastC[ty][tx] = cCuda[cols*SRADBlock*by+SRADBlock*(t.GridDim.X-1)+cols*ty+SRADBlock-1]
	}
	t.SyncThreads()

	cCudaTemp[ty][tx] = cCuda[index]
	t.SyncThreads()

	cc = cCudaTemp[ty][tx]

	switch {
	case ty == SRADBlock-1 && tx == SRADBlock-1: // se
		cn = cc
		cs = southC[ty][tx]
		cw = cc
		ce = eastC[ty][tx]
	case tx == SRADBlock-1: // e
		cn = cc
		cs = cCudaTemp[ty+1][tx]
		cw = cc
		ce = eastC[ty][tx]
	case ty == SRADBlock-1: // s
		cn = cc
		cs = southC[ty][tx]
		cw = cc
		ce = cCudaTemp[ty][tx+1]
	default: // the elements not on the tile's borders
		cn = cc
		cs = cCudaTemp[ty+1][tx]
		cw = cc
		ce = cCudaTemp[ty][tx+1]
	}

	// divergence (equ 58)
	dSum = cn*nC[index] + cs*sC[index] + cw*wC[index] + ce*eC[index]

	// image update (equ 61)
	cCudaResult[ty][tx] = float32(float64(temp[ty][tx]) + 0.25*float64(lambda)*float64(dSum))
	t.SyncThreads()

	jCuda[index] = cCudaResult[ty][tx]
}

// SRADParams are the arguments of Rodinia's srad (srad_v2): the image's
// size, the region of interest whose statistics give the speckle's scale
// each iteration, the update's step and the number of iterations.
type SRADParams struct {
	// Rows and Cols are the image's size: multiples of 16, and at least 32
	// (two blocks each way, which srad_cuda_1 and _2 need).
	Rows, Cols int
	// R1 to R2 and C1 to C2 (inclusive) are the region of interest's rows
	// and columns, inside the image.
	R1, R2, C1, C2 int
	// Lambda is the update's step, in (0, 1).
	Lambda float32
	// Iterations is the number of iterations, at least 0.
	Iterations int
}

// SRADRunScript are the parameters of Rodinia's run script for srad_v2
// (srad 2048 2048 0 127 0 127 0.5 2).
var SRADRunScript = SRADParams{Rows: 2048, Cols: 2048, R1: 0, R2: 127, C1: 0, C2: 127, Lambda: 0.5, Iterations: 2}

func (p SRADParams) check(name string, j []float32) error {
	if p.Rows < 2*SRADBlock || p.Cols < 2*SRADBlock || p.Rows%SRADBlock != 0 || p.Cols%SRADBlock != 0 ||
		len(j) != p.Rows*p.Cols || p.R1 < 0 || p.R1 > p.R2 || p.R2 >= p.Rows ||
		p.C1 < 0 || p.C1 > p.C2 || p.C2 >= p.Cols || p.Iterations < 0 {
		return fmt.Errorf("%w: rodinia.%s: %d×%d image (multiples of %d, at least %d), len(j) = %d, region rows %d-%d, columns %d-%d, %d iterations",
			gocuda.ErrInvalidValue, name, p.Rows, p.Cols, SRADBlock, 2*SRADBlock, len(j), p.R1, p.R2, p.C1, p.C2, p.Iterations)
	}
	return nil
}

// q0sqr is the speckle's scale of srad.cu's main loop: the squared
// coefficient of variation of the region of interest of j, summed in
// float row by row as the host code does.
func (p SRADParams) q0sqr(j []float32) float32 {
	var sum, sum2 float32
	for i := p.R1; i <= p.R2; i++ {
		for k := p.C1; k <= p.C2; k++ {
			tmp := j[i*p.Cols+k]
			sum += tmp
			sum2 += tmp * tmp
		}
	}
	sizeR := float32((p.R2 - p.R1 + 1) * (p.C2 - p.C1 + 1))
	meanROI := sum / sizeR
	varROI := sum2/sizeR - meanROI*meanROI
	return varROI / (meanROI * meanROI)
}

// SRAD runs p.Iterations iterations of speckle-reducing anisotropic
// diffusion on the image j in place on dev, as runTest of srad_v2/srad.cu
// does: each iteration computes the region of interest's statistics on the
// host, then launches SRADCuda1Kernel and SRADCuda2Kernel over 16×16
// blocks covering the image. The coefficient and difference arrays are
// allocated per call, as srad.cu allocates them per run. Errors wrap
// gocuda.ErrInvalidValue for a nil device or bad parameters (see
// SRADParams), or are the launch's.
func SRAD(dev *gocuda.Device, j []float32, p SRADParams) error {
	if dev == nil {
		return nilDevice("SRAD")
	}
	if err := p.check("SRAD", j); err != nil {
		return err
	}
	size := p.Rows * p.Cols
	c, eC, wC, nC, sC := make([]float32, size), make([]float32, size), make([]float32, size),
		make([]float32, size), make([]float32, size)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: p.Cols / SRADBlock, Y: p.Rows / SRADBlock},
		Block: gocuda.Dim3{X: SRADBlock, Y: SRADBlock},
	}
	for range p.Iterations {
		q0sqr := p.q0sqr(j)
		if err := dev.Launch(cfg, SRADCuda1Kernel(eC, wC, nC, sC, j, c, p.Cols, p.Rows, q0sqr)); err != nil {
			return err
		}
		if err := dev.Launch(cfg, SRADCuda2Kernel(eC, wC, nC, sC, j, c, p.Cols, p.Rows, p.Lambda, q0sqr)); err != nil {
			return err
		}
	}
	return nil
}

// SRADSerial computes what SRAD computes in one goroutine, as the CPU
// branch of srad.cu does (two sweeps over the image per iteration, edges
// clamped): the hand-written serial baseline. Each pixel gets the kernels'
// operations in the same order, so results agree with SRAD's. It panics on
// bad parameters.
func SRADSerial(j []float32, p SRADParams) {
	sradHost(j, p, "SRADSerial", serialFor)
}

// SRADParallel is SRADSerial with each sweep's rows split over GOMAXPROCS
// goroutines: the hand-written parallel baseline.
func SRADParallel(j []float32, p SRADParams) {
	sradHost(j, p, "SRADParallel", parallelFor)
}

// sradHost runs the iterations of SRADSerial, each sweep's rows run by
// split.
func sradHost(j []float32, p SRADParams, name string, split func(n int, f func(lo, hi int))) {
	if err := p.check(name, j); err != nil {
		panic(err)
	}
	size := p.Rows * p.Cols
	d := sradDiffs{c: make([]float32, size), n: make([]float32, size), s: make([]float32, size),
		w: make([]float32, size), e: make([]float32, size)}
	for range p.Iterations {
		q0sqr := p.q0sqr(j)
		split(p.Rows, func(lo, hi int) { d.coefficients(j, p.Rows, p.Cols, q0sqr, lo, hi) })
		split(p.Rows, func(lo, hi int) { d.update(j, p.Rows, p.Cols, p.Lambda, lo, hi) })
	}
}

// sradDiffs are the arrays of srad.cu's CPU branch: the diffusion
// coefficients and the differences to the four neighbours.
type sradDiffs struct{ c, n, s, w, e []float32 }

// coefficients computes rows lo to hi-1 of the differences and the
// saturated diffusion coefficients, as srad_cuda_1 does.
func (d sradDiffs) coefficients(j []float32, rows, cols int, q0sqr float32, lo, hi int) {
	for i := lo; i < hi; i++ {
		row, up, down := j[i*cols:][:cols], j[max(i-1, 0)*cols:][:cols], j[min(i+1, rows-1)*cols:][:cols]
		for x := range cols {
			k := i*cols + x
			jc := row[x]
			n, s := up[x]-jc, down[x]-jc
			w, e := row[max(x-1, 0)]-jc, row[min(x+1, cols-1)]-jc
			d.n[k], d.s[k], d.w[k], d.e[k] = n, s, w, e
			g2 := (n*n + s*s + w*w + e*e) / (jc * jc)
			l := (n + s + w + e) / jc
			num := float32(0.5*float64(g2) - (1.0/16.0)*float64(l*l))
			den := float32(1 + 0.25*float64(l))
			qsqr := num / (den * den)
			den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
			c := float32(1.0 / (1.0 + float64(den)))
			if c < 0 {
				c = 0
			} else if c > 1 {
				c = 1
			}
			d.c[k] = c
		}
	}
}

// update computes rows lo to hi-1 of the updated image, as srad_cuda_2
// does, from the coefficients of those rows and the row below.
func (d sradDiffs) update(j []float32, rows, cols int, lambda float32, lo, hi int) {
	for i := lo; i < hi; i++ {
		c, cDown := d.c[i*cols:][:cols], d.c[min(i+1, rows-1)*cols:][:cols]
		for x := range cols {
			k := i*cols + x
			dSum := c[x]*d.n[k] + cDown[x]*d.s[k] + c[x]*d.w[k] + c[min(x+1, cols-1)]*d.e[k]
			j[k] = float32(float64(j[k]) + 0.25*float64(lambda)*float64(dSum))
		}
	}
}

// SRADInput returns a rows×cols image as srad.cu makes it: e raised to
// uniform random values in [0, 1] (random_matrix), made from seed.
func SRADInput(rows, cols int, seed uint64) []float32 {
	r := newRand(seed)
	j := make([]float32, rows*cols)
	for k := range j {
		j[k] = float32(math.Exp(float64(r.Float32())))
	}
	return j
}
