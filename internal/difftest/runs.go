package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are grid bodies that the tile pass runs a run
// of blocks at a time (the blocks of a chunk that follow one another
// along x, as one row of threads), or, transposed, along y; and ones the
// transpose pass runs along y block by block. runs_test.go also tests
// Rodinia's gaussian Fan2 (package rodinia), which is both.

// RunsVolumeKernel doubles a w×h×d volume held x fastest and adds each
// element's x: one thread per element, blocks of any shape.
//
//gocuda:kernel RunsVolumeKernel
func runsVolume(t *gocuda.Thread, in, out []float32, w, h, d int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	z := t.BlockIdx.Z*t.BlockDim.Z + t.ThreadIdx.Z
	if x < w && y < h && z < d {
		out[(z*h+y)*w+x] = in[(z*h+y)*w+x]*2 + float32(x)
	}
}

// TransposeVolumeKernel is RunsVolumeKernel over a volume held y fastest
// (x gives its rows, as Rodinia's gaussian does), adding each element's
// y: transposed, and run in runs along y.
//
//gocuda:kernel TransposeVolumeKernel
func transposeVolume(t *gocuda.Thread, in, out []float32, w, h, d int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	z := t.BlockIdx.Z*t.BlockDim.Z + t.ThreadIdx.Z
	if x < w && y < h && z < d {
		out[(z*w+x)*h+y] = in[(z*w+x)*h+y]*2 + float32(y)
	}
}

// TransposeCoordsKernel records at each element of a w×h×d volume held y
// fastest the coordinates of the thread that wrote it and of its block:
// transposed (it reads the thread's y alone, so its blocks run one by
// one).
//
//gocuda:kernel TransposeCoordsKernel
func transposeCoords(t *gocuda.Thread, out []int32, w, h, d int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	z := t.BlockIdx.Z*t.BlockDim.Z + t.ThreadIdx.Z
	if x < w && y < h && z < d {
		out[(z*w+x)*h+y] = int32(t.ThreadIdx.X + 10*t.ThreadIdx.Y + 100*t.ThreadIdx.Z +
			1000*t.BlockIdx.X + 100000*t.BlockIdx.Y + 10000000*t.BlockIdx.Z)
	}
}

// TransposePanicKernel panics at the one thread at (px, py) of the grid,
// after storing its y at out[x*h+y] like every other thread in range:
// transposed, its failure reported at the source's block and thread.
//
//gocuda:kernel TransposePanicKernel
func transposePanic(t *gocuda.Thread, out []int32, w, h, px, py int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = int32(y)
		if x == px && y == py {
			panic("transposed")
		}
	}
}

// RunsRiskKernel stores each thread's x at out[y*w+x], but the thread at
// (px, py) first reads in[k], which fails where k is out of range: in the
// SIMD build, a load the same for a vector step's lanes under a mask of
// one lane, whose failure the step records as that lane's thread.
//
//gocuda:kernel RunsRiskKernel
func runsRisk(t *gocuda.Thread, in, out []float32, w, h, px, py, k int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		v := float32(x)
		if x == px && y == py {
			v = in[k]
		}
		out[y*w+x] = v
	}
}

// TransposeRiskKernel is RunsRiskKernel over out held y fastest:
// transposed, the vector step's lanes are threads along y.
//
//gocuda:kernel TransposeRiskKernel
func transposeRisk(t *gocuda.Thread, in, out []float32, w, h, px, py, k int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		v := float32(y)
		if x == px && y == py {
			v = in[k]
		}
		out[x*h+y] = v
	}
}

// TransposeExactKernel stores element (x*h+y+skip) mod len(out) of in,
// plus the thread's y in its block, at out[x*h+y], with no guard:
// launched to cover w×h exactly, it is transposed (it reads the thread's
// y alone, so its blocks run one by one) and its thread loop takes four
// threads a step; where in is one element short, the one thread that
// reads its last fails.
//
//gocuda:kernel TransposeExactKernel
func transposeExact(t *gocuda.Thread, in, out []int32, h, skip int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	out[x*h+y] = in[(x*h+y+skip)%len(out)] + int32(t.ThreadIdx.Y)
}
