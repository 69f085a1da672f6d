package mem

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Memset sets every byte of the buffer to value, as cudaMemset does. The
// elements then hold whatever those bytes mean for T: Memset(0xff) on a
// Buffer[int32] makes every element -1.
//
// Only numeric types, and arrays and structs of them, may have their bytes
// set to a value other than 0; for other types (pointers, strings, slices,
// maps, and booleans, for which a byte other than 0 or 1 is not a valid Go
// value) Memset returns an error wrapping gocuda.ErrInvalidValue. Memset(0)
// zeroes any buffer. Fill sets elements of any type.
func (b *Buffer[T]) Memset(value byte) error {
	if err := settle("Buffer.Memset", b.device()); err != nil {
		return err
	}
	return b.memset("Buffer.Memset", value, true)
}

// Fill sets every element of the buffer to v: a typed Memset for any T.
func (b *Buffer[T]) Fill(v T) error {
	if err := settle("Buffer.Fill", b.device()); err != nil {
		return err
	}
	if err := b.acquire("Buffer.Fill", write); err != nil {
		return err
	}
	defer b.a.release(write)
	fill(b.data, v)
	probeWrote(b.data)
	return nil
}

// memset checks, and if run is set performs, a Memset.
func (b *Buffer[T]) memset(op string, value byte, run bool) error {
	mode := read // a check only reads
	if run {
		mode = write
	}
	if err := b.acquire(op, mode); err != nil {
		return err
	}
	defer b.a.release(mode)
	switch {
	case value != 0 && !b.plain:
		return fmt.Errorf("%w: %s: %v is not made of numbers only, so its bytes cannot be set to %#x",
			gocuda.ErrInvalidValue, op, reflect.TypeFor[T](), value)
	case !run:
	case value == 0:
		clear(b.data)
	default:
		fill(bytesOf(b.data), value)
	}
	if run {
		probeWrote(b.data)
	}
	return nil
}

// fill sets every element of s to v, doubling the filled prefix with copy.
func fill[T any](s []T, v T) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
}

// bytesOf returns the memory of s as bytes. T must be numeric.
func bytesOf[T any](s []T) []byte {
	size := int(unsafe.Sizeof(*new(T)))
	if len(s) == 0 || size == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
}
