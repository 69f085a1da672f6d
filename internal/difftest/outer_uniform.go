package difftest

import "github.com/gocuda/gocuda/gocuda"

// OuterUniformStepKernel steps z, the same for every thread of the block
// and declared before the loop, in a loop of warp shuffles
// (marchingCubes-cuda's computeMinMaxLv2 walks a column's sub-blocks so):
// the loop runs lane by lane, each thread stepping its own copy of z.
// Thread i of block b stores in out[i] its v after three trips of v += z;
// z += 7; v += the next lane's v.
//
//gocuda:kernel OuterUniformStepKernel
func outerUniformStep(t *gocuda.Thread, out []float32) {
	z := uint32(t.BlockIdx.X) * 7
	v := float32(t.ThreadIdx.X)
	for c0 := 0; c0 < 3; c0++ {
		v += float32(z)
		z += 7
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v
}
