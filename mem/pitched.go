package mem

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// PitchAlignment is the alignment in bytes of the rows MallocPitch lays
// out. NVIDIA GPUs return from cudaMallocPitch pitches that are multiples of
// 512 bytes (a 10-byte row gets a 512-byte pitch, a 1000-byte row 1024
// bytes), a figure set by the texture hardware and reported on the NVIDIA
// forums and in CUDA tutorials. gocuda keeps it, so pitched code sees the
// padding it would see on a GPU.
const PitchAlignment = 512

// A Pitched is a 2D array in a device's global memory with padded rows, the
// analog of an allocation from cudaMallocPitch: Height rows of Width
// elements, each row starting PitchElems elements (Pitch bytes) after the
// previous one. Element (x, y) is Slice()[y*PitchElems()+x]; the padding at
// the end of each row is never read or written by the copies.
//
// A Pitched is safe for use by multiple goroutines, with the same Free rules
// as a Buffer. Its geometry (Width, Height, Pitch) stays readable after
// Free; Slice and Row return nil then. Pitched values must be created with
// MallocPitch and must not be copied.
type Pitched[T any] struct {
	a                        alloc
	data                     []T // nil once freed
	width, height, pitchElem int
}

// MallocPitch allocates a 2D array of height rows of width elements of type
// T on dev, as cudaMallocPitch does with a width of width*sizeof(T) bytes.
// The pitch is the row's size in bytes rounded up to a multiple of
// PitchAlignment (512) and then, for element types whose size does not
// divide 512, up to a multiple of sizeof(T), so that rows start on whole
// elements and Go code can index them; for every power-of-two element size
// up to 512 the pitch is exactly a multiple of 512, as on a GPU. A width of
// 0 gives a pitch of 0.
//
// The allocation, Pitch*height bytes, counts against the device's global
// memory until Free. Errors are as for Malloc; negative sizes and element
// types of size zero return an error wrapping gocuda.ErrInvalidValue. The
// memory is zeroed.
func MallocPitch[T any](dev *gocuda.Device, width, height int) (*Pitched[T], error) {
	const op = "mem.MallocPitch"
	size := int(unsafe.Sizeof(*new(T)))
	if width < 0 || height < 0 || size == 0 {
		return nil, fmt.Errorf("%w: %s: %d by %d elements of %d bytes",
			gocuda.ErrInvalidValue, op, width, height, size)
	}
	if width > (math.MaxInt-PitchAlignment-size)/size {
		return nil, fmt.Errorf("%w: %s: rows of %d elements overflow the address space",
			gocuda.ErrMemoryAllocation, op, width)
	}
	pitch := roundUp(roundUp(width*size, PitchAlignment), size)
	bytes, err := byteSize(op, height, uintptr(pitch))
	if err != nil {
		return nil, err
	}
	p := &Pitched[T]{width: width, height: height, pitchElem: pitch / size}
	if err := p.a.init(op, dev, bytes); err != nil {
		return nil, err
	}
	p.data = make([]T, height*p.pitchElem)
	probeAlloc(p.data, "mem.MallocPitch")
	return p, nil
}

func roundUp(n, m int) int { return (n + m - 1) / m * m }

// Width returns the number of elements in a row.
func (p *Pitched[T]) Width() int { return p.width }

// Height returns the number of rows.
func (p *Pitched[T]) Height() int { return p.height }

// Pitch returns the distance between the starts of two rows in bytes, as
// cudaMallocPitch reports it. It is a multiple of sizeof(T).
func (p *Pitched[T]) Pitch() int { return p.pitchElem * int(unsafe.Sizeof(*new(T))) }

// PitchElems returns the distance between the starts of two rows in
// elements: Pitch()/sizeof(T), the stride kernels index with.
func (p *Pitched[T]) PitchElems() int { return p.pitchElem }

// Device returns the device the array was allocated on.
func (p *Pitched[T]) Device() *gocuda.Device { return p.a.dev }

// device is Device, or nil for a nil array.
func (p *Pitched[T]) device() *gocuda.Device {
	if p == nil {
		return nil
	}
	return p.a.dev
}

// Slice returns the whole pitched allocation, Height()*PitchElems()
// elements, for kernels to capture: element (x, y) is at
// y*PitchElems()+x. It returns nil once the array has been freed. As with
// Buffer.Slice, host code must use the copies instead.
func (p *Pitched[T]) Slice() []T {
	p.a.mu.RLock()
	defer p.a.mu.RUnlock()
	return p.data
}

// Row returns the Width() elements of row y, without the padding, as a
// slice of Slice(). It panics if y is outside [0, Height()), as indexing
// does, and returns nil once the array has been freed.
func (p *Pitched[T]) Row(y int) []T {
	p.a.mu.RLock()
	defer p.a.mu.RUnlock()
	if p.data == nil {
		return nil
	}
	if y < 0 || y >= p.height {
		panic(fmt.Sprintf("mem: Pitched.Row(%d) outside [0, %d)", y, p.height))
	}
	start := y * p.pitchElem
	return p.data[start : start+p.width : start+p.width]
}

// Free releases the array's memory to its device, as cudaFree does. It
// waits for copies already running on the array. Freeing twice returns an
// error wrapping gocuda.ErrInvalidValue.
func (p *Pitched[T]) Free() error {
	if err := settle("Pitched.Free", p.device()); err != nil {
		return err
	}
	if p == nil {
		return nilBuffer("Pitched.Free")
	}
	p.a.mu.Lock()
	defer p.a.mu.Unlock()
	if err := p.a.markFreed("Pitched.Free"); err != nil {
		return err
	}
	probeFree(p.data)
	p.data = nil
	return nil
}

// acquire locks p for an operation; see alloc.acquire.
func (p *Pitched[T]) acquire(op string, mode access) error {
	if p == nil {
		return nilBuffer(op)
	}
	return p.a.acquire(op, mode)
}
