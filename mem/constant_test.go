package mem_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// TestConstantLimit checks the 64 KiB of constant memory per device: it
// fills exactly, one more byte fails, Free makes room, and devices do not
// share it or count it as global memory.
func TestConstantLimit(t *testing.T) {
	d0, d1 := newDevice(t, gocuda.WithGlobalMem(1)), newDevice(t)
	a, err := mem.NewConstant[float32](d0, mem.TotalConstMem/4/2) // half
	require.NoError(t, err, "constant memory is not global memory")
	b, err := mem.NewConstant[byte](d0, mem.TotalConstMem/2) // the rest
	require.NoError(t, err)

	for _, n := range []int{1, mem.TotalConstMem} {
		_, err = mem.NewConstant[byte](d0, n)
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, "full, n=%d", n)
	}
	empty, err := mem.NewConstant[byte](d0, 0)
	require.NoError(t, err)
	other, err := mem.NewConstant[byte](d1, mem.TotalConstMem)
	require.NoError(t, err, "another device has its own")

	require.NoError(t, b.Free())
	_, err = mem.NewConstant[int64](d0, mem.TotalConstMem/2/8+1)
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue, "one element too many")
	c, err := mem.NewConstant[int64](d0, mem.TotalConstMem/2/8)
	require.NoError(t, err, "the freed half")
	for _, x := range []*mem.Constant[byte]{empty, other} {
		require.NoError(t, x.Free())
	}
	require.NoError(t, a.Free())
	require.NoError(t, c.Free())
	d, err := mem.NewConstant[byte](d0, mem.TotalConstMem)
	require.NoError(t, err, "all freed")
	require.NoError(t, d.Free())
}

func TestConstantErrors(t *testing.T) {
	dev := newDevice(t)
	for _, n := range []int{-1, 1 << 62} {
		_, err := mem.NewConstant[int64](dev, n)
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, "n=%d", n)
	}
	_, err := mem.NewConstant[int](nil, 1)
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

func TestConstantSet(t *testing.T) {
	dev := newDevice(t)
	c, err := mem.NewConstant[int32](dev, 10)
	require.NoError(t, err)
	assert.Equal(t, 10, c.Len())
	assert.Same(t, dev, c.Device())
	ref := make([]int32, 10)
	get := func() []int32 {
		got := make([]int32, 10)
		require.NoError(t, c.Get(got))
		return got
	}
	assert.Equal(t, ref, get(), "zeroed")

	ref = random(12, 10)
	require.NoError(t, c.Set(ref))
	assert.Equal(t, ref, get())
	for _, tt := range []struct {
		off, n int
		ok     bool
	}{
		{0, 0, true}, {10, 0, true}, {9, 1, true}, {2, 5, true}, {0, 10, true},
		{-1, 1, false}, {10, 1, false}, {6, 5, false}, {11, 0, false},
	} {
		src := random(uint64(13+tt.off), tt.n)
		err := c.SetAt(tt.off, src)
		if tt.ok {
			require.NoError(t, err, "off=%d n=%d", tt.off, tt.n)
			copy(ref[tt.off:], src)
		} else {
			require.ErrorIs(t, err, gocuda.ErrInvalidValue, "off=%d n=%d", tt.off, tt.n)
		}
		assert.Equal(t, ref, get())
	}
	assert.ErrorIs(t, c.Set(make([]int32, 9)), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, c.Get(make([]int32, 11)), gocuda.ErrInvalidValue)

	v := c.View()
	assert.Equal(t, 10, v.Len())
	assert.Equal(t, ref[3], v.At(3))
	assert.Panics(t, func() { v.At(10) })
	assert.Zero(t, mem.ConstView[int32]{}.Len(), "zero view is empty")

	require.NoError(t, c.Free())
	assert.ErrorIs(t, c.Free(), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, c.Set(ref), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, c.SetAt(0, ref[:1]), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, c.Get(ref), gocuda.ErrInvalidValue)
	assert.Zero(t, c.Len())
	assert.Zero(t, c.View().Len())
	var nilConst *mem.Constant[int32]
	assert.ErrorIs(t, nilConst.Set(nil), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, nilConst.Free(), gocuda.ErrInvalidValue)
}

// TestConstantKernel runs a 1D convolution whose filter lives in constant
// memory, the classic use of __constant__, against a host reference.
func TestConstantKernel(t *testing.T) {
	const n, taps = 1000, 7
	dev := newDevice(t)
	filter, err := mem.NewConstant[float32](dev, taps)
	require.NoError(t, err)
	defer filter.Free()
	weights := []float32{1, -2, 3, 0.5, 3, -2, 1}
	require.NoError(t, filter.Set(weights))
	in, err := mem.Malloc[float32](dev, n)
	require.NoError(t, err)
	defer in.Free()
	out, err := mem.Malloc[float32](dev, n)
	require.NoError(t, err)
	defer out.Free()
	host := make([]float32, n)
	for i := range host {
		host[i] = float32(i%17) - 8
	}
	require.NoError(t, in.CopyFromHost(host))

	f, x, y := filter.View(), in.Slice(), out.Slice()
	require.NoError(t, dev.Launch(grid1D(n), func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i >= n {
			return
		}
		var sum float32
		for k := range f.Len() {
			if j := i + k - taps/2; j >= 0 && j < n {
				sum += f.At(k) * x[j]
			}
		}
		y[i] = sum
	}))
	got := make([]float32, n)
	require.NoError(t, out.CopyToHost(got))
	for i := range n {
		var want float32
		for k, w := range weights {
			if j := i + k - taps/2; j >= 0 && j < n {
				want += w * host[j]
			}
		}
		require.Equal(t, want, got[i], "element %d", i)
	}
}
