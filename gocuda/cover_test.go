package gocuda_test

import (
	"math"
	"math/big"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// ceilRef is ceil(n/d) in exact arithmetic, the reference for Blocks and
// Cover; d zero means 1, as in a Dim3.
func ceilRef(n, d int) int {
	if d == 0 {
		d = 1
	}
	q, m := new(big.Int).QuoRem(big.NewInt(int64(n)), big.NewInt(int64(d)), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return int(max(q.Int64(), 1))
}

func TestBlocks(t *testing.T) {
	for _, tc := range []struct {
		n, block, want int
	}{
		{0, 256, 1}, // CUDA rejects an empty grid: one block, all threads out of range
		{1, 256, 1},
		{255, 256, 1},
		{256, 256, 1},
		{257, 256, 2},
		{1000, 256, 4},
		{1 << 20, 1024, 1 << 10},
		{1<<20 + 1, 1024, 1<<10 + 1},
		{7, 0, 7}, // a zero block size means 1
		{7, 1, 7},
		{math.MaxInt, 1, math.MaxInt},
		{math.MaxInt, 1024, 1 << 53},      // (n + 1023) / 1024 would overflow
		{math.MaxInt - 1, math.MaxInt, 1}, // so would n + block - 1
		{math.MaxInt, math.MaxInt, 1},
		{gocuda.MaxGridDimX * 256, 256, gocuda.MaxGridDimX},
	} {
		got := gocuda.Blocks(tc.n, tc.block)
		assert.Equal(t, gocuda.Dim3{X: tc.want, Y: 1, Z: 1}, got, "Blocks(%d, %d)", tc.n, tc.block)
		assert.Equal(t, ceilRef(tc.n, tc.block), got.X, "Blocks(%d, %d) against big.Int", tc.n, tc.block)
	}
}

func TestCover(t *testing.T) {
	for _, tc := range []struct {
		extent, block, want gocuda.Dim3
	}{
		{gocuda.Dim3{X: 1920, Y: 1080}, gocuda.Dim3{X: 16, Y: 16}, gocuda.Dim3{X: 120, Y: 68, Z: 1}},
		{gocuda.Dim3{X: 1000}, gocuda.Dim3{X: 256}, gocuda.Dim3{X: 4, Y: 1, Z: 1}},
		{gocuda.Dim3{X: 33, Y: 33, Z: 33}, gocuda.Dim3{X: 8, Y: 8, Z: 4}, gocuda.Dim3{X: 5, Y: 5, Z: 9}},
		{gocuda.Dim3{}, gocuda.Dim3{}, gocuda.Dim3{X: 1, Y: 1, Z: 1}},
		{gocuda.Dim3{X: 0, Y: 100}, gocuda.Dim3{X: 32, Y: 32}, gocuda.Dim3{X: 1, Y: 4, Z: 1}},
		{gocuda.Dim3{X: 64, Y: 64}, gocuda.Dim3{X: 1024}, gocuda.Dim3{X: 1, Y: 64, Z: 1}}, // block Y of 0 means 1
		{gocuda.Dim3{X: math.MaxInt, Y: math.MaxInt, Z: math.MaxInt}, gocuda.Dim3{X: 2, Y: 3, Z: 64},
			gocuda.Dim3{X: ceilRef(math.MaxInt, 2), Y: ceilRef(math.MaxInt, 3), Z: ceilRef(math.MaxInt, 64)}},
	} {
		got := gocuda.Cover(tc.extent, tc.block)
		assert.Equal(t, tc.want, got, "Cover(%v, %v)", tc.extent, tc.block)
	}
}

func TestCoverNegativePanics(t *testing.T) {
	assert.PanicsWithValue(t, "gocuda: Blocks(-1, 256): negative size", func() { gocuda.Blocks(-1, 256) })
	assert.PanicsWithValue(t, "gocuda: Blocks(10, -2): negative size", func() { gocuda.Blocks(10, -2) })
	for _, tc := range []struct{ extent, block gocuda.Dim3 }{
		{gocuda.Dim3{X: -1}, gocuda.Dim3{X: 1}},
		{gocuda.Dim3{Y: -1}, gocuda.Dim3{X: 1}},
		{gocuda.Dim3{Z: -1}, gocuda.Dim3{X: 1}},
		{gocuda.Dim3{X: 1}, gocuda.Dim3{X: -1}},
		{gocuda.Dim3{X: 1}, gocuda.Dim3{Y: -1}},
		{gocuda.Dim3{X: 1}, gocuda.Dim3{Z: -1}},
	} {
		assert.Panics(t, func() { gocuda.Cover(tc.extent, tc.block) }, "Cover(%v, %v)", tc.extent, tc.block)
	}
}

// TestBlocksLaunch: a launch over Blocks(n, block) runs every index below
// n exactly once, for sizes around the block size.
func TestBlocksLaunch(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	for _, block := range []int{1, 32, 256} {
		for _, n := range []int{0, 1, block - 1, block, block + 1, 3*block + 5} {
			hits := make([]atomic.Int32, n)
			cfg := gocuda.Config{Grid: gocuda.Blocks(n, block), Block: gocuda.Dim3{X: block}}
			require.NoError(t, d.Launch(cfg, func(th *gocuda.Thread) {
				if i := th.BlockIdx.X*th.BlockDim.X + th.ThreadIdx.X; i < n {
					hits[i].Add(1)
				}
			}))
			for i := range hits {
				require.Equal(t, int32(1), hits[i].Load(), "n=%d block=%d: index %d", n, block, i)
			}
		}
	}
	err := d.Launch(gocuda.Config{Grid: gocuda.Blocks(gocuda.MaxGridDimX*2, 1)}, func(*gocuda.Thread) {})
	require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration, "a grid past the limit fails at launch")
}

// TestCoverLaunch: a 2D launch over Cover runs every pixel of images
// whose sides are and are not multiples of the block's once.
func TestCoverLaunch(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	block := gocuda.Dim3{X: 16, Y: 8}
	for _, size := range [][2]int{{1, 1}, {16, 8}, {17, 9}, {100, 37}} {
		w, h := size[0], size[1]
		hits := make([]atomic.Int32, w*h)
		cfg := gocuda.Config{Grid: gocuda.Cover(gocuda.Dim3{X: w, Y: h}, block), Block: block}
		require.NoError(t, d.Launch(cfg, func(th *gocuda.Thread) {
			x := th.BlockIdx.X*th.BlockDim.X + th.ThreadIdx.X
			y := th.BlockIdx.Y*th.BlockDim.Y + th.ThreadIdx.Y
			if x < w && y < h {
				hits[y*w+x].Add(1)
			}
		}))
		for i := range hits {
			require.Equal(t, int32(1), hits[i].Load(), "%dx%d: pixel (%d,%d)", w, h, i%w, i/w)
		}
	}
}

// FuzzBlocks: Blocks(n, b) is the least q ≥ 1 with q*b ≥ n, computed in
// exact arithmetic.
func FuzzBlocks(f *testing.F) {
	for _, seed := range [][2]int{{0, 1}, {1000, 256}, {math.MaxInt, 1024}, {math.MaxInt - 1, math.MaxInt}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, n, b int) {
		if n < 0 || b < 0 {
			assert.Panics(t, func() { gocuda.Blocks(n, b) })
			return
		}
		q := gocuda.Blocks(n, b).X
		eb := big.NewInt(int64(max(b, 1)))
		covered := new(big.Int).Mul(big.NewInt(int64(q)), eb)
		less := new(big.Int).Mul(big.NewInt(int64(q-1)), eb)
		if q < 1 || covered.Cmp(big.NewInt(int64(n))) < 0 || (q > 1 && less.Cmp(big.NewInt(int64(n))) >= 0) {
			t.Fatalf("Blocks(%d, %d) = %d blocks", n, b, q)
		}
	})
}
