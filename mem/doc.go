// Package mem is gocuda's device memory: typed buffers in a device's global
// memory, pitched 2D arrays, constant memory, and the copies between them
// and the host.
//
// On the CPU, device memory is host RAM. What package mem keeps is CUDA's
// contract: memory is allocated against a device and counted against its
// global memory (gocuda.WithGlobalMem, Device.MemGetInfo); data moves
// between host and device only through explicit copies; limits and misuse
// fail with CUDA's errors, as Go errors matching gocuda's sentinels with
// errors.Is.
//
//	x, err := mem.Malloc[float32](dev, n) // cudaMalloc
//	err = x.CopyFromHost(hostX)           // cudaMemcpy, host to device
//	xs := x.Slice()                       // what the kernel captures
//	err = dev.Launch(cfg, func(t *gocuda.Thread) { ... xs[i] ... })
//	err = x.CopyToHost(hostX)             // cudaMemcpy, device to host
//	err = x.Free()                        // cudaFree
//
// # Kernels and host code
//
// Kernels reach device memory as plain Go slices (Buffer.Slice,
// Pitched.Slice) or, for constant memory, as a ConstView whose At compiles
// to a slice load, so their loops pay no per-element indirection. Host code
// must not touch device memory directly, only through copies, as in CUDA;
// Go cannot stop it, since the slices are ordinary memory, but code that
// keeps to the rule ports to a GPU and back.
//
// # Errors
//
// An allocation beyond the device's free global memory, or beyond the
// host's physical memory (which holds it), fails with
// gocuda.ErrMemoryAllocation, and one on a closed device with
// gocuda.ErrContextIsDestroyed. Bad arguments (negative sizes, a host slice
// whose length does not match a whole-buffer copy, a range outside a
// buffer) fail with gocuda.ErrInvalidValue, and nothing is copied: a copy
// never truncates silently. A 2D copy whose pitch is smaller than its width
// fails with gocuda.ErrInvalidPitchValue. Using memory after Free, or
// freeing it twice, fails with gocuda.ErrInvalidValue rather than
// corrupting anything; operations on memory whose device has been closed
// fail with gocuda.ErrContextIsDestroyed (Free still works).
//
// # Concurrency
//
// Every type is safe for use by multiple goroutines. An operation on an
// allocation either completes before a concurrent Free of it or fails with
// gocuda.ErrInvalidValue. The synchronous calls (CopyFromHost, Copy,
// Memset, Free, ...) first wait, as cudaMemcpy does with CUDA's legacy
// default stream, for the work already queued on their devices' default
// stream and blocking streams (not on gocuda.StreamNonBlocking streams),
// and are complete when they return. A stream's host function must not
// wait so (see gocuda.Stream.LaunchHostFunc): called from one while such
// work is pending, they return an error wrapping gocuda.ErrNotPermitted
// and do nothing; the asynchronous forms may be used there.
//
// # Asynchronous operations
//
// CopyFromHostAsync, CopyToHostAsync, CopyAsync and MemsetAsync check
// their arguments at once and return any error there, as CUDA's ...Async
// calls do; then they queue the work on a gocuda.Stream and return. The
// work runs after everything queued on the stream before it, and before
// everything queued after it. An error it meets when it runs (the buffer
// was freed in the meantime, say) fails the stream, and the stream's
// Synchronize reports it. A nil stream means the device's default stream,
// CUDA's stream 0. A host slice passed to an asynchronous copy belongs to
// the stream until the copy has run: do not touch it before synchronizing
// with the stream (or with an event recorded after the copy).
package mem
