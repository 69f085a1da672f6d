package bench_test

// harrisBlock is the block of Harris's kernels 4 and 5 and of the
// warp-shuffle reduction in BenchmarkReducePattern: 256 threads, each
// adding two elements as it loads them.
const harrisBlock = 256

// sumBlocks adds x in blocks of 2*harrisBlock elements: element k of the
// block's first half plus element k of its second into sdata[k], as
// kernel 4 loads them, then reduce(sdata) for the block's sum; the
// blocks' sums are added in order, and the tail after the last whole
// block serially.
func sumBlocks(x []float32, reduce func(sdata *[harrisBlock]float32) float32) float32 {
	var sdata [harrisBlock]float32
	var s float32
	for len(x) >= 2*harrisBlock {
		lo, hi := x[:harrisBlock:harrisBlock], x[harrisBlock:2*harrisBlock:2*harrisBlock]
		for k := range sdata {
			sdata[k] = lo[k] + hi[k]
		}
		s += reduce(&sdata)
		x = x[2*harrisBlock:]
	}
	for _, v := range x {
		s += v
	}
	return s
}

// sumBlocksTwoPass is sumBlocks with each block's loads in two passes:
// the first half's elements into sdata, then the second half's added to
// them, so that memory is read in ascending order, one stream. The sums
// are those of sumBlocks, bit for bit: each element k is still
// lo[k] + hi[k].
func sumBlocksTwoPass(x []float32, reduce func(sdata *[harrisBlock]float32) float32) float32 {
	var sdata [harrisBlock]float32
	var s float32
	for len(x) >= 2*harrisBlock {
		lo, hi := x[:harrisBlock:harrisBlock], x[harrisBlock:2*harrisBlock:2*harrisBlock]
		copy(sdata[:], lo)
		for k := range sdata {
			sdata[k] += hi[k]
		}
		s += reduce(&sdata)
		x = x[2*harrisBlock:]
	}
	for _, v := range x {
		s += v
	}
	return s
}

// firstAddBlock is kernel 4's sequential-addressing tree: at each step the
// first half of the live values adds the second half.
func firstAddBlock(sdata *[harrisBlock]float32) float32 {
	for s := harrisBlock / 2; s > 0; s /= 2 {
		for k := range s {
			sdata[k] += sdata[k+s]
		}
	}
	return sdata[0]
}

// unrolledWarpBlock is kernel 5's order: the tree while more than 32
// values are added per step, then the last warp's six steps, each reading
// all 32 lanes' operands before any lane writes (the kernel's __syncwarp
// between the read and the write).
func unrolledWarpBlock(sdata *[harrisBlock]float32) float32 {
	for s := harrisBlock / 2; s > 32; s /= 2 {
		for k := range s {
			sdata[k] += sdata[k+s]
		}
	}
	var v [32]float32
	copy(v[:], sdata[:32])
	for offset := 32; offset > 0; offset /= 2 {
		for k := range v {
			v[k] += sdata[k+offset]
		}
		copy(sdata[:32], v[:])
	}
	return sdata[0]
}

// warpShuffleSumBlock is the warp-shuffle reduction's order: each warp of
// 32 values takes five shuffle-down steps (lane k adds lane k+offset's
// value, or its own past the warp's end), lane 0 keeps the warp's sum, and
// the warps' sums take the same five steps.
func warpShuffleSumBlock(sdata *[harrisBlock]float32) float32 {
	var sums [32]float32
	for w := range harrisBlock / 32 {
		sums[w] = shuffleDownSum((*[32]float32)(sdata[32*w : 32*w+32]))
	}
	return shuffleDownSum(&sums)
}

// shuffleDownSum takes the five __shfl_down_sync steps of a warp sum over
// v and returns lane 0's value. Each step runs in place, in ascending
// order, so that lane k reads lane k+offset's value before lane k+offset
// adds to it; the last offset lanes add their own value.
func shuffleDownSum(v *[32]float32) float32 {
	for offset := 16; offset > 0; offset /= 2 {
		for k := range 32 - offset {
			v[k] += v[k+offset]
		}
		for k := 32 - offset; k < 32; k++ {
			v[k] += v[k]
		}
	}
	return v[0]
}

// sumWarpShuffleTree adds x in the warp-shuffle reduction's order as a Go
// programmer would write it out: each warp's lane-0 sum as the tree of
// additions its five shuffle-down steps make (lane k adds lane k+16's
// value, then k+8's, and so on), held in registers, over the lanes'
// first adds in[i] + in[i+256]; then the warps' sums, the lanes past the
// last warp adding zeros, as the kernel's reduceAt gives them. The sums
// are the kernel's, bit for bit: the floor of that order of work, where
// shuffleDownSum's in-place steps store every lane's value.
func sumWarpShuffleTree(x []float32) float32 {
	var s float32
	for len(x) >= 2*harrisBlock {
		lo, hi := x[:harrisBlock:harrisBlock], x[harrisBlock:2*harrisBlock:2*harrisBlock]
		var sums [32]float32
		for w := range harrisBlock / 32 {
			sums[w] = laneZeroPairs((*[32]float32)(lo[32*w:]), (*[32]float32)(hi[32*w:]))
		}
		s += laneZeroTree(&sums)
		x = x[2*harrisBlock:]
	}
	for _, v := range x {
		s += v
	}
	return s
}

// laneZeroPairs returns lane 0's value after five shuffle-down steps of
// a warp whose lane k holds a[k] + b[k], written out so that every
// partial sum stays in a register.
func laneZeroPairs(a, b *[32]float32) float32 {
	c0, c1, c2, c3 := (a[0]+b[0])+(a[16]+b[16]), (a[1]+b[1])+(a[17]+b[17]), (a[2]+b[2])+(a[18]+b[18]), (a[3]+b[3])+(a[19]+b[19])
	c4, c5, c6, c7 := (a[4]+b[4])+(a[20]+b[20]), (a[5]+b[5])+(a[21]+b[21]), (a[6]+b[6])+(a[22]+b[22]), (a[7]+b[7])+(a[23]+b[23])
	c8, c9, c10, c11 := (a[8]+b[8])+(a[24]+b[24]), (a[9]+b[9])+(a[25]+b[25]), (a[10]+b[10])+(a[26]+b[26]), (a[11]+b[11])+(a[27]+b[27])
	c12, c13, c14, c15 := (a[12]+b[12])+(a[28]+b[28]), (a[13]+b[13])+(a[29]+b[29]), (a[14]+b[14])+(a[30]+b[30]), (a[15]+b[15])+(a[31]+b[31])
	return laneZeroSixteen(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15)
}

// laneZeroTree returns lane 0's value after five shuffle-down steps of a
// warp whose lane k holds v[k].
func laneZeroTree(v *[32]float32) float32 {
	return laneZeroSixteen(v[0]+v[16], v[1]+v[17], v[2]+v[18], v[3]+v[19], v[4]+v[20], v[5]+v[21], v[6]+v[22], v[7]+v[23],
		v[8]+v[24], v[9]+v[25], v[10]+v[26], v[11]+v[27], v[12]+v[28], v[13]+v[29], v[14]+v[30], v[15]+v[31])
}

// laneZeroSixteen finishes a warp's shuffle-down sum from its step by 8,
// given lanes 0–15 after the step by 16.
func laneZeroSixteen(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15 float32) float32 {
	b0, b1, b2, b3 := c0+c8, c1+c9, c2+c10, c3+c11
	b4, b5, b6, b7 := c4+c12, c5+c13, c6+c14, c7+c15
	return ((b0 + b4) + (b2 + b6)) + ((b1 + b5) + (b3 + b7))
}
