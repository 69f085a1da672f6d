package compiled

import "unsafe"

// An Integer is a type of the keys of a lockstep loop.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// StrideStopped reports whether the loop of a thread whose keys run from
// start by step, for i := start; i < limit; i += step (i <= limit, where
// inclusive), had stopped before its keys first wrapped past the largest
// K. A lockstep loop computes a thread's key anew each round, start plus
// the round's offset, also after the thread stopped: where that key has
// wrapped back below limit (it is below start), the thread must not run
// again, as the source's loop, which stopped for good, does not. A
// thread that was still running when its keys wrapped goes on, as the
// source's does.
//
// With a step of 0 or less the keys do not grow: the loop stopped at
// once or runs until they wrap, so it stopped exactly where start is out
// of the range.
//
// It is exact while a thread's keys, over the rounds of the loop, wrap at
// most once going up and not at all going down: a loop that ends takes a
// step above 2^40 or so to wrap twice, and one going down wraps only
// after some 2^63 ÷ -step trips.
func StrideStopped[K Integer](start, step, limit K, inclusive bool) bool {
	in := func(k K) bool { return k < limit || inclusive && k == limit }
	if step <= 0 {
		return !in(start)
	}
	// The last key before the wrap: start plus the most whole steps that
	// stay at most the largest K, the distance taken unsigned, as it may
	// not fit in K (the keys up to it grow: one is out where it is).
	largest := ^uint64(0) >> (65 - 8*unsafe.Sizeof(start)) // of a signed K
	if K(0)-1 > 0 {
		largest = largest<<1 | 1 // of an unsigned one
	}
	last := start + K((largest-uint64(start))/uint64(step)*uint64(step))
	return !in(last)
}
