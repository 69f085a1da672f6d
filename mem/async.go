package mem

import "github.com/gocuda/gocuda/gocuda"

// CopyFromHostAsync queues a copy of src into the buffer on s
// (cudaMemcpyAsync, host to device). len(src) must equal b.Len(). See the
// package documentation for how asynchronous operations check, run and
// report errors; src must not be modified until the copy has run.
func (b *Buffer[T]) CopyFromHostAsync(src []T, s *gocuda.Stream) error {
	const op = "Buffer.CopyFromHostAsync"
	if err := b.copyIn(op, 0, src, true, false); err != nil {
		return err
	}
	return enqueue(s, b.a.dev, func() error { return b.copyIn(op, 0, src, true, true) })
}

// CopyToHostAsync queues a copy of the buffer into dst on s
// (cudaMemcpyAsync, device to host). len(dst) must equal b.Len(). dst holds
// the buffer's contents once s has been synchronized.
func (b *Buffer[T]) CopyToHostAsync(dst []T, s *gocuda.Stream) error {
	const op = "Buffer.CopyToHostAsync"
	if err := b.copyOut(op, dst, 0, true, false); err != nil {
		return err
	}
	return enqueue(s, b.a.dev, func() error { return b.copyOut(op, dst, 0, true, true) })
}

// CopyAsync queues a copy of src into dst on s (cudaMemcpyAsync, device to
// device, or cudaMemcpyPeerAsync). The buffers must have the same length.
func CopyAsync[T any](dst, src *Buffer[T], s *gocuda.Stream) error {
	const op = "mem.CopyAsync"
	if err := copyDevice(op, dst, 0, src, 0, 0, true, false); err != nil {
		return err
	}
	return enqueue(s, dst.a.dev, func() error { return copyDevice(op, dst, 0, src, 0, 0, true, true) })
}

// MemsetAsync queues a Memset of the buffer to value on s
// (cudaMemsetAsync).
func (b *Buffer[T]) MemsetAsync(value byte, s *gocuda.Stream) error {
	const op = "Buffer.MemsetAsync"
	if err := b.memset(op, value, false); err != nil {
		return err
	}
	return enqueue(s, b.a.dev, func() error { return b.memset(op, value, true) })
}

// enqueue queues run on s, or on dev's default stream if s is nil.
func enqueue(s *gocuda.Stream, dev *gocuda.Device, run func() error) error {
	if s == nil {
		s = dev.DefaultStream()
	}
	return link.Enqueue(s, run)
}
