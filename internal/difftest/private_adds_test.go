package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPrivateAdds: a histogram whose bins the kernel only adds to, on
// private copies per chunk in the compiled form, gives the runtime path's
// and a host reference's sums, for launches whose chunks take copies and
// launches too small to.
func TestPrivateAdds(t *testing.T) {
	for _, c := range []struct{ n, bs int }{{5, 4}, {1000, 32}, {1 << 17, 128}, {1<<17 + 77, 256}} {
		t.Run(fmt.Sprintf("n=%d/block=%d", c.n, c.bs), func(t *testing.T) {
			data, weights := make([]byte, c.n), make([]int64, c.n)
			bins, sums := make([]uint32, 256), make([]int64, 7)
			for i := range data {
				data[i] = byte(i * 7919 % 251)
				weights[i] = int64(i%3-1) * (math.MaxInt64 / 3)
				bins[data[i]]++
				sums[int(data[i])%7] += weights[i]
			}
			type result struct {
				bins []uint32
				sums []int64
			}
			got := agree(t, func(f form) (result, error) {
				r := result{make([]uint32, 256), make([]int64, 7)}
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.n, c.bs)}, Block: gocuda.Dim3{X: c.bs}}
				return r, f.launch(cfg, PrivateAddsKernel(data, weights, r.bins, r.sums))
			})
			require.Equal(t, bins, got.bins)
			require.Equal(t, sums, got.sums)
		})
	}
}

// TestPrivateAddsFailure: a byte past the bins fails at its thread on
// both paths, a private copy's add failing where the atomic would.
func TestPrivateAddsFailure(t *testing.T) {
	const n, bs = 1 << 16, 128
	for _, bad := range []int{3, 40000, n - 1} {
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}, func() func(*gocuda.Thread) {
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(i % 200)
			}
			data[bad] = 250
			return PrivateAddsKernel(data, make([]int64, n), make([]uint32, 200), make([]int64, 3))
		})
		for _, e := range errs {
			assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
			assert.Equal(t, gocuda.Dim3{X: bad / bs}, e.Block)
			assert.Equal(t, gocuda.Dim3{X: bad % bs}, e.Thread)
		}
	}
}

// TestPrivateMerge: a block kernel's merges into global bins, on private
// copies per chunk in the compiled form, give the runtime path's and a
// host reference's sums.
func TestPrivateMerge(t *testing.T) {
	for _, c := range []struct{ n, bs int }{{5, 4}, {1000, 32}, {1 << 16, 64}, {1<<16 + 33, 128}} {
		t.Run(fmt.Sprintf("n=%d/block=%d", c.n, c.bs), func(t *testing.T) {
			data, want := make([]byte, c.n), make([]uint32, 64)
			for i := range data {
				data[i] = byte(i * 7919 % 253)
				want[data[i]%64]++
			}
			got := agree(t, func(f form) ([]uint32, error) {
				bins := make([]uint32, 64)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.n, c.bs)}, Block: gocuda.Dim3{X: c.bs}}
				return bins, f.launch(cfg, PrivateMergeKernel(data, bins))
			})
			require.Equal(t, want, got)
		})
	}
}

// TestPrivateOps: max, min, or and a mix of adds and subtractions, on
// private copies in the compiled form, give the runtime path's and a
// host reference's results, with values all negative (Max's copy must
// start below them) and all large (Min's above them).
func TestPrivateOps(t *testing.T) {
	for _, c := range []struct {
		n, bs  int
		lo, hi int32
	}{{5, 4, -9, 9}, {1 << 16, 128, math.MinInt32, -1000}, {1<<16 + 9, 256, math.MaxInt32 - 1000, math.MaxInt32}} {
		t.Run(fmt.Sprintf("n=%d/values=%d..%d", c.n, c.lo, c.hi), func(t *testing.T) {
			keys, vals := make([]byte, c.n), make([]int32, c.n)
			type result struct {
				hi, lo []int32
				bits   []uint32
				net    []int64
			}
			fresh := func() result {
				r := result{make([]int32, 40), make([]int32, 40), make([]uint32, 40), make([]int64, 40)}
				for k := range r.hi {
					r.hi[k], r.lo[k] = math.MinInt32, math.MaxInt32
				}
				return r
			}
			want := fresh()
			span := int64(c.hi) - int64(c.lo) + 1
			for i := range keys {
				keys[i] = byte(i * 7919 % 40)
				vals[i] = int32(int64(c.lo) + int64(i)*104729%span)
				k, v := keys[i], vals[i]
				want.hi[k], want.lo[k] = max(want.hi[k], v), min(want.lo[k], v)
				want.bits[k] |= uint32(v)
				want.net[k] += int64(v)
			}
			got := agree(t, func(f form) (result, error) {
				r := fresh()
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.n, c.bs)}, Block: gocuda.Dim3{X: c.bs}}
				return r, f.launch(cfg, PrivateOpsKernel(keys, vals, r.hi, r.lo, r.bits, r.net))
			})
			require.Equal(t, want, got)
		})
	}
}
