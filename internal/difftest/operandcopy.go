package difftest

import "github.com/gocuda/gocuda/gocuda"

// OperandCopyKernel writes, for each thread, y: x shuffled down by one
// lane, where x is the result of a helper with shuffles (two steps of a
// shuffle scan of in: inlined, its result is a copy of its variable); odd
// lanes add z, a copy of the same helper's result for y, shuffled down
// by two among the odd lanes. The shuffles read x and z from the lanes
// of the variables they copy, where the compiled form keeps them
// (operand_copy.go); w, a copy of u that u's lanes no longer hold when
// it is shuffled, is read from its own.
//
//gocuda:kernel OperandCopyKernel
func operandCopy(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	x := scanSteps(t, v)
	y := gocuda.ShflDownSync(t, gocuda.FullMask, x, 1, gocuda.WarpSize)
	u := scanSteps(t, y)
	if t.LaneID()%2 == 1 {
		z := u
		y += gocuda.ShflDownSync(t, 0xaaaaaaaa, z, 2, gocuda.WarpSize)
	}
	w := u
	u *= 3 // after the copy: u's lanes no longer hold w
	y += gocuda.ShflXorSync(t, gocuda.FullMask, w, 1, gocuda.WarpSize) + u
	if i < len(out) {
		out[i] = y
	}
}

// scanSteps returns v plus the shuffled values of the lane before and,
// after that, of two lanes before (a lane with none adds its own).
func scanSteps(t *gocuda.Thread, v int32) int32 {
	for d := 1; d <= 2; d *= 2 {
		v += gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
	}
	return v
}
