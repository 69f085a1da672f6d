package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Deref is an access *p at site through a pointer the kernel holds (a C++
// reference parameter, ported: a helper storing through it): generated
// code writes *probe.Deref(t, &sites[k], p) where the kernel wrote *p. It
// records the access where p points into the block's shared memory, and
// nowhere else: a pointer may point at a thread's own variable, whose
// stack address another block's thread may have later, and global memory
// reached through pointers is left unrecorded as before.
func Deref[E any](t *gocuda.Thread, site *Site, p *E) *E {
	if on && t != nil && p != nil {
		if _, _, ok := sharedRange(blockOf(t), uintptr(unsafe.Pointer(p)), int(unsafe.Sizeof(*p))); ok {
			touch(chk, t, site, unsafe.Pointer(p), -1, unsafe.Sizeof(*p), 0, nil)
		}
	}
	return p
}

// Copy records the builtin copy(dst, src) at sites write (dst's elements)
// and read (src's), and returns its operands: generated code writes
// copy(probe.Copy(t, &sites[w], &sites[r], dst, src)) where the kernel
// wrote copy(dst, src). It records a read of each element copied from
// src and a write of each copied into dst.
func Copy[E any](t *gocuda.Thread, write, read *Site, dst, src []E) ([]E, []E) {
	if n := min(len(dst), len(src)); on && n > 0 {
		var zero E
		size := unsafe.Sizeof(zero)
		for i := range n {
			touch(chk, t, read, unsafe.Pointer(unsafe.SliceData(src)), len(src), size, int64(i), nil)
		}
		for i := range n {
			touch(chk, t, write, unsafe.Pointer(unsafe.SliceData(dst)), len(dst), size, int64(i), nil)
		}
	}
	return dst, src
}

// Own marks s, a slice of an array of t's own (x[:] or x[a:b] of an array
// declared in the kernel or a function it calls, CUDA's local memory), and
// returns it: generated code writes probe.Own(t, x[a:b]) where the kernel
// wrote x[a:b]. A helper's accesses through the slice are recorded as
// any slice's are, but the checker keeps the array alive until the launch
// ends, so that no later thread's array takes its address: Go frees an
// array that escaped to the heap once its thread is done with it, and the
// next thread's would otherwise meet the first's shadow there (races
// between threads that cannot reach each other's local memory).
func Own[E any](t *gocuda.Thread, s []E) []E {
	if chk != nil && cap(s) > 0 {
		chk.own(t, unsafe.Pointer(unsafe.SliceData(s)))
	}
	return s
}

// OwnAddr is Own of &x, x an array or struct of t's own: generated code
// writes probe.OwnAddr(t, &x) where the kernel wrote &x.
func OwnAddr[E any](t *gocuda.Thread, p *E) *E {
	if chk != nil && p != nil {
		chk.own(t, unsafe.Pointer(p))
	}
	return p
}
