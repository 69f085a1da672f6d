package cudrv

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Ptr is a device address, CUDA's CUdeviceptr.
type Ptr uint64

// A Context is a device's primary context, retained by Open. Its methods are
// safe for concurrent use; Close waits for calls in progress.
type Context struct {
	d        *driver
	mu       sync.RWMutex // held for reading by calls, for writing by Close
	closed   bool
	ctx      uintptr // CUcontext
	dev      int32   // CUdevice
	ordinal  int
	name     string
	major    int
	minor    int
	totalMem int
}

// Open initialises the driver (cuInit) and retains the primary context of
// the device with the given ordinal (cuDevicePrimaryCtxRetain); each method
// makes it current on its thread (cuCtxSetCurrent). The error wraps
// ErrNoDevice when the library, a symbol or a device is missing or cuInit
// fails (then it wraps the driver's *Error as well). Each Open needs its
// own Close.
func Open(ordinal int) (*Context, error) {
	d, err := getDriver()
	if err != nil {
		return nil, err
	}
	if err := d.check("cuInit", d.cuInit(0)); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	var n int32
	if err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n)); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDevice, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: the driver reports zero devices", ErrNoDevice)
	}
	if ordinal < 0 || ordinal >= int(n) {
		return nil, fmt.Errorf("cudrv: device ordinal %d out of range [0, %d)", ordinal, n)
	}
	c := &Context{d: d, ordinal: ordinal}
	if err := d.check("cuDeviceGet", d.cuDeviceGet(&c.dev, int32(ordinal))); err != nil {
		return nil, err
	}
	if err := d.check("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain(&c.ctx, c.dev)); err != nil {
		return nil, err
	}
	if err := c.describe(); err != nil {
		_ = d.cuDevicePrimaryCtxRelease(c.dev)
		return nil, err
	}
	return c, nil
}

// describe reads the properties Context caches.
func (c *Context) describe() error {
	return c.do(func(d *driver) error {
		var name [256]byte
		if err := d.check("cuDeviceGetName", d.cuDeviceGetName(&name[0], int32(len(name)), c.dev)); err != nil {
			return err
		}
		c.name = cString(name[:])
		var mem uintptr
		if err := d.check("cuDeviceTotalMem_v2", d.cuDeviceTotalMem(&mem, c.dev)); err != nil {
			return err
		}
		c.totalMem = int(mem)
		var err error
		if c.major, err = c.attribute(AttrComputeCapabilityMajor); err != nil {
			return err
		}
		c.minor, err = c.attribute(AttrComputeCapabilityMinor)
		return err
	})
}

// do runs fn with c current on a locked OS thread, because a CUDA context is
// current per thread and a goroutine may move between threads at any time.
func (c *Context) do(fn func(d *driver) error) error {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.closed {
		return ErrClosed
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := c.d.check("cuCtxSetCurrent", c.d.cuCtxSetCurrent(c.ctx)); err != nil {
		return err
	}
	return fn(c.d)
}

// Close releases the primary context; the driver destroys it, with every
// allocation, module and event in it, when no Context retains it any more.
// Close is idempotent: later calls return nil.
func (c *Context) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	return c.d.check("cuDevicePrimaryCtxRelease", c.d.cuDevicePrimaryCtxRelease(c.dev))
}

// Ordinal returns the device ordinal c was opened with.
func (c *Context) Ordinal() int { return c.ordinal }

// Name returns the device's name, e.g. "NVIDIA H100 80GB HBM3".
func (c *Context) Name() string { return c.name }

// ComputeCapability returns the device's compute capability, e.g. 9, 0.
func (c *Context) ComputeCapability() (major, minor int) { return c.major, c.minor }

// TotalMem returns the device's global memory in bytes.
func (c *Context) TotalMem() int { return c.totalMem }

// Attribute returns a device attribute (cuDeviceGetAttribute).
func (c *Context) Attribute(attr DeviceAttribute) (int, error) {
	var v int
	err := c.do(func(*driver) error {
		var err error
		v, err = c.attribute(attr)
		return err
	})
	return v, err
}

// attribute is Attribute for callers already inside do.
func (c *Context) attribute(attr DeviceAttribute) (int, error) {
	var v int32
	err := c.d.check("cuDeviceGetAttribute", c.d.cuDeviceGetAttribute(&v, int32(attr), c.dev))
	return int(v), err
}

// DriverVersion returns the driver's CUDA version as 1000*major + 10*minor,
// e.g. 12040 for CUDA 12.4 (cuDriverGetVersion).
func (c *Context) DriverVersion() (int, error) {
	var v int32
	err := c.do(func(d *driver) error {
		return d.check("cuDriverGetVersion", d.cuDriverGetVersion(&v))
	})
	return int(v), err
}

// Synchronize waits for all work in the context to finish and returns the
// first error of an asynchronous launch, if any (cuCtxSynchronize).
func (c *Context) Synchronize() error {
	return c.do(func(d *driver) error {
		return d.check("cuCtxSynchronize", d.cuCtxSynchronize())
	})
}

// Alloc allocates bytes of device memory (cuMemAlloc_v2), uninitialised and
// aligned for any type.
func (c *Context) Alloc(bytes int) (Ptr, error) {
	if bytes < 0 {
		return 0, fmt.Errorf("cudrv: Alloc of %d bytes", bytes)
	}
	var p Ptr
	err := c.do(func(d *driver) error {
		return d.check("cuMemAlloc_v2", d.cuMemAlloc(&p, uintptr(bytes)))
	})
	return p, err
}

// Free frees memory returned by Alloc (cuMemFree_v2).
func (c *Context) Free(p Ptr) error {
	return c.do(func(d *driver) error {
		return d.check("cuMemFree_v2", d.cuMemFree(p))
	})
}

// CopyToDevice copies bytes from host memory at src to dst
// (cuMemcpyHtoD_v2). It returns when the copy is complete, after the work
// launched before it.
func (c *Context) CopyToDevice(dst Ptr, src unsafe.Pointer, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cudrv: CopyToDevice of %d bytes", bytes)
	}
	return c.do(func(d *driver) error {
		return d.check("cuMemcpyHtoD_v2", d.cuMemcpyHtoD(dst, src, uintptr(bytes)))
	})
}

// CopyFromDevice copies bytes from src to host memory at dst
// (cuMemcpyDtoH_v2), after the work launched before it.
func (c *Context) CopyFromDevice(dst unsafe.Pointer, src Ptr, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cudrv: CopyFromDevice of %d bytes", bytes)
	}
	return c.do(func(d *driver) error {
		return d.check("cuMemcpyDtoH_v2", d.cuMemcpyDtoH(dst, src, uintptr(bytes)))
	})
}

// Memset8 sets n bytes at dst to v (cuMemsetD8_v2).
func (c *Context) Memset8(dst Ptr, v byte, n int) error {
	if n < 0 {
		return fmt.Errorf("cudrv: Memset8 of %d bytes", n)
	}
	return c.do(func(d *driver) error {
		return d.check("cuMemsetD8_v2", d.cuMemsetD8(dst, v, uintptr(n)))
	})
}

// Memset32 sets n 32-bit words at dst, which must be 4-byte aligned, to v
// (cuMemsetD32_v2).
func (c *Context) Memset32(dst Ptr, v uint32, n int) error {
	if n < 0 {
		return fmt.Errorf("cudrv: Memset32 of %d words", n)
	}
	return c.do(func(d *driver) error {
		return d.check("cuMemsetD32_v2", d.cuMemsetD32(dst, v, uintptr(n)))
	})
}
