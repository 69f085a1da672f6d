package cudrv

import (
	"errors"
	"fmt"
)

// ErrNoDevice is wrapped by every error of Open that means there is no usable
// CUDA device here: no driver library, a missing symbol, a failing cuInit or
// zero devices. It is CUDA's cudaErrorNoDevice / CUDA_ERROR_NO_DEVICE.
var ErrNoDevice = errors.New("cudrv: no CUDA-capable device is detected")

// ErrClosed is returned by the methods of a Context after Close, and of its
// modules, functions and events.
var ErrClosed = errors.New("cudrv: context is closed")

// codeNoDevice is CUDA_ERROR_NO_DEVICE.
const codeNoDevice = 100

// result is a CUresult, the status every driver entry point returns.
type result int32

// An Error is a CUresult other than CUDA_SUCCESS returned by a driver call.
type Error struct {
	Code int    // the CUresult, e.g. 700
	Name string // its name from cuGetErrorName, e.g. "CUDA_ERROR_ILLEGAL_ADDRESS"
	Desc string // its description from cuGetErrorString
	Call string // the entry point that returned it, e.g. "cuLaunchKernel"
	Log  string // for module loads, the JIT compiler's error log
}

// Error formats e as "cudrv: Call: Name (Code): Desc", followed by the log on
// the next lines when there is one.
func (e *Error) Error() string {
	s := fmt.Sprintf("cudrv: %s: %s (%d)", e.Call, e.Name, e.Code)
	if e.Desc != "" {
		s += ": " + e.Desc
	}
	if e.Log != "" {
		s += "\n" + e.Log
	}
	return s
}

// Is reports whether e is CUDA_ERROR_NO_DEVICE when target is ErrNoDevice,
// so errors.Is treats the driver's code and the sentinel alike.
func (e *Error) Is(target error) bool {
	return target == ErrNoDevice && e.Code == codeNoDevice
}

// check turns the status r of call into nil or an *Error named by the
// driver; d may lack the naming entry points only in tests.
func (d *driver) check(call string, r result) error {
	if r == 0 {
		return nil
	}
	e := &Error{Code: int(r), Call: call, Name: fmt.Sprintf("CUresult(%d)", r)}
	if d != nil && d.cuGetErrorName != nil {
		var p *byte
		if d.cuGetErrorName(r, &p) == 0 && p != nil {
			e.Name = goString(p)
		}
	}
	if d != nil && d.cuGetErrorString != nil {
		var p *byte
		if d.cuGetErrorString(r, &p) == 0 && p != nil {
			e.Desc = goString(p)
		}
	}
	return e
}
