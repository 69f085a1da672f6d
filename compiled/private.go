package compiled

import (
	syncatomic "sync/atomic"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
)

// A Private is what gocuda compile writes for a slice parameter that a
// kernel only adds to atomically, never reading it and never using an
// atomic's result (the textbook histogram's atomic.Add(&bins[b], 1)): the
// bodies of a worker's chunk of blocks add to a private copy of the slice,
// which the engine merges into it when the chunk ends (PrivateIn).
// Nothing in the launch can see the difference, since no thread reads
// the slice, and integer addition is associative and commutative, so the
// slice ends with the sums the atomics leave. Where the slice is long for
// the chunk's updates, or shares memory with a slice the kernel reads or
// writes plainly, Add is the atomic itself.
//
// The zero Private adds atomically. Copies of a Private share its copy.
// A Private belongs to the goroutine that made it, which calls Merge
// before its chunk ends: the merge's atomics synchronize the sums before
// the launch's end, as the atomics they stand for would.
type Private[T atomic.Integer] struct {
	dst, own []T
}

// privateShare is how many updates of a chunk each element of a private
// copy must serve at the least: the copy's zeroing and merge then cost a
// quarter of what the chunk's atomics would.
const privateShare = 4

// Privatize returns the Private of dst for a chunk of at most updates
// threads (each adding to dst any number of times): a zeroed copy where
// dst has at most updates/privateShare elements and overlaps none of
// others, the slices of dst's type the kernel reads or writes plainly.
func Privatize[T atomic.Integer](dst []T, updates int, others ...[]T) Private[T] {
	if len(dst) == 0 || len(dst) > updates/privateShare {
		return Private[T]{dst: dst}
	}
	for _, o := range others {
		if overlaps(dst, o) {
			return Private[T]{dst: dst}
		}
	}
	return Private[T]{dst: dst, own: make([]T, len(dst))}
}

// PrivateIn returns the Private of dst, slot slot of the kernel's private
// copies, for the chunk of blocks b's body runs: made by the chunk's first
// body (Privatize, for the threads of the chunk's blocks from this one)
// and merged by the engine when the chunk ends, even where a thread fails.
func PrivateIn[T atomic.Integer](b *Block, slot int, dst []T, others ...[]T) *Private[T] {
	s := &b.b.Privates
	for len(*s) <= slot {
		*s = append(*s, nil)
	}
	if p, ok := (*s)[slot].(*Private[T]); ok && sameSlice(p.dst, dst) {
		return p
	}
	if (*s)[slot] != nil {
		return &Private[T]{dst: dst} // the slot is another slice's: add atomically
	}
	p := new(Private[T])
	*p = Privatize(dst, (b.b.ChunkEnd-b.b.Pos.Block)*b.b.Threads, others...)
	(*s)[slot] = p
	return p
}

// sameSlice reports whether a and b are the same elements.
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// overlaps reports whether a and b share an element.
func overlaps[T any](a, b []T) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	size := unsafe.Sizeof(a[0])
	a0, b0 := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return a0 < b0+uintptr(len(b))*size && b0 < a0+uintptr(len(a))*size
}

// Add adds v to the element at, an element of the slice p was made for
// (&dst[i], whose bounds the caller's expression checked): to its private
// copy's twin, or atomically where p has no copy.
func (p *Private[T]) Add(at *T, v T) {
	if p.own == nil {
		if unsafe.Sizeof(v) == 8 {
			syncatomic.AddUint64((*uint64)(unsafe.Pointer(at)), uint64(v))
		} else {
			syncatomic.AddUint32((*uint32)(unsafe.Pointer(at)), uint32(v))
		}
		return
	}
	*(*T)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p.own)), uintptr(unsafe.Pointer(at))-uintptr(unsafe.Pointer(unsafe.SliceData(p.dst))))) += v
}

// Merge adds the private copy's sums to the slice atomically, each
// element once, and empties the copy.
func (p *Private[T]) Merge() {
	for i, v := range p.own {
		if v != 0 {
			atomic.Add(&p.dst[i], v)
			p.own[i] = 0
		}
	}
}
