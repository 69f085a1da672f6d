package gocuda_test

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSharedDeclaredInLoop ports CUDA's matrixMul sample literally: the
// __shared__ tiles are declared inside the loop over tiles. Each
// declaration is one allocation per block, so 30 iterations of two 16×16
// tiles (60 KiB if every iteration allocated, over the 48 KiB limit) stay
// at 2 KiB, and the product matches the host's.
func TestSharedDeclaredInLoop(t *testing.T) {
	const tile, n = 16, 16 * 30
	a, b := make([]float32, tile*n), make([]float32, n*tile) // (16×n)·(n×16)
	for i := range a {
		a[i], b[i] = float32(i%7)-3, float32(i%5)-2
	}
	want := make([]float32, tile*tile)
	for r := range tile {
		for c := range tile {
			var s float32
			for k := range n {
				s += a[r*n+k] * b[k*tile+c]
			}
			want[r*tile+c] = s
		}
	}
	got := make([]float32, tile*tile)
	d := newDevice(t, gocuda.WithWorkers(1))
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: tile, Y: tile}}, func(th *gocuda.Thread) {
		tx, ty := th.ThreadIdx.X, th.ThreadIdx.Y
		var sum float32
		for k0 := 0; k0 < n; k0 += tile {
			as := gocuda.Shared[[tile]float32](th, tile) // __shared__ float As[16][16];
			bs := gocuda.Shared[[tile]float32](th, tile) // __shared__ float Bs[16][16];
			as[ty][tx] = a[ty*n+k0+tx]
			bs[ty][tx] = b[(k0+ty)*tile+tx]
			th.SyncThreads()
			for k := range tile {
				sum += as[ty][k] * bs[k][tx]
			}
			th.SyncThreads()
		}
		got[ty*tile+tx] = sum
	})
	require.NoError(t, err)
	require.Equal(t, want, got)
}

// TestSharedOnePlaceOneArray: a declaration in a loop is the same array on
// every iteration, keeping its contents, as a __shared__ array does.
func TestSharedOnePlaceOneArray(t *testing.T) {
	const n, iters = 32, 100
	d := newDevice(t, gocuda.WithWorkers(2))
	var bad [2][n]int
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		var first *int32
		for it := range iters {
			s := gocuda.Shared[int32](th, 4096) // 16 KiB: 100 of them would not fit
			if it == 0 {
				first = &s[0]
			} else if &s[0] != first || s[i] != int32(it-1) {
				bad[th.BlockIdx.X][i]++
			}
			s[i] = int32(it)
		}
	})
	require.NoError(t, err)
	require.Zero(t, bad)
}

// TestSharedPlacesAreSeparate: two declarations are two arrays even when
// the threads of a block each reach only one of them (the k-th call of
// each thread no longer names the k-th allocation), and a declaration in
// a helper function is one array wherever the helper is called from.
func TestSharedPlacesAreSeparate(t *testing.T) {
	const n = 64
	d := newDevice(t, gocuda.WithWorkers(2))
	type views struct{ arm, helper1, helper2 unsafe.Pointer }
	got := make([]views, 2*n)
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		var arm []int32
		if i%2 == 0 {
			arm = gocuda.Shared[int32](th, n) // __shared__ int even[64];
		} else {
			arm = gocuda.Shared[int32](th, n) // __shared__ int odd[64];
		}
		arm[i] = int32(i)
		th.SyncThreads()
		got[th.BlockIdx.X*n+i] = views{unsafe.Pointer(&arm[0]), sharedInHelper(th), sharedInHelper(th)}
	})
	require.NoError(t, err)
	for blk := range 2 {
		even, odd := got[blk*n], got[blk*n+1]
		require.NotEqual(t, even.arm, odd.arm, "block %d: two declarations share memory", blk)
		for i := range n {
			g := got[blk*n+i]
			want := even.arm
			if i%2 == 1 {
				want = odd.arm
			}
			require.Equal(t, want, g.arm, "block %d thread %d", blk, i)
			require.Equal(t, even.helper1, g.helper1, "block %d thread %d", blk, i)
			require.Equal(t, g.helper1, g.helper2, "block %d thread %d: one declaration, two arrays", blk, i)
			require.NotEqual(t, g.arm, g.helper1)
		}
	}
}

// sharedInHelper is a __device__ function with a __shared__ array.
//
//go:noinline
func sharedInHelper(th *gocuda.Thread) unsafe.Pointer {
	return unsafe.Pointer(&gocuda.Shared[float64](th, 8)[0])
}

// celsius is a float32 of another name: generic code instantiated with it
// shares float32's shape, so a Shared call inside runs at the same place.
type celsius float32

// declareShared is one __shared__ declaration in a generic helper, as in a
// CUDA template.
//
//go:noinline
func declareShared[T any](th *gocuda.Thread, n int) []T { return gocuda.Shared[T](th, n) }

// TestSharedOnePlaceTwoTypes: a generic helper instantiated with two types
// of one shape runs one code, so one place, but is two declarations, as two
// instantiations of a CUDA template are: each type gets its own array,
// every time it is reached.
func TestSharedOnePlaceTwoTypes(t *testing.T) {
	const n = 32
	d := newDevice(t, gocuda.WithWorkers(1))
	type views struct{ f, c, f2 unsafe.Pointer }
	got := make([]views, n)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		var v views
		for range 2 {
			f := declareShared[float32](th, n)
			c := declareShared[celsius](th, n)
			f[th.ThreadIdx.X], c[th.ThreadIdx.X] = 1, 2
			v = views{unsafe.Pointer(&f[0]), unsafe.Pointer(&c[0]), v.f}
		}
		got[th.ThreadIdx.X] = v
	})
	require.NoError(t, err)
	for i, v := range got {
		require.NotEqual(t, v.f, v.c, "thread %d", i)
		require.Equal(t, v.f, v.f2, "thread %d: the same declaration twice", i)
		require.Equal(t, got[0], v, "thread %d", i)
	}
}
