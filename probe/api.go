package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Thread is gocuda's thread, as generated code names it: a helper a kernel
// calls without its thread gets a twin taking a *Thread first.
type Thread = gocuda.Thread

// Integer is the constraint of index operands.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Index is the access s[i] at site, a Read, Write or ReadWrite of one
// element: generated code writes *probe.Index(t, &sites[k], s, i) where the
// kernel wrote s[i]. It records the access and returns &s[i]; an index out
// of range is reported (memcheck) before it panics as s[i] would.
func Index[E any, I Integer](t *gocuda.Thread, site *Site, s []E, i I) *E {
	if on {
		touch(chk, t, site, unsafe.Pointer(unsafe.SliceData(s)), len(s), unsafe.Sizeof(s[0]), int64(i), nil)
	}
	return &s[i]
}

// Store is the store s[i] = v at site, a Write: generated code writes
// probe.Store(t, &sites[k], s, i, v) where the kernel wrote s[i] = v, so
// that the checker knows whether v is the value s[i] holds already.
func Store[E any, I Integer](t *gocuda.Thread, site *Site, s []E, i I, v E) {
	if on {
		touch(chk, t, site, unsafe.Pointer(unsafe.SliceData(s)), len(s), unsafe.Sizeof(v), int64(i), unsafe.Pointer(&v))
	}
	s[i] = v
}

// Addr is an access through an address the kernel's own expression
// computed (an element of an array, a field of an element): generated code
// writes *probe.Addr(t, &sites[k], &a[i]) where the kernel wrote a[i].
func Addr[E any](t *gocuda.Thread, site *Site, p *E) *E {
	if on {
		touch(chk, t, site, unsafe.Pointer(p), -1, unsafe.Sizeof(*p), 0, nil)
	}
	return p
}

// StoreAddr is the store *p = v at site, p an address Addr would take:
// generated code writes probe.StoreAddr(t, &sites[k], &a[i], v) where the
// kernel wrote a[i] = v.
func StoreAddr[E any](t *gocuda.Thread, site *Site, p *E, v E) {
	if on {
		touch(chk, t, site, unsafe.Pointer(p), -1, unsafe.Sizeof(v), 0, unsafe.Pointer(&v))
	}
	*p = v
}

// Local is an access to an element or field p of base, a variable of the
// thread's own (declared in the kernel or a function it calls: CUDA's
// registers and local memory): generated code writes
// *probe.Local(t, &sites[k], &acc, &acc[i]) where the kernel wrote acc[i].
// Such accesses never race; the profiler counts them as local memory.
func Local[B, E any](t *gocuda.Thread, site *Site, base *B, p *E) *E {
	if on {
		rec.local(t, site, uintptr(unsafe.Pointer(p))-uintptr(unsafe.Pointer(base)), int(unsafe.Sizeof(*p)))
	}
	return p
}

// Atomic marks the operand p of an atomic function at site, just before
// the atomic runs: generated code writes
// probe.After(t, &sites[k], atomic.Add(probe.Atomic(t, &sites[k], &x[i]), 1)).
func Atomic[E any](t *gocuda.Thread, site *Site, p *E) *E {
	if on {
		rec.atomic(t, site, unsafe.Pointer(p), int(unsafe.Sizeof(*p)))
	}
	return p
}

// After records that the atomic at site has taken effect, and returns its
// result v (see Atomic).
func After[T any](t *gocuda.Thread, site *Site, v T) T {
	if on {
		rec.observed(t, site)
	}
	return v
}

// Fence records the device-wide memory fence t has just made: generated
// code writes atomic.ThreadFence(); probe.Fence(t, &sites[k]) where the
// kernel wrote atomic.ThreadFence().
func Fence(t *gocuda.Thread, site *Site) {
	if on {
		rec.fence(t, site)
	}
}

// Cond records the outcome of a branch condition and returns it:
// if probe.Cond(t, &sites[k], x < n) { ... }.
func Cond(t *gocuda.Thread, site *Site, c bool) bool {
	if chk != nil {
		chk.branch(t, site, c)
	} else if on {
		rec.branch(t, site, c)
	}
	return c
}

// Sync records that t arrives at the block barrier of site (called just
// before it) and returns r, the barrier call's receiver:
// probe.Sync(t, &sites[k], t).SyncThreads().
func Sync[R any](t *gocuda.Thread, site *Site, r R) R {
	if on {
		rec.barrier(t, site)
	}
	return r
}

// Mask checks the mask of the warp collective at site (it must name the
// calling lane) and returns it: gocuda.ShflSync(t, probe.Mask(t, &sites[k], m), ...).
func Mask(t *gocuda.Thread, site *Site, mask uint32) uint32 {
	if on {
		rec.mask(t, site, mask)
	}
	return mask
}

// Back is called at the top of every loop body. It stops a thread whose
// launch has failed or been cancelled, so that LaunchContext can end a
// kernel that would loop forever; the profiler counts the iteration.
func Back(t *gocuda.Thread, site *Site) {
	// Every 64th iteration of the executor's threads looks: a stopped
	// thread goes on a little, and loops pay little.
	b := blockOf(t)
	if b.Loops++; b.Loops%64 == 0 && engine.Stopped(t) {
		panic(errStopped)
	}
	if on && chk == nil { // the checker does not look at loops
		rec.loop(t, site)
	}
}

// sameBytes reports whether the size bytes at p and q are equal.
func sameBytes(p, q unsafe.Pointer, size int) bool {
	if (uintptr(p)|uintptr(q))%uintptr(max(size, 1)) != 0 {
		size = -size // unaligned: byte by byte
	}
	switch size {
	case 1:
		return *(*uint8)(p) == *(*uint8)(q)
	case 2:
		return *(*uint16)(p) == *(*uint16)(q)
	case 4:
		return *(*uint32)(p) == *(*uint32)(q)
	case 8:
		return *(*uint64)(p) == *(*uint64)(q)
	}
	size = max(size, -size)
	return string(unsafe.Slice((*byte)(p), size)) == string(unsafe.Slice((*byte)(q), size))
}
