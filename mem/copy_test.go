package mem_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// loaded returns a buffer holding data, and data's copy as the reference.
func loaded(t *testing.T, dev *gocuda.Device, data []int32) (*mem.Buffer[int32], []int32) {
	t.Helper()
	b, err := mem.Malloc[int32](dev, len(data))
	require.NoError(t, err)
	t.Cleanup(func() { _ = b.Free() })
	require.NoError(t, b.CopyFromHost(data))
	return b, slices.Clone(data)
}

// contents reads a buffer back with CopyToHost.
func contents(t *testing.T, b *mem.Buffer[int32]) []int32 {
	t.Helper()
	got := make([]int32, b.Len())
	require.NoError(t, b.CopyToHost(got))
	return got
}

func TestCopyWhole(t *testing.T) {
	dev := newDevice(t)
	for _, n := range []int{0, 1, 64, 1000} {
		t.Run(fmt.Sprint("n=", n), func(t *testing.T) {
			src := random(uint64(n), n)
			a, ref := loaded(t, dev, src)
			assert.Equal(t, ref, contents(t, a), "host to device to host")
			if n > 0 {
				src[0] = ref[0] + 1 // the device copy is independent of src
				assert.Equal(t, ref, contents(t, a))
			}
			b, err := mem.Malloc[int32](dev, n)
			require.NoError(t, err)
			defer b.Free()
			require.NoError(t, mem.Copy(b, a))
			assert.Equal(t, ref, contents(t, b), "device to device")
			require.NoError(t, mem.Copy(a, a), "onto itself")
			assert.Equal(t, ref, contents(t, a))
		})
	}
}

func TestCopyLengthMismatch(t *testing.T) {
	dev := newDevice(t)
	b, ref := loaded(t, dev, random(1, 8))
	c, err := mem.Malloc[int32](dev, 7)
	require.NoError(t, err)
	defer c.Free()
	for _, n := range []int{0, 7, 9} {
		assert.ErrorIs(t, b.CopyFromHost(make([]int32, n)), gocuda.ErrInvalidValue, "from %d", n)
		assert.ErrorIs(t, b.CopyToHost(make([]int32, n)), gocuda.ErrInvalidValue, "to %d", n)
	}
	assert.ErrorIs(t, mem.Copy(b, c), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, mem.Copy(c, b), gocuda.ErrInvalidValue)
	assert.Equal(t, ref, contents(t, b), "nothing copied")
	assert.Equal(t, make([]int32, 7), append([]int32(nil), c.Slice()...), "nothing copied")
}

// TestCopyHostRanges checks CopyFromHostAt and CopyToHostAt at every
// boundary against a host reference, and that bad ranges copy nothing.
func TestCopyHostRanges(t *testing.T) {
	const n = 10
	tests := []struct {
		off, len int
		ok       bool
	}{
		{0, 0, true}, {0, 1, true}, {0, n, true}, {3, 4, true}, {n - 1, 1, true},
		{n, 0, true}, {5, 5, true},
		{n, 1, false}, {n + 1, 0, false}, {-1, 0, false}, {-1, 2, false},
		{0, n + 1, false}, {5, 6, false}, {9, 2, false},
	}
	dev := newDevice(t)
	for _, tt := range tests {
		t.Run(fmt.Sprintf("off=%d,len=%d", tt.off, tt.len), func(t *testing.T) {
			b, ref := loaded(t, dev, random(2, n))
			src := random(3, tt.len)
			err := b.CopyFromHostAt(tt.off, src)
			dst := make([]int32, tt.len)
			errOut := b.CopyToHostAt(dst, tt.off)
			if !tt.ok {
				assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
				assert.ErrorIs(t, errOut, gocuda.ErrInvalidValue)
				assert.Equal(t, make([]int32, tt.len), dst, "nothing copied out")
				assert.Equal(t, ref, contents(t, b), "nothing copied in")
				return
			}
			require.NoError(t, err)
			require.NoError(t, errOut)
			copy(ref[tt.off:], src)
			assert.Equal(t, ref, contents(t, b))
			assert.Equal(t, src, dst, "read back the range written")
		})
	}
}

// TestCopyRange checks device-to-device sub-range copies, within one buffer
// (overlapping too) and between two, against a host reference.
func TestCopyRange(t *testing.T) {
	const n = 12
	tests := []struct {
		name                string
		same                bool
		dstOff, srcOff, len int
		ok                  bool
	}{
		{"empty", false, 0, 0, 0, true},
		{"empty at end", false, n, n, 0, true},
		{"one", false, 3, 7, 1, true},
		{"all", false, 0, 0, n, true},
		{"tail to head", false, 0, 8, 4, true},
		{"same, disjoint", true, 0, 6, 6, true},
		{"same, overlap forward", true, 2, 0, 8, true},
		{"same, overlap backward", true, 0, 2, 8, true},
		{"negative n", false, 0, 0, -1, false},
		{"negative dst", false, -1, 0, 1, false},
		{"negative src", false, 0, -1, 1, false},
		{"past src", false, 0, 8, 5, false},
		{"past dst", false, 8, 0, 5, false},
		{"too many", false, 0, 0, n + 1, false},
		{"offset beyond", false, n + 1, 0, 0, false},
	}
	dev := newDevice(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, srcRef := loaded(t, dev, random(4, n))
			dst, dstRef := loaded(t, dev, random(5, n))
			if tt.same {
				dst, dstRef = src, srcRef
			}
			err := mem.CopyRange(dst, tt.dstOff, src, tt.srcOff, tt.len)
			if tt.ok {
				require.NoError(t, err)
				copy(dstRef[tt.dstOff:tt.dstOff+tt.len], srcRef[tt.srcOff:]) // as Go's copy, overlap included
			} else {
				require.ErrorIs(t, err, gocuda.ErrInvalidValue)
			}
			assert.Equal(t, dstRef, contents(t, dst))
			assert.Equal(t, srcRef, contents(t, src))
		})
	}
}

// TestCopyPeer copies between buffers of two devices (cudaMemcpyPeer).
func TestCopyPeer(t *testing.T) {
	d0, d1 := newDevice(t), newDevice(t)
	a, ref := loaded(t, d0, random(6, 100))
	b, err := mem.Malloc[int32](d1, 100)
	require.NoError(t, err)
	defer b.Free()
	require.NoError(t, mem.Copy(b, a))
	assert.Equal(t, ref, contents(t, b))
	require.NoError(t, mem.CopyRange(a, 0, b, 50, 50))
	copy(ref, ref[50:])
	assert.Equal(t, ref, contents(t, a))
}
