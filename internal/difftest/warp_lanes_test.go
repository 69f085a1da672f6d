package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// warpBlocks are block sizes for the warp tests: whole warps, and sizes
// that leave the last warp partly active.
var warpBlocks = []int{32, 64, 96, 40, 70}

func TestWarpSumDownSIMD(t *testing.T) {
	for _, bs := range warpBlocks {
		n := 3*bs - 5
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, WarpSumDownKernel(in, out))
			return bitsOf(out), err
		})
		for w := 0; w+32 <= n; w += 32 { // lane 0 of a whole warp: the shuffle tree's sum
			if w%bs+32 > bs {
				w = w - w%bs + bs - 32 // the next block's first warp comes next
				continue
			}
			var v [32]float32
			copy(v[:], in[w:w+32])
			for off := 16; off > 0; off /= 2 {
				for j := range 32 - off {
					v[j] += v[j+off]
				}
			}
			require.Equal(t, bitsOf(v[:1])[0], got[w], "block %d warp at %d", bs, w)
		}
	}
}

func TestWarpXorMaxSIMD(t *testing.T) {
	for _, bs := range warpBlocks {
		n := 2 * bs
		in := randInts(n)
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, WarpXorMaxKernel(in, out))
			return out, err
		})
		if bs%32 == 0 {
			for i := range n {
				w := i &^ 31
				m := in[w]
				for _, x := range in[w : w+32] {
					m = max(m, x)
				}
				require.Equal(t, m*int32(i&31)+int32(i&15), got[i], "block %d thread %d", bs, i)
			}
		}
	}
}

func TestWarpScanSIMD(t *testing.T) {
	for _, bs := range warpBlocks {
		n := 2*bs - 3
		in := make([]uint32, n)
		for i, x := range randInts(n) {
			in[i] = uint32(x)
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]uint32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, WarpScanKernel(in, out))
			return out, err
		})
		for i := range n { // whole warps: the prefix sum within the warp
			b, r := i/bs, i%bs
			w := r &^ 31
			if w+32 > bs {
				continue
			}
			var s uint32
			for j := b*bs + w; j <= i; j++ {
				s += in[j]
			}
			require.Equal(t, s, got[i], "block %d thread %d", bs, i)
		}
	}
}

func TestWarpPartialSIMD(t *testing.T) {
	for _, bs := range warpBlocks {
		n := 3 * bs
		in := randF(2*bs + 7)
		type result struct {
			sums  []uint32
			votes []uint32
		}
		got := agreeSIMD(t, func(f form) (result, error) {
			sums, votes := make([]float32, n), make([]uint32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, WarpPartialKernel(in, sums, votes))
			return result{bitsOf(sums), votes}, err
		})
		for i := range n { // the ballot: the warp's active lanes with a positive value
			r := i % bs
			w := i - r&31
			var want uint32
			for j := range min(32, bs-(r&^31)) {
				if in[(w+j)%len(in)] > 0 {
					want |= 1 << j
				}
			}
			require.Equal(t, want^uint32(r&31), got.votes[i], "block %d thread %d", bs, i)
			if in[i%len(in)] <= 0 {
				require.Equal(t, bitsOf([]float32{in[i%len(in)] * 2})[0], got.sums[i], "block %d thread %d", bs, i)
			}
		}
	}
}

func TestWarpLeadersSIMD(t *testing.T) {
	for _, bs := range warpBlocks {
		warps := (bs + 31) / 32
		in := randF(3 * bs)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			sums := make([]float32, 3*warps)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, WarpLeadersKernel(in, sums))
			return bitsOf(sums), err
		})
		for b := range 3 { // a whole warp's butterfly: every lane holds the tree's sum
			for w := range bs / 32 {
				var v [32]float32
				copy(v[:], in[b*bs+32*w:])
				for m := 1; m < 32; m *= 2 {
					var next [32]float32
					for j := range 32 {
						next[j] = v[j] + v[j^m]
					}
					v = next
				}
				require.Equal(t, bitsOf(v[:1])[0], got[b*warps+w], "block %d warp %d", b, w)
			}
		}
	}
}
