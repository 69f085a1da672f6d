package bench_test

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkScanPattern measures what the orders of work of the block scans
// cost on this machine, with no gocuda in it: the hand-written parallel
// scan of 2^24 float32 (impl=handParallel, the Scan benchmark's baseline)
// against the same scan written by hand in the order the kernels compute
// it, blocks of 512 elements as kernels.Scan launches them, each block's
// sum then scanned and added to the next blocks (scan-then-propagate):
// impl=handHillisSteeleOrder runs the nine steps of Hillis and Steele's
// scan over each block, impl=handBlellochOrder Blelloch's up-sweep and
// down-sweep over blocks of 1024 (two elements a thread),
// impl=handWarpShuffleOrder the shuffle scan of each warp of 32 (five
// steps), the warps' totals scanned the same way.
// Each step is a plain loop over a local array, with nothing of a
// thread's bookkeeping: where these are far from handParallel, the
// compiled kernels are bounded by them, whatever the compiler does.
func BenchmarkScanPattern(b *testing.B) {
	in := make([]float32, 1<<24)
	for i := range in {
		in[i] = float32(i%7) - 3
	}
	want := make([]float32, len(in))
	bench.ScanSerial(in, want)
	scans := []struct {
		name string
		scan func(in, out []float32)
	}{
		{bench.HandParallel, bench.ScanParallel},
		{"handHillisSteeleOrder", func(in, out []float32) { scanByBlocks(in, out, 512, hillisSteeleBlock) }},
		{"handBlellochOrder", func(in, out []float32) { scanByBlocks(in, out, 1024, blellochBlock) }},
		{"handWarpShuffleOrder", func(in, out []float32) { scanByBlocks(in, out, 512, warpShuffleBlock) }},
	}
	for _, s := range scans {
		b.Run("n=16777216/impl="+s.name, func(b *testing.B) {
			out := make([]float32, len(in))
			s.scan(in, out)
			for _, i := range []int{0, 511, 512, 1 << 20, len(in) - 1} {
				if d := math.Abs(float64(out[i] - want[i])); d > 1e-3*math.Abs(float64(want[i]))+1 {
					b.Fatalf("out[%d] = %v, want %v", i, out[i], want[i])
				}
			}
			b.SetBytes(int64(4 * len(in)))
			for b.Loop() {
				s.scan(in, out)
			}
		})
	}
}

// scanByBlocks scans in into out as the multi-block scans do: each block
// of size elements (kernels.Scan's blocks of 512 threads cover 512, or
// 1024 for Blelloch's) scanned by blockScan, the blocks split between
// goroutines as bench.Parallel splits work; the blocks' sums scanned
// serially; then each block past the first adding the sum of those
// before it, in parallel again.
func scanByBlocks(in, out []float32, size int, blockScan func(x []float32)) {
	blocks := len(in) / size // 2^24 is a multiple
	sums := make([]float32, blocks)
	bench.Parallel(blocks, func(lo, hi int) {
		x := make([]float32, size)
		for k := lo; k < hi; k++ {
			copy(x, in[k*size:])
			blockScan(x)
			copy(out[k*size:], x)
			sums[k] = x[size-1]
		}
	})
	var s float32
	for k, v := range sums { // exclusive prefix of the block sums
		sums[k] = s
		s += v
	}
	bench.Parallel(blocks, func(lo, hi int) {
		for k := max(lo, 1); k < hi; k++ {
			add := sums[k]
			blk := out[k*size : (k+1)*size]
			for i := range blk {
				blk[i] += add
			}
		}
	})
}

// hillisSteeleBlock is HillisSteeleScanKernel's order: nine steps, in
// each of which element i adds element i-offset's value of the step
// before (walking down, so that it is still that value).
func hillisSteeleBlock(x []float32) {
	for offset := 1; offset < len(x); offset *= 2 {
		for i := len(x) - 1; i >= offset; i-- {
			x[i] = x[i-offset] + x[i]
		}
	}
}

// blellochBlock is BlellochScanKernel's order: the up-sweep builds partial
// sums up a tree in place, the down-sweep pushes the prefixes back down
// from a cleared root (an exclusive scan), and each element then adds its
// own value back for the inclusive scan.
func blellochBlock(x []float32) {
	m := len(x)
	var own [1024]float32
	copy(own[:], x)
	offset := 1
	for d := m >> 1; d > 0; d >>= 1 {
		for k := range d {
			x[offset*(2*k+2)-1] += x[offset*(2*k+1)-1]
		}
		offset *= 2
	}
	x[m-1] = 0
	for d := 1; d < m; d *= 2 {
		offset >>= 1
		for k := range d {
			ai, bi := offset*(2*k+1)-1, offset*(2*k+2)-1
			y := x[ai]
			x[ai] = x[bi]
			x[bi] += y
		}
	}
	for i := range x {
		x[i] += own[i]
	}
}

// warpShuffleBlock is WarpShuffleScanKernel's order: each warp of 32 scans
// in five shuffle-up steps, the warps' totals are scanned the same way,
// and each warp past the first adds the total of those before it.
func warpShuffleBlock(x []float32) {
	warps := len(x) / 32
	var totals [32]float32
	for w := range warps {
		v := (*[32]float32)(x[w*32 : (w+1)*32])
		warpScan(v)
		totals[w] = v[31]
	}
	warpScan(&totals)
	for w := 1; w < warps; w++ {
		for i := w * 32; i < (w+1)*32; i++ {
			x[i] += totals[w-1]
		}
	}
}

// warpScan is the five-step shuffle-up scan of one warp's values.
func warpScan(v *[32]float32) {
	for d := 1; d < 32; d *= 2 {
		for l := 31; l >= d; l-- {
			v[l] += v[l-d]
		}
	}
}
