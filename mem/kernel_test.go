package mem_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// TestSAXPY runs y = a*x + y on device buffers, the kernel reading one
// buffer's slice and writing another's, for sizes around the block size.
func TestSAXPY(t *testing.T) {
	dev := newDevice(t)
	const a = 2.5
	for _, n := range []int{0, 1, 63, 64, 65, 1000} {
		t.Run(fmt.Sprint("n=", n), func(t *testing.T) {
			hx, hy := make([]float32, n), make([]float32, n)
			for i := range hx {
				hx[i], hy[i] = float32(i), float32(n-i)
			}
			x, err := mem.Malloc[float32](dev, n)
			require.NoError(t, err)
			defer x.Free()
			y, err := mem.Malloc[float32](dev, n)
			require.NoError(t, err)
			defer y.Free()
			require.NoError(t, x.CopyFromHost(hx))
			require.NoError(t, y.CopyFromHost(hy))

			xs, ys := x.Slice(), y.Slice()
			require.NoError(t, dev.Launch(grid1D(n), func(t *gocuda.Thread) {
				if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
					ys[i] = a*xs[i] + ys[i]
				}
			}))
			got := make([]float32, n)
			require.NoError(t, y.CopyToHost(got))
			for i := range hy {
				hy[i] += a * hx[i]
			}
			assert.Equal(t, hy, got)
		})
	}
}

// TestKernelFreedBuffer checks that a kernel given a freed buffer's slice
// fails with ErrIllegalAddress, as a kernel reading freed device memory
// faults.
func TestKernelFreedBuffer(t *testing.T) {
	dev := newDevice(t)
	b, err := mem.Malloc[int](dev, 10)
	require.NoError(t, err)
	require.NoError(t, b.Free())
	s := b.Slice()
	err = dev.Launch(grid1D(10), func(t *gocuda.Thread) { s[t.ThreadIdx.X] = 1 })
	assert.ErrorIs(t, err, gocuda.ErrIllegalAddress)
}

// TestCopyInsideKernel: a synchronous copy made by a kernel queued on the
// default stream does not wait for the stream, which holds the kernel
// itself: device-side calls are not ordered with host streams.
func TestCopyInsideKernel(t *testing.T) {
	dev := newDevice(t)
	src, ref := loaded(t, dev, []int32{1, 2, 3})
	dst, err := mem.Malloc[int32](dev, 3)
	require.NoError(t, err)
	defer dst.Free()
	var copyErr error
	require.NoError(t, dev.DefaultStream().Launch(gocuda.Config{}, func(*gocuda.Thread) {
		copyErr = mem.Copy(dst, src)
	}))
	require.NoError(t, dev.DefaultStream().Synchronize())
	require.NoError(t, copyErr)
	assert.Equal(t, ref, contents(t, dst))
}
