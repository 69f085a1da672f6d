package difftest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// privateBlocks are the block shapes of the private shared arrays' tests:
// ones whose threads along x cover the bins once (the bins may be the
// global slice's private copy), fewer threads than bins, and a second
// row of threads, which clears, counts and merges twice.
var privateBlocks = []gocuda.Dim3{{X: 256, Y: 1, Z: 1}, {X: 320, Y: 1, Z: 1}, {X: 64, Y: 1, Z: 1}, {X: 256, Y: 2, Z: 1}}

// privateData returns n bytes, most of them in a few bins.
func privateData(n int) []byte {
	r := rand.New(rand.NewPCG(uint64(n), 3))
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(r.IntN(256))
		if r.IntN(3) == 0 {
			data[i] = byte(r.IntN(4))
		}
	}
	return data
}

// TestPrivateHisto: the privatized histogram agrees with the host's count
// of what its threads merge: every element where a block's threads cover
// the bins, the bins below the block's width otherwise, each counted once
// per row of threads for each row that merges it.
func TestPrivateHisto(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 1 << 14, 1 << 16} {
		for _, bd := range privateBlocks {
			t.Run(fmt.Sprintf("n=%d/block=%dx%d", n, bd.X, bd.Y), func(t *testing.T) {
				data := privateData(n)
				want := make([]uint32, 256)
				for i, b := range data[:min(n, blocks(n, bd.X)*bd.X)] {
					if int(b) < bd.X && i < n {
						want[b] += uint32(bd.Y * bd.Y)
					}
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					bins := make([]uint32, 256)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bd.X)}, Block: bd}, PrivateHistoKernel(data, bins))
					return bins, err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestPrivateHistoExact: bins cleared and merged without a guard agree
// with the host's histogram where blocks have exactly as many threads as
// bins, and lose the bins past a narrower block's width.
func TestPrivateHistoExact(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 14} {
		for _, bx := range []int{128, 64} {
			t.Run(fmt.Sprintf("n=%d/block=%d", n, bx), func(t *testing.T) {
				data := privateData(n)
				want := make([]uint64, 128)
				for _, b := range data {
					if int(b&127) < bx {
						want[b&127]++
					}
				}
				got := agree(t, func(f form) ([]uint64, error) {
					bins := make([]uint64, 128)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bx)}, Block: gocuda.Dim3{X: bx}}, PrivateHistoExactKernel(data, bins))
					return bins, err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestPrivateMax: per-key maxima kept in bins set to the least int32
// agree with the host's, over bins that start above some values.
func TestPrivateMax(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 14} {
		for _, bd := range privateBlocks[:3] {
			t.Run(fmt.Sprintf("n=%d/block=%d", n, bd.X), func(t *testing.T) {
				keys, vals := privateKeys(n)
				want := privateBest()
				for i, k := range keys {
					if int(k) < bd.X {
						want[k] = max(want[k], vals[i])
					}
				}
				got := agree(t, func(f form) ([]int32, error) {
					best := privateBest()
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bd.X)}, Block: bd}, PrivateMaxKernel(keys, vals, best))
					return best, err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestPrivateMaxFails: a key outside the bins fails the launch on both
// paths with the same error, though the bins may be the private copy.
func TestPrivateMaxFails(t *testing.T) {
	keys, vals := privateKeys(1 << 14)
	keys[5000] = 64
	var msgs []string
	for _, f := range forms {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(len(keys), 256)}, Block: gocuda.Dim3{X: 256}}, PrivateMaxKernel(keys, vals, privateBest()))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.Equal(t, gocuda.Dim3{X: 5000 / 256}, ke.Block, f.name)
		assert.Equal(t, gocuda.Dim3{X: 5000 % 256}, ke.Thread, f.name)
		msgs = append(msgs, fmt.Sprint(ke.Value))
	}
	assert.Equal(t, msgs[1], msgs[0])
	assert.Contains(t, msgs[0], "index out of range [64] with length 64")
}

// TestPrivateOffset: bins set to 1, not the identity of +, keep their
// block's clearing and merging: each block adds one to every bin.
func TestPrivateOffset(t *testing.T) {
	const n = 1 << 14
	data := privateData(n)
	want := make([]uint32, 256)
	for b := range want {
		want[b] = n / 256
	}
	for _, b := range data {
		want[b]++
	}
	got := agree(t, func(f form) ([]uint32, error) {
		bins := make([]uint32, 256)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 256}, Block: gocuda.Dim3{X: 256}}, PrivateOffsetKernel(data, bins))
		return bins, err
	})
	assert.Equal(t, want, got)
}

// privateKeys returns n keys in [0, 64) and values of both signs.
func privateKeys(n int) (keys, vals []int32) {
	r := rand.New(rand.NewPCG(uint64(n), 9))
	keys, vals = make([]int32, n), make([]int32, n)
	for i := range keys {
		keys[i], vals[i] = r.Int32N(64), r.Int32()-math.MaxInt32/2
	}
	return keys, vals
}

// privateBest returns 64 maxima, some high enough to stay.
func privateBest() []int32 {
	best := make([]int32, 64)
	for i := range best {
		best[i] = math.MinInt32 + int32(i)
		if i%8 == 0 {
			best[i] = math.MaxInt32 - 5
		}
	}
	return best
}

// TestPrivateStrided: bins cleared and merged by loops striding by the
// block's width agree with the host's histogram for blocks narrower and
// wider than the bins, and count each element once per row of threads
// that walks it, merged once per row.
func TestPrivateStrided(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 16} {
		for _, bd := range []gocuda.Dim3{{X: 24, Y: 1, Z: 1}, {X: 256, Y: 1, Z: 1}, {X: 32, Y: 2, Z: 1}} {
			for _, grid := range []int{1, 40} {
				t.Run(fmt.Sprintf("n=%d/block=%dx%d/grid=%d", n, bd.X, bd.Y, grid), func(t *testing.T) {
					data := privateData(n)
					want := make([]uint64, 64)
					for _, b := range data {
						want[b%64] += uint64(bd.Y * bd.Y)
					}
					got := agree(t, func(f form) ([]uint64, error) {
						counts := make([]uint64, 64)
						err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: bd}, PrivateStridedKernel(data, counts))
						return counts, err
					})
					assert.Equal(t, want, got)
				})
			}
		}
	}
}

// TestPrivateCount: a counter of one element, cleared by thread 0 and
// merged by the last thread, agrees with the host's count for
// one-dimensional blocks, and counts each element once per row and
// merges once per row of a two-dimensional block.
func TestPrivateCount(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 16} {
		for _, bd := range []gocuda.Dim3{{X: 1, Y: 1, Z: 1}, {X: 96, Y: 1, Z: 1}, {X: 32, Y: 3, Z: 1}} {
			t.Run(fmt.Sprintf("n=%d/block=%dx%d", n, bd.X, bd.Y), func(t *testing.T) {
				keys, _ := privateKeys(n)
				in := make([]int32, n)
				var want uint32
				for i, k := range keys {
					in[i] = k - 20
					if in[i] > 0 {
						want += uint32(bd.Y * bd.Y)
					}
				}
				got := agree(t, func(f form) (uint32, error) {
					count := []uint32{0}
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bd.X)}, Block: bd}, PrivateCountKernel(in, count))
					return count[0], err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestPrivatePMPP: PMPP's wording of the privatized histogram (the
// width in a variable, bin = bin + stride, the bin read before its
// test) agrees with the host's histogram of byte/2 for blocks narrower
// and wider than the bins and a second row of threads.
func TestPrivatePMPP(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 16} {
		for _, bd := range []gocuda.Dim3{{X: 24, Y: 1, Z: 1}, {X: 256, Y: 1, Z: 1}, {X: 32, Y: 2, Z: 1}} {
			t.Run(fmt.Sprintf("n=%d/block=%dx%d", n, bd.X, bd.Y), func(t *testing.T) {
				data := privateData(n)
				want := make([]uint32, 256)
				for _, b := range data {
					want[b/2] += uint32(bd.Y * bd.Y)
				}
				got := agree(t, func(f form) ([]uint32, error) {
					bins := make([]uint32, 256)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 40}, Block: bd}, PrivatePMPPKernel(data, bins))
					return bins, err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestPrivateKept: a merge whose bin value a later loop reads runs as
// written: every thread writes out its bin's count in its block.
func TestPrivateKept(t *testing.T) {
	const n = 1 << 14
	data := privateData(n)
	want := make([]uint32, 64)
	out := make([]uint32, n)
	for b := range n / 64 {
		var block [64]uint32
		for _, x := range data[b*64 : (b+1)*64] {
			block[x%64]++
		}
		for k, c := range block {
			want[k] += c
			out[b*64+k] = c
		}
	}
	type result struct{ bins, out []uint32 }
	got := agree(t, func(f form) (result, error) {
		r := result{make([]uint32, 64), make([]uint32, n)}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 64}, Block: gocuda.Dim3{X: 64}}, PrivateKeptKernel(data, r.bins, r.out))
		return r, err
	})
	assert.Equal(t, result{want, out}, got)
}
