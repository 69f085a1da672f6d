package difftest

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSliceLaneForms: a helper's writes through a slice of a thread's
// array, between warp shuffles, reach the array on both paths, as the host
// computes the warps' sums.
func TestSliceLaneForms(t *testing.T) {
	const bs = 64
	in := make([]float32, 2*bs)
	for i := range in {
		in[i] = float32(i % 7)
	}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, SliceLaneKernel(in, out))
	})
	for i, v := range got {
		var want float32
		for j := i &^ 31; j < i&^31+32; j++ {
			want += in[j]
		}
		require.Equal(t, want+1, v, "thread %d", i)
	}
}

// TestSliceSpillForms: writes through a slice of and a pointer into a
// thread's array, across barriers, reach the array on both paths, as the
// host computes.
func TestSliceSpillForms(t *testing.T) {
	for _, bs := range []int{1, 33, 64} {
		in := randInts(2 * bs)
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, len(in))
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, SliceSpillKernel(in, out))
		})
		for i, v := range got {
			next := in[i-i%bs+(i%bs+1)%bs]
			require.Equal(t, 3*next, v, "block size %d, thread %d", bs, i)
		}
	}
}

// TestScanRefForms: a warp scan through a pointer to the thread's value
// agrees on both paths with the host's inclusive scan of each warp.
func TestScanRefForms(t *testing.T) {
	const bs = 64
	in := randInts(3 * bs)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, ScanRefKernel(in, out))
	})
	var sum int32
	for i, v := range got {
		if i%32 == 0 {
			sum = 0
		}
		sum += in[i]
		require.Equal(t, sum, v, "thread %d", i)
	}
}

// TestAddressOutForms: pointers to threads' values stored in global
// memory point, after the launch, to each thread's own value, on both
// paths.
func TestAddressOutForms(t *testing.T) {
	const bs = 48
	got := agree(t, func(f form) ([]int, error) {
		out := make([]*int, 4*bs)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: bs}}, AddressOutKernel(out))
		vals := make([]int, len(out))
		for i, p := range out {
			vals[i] = *p
		}
		return vals, err
	})
	for i, v := range got {
		require.Equal(t, 2*i+1, v, "thread %d", i)
	}
}

// TestSliceOnlyForms: an array written only through a slice of it is
// each thread's own, on both paths, as the host computes.
func TestSliceOnlyForms(t *testing.T) {
	const bs = 40
	in := randInts(3 * bs)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, SliceOnlyKernel(in, out))
	})
	for i, v := range got {
		require.Equal(t, 3*in[i], v, "thread %d", i)
	}
}

// TestStrideTypedForms: thread-strided loops over int64 and int32
// variables agree on both paths with the host's sums.
func TestStrideTypedForms(t *testing.T) {
	const bs = 32
	for _, n := range []int{0, 5, 100, 1000} {
		in := make([]float32, n)
		for i := range in {
			in[i] = float32(i % 9)
		}
		want := make([]float32, bs)
		for tid := range bs {
			next := (tid + 1) % bs
			for i := next; i < n; i += bs {
				want[tid] += in[i]
			}
			for j := next; j < 100; j += bs {
				want[tid]++
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}
		got64 := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, bs)
			return out, f.launch(cfg, StrideTypedKernel(in, out, int64(n)))
		})
		got32 := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, bs)
			return out, f.launch(cfg, StrideTypedKernel(in, out, int32(n)))
		})
		require.Equal(t, want, got64, "n %d", n)
		require.Equal(t, want, got32, "n %d", n)
	}
}

// TestWarpMinForms: a generic helper's warp minimum agrees on both paths
// with the host's.
func TestWarpMinForms(t *testing.T) {
	const bs = 64
	in := randInts(2 * bs)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, WarpMinKernel(in, out))
	})
	for i, v := range got {
		require.Equal(t, slices.Min(in[i&^31:i&^31+32]), v, "thread %d", i)
	}
}

// TestBoxBoundForms: each block rotates its elements as many times as its
// box says, on both paths, as the host does.
func TestBoxBoundForms(t *testing.T) {
	const bs, nb = 16, 4
	boxes := []hop{{0}, {3}, {15}, {20}}
	in := randInts(nb * bs)
	got := agree(t, func(f form) ([]int32, error) {
		data := slices.Clone(in)
		return data, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: bs}}, BoxBoundKernel(data, boxes))
	})
	for b := range nb {
		r := int(1+boxes[b].nn) % bs
		for j := range bs {
			require.Equal(t, in[b*bs+(j+r)%bs], got[b*bs+j], "block %d, thread %d", b, j)
		}
	}
}

// TestTwoGuardsForms: every even thread writes its element, on both
// paths, though a later if admits only four threads.
func TestTwoGuardsForms(t *testing.T) {
	const bs = 32
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, TwoGuardsKernel(out))
	})
	for i, v := range got {
		require.Equal(t, int32(1-i%2), v, "thread %d", i)
	}
}

// TestSharedStepForms: every thread of a block stores the block's count
// of odd halves, on both paths, as the host counts them.
func TestSharedStepForms(t *testing.T) {
	const bs = 48
	in := []int32{0, 1, 6, 1000, 12345, 1 << 30}
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in)*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len(in)}, Block: gocuda.Dim3{X: bs}}, SharedStepKernel(in, out))
	})
	for i, v := range got {
		var odd int32
		for x := in[i/bs]; x > 0; x /= 2 {
			odd += (x / 2) % 2
		}
		require.Equal(t, odd, v, "thread %d", i)
	}
}
