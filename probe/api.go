package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

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
		var zero E
		rec.access(t, site, unsafe.Pointer(unsafe.SliceData(s)), len(s), int(unsafe.Sizeof(zero)), int64(i))
	}
	return &s[i]
}

// Addr is an access through an address the kernel's own expression
// computed (an element of an array, a field of an element): generated code
// writes *probe.Addr(t, &sites[k], &a[i]) where the kernel wrote a[i].
func Addr[E any](t *gocuda.Thread, site *Site, p *E) *E {
	if on {
		rec.addr(t, site, unsafe.Pointer(p), int(unsafe.Sizeof(*p)))
	}
	return p
}

// Cond records the outcome of a branch condition and returns it:
// if probe.Cond(t, &sites[k], x < n) { ... }.
func Cond(t *gocuda.Thread, site *Site, c bool) bool {
	if on {
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
// kernel that would loop forever.
func Back(t *gocuda.Thread, site *Site) {
	if engine.Stopped(t) {
		panic(errStopped)
	}
}
