package mem

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// TotalConstMem is the constant memory of a device in bytes, CUDA's
// totalConstMem: 64 KiB on every CUDA GPU to date. The Constants of one
// device share it.
const TotalConstMem = 64 << 10

// A Constant is an array in a device's constant memory, the analog of a
// __constant__ variable: the host fills it with Set (cudaMemcpyToSymbol)
// and kernels read it through View, whose type offers no way to write.
//
// A Constant is safe for use by multiple goroutines, with the same Free
// rules as a Buffer. Host writes must not overlap kernels reading the same
// Constant, as in CUDA. Constants must be created with NewConstant and must
// not be copied.
type Constant[T any] struct {
	a     alloc // holds no global memory: a.bytes is 0
	bytes int64 // constant memory held
	data  []T   // nil once freed
}

// A ConstView is a kernel's read-only view of a Constant. Its zero value is
// an empty view. ConstViews are small values meant to be captured by
// kernels; At compiles to a bounds-checked load.
type ConstView[T any] struct{ s []T }

// At returns element i. It panics if i is out of range, which fails a
// kernel with gocuda.ErrIllegalAddress.
func (v ConstView[T]) At(i int) T { return v.s[i] }

// Len returns the number of elements in the view.
func (v ConstView[T]) Len() int { return len(v.s) }

// constMem is the constant memory in use on each device.
var constMem = struct {
	sync.Mutex
	used map[*gocuda.Device]int64
}{used: map[*gocuda.Device]int64{}}

// NewConstant allocates n elements of type T in dev's constant memory, zeroed.
// The Constants of a device may hold TotalConstMem bytes in all: beyond that
// NewConstant returns an error wrapping gocuda.ErrInvalidValue, as CUDA
// reports a cudaMemcpyToSymbol outside a symbol. Constant memory does not
// count against the device's global memory (MemGetInfo). A closed device
// returns an error wrapping gocuda.ErrContextIsDestroyed.
func NewConstant[T any](dev *gocuda.Device, n int) (*Constant[T], error) {
	const op = "mem.NewConstant"
	size := int64(unsafe.Sizeof(*new(T)))
	if n < 0 {
		return nil, fmt.Errorf("%w: %s: %d elements", gocuda.ErrInvalidValue, op, n)
	}
	c := &Constant[T]{}
	if err := c.a.init(op, dev, 0); err != nil { // checks dev; reserves no global memory
		return nil, err
	}
	constMem.Lock()
	defer constMem.Unlock()
	free := TotalConstMem - constMem.used[dev]
	if size > 0 && int64(n) > free/size {
		return nil, fmt.Errorf("%w: %s: %d elements of %d bytes, %d bytes of constant memory free of %d",
			gocuda.ErrInvalidValue, op, n, size, free, TotalConstMem)
	}
	bytes := int64(n) * size
	if bytes > 0 {
		constMem.used[dev] += bytes
	}
	c.bytes = bytes
	c.data = make([]T, n)
	return c, nil
}

// Len returns the number of elements, or 0 once the Constant has been
// freed.
func (c *Constant[T]) Len() int {
	c.a.mu.RLock()
	defer c.a.mu.RUnlock()
	return len(c.data)
}

// Device returns the device the Constant belongs to.
func (c *Constant[T]) Device() *gocuda.Device { return c.a.dev }

// device is Device, or nil for a nil Constant.
func (c *Constant[T]) device() *gocuda.Device {
	if c == nil {
		return nil
	}
	return c.a.dev
}

// View returns the read-only view kernels capture. It is empty once the
// Constant has been freed.
func (c *Constant[T]) View() ConstView[T] {
	c.a.mu.RLock()
	defer c.a.mu.RUnlock()
	return ConstView[T]{c.data}
}

// Set copies src into the Constant, as cudaMemcpyToSymbol does. len(src)
// must equal c.Len(), else the error wraps gocuda.ErrInvalidValue.
func (c *Constant[T]) Set(src []T) error { return c.set("Constant.Set", 0, src, true) }

// SetAt copies src into elements [off, off+len(src)), as cudaMemcpyToSymbol
// does with an offset. The range must lie inside the Constant, else the
// error wraps gocuda.ErrInvalidValue.
func (c *Constant[T]) SetAt(off int, src []T) error { return c.set("Constant.SetAt", off, src, false) }

// Get copies the Constant into dst, as cudaMemcpyFromSymbol does. len(dst)
// must equal c.Len(), else the error wraps gocuda.ErrInvalidValue.
func (c *Constant[T]) Get(dst []T) error {
	if err := settle("Constant.Get", c.device()); err != nil {
		return err
	}
	const op = "Constant.Get"
	if err := c.acquire(op, read); err != nil {
		return err
	}
	defer c.a.release(read)
	if err := checkHostRange(op, "destination", 0, len(dst), len(c.data), true); err != nil {
		return err
	}
	copy(dst, c.data)
	return nil
}

func (c *Constant[T]) set(op string, off int, src []T, whole bool) error {
	if err := settle(op, c.device()); err != nil {
		return err
	}
	if err := c.acquire(op, write); err != nil {
		return err
	}
	defer c.a.release(write)
	if err := checkHostRange(op, "source", off, len(src), len(c.data), whole); err != nil {
		return err
	}
	copy(c.data[off:], src)
	return nil
}

// Free returns the Constant's bytes to its device's constant memory.
// Freeing twice returns an error wrapping gocuda.ErrInvalidValue.
func (c *Constant[T]) Free() error {
	if err := settle("Constant.Free", c.device()); err != nil {
		return err
	}
	const op = "Constant.Free"
	if c == nil {
		return nilBuffer(op)
	}
	c.a.mu.Lock()
	defer c.a.mu.Unlock()
	if err := c.a.markFreed(op); err != nil {
		return err
	}
	c.data = nil
	constMem.Lock()
	defer constMem.Unlock()
	if constMem.used[c.a.dev] -= c.bytes; constMem.used[c.a.dev] == 0 {
		delete(constMem.used, c.a.dev)
	}
	return nil
}

func (c *Constant[T]) acquire(op string, mode access) error {
	if c == nil {
		return nilBuffer(op)
	}
	return c.a.acquire(op, mode)
}
