package difftest

// Host references of the warp-level difftests: each block's threads in
// warps of 32 (the last one partial), a warp's lanes' values as a slice.

// hostWarps returns the outputs (outLen of them) of a kernel whose warps
// fn computes from their lanes' inputs: for the first threads of each of
// blocks blocks of block threads, each warp's elements of in (0 past its
// end, and where load rejects the thread's grid index; load nil admits
// every one) go to fn, whose results are written at the warp's grid
// indexes below outLen.
func hostWarps(in []int32, outLen, block, blocks, threads int, load func(i int) bool, fn func(v []int32) []int32) []int32 {
	out := make([]int32, outLen)
	for b := range blocks {
		for w := 0; w < threads; w += 32 {
			v := make([]int32, min(32, threads-w))
			for j := range v {
				if i := b*block + w + j; i < len(in) && (load == nil || load(i)) {
					v[j] = in[i]
				}
			}
			for j, x := range fn(v) {
				if i := b*block + w + j; i < outLen {
					out[i] = x
				}
			}
		}
	}
	return out
}

// lane returns v[src], a shuffle's value from lane src of the warp v, or
// v[j], lane j's own, where src is not one of its lanes.
func lane(v []int32, j, src int) int32 {
	if src < 0 || src >= len(v) {
		return v[j]
	}
	return v[src]
}

// scanStepsHost is scanSteps for a warp's lanes v: two steps of a shuffle
// scan, where a lane with no lane d before adds its own value.
func scanStepsHost(v []int32) []int32 {
	for d := 1; d <= 2; d *= 2 {
		next := make([]int32, len(v))
		for j := range next {
			next[j] = v[j] + lane(v, j, j-d)
		}
		v = next
	}
	return v
}
