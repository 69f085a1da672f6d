package mem_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

func TestMalloc(t *testing.T) {
	dev := newDevice(t)
	for _, n := range []int{0, 1, 63, 64, 65, 1000} {
		b, err := mem.Malloc[float64](dev, n)
		require.NoError(t, err, "n=%d", n)
		assert.Equal(t, n, b.Len())
		assert.Len(t, b.Slice(), n)
		assert.Same(t, dev, b.Device())
		assert.Equal(t, make([]float64, n), append(make([]float64, 0, n), b.Slice()...), "zeroed")
		require.NoError(t, b.Free())
	}
}

func TestMallocErrors(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(1000))
	tests := []struct {
		name string
		dev  *gocuda.Device
		n    int
		want error
	}{
		{"negative", dev, -1, gocuda.ErrInvalidValue},
		{"nil device", nil, 1, gocuda.ErrInvalidValue},
		{"over the total", dev, 251, gocuda.ErrMemoryAllocation}, // 1004 bytes of int32
		{"overflow", dev, math.MaxInt64/4 + 1, gocuda.ErrMemoryAllocation},
		{"max int", dev, math.MaxInt, gocuda.ErrMemoryAllocation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := mem.Malloc[int32](tt.dev, tt.n)
			assert.ErrorIs(t, err, tt.want)
			assert.Nil(t, b)
			free, total := dev.MemGetInfo()
			assert.Equal(t, [2]int64{1000, 1000}, [2]int64{free, total}, "nothing reserved")
		})
	}
}

func TestMallocZeroSizeElements(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(1))
	b, err := mem.Malloc[struct{}](dev, math.MaxInt32)
	require.NoError(t, err, "zero bytes fit anywhere")
	assert.Equal(t, math.MaxInt32, b.Len())
	require.NoError(t, b.Free())
}

// TestMemGetInfo checks free and total global memory around allocations and
// frees, and that an allocation fits exactly up to the limit.
func TestMemGetInfo(t *testing.T) {
	const total = 4096
	dev := newDevice(t, gocuda.WithGlobalMem(total))
	info := func() [2]int64 { f, t := dev.MemGetInfo(); return [2]int64{f, t} }
	assert.Equal(t, [2]int64{total, total}, info())

	a, err := mem.Malloc[float32](dev, 256) // 1024 bytes
	require.NoError(t, err)
	assert.Equal(t, [2]int64{total - 1024, total}, info())
	b, err := mem.Malloc[byte](dev, 3072) // the rest, exactly
	require.NoError(t, err)
	assert.Equal(t, [2]int64{0, total}, info())

	_, err = mem.Malloc[byte](dev, 1)
	require.ErrorIs(t, err, gocuda.ErrMemoryAllocation, "full")
	empty, err := mem.Malloc[byte](dev, 0)
	require.NoError(t, err, "an empty allocation fits a full device")

	require.NoError(t, a.Free())
	assert.Equal(t, [2]int64{1024, total}, info())
	require.NoError(t, b.Free())
	require.NoError(t, empty.Free())
	assert.Equal(t, [2]int64{total, total}, info())
}

func TestMallocAfterClose(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(1), gocuda.WithGlobalMem(1<<20))
	require.NoError(t, err)
	b, err := mem.Malloc[int](dev, 10)
	require.NoError(t, err)
	require.NoError(t, dev.Close())

	_, err = mem.Malloc[int](dev, 1)
	assert.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
	_, err = mem.MallocPitch[int](dev, 1, 1)
	assert.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
	_, err = mem.NewConstant[int](dev, 1)
	assert.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)

	assert.ErrorIs(t, b.CopyFromHost(make([]int, 10)), gocuda.ErrContextIsDestroyed,
		"memory of a closed device is gone")
	assert.NoError(t, b.Free(), "Free settles the account of a closed device")
	free, total := dev.MemGetInfo()
	assert.Equal(t, free, total)
}

// bufferOps is every Buffer operation that returns an error, with valid
// arguments for a buffer of 8 elements.
func bufferOps(dev *gocuda.Device, t *testing.T) map[string]func(b *mem.Buffer[int32]) error {
	other, err := mem.Malloc[int32](dev, 8)
	require.NoError(t, err)
	t.Cleanup(func() { _ = other.Free() })
	host := make([]int32, 8)
	return map[string]func(b *mem.Buffer[int32]) error{
		"CopyFromHost":      func(b *mem.Buffer[int32]) error { return b.CopyFromHost(host) },
		"CopyFromHostAt":    func(b *mem.Buffer[int32]) error { return b.CopyFromHostAt(1, host[:2]) },
		"CopyToHost":        func(b *mem.Buffer[int32]) error { return b.CopyToHost(host) },
		"CopyToHostAt":      func(b *mem.Buffer[int32]) error { return b.CopyToHostAt(host[:2], 1) },
		"Copy to":           func(b *mem.Buffer[int32]) error { return mem.Copy(b, other) },
		"Copy from":         func(b *mem.Buffer[int32]) error { return mem.Copy(other, b) },
		"Copy self":         func(b *mem.Buffer[int32]) error { return mem.Copy(b, b) },
		"CopyRange to":      func(b *mem.Buffer[int32]) error { return mem.CopyRange(b, 0, other, 0, 1) },
		"CopyRange from":    func(b *mem.Buffer[int32]) error { return mem.CopyRange(other, 0, b, 0, 1) },
		"Memset":            func(b *mem.Buffer[int32]) error { return b.Memset(1) },
		"Fill":              func(b *mem.Buffer[int32]) error { return b.Fill(1) },
		"Free":              func(b *mem.Buffer[int32]) error { return b.Free() },
		"CopyFromHostAsync": func(b *mem.Buffer[int32]) error { return b.CopyFromHostAsync(host, nil) },
		"CopyToHostAsync":   func(b *mem.Buffer[int32]) error { return b.CopyToHostAsync(host, nil) },
		"CopyAsync to":      func(b *mem.Buffer[int32]) error { return mem.CopyAsync(b, other, nil) },
		"CopyAsync from":    func(b *mem.Buffer[int32]) error { return mem.CopyAsync(other, b, nil) },
		"MemsetAsync":       func(b *mem.Buffer[int32]) error { return b.MemsetAsync(1, nil) },
	}
}

// TestUseAfterFree checks that every operation on a freed buffer, a second
// Free included, fails with ErrInvalidValue and leaves the account alone.
func TestUseAfterFree(t *testing.T) {
	dev := newDevice(t, gocuda.WithGlobalMem(1<<20))
	for name, op := range bufferOps(dev, t) {
		t.Run(name, func(t *testing.T) {
			b, err := mem.Malloc[int32](dev, 8)
			require.NoError(t, err)
			require.NoError(t, op(b), "valid on a live buffer")
			require.NoError(t, dev.DefaultStream().Synchronize())
			before, _ := dev.MemGetInfo()
			if name != "Free" {
				require.NoError(t, b.Free())
			}
			after, _ := dev.MemGetInfo()
			assert.ErrorIs(t, op(b), gocuda.ErrInvalidValue)
			assert.Zero(t, b.Len())
			assert.Nil(t, b.Slice())
			free, _ := dev.MemGetInfo()
			assert.Equal(t, after, free, "the account is untouched")
			if name != "Free" {
				assert.Equal(t, before+32, free)
			}
		})
	}
}

// TestNilBuffer checks that a nil *Buffer is an invalid argument, not a
// crash, for the operations that return errors.
func TestNilBuffer(t *testing.T) {
	dev := newDevice(t)
	for name, op := range bufferOps(dev, t) {
		t.Run(name, func(t *testing.T) {
			assert.ErrorIs(t, op(nil), gocuda.ErrInvalidValue)
		})
	}
}
