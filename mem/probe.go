package mem

import (
	"unsafe"

	"github.com/gocuda/gocuda/internal/probelink"
)

// These tell an instrumented build's observer (gocuda check) of global
// memory: allocations, frees, and what the host writes. In an ordinary
// build no observer is installed and each is one nil check.

// probeAlloc reports s, just allocated by what.
func probeAlloc[T any](s []T, what string) {
	if o := probelink.Active(); o != nil && len(s) > 0 && unsafe.Sizeof(s[0]) > 0 {
		o.Alloc(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])), what)
	}
}

// probeFree reports that s is about to be released.
func probeFree[T any](s []T) {
	if o := probelink.Active(); o != nil && len(s) > 0 && unsafe.Sizeof(s[0]) > 0 {
		o.Free(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
	}
}

// probeWrote reports that the host wrote s.
func probeWrote[T any](s []T) {
	if o := probelink.Active(); o != nil && len(s) > 0 {
		o.HostWrite(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
	}
}
