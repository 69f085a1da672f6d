package mem_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

func TestMemset(t *testing.T) {
	dev := newDevice(t)
	type rgb struct{ R, G, B uint8 }
	tests := []struct {
		name  string
		value byte
		check func(t *testing.T, n int, value byte)
	}{
		{"int32 0xff", 0xff, memsetCase[int32](dev, -1)},
		{"int32 0x01", 0x01, memsetCase[int32](dev, 0x01010101)},
		{"uint16 0xab", 0xab, memsetCase[uint16](dev, 0xabab)},
		{"byte 0x7f", 0x7f, memsetCase[byte](dev, 0x7f)},
		{"float32 0", 0, memsetCase[float32](dev, 0)},
		{"int64 0x80", 0x80, memsetCase[int64](dev, -0x7f7f7f7f7f7f7f80)},
		{"struct 0x10", 0x10, memsetCase[rgb](dev, rgb{0x10, 0x10, 0x10})},
		{"array 0x02", 0x02, memsetCase[[2]int16](dev, [2]int16{0x0202, 0x0202})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, n := range []int{0, 1, 7, 64, 1000} {
				tt.check(t, n, tt.value)
			}
		})
	}
}

// memsetCase returns a check that Memset(value) on n elements of T makes
// each of them want, and Fill(want) the same.
func memsetCase[T any](dev *gocuda.Device, want T) func(*testing.T, int, byte) {
	return func(t *testing.T, n int, value byte) {
		b, err := mem.Malloc[T](dev, n)
		require.NoError(t, err)
		defer b.Free()
		ref := make([]T, n)
		for i := range ref {
			ref[i] = want
		}
		got := make([]T, n)
		require.NoError(t, b.Memset(value))
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, ref, got, "Memset n=%d", n)
		require.NoError(t, b.Memset(0))
		require.NoError(t, b.Fill(want))
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, ref, got, "Fill n=%d", n)
	}
}

// TestMemsetNonNumeric checks that only Memset(0) works on types whose
// bytes cannot take any value, while Fill works for any type.
func TestMemsetNonNumeric(t *testing.T) {
	dev := newDevice(t)
	type withPtr struct {
		N int
		P *int
	}
	x := 7
	t.Run("pointer struct", func(t *testing.T) {
		b, err := mem.Malloc[withPtr](dev, 3)
		require.NoError(t, err)
		defer b.Free()
		require.NoError(t, b.Fill(withPtr{1, &x}))
		assert.ErrorIs(t, b.Memset(1), gocuda.ErrInvalidValue)
		got := make([]withPtr, 3)
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, []withPtr{{1, &x}, {1, &x}, {1, &x}}, got, "a failed Memset writes nothing")
		require.NoError(t, b.Memset(0))
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, make([]withPtr, 3), got)
	})
	t.Run("string", func(t *testing.T) {
		b, err := mem.Malloc[string](dev, 2)
		require.NoError(t, err)
		defer b.Free()
		assert.ErrorIs(t, b.Memset(0x41), gocuda.ErrInvalidValue)
		require.NoError(t, b.Fill("go"))
		got := make([]string, 2)
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, []string{"go", "go"}, got)
	})
	t.Run("bool", func(t *testing.T) {
		b, err := mem.Malloc[bool](dev, 2)
		require.NoError(t, err)
		defer b.Free()
		assert.ErrorIs(t, b.Memset(0xff), gocuda.ErrInvalidValue, "0xff is no Go bool")
		require.NoError(t, b.Fill(true))
		got := make([]bool, 2)
		require.NoError(t, b.CopyToHost(got))
		assert.Equal(t, []bool{true, true}, got)
	})
}
