package mem_test

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// TestPitchAlignment checks the pitch MallocPitch chooses for several
// element sizes and widths: at least the row, a whole number of elements,
// a multiple of 512 bytes whenever the element size divides 512, and the
// smallest such value.
func TestPitchAlignment(t *testing.T) {
	dev := newDevice(t)
	t.Run("uint8", pitchCase[uint8](dev))
	t.Run("int16", pitchCase[int16](dev))
	t.Run("float32", pitchCase[float32](dev))
	t.Run("float64", pitchCase[float64](dev))
	t.Run("complex128", pitchCase[complex128](dev))
	t.Run("[3]byte", pitchCase[[3]byte](dev))
	t.Run("struct of 3 float32", pitchCase[struct{ X, Y, Z float32 }](dev))
	t.Run("[1000]byte", pitchCase[[1000]byte](dev))
	t.Run("[1024]byte", pitchCase[[1024]byte](dev))
}

func pitchCase[T any](dev *gocuda.Device) func(*testing.T) {
	return func(t *testing.T) {
		size := int(unsafe.Sizeof(*new(T)))
		for _, w := range []int{0, 1, 3, 17, 127, 128, 129, 511, 513, 1000} {
			p, err := mem.MallocPitch[T](dev, w, 2)
			require.NoError(t, err)
			pitch, row := p.Pitch(), w*size
			assert.GreaterOrEqual(t, pitch, row, "w=%d", w)
			assert.Zero(t, pitch%size, "whole elements, w=%d", w)
			assert.Equal(t, pitch/size, p.PitchElems())
			if mem.PitchAlignment%size == 0 {
				assert.Zero(t, pitch%mem.PitchAlignment, "w=%d", w)
				assert.Less(t, pitch-row, mem.PitchAlignment, "smallest, w=%d", w)
			} else {
				aligned := (row + mem.PitchAlignment - 1) / mem.PitchAlignment * mem.PitchAlignment
				assert.GreaterOrEqual(t, pitch, aligned)
				assert.Less(t, pitch-aligned, size, "smallest, w=%d", w)
			}
			assert.Len(t, p.Slice(), 2*p.PitchElems())
			require.NoError(t, p.Free())
		}
	}
}

func TestPitchExamples(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(1<<20))
	tests := []struct{ width, height, pitch int }{
		{10, 1, 512}, {512, 3, 512}, {513, 2, 1024}, {1000, 4, 1024}, {0, 5, 0},
	}
	for _, tt := range tests {
		p, err := mem.MallocPitch[byte](dev, tt.width, tt.height)
		require.NoError(t, err)
		assert.Equal(t, tt.pitch, p.Pitch(), "width %d", tt.width)
		free, total := dev.MemGetInfo()
		assert.EqualValues(t, tt.pitch*tt.height, total-free, "Pitch*height bytes are reserved")
		require.NoError(t, p.Free())
	}
	f, err := mem.MallocPitch[float32](dev, 129, 1) // 516 bytes
	require.NoError(t, err)
	assert.Equal(t, [2]int{1024, 256}, [2]int{f.Pitch(), f.PitchElems()})
	require.NoError(t, f.Free())
}

func TestMallocPitchErrors(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(4096))
	for _, tt := range []struct {
		w, h int
		want error
	}{
		{-1, 1, gocuda.ErrInvalidValue}, {1, -1, gocuda.ErrInvalidValue},
		{1, 9, gocuda.ErrMemoryAllocation}, // 9 rows of 512 bytes
		{1 << 62, 1, gocuda.ErrMemoryAllocation},
		{1 << 40, 1 << 40, gocuda.ErrMemoryAllocation},
	} {
		_, err := mem.MallocPitch[int32](dev, tt.w, tt.h)
		assert.ErrorIs(t, err, tt.want, "%d by %d", tt.w, tt.h)
	}
	_, err := mem.MallocPitch[struct{}](dev, 1, 1)
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue, "zero-size elements")
	p, err := mem.MallocPitch[int32](dev, 1, 8)
	require.NoError(t, err, "8 rows of 512 bytes fit exactly")
	require.NoError(t, p.Free())
}

// TestCopy2DRoundTrip copies odd-sized host images with padded pitches to a
// pitched array and back, and checks the data, the device padding and the
// host padding.
func TestCopy2DRoundTrip(t *testing.T) {
	dev := newDevice(t)
	for _, tt := range []struct{ w, h, srcPitch, dstPitch int }{
		{1, 1, 1, 1}, {3, 5, 3, 7}, {129, 3, 130, 129}, {127, 17, 200, 127}, {600, 2, 600, 601},
	} {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			p, err := mem.MallocPitch[int32](dev, tt.w, tt.h)
			require.NoError(t, err)
			defer p.Free()
			src := random(uint64(tt.w), (tt.h-1)*tt.srcPitch+tt.w) // exactly long enough
			require.NoError(t, p.CopyFromHost2D(src, tt.srcPitch, tt.w, tt.h))

			dev := p.Slice()
			for y := range tt.h {
				assert.Equal(t, src[y*tt.srcPitch:][:tt.w], p.Row(y), "row %d", y)
				for x := tt.w; x < p.PitchElems(); x++ {
					require.Zero(t, dev[y*p.PitchElems()+x], "padding (%d,%d) untouched", x, y)
				}
			}

			const sentinel = -7
			dst := make([]int32, tt.h*tt.dstPitch)
			for i := range dst {
				dst[i] = sentinel
			}
			require.NoError(t, p.CopyToHost2D(dst, tt.dstPitch, tt.w, tt.h))
			for y := range tt.h {
				assert.Equal(t, src[y*tt.srcPitch:][:tt.w], dst[y*tt.dstPitch:][:tt.w], "row %d", y)
				for x := tt.w; x < tt.dstPitch; x++ {
					require.EqualValues(t, sentinel, dst[y*tt.dstPitch+x], "host padding kept")
				}
			}
		})
	}
}

func TestCopy2DSubRegion(t *testing.T) {
	dev := newDevice(t)
	p, err := mem.MallocPitch[int32](dev, 5, 4)
	require.NoError(t, err)
	defer p.Free()
	src := random(9, 5*4)
	require.NoError(t, p.CopyFromHost2D(src, 5, 5, 4))
	require.NoError(t, p.CopyFromHost2D(make([]int32, 2), 2, 2, 1), "2x1 of zeros at the corner")
	copy(src, []int32{0, 0})
	got := make([]int32, 3*3)
	require.NoError(t, p.CopyToHost2D(got, 3, 3, 3))
	for y := range 3 {
		assert.Equal(t, src[y*5:][:3], got[y*3:][:3])
	}
}

func TestCopy2DErrors(t *testing.T) {
	dev := newDevice(t)
	p, err := mem.MallocPitch[int32](dev, 4, 3)
	require.NoError(t, err)
	defer p.Free()
	tests := []struct {
		name                    string
		n, pitch, width, height int
		want                    error
	}{
		{"pitch below width", 100, 3, 4, 1, gocuda.ErrInvalidPitchValue},
		{"zero pitch", 100, 0, 1, 1, gocuda.ErrInvalidPitchValue},
		{"negative pitch", 100, -1, 0, 0, gocuda.ErrInvalidValue},
		{"negative width", 100, 4, -1, 1, gocuda.ErrInvalidValue},
		{"negative height", 100, 4, 4, -1, gocuda.ErrInvalidValue},
		{"wider than the array", 100, 5, 5, 1, gocuda.ErrInvalidValue},
		{"taller than the array", 100, 4, 4, 4, gocuda.ErrInvalidValue},
		{"host too short", 4*2 + 3, 4, 4, 3, gocuda.ErrInvalidValue},
		{"host too short for a row", 3, 4, 4, 1, gocuda.ErrInvalidValue},
		{"host exactly long enough", 4*2 + 4, 4, 4, 3, nil},
		{"huge pitch", 10, 1 << 62, 1, 2, gocuda.ErrInvalidValue},
		{"empty width", 0, 0, 0, 3, nil},
		{"empty height", 0, 9, 4, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			host := random(10, tt.n)
			ref := make([]int32, len(p.Slice()))
			copy(ref, p.Slice())
			err := p.CopyFromHost2D(host, tt.pitch, tt.width, tt.height)
			errOut := p.CopyToHost2D(host, tt.pitch, tt.width, tt.height)
			if tt.want == nil {
				assert.NoError(t, err)
				assert.NoError(t, errOut)
				return
			}
			assert.ErrorIs(t, err, tt.want)
			assert.ErrorIs(t, errOut, tt.want)
			assert.Equal(t, ref, p.Slice(), "nothing copied")
			assert.Equal(t, random(10, tt.n), host, "nothing copied")
		})
	}
}

func TestCopy2DDevice(t *testing.T) {
	dev := newDevice(t)
	a, err := mem.MallocPitch[int16](dev, 300, 4) // pitch 1024 bytes
	require.NoError(t, err)
	defer a.Free()
	b, err := mem.MallocPitch[int16](dev, 7, 6) // pitch 512 bytes
	require.NoError(t, err)
	defer b.Free()
	src := make([]int16, 300*4)
	for i := range src {
		src[i] = int16(i)
	}
	require.NoError(t, a.CopyFromHost2D(src, 300, 300, 4))
	require.NoError(t, mem.Copy2D(b, a, 7, 4))
	for y := range 6 {
		want := make([]int16, 7)
		if y < 4 {
			want = src[y*300:][:7]
		}
		assert.Equal(t, want, b.Row(y), "row %d", y)
	}
	assert.NoError(t, mem.Copy2D(a, a, 300, 4), "onto itself")
	assert.NoError(t, mem.Copy2D(a, b, 0, 0))
	assert.ErrorIs(t, mem.Copy2D(b, a, 8, 1), gocuda.ErrInvalidValue, "wider than dst")
	assert.ErrorIs(t, mem.Copy2D(a, b, 7, 5), gocuda.ErrInvalidValue, "taller than src")
	assert.ErrorIs(t, mem.Copy2D(a, b, -1, 1), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, mem.Copy2D(nil, b, 1, 1), gocuda.ErrInvalidValue)
}

func TestPitchedFree(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(1<<20))
	p, err := mem.MallocPitch[float32](dev, 10, 10)
	require.NoError(t, err)
	q, err := mem.MallocPitch[float32](dev, 10, 10)
	require.NoError(t, err)
	defer q.Free()
	require.NoError(t, p.Free())
	free, total := dev.MemGetInfo()
	assert.Equal(t, total-int64(q.Pitch()*q.Height()), free)
	assert.ErrorIs(t, p.Free(), gocuda.ErrInvalidValue)
	host := make([]float32, 100)
	assert.ErrorIs(t, p.CopyFromHost2D(host, 10, 10, 10), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, p.CopyToHost2D(host, 10, 10, 10), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, mem.Copy2D(p, q, 1, 1), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, mem.Copy2D(q, p, 1, 1), gocuda.ErrInvalidValue)
	assert.Nil(t, p.Slice())
	assert.Nil(t, p.Row(0))
	assert.Equal(t, [3]int{10, 10, 512}, [3]int{p.Width(), p.Height(), p.Pitch()}, "geometry stays")
	assert.Panics(t, func() { q.Row(10) })
	assert.Panics(t, func() { q.Row(-1) })
}

// TestPitchedKernel runs a 2D kernel that indexes with the pitch: out(x, y)
// = 2*in(x, y) + x - y, over a grid larger than the image.
func TestPitchedKernel(t *testing.T) {
	const w, h = 37, 23
	dev := newDevice(t)
	in, err := mem.MallocPitch[int32](dev, w, h)
	require.NoError(t, err)
	defer in.Free()
	out, err := mem.MallocPitch[int32](dev, w, h)
	require.NoError(t, err)
	defer out.Free()
	host := random(11, w*h)
	require.NoError(t, in.CopyFromHost2D(host, w, w, h))

	src, dst, pitch := in.Slice(), out.Slice(), in.PitchElems()
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (w + 7) / 8, Y: (h + 7) / 8}, Block: gocuda.Dim3{X: 8, Y: 8}}
	require.NoError(t, dev.Launch(cfg, func(t *gocuda.Thread) {
		x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
		if x < w && y < h {
			dst[y*pitch+x] = 2*src[y*pitch+x] + int32(x-y)
		}
	}))
	got := make([]int32, w*h)
	require.NoError(t, out.CopyToHost2D(got, w, w, h))
	for y := range h {
		for x := range w {
			require.Equal(t, 2*host[y*w+x]+int32(x-y), got[y*w+x], "(%d,%d)", x, y)
		}
	}
}
