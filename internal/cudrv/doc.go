// Package cudrv is a small binding of NVIDIA's CUDA driver API (libcuda),
// written in pure Go: the library is loaded at run time through
// github.com/ebitengine/purego, so neither cgo nor the CUDA toolkit is needed
// to build or run a program that uses it.
//
// Open retains a device's primary context; its methods allocate and copy
// device memory, load PTX modules (JIT-compiled by the driver), launch
// kernels on the null stream and time them with events. Errors are values:
// a failing driver call returns an *Error carrying the CUresult, its name,
// the call and, for module loads, the JIT compiler's log.
//
// A CUDA context is current per OS thread, so every method locks its
// goroutine to its thread, makes the context current there and unlocks
// again; methods may be called from any goroutine.
//
// The library is libcuda.so.1, found by the dynamic loader's usual search;
// the environment variable GOCUDA_LIBCUDA, read by each Open, names another
// path (a file name or an absolute path). Only linux/amd64 and linux/arm64
// have a binding; elsewhere, and wherever the library or one of its symbols
// is missing, cuInit fails or no device is present, Open returns an error
// wrapping ErrNoDevice.
package cudrv
