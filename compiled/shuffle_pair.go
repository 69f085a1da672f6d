package compiled

// ShflDownLane0Pair is ShflDownLane0 over a warp whose lane k holds
// a[k] + b[k]: it sets vals[0] to lane 0's sum after the five
// shuffle-down steps, the same additions in the same order, and leaves
// vals' other lanes as they were. Generated code calls it for a whole
// warp whose lanes each add two elements read ahead (Luitjens's
// warp-shuffle reduction, in[i] + in[i+blockDim.x]) where only lane 0's
// sum is read after the steps: the lanes' sums are never stored, and each
// of the tree's partial sums stays in a register. In the SIMD build, a
// float32 warp's tree takes vectors (pairLane0Vector).
func ShflDownLane0Pair[T Number](vals, a, b *[warpSize]T) {
	if pairLane0Vector(vals, a, b) {
		return
	}
	x, y := a, b
	c0, c1, c2, c3 := (x[0]+y[0])+(x[16]+y[16]), (x[1]+y[1])+(x[17]+y[17]), (x[2]+y[2])+(x[18]+y[18]), (x[3]+y[3])+(x[19]+y[19])
	c4, c5, c6, c7 := (x[4]+y[4])+(x[20]+y[20]), (x[5]+y[5])+(x[21]+y[21]), (x[6]+y[6])+(x[22]+y[22]), (x[7]+y[7])+(x[23]+y[23])
	c8, c9, c10, c11 := (x[8]+y[8])+(x[24]+y[24]), (x[9]+y[9])+(x[25]+y[25]), (x[10]+y[10])+(x[26]+y[26]), (x[11]+y[11])+(x[27]+y[27])
	c12, c13, c14, c15 := (x[12]+y[12])+(x[28]+y[28]), (x[13]+y[13])+(x[29]+y[29]), (x[14]+y[14])+(x[30]+y[30]), (x[15]+y[15])+(x[31]+y[31])
	d0, d1, d2, d3 := c0+c8, c1+c9, c2+c10, c3+c11
	d4, d5, d6, d7 := c4+c12, c5+c13, c6+c14, c7+c15
	e0, e1, e2, e3 := d0+d4, d1+d5, d2+d6, d3+d7
	vals[0] = (e0 + e2) + (e1 + e3)
}
