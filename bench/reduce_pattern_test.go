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
