package cudrv

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"
)

// logSize is the capacity of each JIT log buffer; ptxas messages are a line
// per problem, so this holds hundreds of them.
const logSize = 16 << 10

// CUjit_option values of cuda.h used by LoadModule.
const (
	jitInfoLogBuffer      = 3 // CU_JIT_INFO_LOG_BUFFER
	jitInfoLogBufferSize  = 4 // CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES
	jitErrorLogBuffer     = 5 // CU_JIT_ERROR_LOG_BUFFER
	jitErrorLogBufferSize = 6 // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
)

// A Module is device code loaded into a Context. Unload must not run
// concurrently with other uses of the module or its functions.
type Module struct {
	c    *Context
	h    uintptr // CUmodule; 0 once unloaded
	info string
}

// A Function is a kernel (a PTX .entry) of a Module.
type Function struct {
	m    *Module
	h    uintptr // CUfunction
	name string
}

// LoadModule JIT-compiles PTX source and loads it into c
// (cuModuleLoadDataEx). When compilation fails the *Error's Log holds the
// compiler's messages; on success InfoLog holds its informational output.
func (c *Context) LoadModule(ptx string) (*Module, error) {
	// The driver reads the image up to a NUL, and the copy must not move
	// or be freed during the call: pin it like the log buffers.
	image := make([]byte, len(ptx)+1)
	copy(image, ptx)
	infoLog := make([]byte, logSize)
	errLog := make([]byte, logSize)
	var pin runtime.Pinner
	defer pin.Unpin()
	pin.Pin(&image[0])
	pin.Pin(&infoLog[0])
	pin.Pin(&errLog[0])
	opts := []int32{jitInfoLogBuffer, jitInfoLogBufferSize, jitErrorLogBuffer, jitErrorLogBufferSize}
	// optionValues is void**: buffer addresses and sizes cast to pointers.
	// Held as uintptr, the GC ignores the sizes; the buffers stay put and
	// alive because they are pinned.
	vals := []uintptr{
		uintptr(unsafe.Pointer(&infoLog[0])), logSize,
		uintptr(unsafe.Pointer(&errLog[0])), logSize,
	}
	m := &Module{c: c}
	err := c.do(func(d *driver) error {
		return d.check("cuModuleLoadDataEx",
			d.cuModuleLoadDataEx(&m.h, &image[0], uint32(len(opts)), &opts[0], &vals[0]))
	})
	runtime.KeepAlive(image)
	runtime.KeepAlive(infoLog)
	runtime.KeepAlive(errLog)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Call == "cuModuleLoadDataEx" {
			// ptxas reports some failures in the info log only.
			e.Log = cString(errLog)
			if e.Log == "" {
				e.Log = cString(infoLog)
			}
		}
		return nil, err
	}
	m.info = cString(infoLog)
	return m, nil
}

// InfoLog returns the JIT compiler's informational log for m, often empty.
func (m *Module) InfoLog() string { return m.info }

// loaded runs fn for a loaded module inside its context's do.
func (m *Module) loaded(fn func(d *driver) error) error {
	if m.h == 0 {
		return fmt.Errorf("cudrv: module is unloaded")
	}
	return m.c.do(fn)
}

// Function returns the kernel called name, the name of a PTX .entry
// (cuModuleGetFunction).
func (m *Module) Function(name string) (*Function, error) {
	f := &Function{m: m, name: name}
	err := m.loaded(func(d *driver) error {
		return d.check("cuModuleGetFunction", d.cuModuleGetFunction(&f.h, m.h, name))
	})
	if err != nil {
		return nil, fmt.Errorf("%w (function %q)", err, name)
	}
	return f, nil
}

// Global returns the device address and size in bytes of the module-scope
// variable called name, a PTX .global (cuModuleGetGlobal_v2).
func (m *Module) Global(name string) (Ptr, int, error) {
	var p Ptr
	var n uintptr
	err := m.loaded(func(d *driver) error {
		return d.check("cuModuleGetGlobal_v2", d.cuModuleGetGlobal(&p, &n, m.h, name))
	})
	if err != nil {
		return 0, 0, fmt.Errorf("%w (global %q)", err, name)
	}
	return p, int(n), nil
}

// Unload unloads m (cuModuleUnload); its functions become unusable. Unload
// is idempotent.
func (m *Module) Unload() error {
	if m.h == 0 {
		return nil
	}
	err := m.c.do(func(d *driver) error {
		return d.check("cuModuleUnload", d.cuModuleUnload(m.h))
	})
	if errors.Is(err, ErrClosed) {
		err = nil // a closed context's modules are gone with it
	}
	if err == nil {
		m.h = 0
	}
	return err
}

// Name returns the kernel's name.
func (f *Function) Name() string { return f.name }

// Attribute returns a property of the kernel (cuFuncGetAttribute).
func (f *Function) Attribute(attr FuncAttribute) (int, error) {
	var v int32
	err := f.m.loaded(func(d *driver) error {
		return d.check("cuFuncGetAttribute", d.cuFuncGetAttribute(&v, int32(attr), f.h))
	})
	return int(v), err
}

// Launch launches f on a grid of grid[0]×grid[1]×grid[2] blocks of
// block[0]×block[1]×block[2] threads, with sharedBytes of dynamic shared
// memory, on the null stream (cuLaunchKernel). It returns once the launch is
// queued; a fault while the kernel runs surfaces from a later Synchronize,
// copy or event wait. The args must match the kernel's parameters in number
// and type; see params for the accepted Go types.
func (c *Context) Launch(f *Function, grid, block [3]uint32, sharedBytes uint32, args ...any) error {
	if f.m.c != c {
		return fmt.Errorf("cudrv: Launch of %s from another context", f.name)
	}
	ps, err := params(args...)
	if err != nil {
		return err
	}
	// kernelParams is a Go array of Go pointers handed to C, which the cgo
	// rules allow only for pinned memory; the driver reads it during the
	// call only, so unpinning on return is enough.
	var pin runtime.Pinner
	defer pin.Unpin()
	var kp *unsafe.Pointer
	if len(ps) > 0 {
		for _, p := range ps {
			pin.Pin(p)
		}
		pin.Pin(&ps[0])
		kp = &ps[0]
	}
	return f.m.loaded(func(d *driver) error {
		return d.check("cuLaunchKernel", d.cuLaunchKernel(f.h,
			grid[0], grid[1], grid[2], block[0], block[1], block[2],
			sharedBytes, 0, kp, nil))
	})
}
