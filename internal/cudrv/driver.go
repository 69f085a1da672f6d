package cudrv

import (
	"os"
	"sync"
	"unsafe"
)

// defaultLibrary is the driver's soname; the toolkit-free runtime package
// installs it, while libcuda.so exists only with development files.
const defaultLibrary = "libcuda.so.1"

// envLibrary names the environment variable that overrides defaultLibrary.
const envLibrary = "GOCUDA_LIBCUDA"

// A driver holds the entry points of one loaded libcuda. The function types
// spell the C prototypes of cuda.h for purego: CUdevice and int are int32,
// unsigned int is uint32, size_t is uintptr, CUdeviceptr is Ptr, and the
// opaque handles (CUcontext, CUmodule, CUfunction, CUevent, CUstream) are
// uintptr because Go never dereferences them.
type driver struct {
	cuInit                    func(flags uint32) result
	cuDriverGetVersion        func(v *int32) result
	cuGetErrorName            func(r result, s **byte) result
	cuGetErrorString          func(r result, s **byte) result
	cuDeviceGetCount          func(n *int32) result
	cuDeviceGet               func(dev *int32, ordinal int32) result
	cuDeviceGetName           func(name *byte, n int32, dev int32) result
	cuDeviceGetAttribute      func(v *int32, attr int32, dev int32) result
	cuDeviceTotalMem          func(bytes *uintptr, dev int32) result
	cuDevicePrimaryCtxRetain  func(ctx *uintptr, dev int32) result
	cuDevicePrimaryCtxRelease func(dev int32) result
	cuCtxSetCurrent           func(ctx uintptr) result
	cuCtxSynchronize          func() result
	cuMemAlloc                func(p *Ptr, n uintptr) result
	cuMemFree                 func(p Ptr) result
	cuMemcpyHtoD              func(dst Ptr, src unsafe.Pointer, n uintptr) result
	cuMemcpyDtoH              func(dst unsafe.Pointer, src Ptr, n uintptr) result
	cuMemsetD8                func(dst Ptr, v uint8, n uintptr) result
	cuMemsetD32               func(dst Ptr, v uint32, n uintptr) result
	cuModuleLoadDataEx        func(m *uintptr, image *byte, n uint32, opts *int32, vals *uintptr) result
	cuModuleUnload            func(m uintptr) result
	cuModuleGetFunction       func(f *uintptr, m uintptr, name string) result
	cuModuleGetGlobal         func(p *Ptr, n *uintptr, m uintptr, name string) result
	cuLaunchKernel            func(f uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params, extra *unsafe.Pointer) result
	cuFuncGetAttribute        func(v *int32, attr int32, f uintptr) result
	cuEventCreate             func(e *uintptr, flags uint32) result
	cuEventRecord             func(e, stream uintptr) result
	cuEventSynchronize        func(e uintptr) result
	cuEventElapsedTime        func(ms *float32, start, end uintptr) result
	cuEventDestroy            func(e uintptr) result
}

// A symbol pairs a driver field with the exported names that implement it,
// preferred first. cuda.h maps several API names to versioned symbols
// (cuMemAlloc to cuMemAlloc_v2 and so on); the unversioned ones are older
// ABIs with other semantics and must not be used in their place.
type symbol struct {
	fptr  any
	names []string
}

// symbols lists every entry point d needs, in the order they are resolved.
func (d *driver) symbols() []symbol {
	return []symbol{
		{&d.cuInit, []string{"cuInit"}},
		{&d.cuDriverGetVersion, []string{"cuDriverGetVersion"}},
		{&d.cuGetErrorName, []string{"cuGetErrorName"}},
		{&d.cuGetErrorString, []string{"cuGetErrorString"}},
		{&d.cuDeviceGetCount, []string{"cuDeviceGetCount"}},
		{&d.cuDeviceGet, []string{"cuDeviceGet"}},
		{&d.cuDeviceGetName, []string{"cuDeviceGetName"}},
		{&d.cuDeviceGetAttribute, []string{"cuDeviceGetAttribute"}},
		{&d.cuDeviceTotalMem, []string{"cuDeviceTotalMem_v2"}},
		{&d.cuDevicePrimaryCtxRetain, []string{"cuDevicePrimaryCtxRetain"}},
		// The _v2 release arrived with CUDA 11; the old one has the same
		// signature and suffices on older drivers.
		{&d.cuDevicePrimaryCtxRelease, []string{"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"}},
		{&d.cuCtxSetCurrent, []string{"cuCtxSetCurrent"}},
		{&d.cuCtxSynchronize, []string{"cuCtxSynchronize"}},
		{&d.cuMemAlloc, []string{"cuMemAlloc_v2"}},
		{&d.cuMemFree, []string{"cuMemFree_v2"}},
		{&d.cuMemcpyHtoD, []string{"cuMemcpyHtoD_v2"}},
		{&d.cuMemcpyDtoH, []string{"cuMemcpyDtoH_v2"}},
		{&d.cuMemsetD8, []string{"cuMemsetD8_v2"}},
		{&d.cuMemsetD32, []string{"cuMemsetD32_v2"}},
		{&d.cuModuleLoadDataEx, []string{"cuModuleLoadDataEx"}},
		{&d.cuModuleUnload, []string{"cuModuleUnload"}},
		{&d.cuModuleGetFunction, []string{"cuModuleGetFunction"}},
		{&d.cuModuleGetGlobal, []string{"cuModuleGetGlobal_v2"}},
		{&d.cuLaunchKernel, []string{"cuLaunchKernel"}},
		{&d.cuFuncGetAttribute, []string{"cuFuncGetAttribute"}},
		{&d.cuEventCreate, []string{"cuEventCreate"}},
		{&d.cuEventRecord, []string{"cuEventRecord"}},
		{&d.cuEventSynchronize, []string{"cuEventSynchronize"}},
		{&d.cuEventElapsedTime, []string{"cuEventElapsedTime", "cuEventElapsedTime_v2"}},
		{&d.cuEventDestroy, []string{"cuEventDestroy_v2"}},
	}
}

// drivers caches each successfully loaded library by path; failures are not
// cached, so a library installed later, or another GOCUDA_LIBCUDA, is seen.
var drivers struct {
	sync.Mutex
	byPath map[string]*driver
}

// libraryPath returns the library Open loads: GOCUDA_LIBCUDA or the default.
func libraryPath() string {
	if p := os.Getenv(envLibrary); p != "" {
		return p
	}
	return defaultLibrary
}

// getDriver returns the driver for libraryPath, loading it on first use.
func getDriver() (*driver, error) {
	path := libraryPath()
	drivers.Lock()
	defer drivers.Unlock()
	if d := drivers.byPath[path]; d != nil {
		return d, nil
	}
	d, err := loadDriver(path)
	if err != nil {
		return nil, err
	}
	if drivers.byPath == nil {
		drivers.byPath = make(map[string]*driver)
	}
	drivers.byPath[path] = d
	return d, nil
}

// goString copies the NUL-terminated C string at p, which lies in the
// driver's memory, into a Go string.
func goString(p *byte) string {
	if p == nil {
		return ""
	}
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// cString returns the text of b up to its first NUL, or all of b.
func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
