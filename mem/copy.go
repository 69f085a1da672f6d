package mem

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// CopyFromHost copies src into the buffer, a host-to-device cudaMemcpy of
// the whole buffer. len(src) must equal b.Len(): a mismatch returns an
// error wrapping gocuda.ErrInvalidValue and copies nothing. The copy is
// complete when CopyFromHost returns.
func (b *Buffer[T]) CopyFromHost(src []T) error {
	if err := settle("Buffer.CopyFromHost", b.device()); err != nil {
		return err
	}
	return b.copyIn("Buffer.CopyFromHost", 0, src, true, true)
}

// CopyFromHostAt copies src into the buffer's elements [off, off+len(src)),
// a host-to-device cudaMemcpy to an offset. The range must lie inside the
// buffer, else the error wraps gocuda.ErrInvalidValue and nothing is
// copied. An empty src at any offset from 0 to b.Len() copies nothing.
func (b *Buffer[T]) CopyFromHostAt(off int, src []T) error {
	if err := settle("Buffer.CopyFromHostAt", b.device()); err != nil {
		return err
	}
	return b.copyIn("Buffer.CopyFromHostAt", off, src, false, true)
}

// CopyToHost copies the whole buffer into dst, a device-to-host cudaMemcpy.
// len(dst) must equal b.Len(), else the error wraps gocuda.ErrInvalidValue
// and nothing is copied.
func (b *Buffer[T]) CopyToHost(dst []T) error {
	if err := settle("Buffer.CopyToHost", b.device()); err != nil {
		return err
	}
	return b.copyOut("Buffer.CopyToHost", dst, 0, true, true)
}

// CopyToHostAt copies the buffer's elements [off, off+len(dst)) into dst, a
// device-to-host cudaMemcpy from an offset. The range must lie inside the
// buffer, else the error wraps gocuda.ErrInvalidValue and nothing is
// copied.
func (b *Buffer[T]) CopyToHostAt(dst []T, off int) error {
	if err := settle("Buffer.CopyToHostAt", b.device()); err != nil {
		return err
	}
	return b.copyOut("Buffer.CopyToHostAt", dst, off, false, true)
}

// Copy copies src into dst, a device-to-device cudaMemcpy of whole buffers
// (cudaMemcpyPeer when they belong to different devices). The buffers must
// have the same length, else the error wraps gocuda.ErrInvalidValue.
func Copy[T any](dst, src *Buffer[T]) error {
	if err := settle("mem.Copy", dst.device(), src.device()); err != nil {
		return err
	}
	return copyDevice("mem.Copy", dst, 0, src, 0, 0, true, true)
}

// CopyRange copies n elements from src, starting at srcOff, into dst,
// starting at dstOff: a device-to-device cudaMemcpy between offsets, or
// cudaMemcpyPeer between devices. Both ranges must lie inside their
// buffers, else the error wraps gocuda.ErrInvalidValue. dst and src may be
// the same buffer; overlapping ranges, undefined in CUDA, are copied as by
// Go's copy (as if through a temporary).
func CopyRange[T any](dst *Buffer[T], dstOff int, src *Buffer[T], srcOff, n int) error {
	if err := settle("mem.CopyRange", dst.device(), src.device()); err != nil {
		return err
	}
	return copyDevice("mem.CopyRange", dst, dstOff, src, srcOff, n, false, true)
}

// copyIn checks, and if run is set performs, a host-to-device copy of src to
// off; whole requires src to cover the buffer.
func (b *Buffer[T]) copyIn(op string, off int, src []T, whole, run bool) error {
	mode := read // a check only reads
	if run {
		mode = write
	}
	if err := b.acquire(op, mode); err != nil {
		return err
	}
	defer b.a.release(mode)
	if err := checkHostRange(op, "source", off, len(src), len(b.data), whole); err != nil {
		return err
	}
	if run {
		probeWrote(b.data[off : off+copy(b.data[off:], src)])
	}
	return nil
}

// copyOut checks, and if run is set performs, a device-to-host copy from off
// into dst; whole requires dst to cover the buffer.
func (b *Buffer[T]) copyOut(op string, dst []T, off int, whole, run bool) error {
	if err := b.acquire(op, read); err != nil {
		return err
	}
	defer b.a.release(read)
	if err := checkHostRange(op, "destination", off, len(dst), len(b.data), whole); err != nil {
		return err
	}
	if run {
		copy(dst, b.data[off:])
	}
	return nil
}

// copyDevice checks, and if run is set performs, a device-to-device copy of
// n elements, or of the whole buffers if whole is set.
func copyDevice[T any](op string, dst *Buffer[T], dstOff int, src *Buffer[T], srcOff, n int, whole, run bool) error {
	if dst == nil || src == nil {
		return nilBuffer(op)
	}
	if err := acquireCopy(op, &dst.a, &src.a); err != nil {
		return err
	}
	defer releaseCopy(&dst.a, &src.a)
	if whole {
		if len(dst.data) != len(src.data) {
			return fmt.Errorf("%w: %s: destination has %d elements, source %d",
				gocuda.ErrInvalidValue, op, len(dst.data), len(src.data))
		}
		n = len(src.data)
	}
	if err := checkRange(op, "source", srcOff, n, len(src.data)); err != nil {
		return err
	}
	if err := checkRange(op, "destination", dstOff, n, len(dst.data)); err != nil {
		return err
	}
	if run {
		copy(dst.data[dstOff:dstOff+n], src.data[srcOff:])
		probeWrote(dst.data[dstOff : dstOff+n])
	}
	return nil
}

// checkHostRange checks that a host slice of n elements fits the buffer's
// length at off or, if whole, covers it exactly.
func checkHostRange(op, what string, off, n, length int, whole bool) error {
	if whole && n != length {
		return fmt.Errorf("%w: %s: %s has %d elements, buffer %d",
			gocuda.ErrInvalidValue, op, what, n, length)
	}
	return checkRange(op, "buffer", off, n, length)
}

// checkRange checks that n elements from off lie inside [0, length).
func checkRange(op, what string, off, n, length int) error {
	if off < 0 || n < 0 || off > length || n > length-off {
		return fmt.Errorf("%w: %s: %s range of %d elements at offset %d outside a buffer of %d",
			gocuda.ErrInvalidValue, op, what, n, off, length)
	}
	return nil
}
