package mem

import (
	"fmt"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/plain"
)

// A Buffer is a typed array in a device's global memory, the analog of a
// pointer returned by cudaMalloc. It holds Len elements of type T.
//
// Host code moves data in and out with the copy methods (CopyFromHost,
// CopyToHost, Copy, ...); kernels reach the elements through Slice, a plain
// Go slice they capture, so their loops pay no per-element indirection.
//
// A Buffer is safe for use by multiple goroutines: operations that write it
// (copies into it, Memset, Fill) take turns, operations that only read it
// run together. A Free waits for the operations already running on the
// buffer; every operation that starts after it fails with an error wrapping
// gocuda.ErrInvalidValue. Kernels writing Slice() while the host copies the
// same buffer race, as they do in CUDA. Buffers must be created with Malloc
// and must not be copied.
type Buffer[T any] struct {
	a     alloc
	data  []T  // nil once freed
	plain bool // T is made of numbers only, so Memset may write its bytes
}

// Malloc allocates n elements of type T on dev, as cudaMalloc allocates
// n*sizeof(T) bytes. The bytes count against the device's global memory
// (see gocuda.WithGlobalMem and Device.MemGetInfo) until Free.
//
// CUDA leaves fresh device memory undefined; Malloc zeroes it, so runs are
// reproducible. An allocation larger than the device's free memory, or
// than the host's physical memory (which holds it, whatever the device's
// gocuda.WithGlobalMem), returns an error wrapping
// gocuda.ErrMemoryAllocation, a negative n or a nil device one wrapping
// gocuda.ErrInvalidValue, and a closed device one
// wrapping gocuda.ErrContextIsDestroyed. Zero elements is a valid, empty
// allocation.
func Malloc[T any](dev *gocuda.Device, n int) (*Buffer[T], error) {
	const op = "mem.Malloc"
	bytes, err := byteSize(op, n, unsafe.Sizeof(*new(T)))
	if err != nil {
		return nil, err
	}
	b := &Buffer[T]{plain: plain.Of[T]()}
	if err := b.a.init(op, dev, bytes); err != nil {
		return nil, err
	}
	b.data = make([]T, n)
	probeAlloc(b.data, "mem.Malloc")
	return b, nil
}

// Len returns the number of elements in the buffer, or 0 once it has been
// freed.
func (b *Buffer[T]) Len() int {
	b.a.mu.RLock()
	defer b.a.mu.RUnlock()
	return len(b.data)
}

// Slice returns the buffer's elements as a Go slice for kernels to capture:
// the device pointer a CUDA kernel receives. It returns nil once the buffer
// has been freed, so a kernel given a freed buffer's slice fails with
// gocuda.ErrIllegalAddress on its first access.
//
// Only kernels should touch the slice. Host code must move data with the
// copy methods, as CUDA host code must; Go cannot stop it from doing
// otherwise. A slice taken before Free stays valid Go memory, detached from
// the device: using it after Free is a bug, as in CUDA, but never corrupts
// another allocation.
func (b *Buffer[T]) Slice() []T {
	b.a.mu.RLock()
	defer b.a.mu.RUnlock()
	return b.data
}

// Device returns the device the buffer was allocated on.
func (b *Buffer[T]) Device() *gocuda.Device { return b.a.dev }

// device is Device, or nil for a nil buffer.
func (b *Buffer[T]) device() *gocuda.Device {
	if b == nil {
		return nil
	}
	return b.a.dev
}

// Free releases the buffer's memory to its device, as cudaFree does. Like
// cudaFree it first waits for the work queued on the device's default and
// blocking streams, and for copies already running on the buffer. Freeing a buffer twice
// returns an error wrapping gocuda.ErrInvalidValue. Free also works after
// the device has been closed.
func (b *Buffer[T]) Free() error {
	if err := settle("Buffer.Free", b.device()); err != nil {
		return err
	}
	if b == nil {
		return nilBuffer("Buffer.Free")
	}
	b.a.mu.Lock()
	defer b.a.mu.Unlock()
	if err := b.a.markFreed("Buffer.Free"); err != nil {
		return err
	}
	probeFree(b.data)
	b.data = nil
	return nil
}

// acquire locks b for an operation; see alloc.acquire.
func (b *Buffer[T]) acquire(op string, mode access) error {
	if b == nil {
		return nilBuffer(op)
	}
	return b.a.acquire(op, mode)
}

func nilBuffer(op string) error {
	return fmt.Errorf("%w: %s: nil buffer", gocuda.ErrInvalidValue, op)
}
