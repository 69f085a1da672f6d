package compiled

import (
	syncatomic "sync/atomic"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
)

// A Private is what gocuda compile writes for a slice parameter that a
// kernel only updates atomically with one operator, never reading it and
// never using an atomic's result (the textbook histogram's
// atomic.Add(&bins[b], 1), a running atomic.Max): the bodies of a worker's
// chunk of blocks update a private copy of the slice, which the engine
// merges into it when the chunk ends (PrivateIn). Nothing in the launch
// can see the difference, since no thread reads the slice, and the
// operator (integer +, |, &, ^, max or min) is associative and
// commutative, so the slice ends with what the atomics leave. Where the
// slice is long for the chunk's updates, or shares memory with a slice
// the kernel reads or writes plainly, each update is the atomic itself.
//
// The zero Private adds atomically. Copies of a Private share its copy.
// A Private belongs to the goroutine that made it, which calls Merge
// before its chunk ends: the merge's atomics synchronize the updates
// before the launch's end, as the atomics they stand for would.
type Private[T atomic.Integer] struct {
	dst, own []T
	op       PrivateOp
}

// A PrivateOp is the operator a Private's updates combine with: OpAdd
// (atomic.Add and atomic.Sub), OpOr, OpAnd, OpXor, OpMax or OpMin.
type PrivateOp uint8

// The operators of a Private.
const (
	OpAdd PrivateOp = iota
	OpOr
	OpAnd
	OpXor
	OpMax
	OpMin
)

// identity returns the value of T that op leaves any value as.
func identity[T atomic.Integer](op PrivateOp) T {
	var zero T
	lowest := zero // unsigned
	if zero-1 < 0 {
		lowest = T(1) << (8*unsafe.Sizeof(zero) - 1)
	}
	switch op {
	case OpAnd:
		return ^zero
	case OpMax:
		return lowest
	case OpMin:
		return ^lowest
	}
	return zero
}

// privateShare is how many updates of a chunk each element of a private
// copy must serve at the least: the copy's zeroing and merge then cost a
// quarter of what the chunk's atomics would.
const privateShare = 4

// Privatize returns the Private of dst for updates with op by a chunk of
// at most updates threads (each updating dst any number of times): a
// copy holding op's identity where dst has at most updates/privateShare
// elements and overlaps none of others, the slices of dst's type the
// kernel reads or writes plainly.
func Privatize[T atomic.Integer](op PrivateOp, dst []T, updates int, others ...[]T) Private[T] {
	p := Private[T]{dst: dst, op: op}
	if len(dst) == 0 || len(dst) > updates/privateShare {
		return p
	}
	for _, o := range others {
		if overlaps(dst, o) {
			return p
		}
	}
	p.own = make([]T, len(dst))
	if id := identity[T](op); id != 0 {
		for i := range p.own {
			p.own[i] = id
		}
	}
	return p
}

// PrivateIn returns the Private of dst, slot slot of the kernel's private
// copies, for the chunk of blocks b's body runs: made by the chunk's first
// body (Privatize, for the threads of the chunk's blocks from this one)
// and merged by the engine when the chunk ends, even where a thread fails.
func PrivateIn[T atomic.Integer](b *Block, slot int, op PrivateOp, dst []T, others ...[]T) *Private[T] {
	s := &b.b.Privates
	for len(*s) <= slot {
		*s = append(*s, nil)
	}
	if p, ok := (*s)[slot].(*Private[T]); ok && sameSlice(p.dst, dst) {
		return p
	}
	if (*s)[slot] != nil {
		return &Private[T]{dst: dst, op: op} // the slot is another slice's: update atomically
	}
	p := new(Private[T])
	*p = Privatize(op, dst, (b.b.ChunkEnd-b.b.Pos.Block)*b.b.Threads, others...)
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

// twin returns the private copy's element for at, an element of dst.
func (p *Private[T]) twin(at *T) *T {
	off := uintptr(unsafe.Pointer(at)) - uintptr(unsafe.Pointer(unsafe.SliceData(p.dst)))
	return (*T)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p.own)), off))
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
	*p.twin(at) += v
}

// Sub subtracts v from the element at, as Add adds.
func (p *Private[T]) Sub(at *T, v T) { p.Add(at, -v) }

// Or is atomic.Or on the element at, or on its private twin.
func (p *Private[T]) Or(at *T, v T) {
	if p.own == nil {
		p.atomically(at, v)
		return
	}
	*p.twin(at) |= v
}

// And is atomic.And on the element at, or on its private twin.
func (p *Private[T]) And(at *T, v T) {
	if p.own == nil {
		p.atomically(at, v)
		return
	}
	*p.twin(at) &= v
}

// Xor is atomic.Xor on the element at, or on its private twin.
func (p *Private[T]) Xor(at *T, v T) {
	if p.own == nil {
		p.atomically(at, v)
		return
	}
	*p.twin(at) ^= v
}

// Max is atomic.Max on the element at, or on its private twin.
func (p *Private[T]) Max(at *T, v T) {
	if p.own == nil {
		p.atomically(at, v)
		return
	}
	t := p.twin(at)
	*t = max(*t, v)
}

// Min is atomic.Min on the element at, or on its private twin.
func (p *Private[T]) Min(at *T, v T) {
	if p.own == nil {
		p.atomically(at, v)
		return
	}
	t := p.twin(at)
	*t = min(*t, v)
}

// atomically applies p's operator to the element at with its atomic,
// kept out of line so that each method stays short.
//
//go:noinline
func (p *Private[T]) atomically(at *T, v T) {
	switch p.op {
	case OpAdd:
		atomic.Add(at, v)
	case OpOr:
		atomic.Or(at, v)
	case OpAnd:
		atomic.And(at, v)
	case OpXor:
		atomic.Xor(at, v)
	case OpMax:
		atomic.Max(at, v)
	case OpMin:
		atomic.Min(at, v)
	}
}

// Merge applies the private copy's elements to the slice atomically,
// each once where it is not the operator's identity, and resets the copy.
func (p *Private[T]) Merge() {
	id := identity[T](p.op)
	for i, v := range p.own {
		if v == id {
			continue
		}
		p.atomically(&p.dst[i], v)
		p.own[i] = id
	}
}

// Span returns the first n elements of p's private copy, or nil where p
// has none or a shorter one: a block whose shared array a kernel merges
// into the slice by p's operator may update them instead (gocuda
// compile's private shared arrays).
func (p *Private[T]) Span(n int) []T {
	if len(p.own) < n || n <= 0 {
		return nil
	}
	return p.own[:n:n]
}

// Holds reports whether s is a span of p's private copy (Span): a block
// that took it updated the copy directly and has nothing to merge.
func (p *Private[T]) Holds(s []T) bool {
	return len(s) > 0 && len(p.own) > 0 && unsafe.SliceData(s) == unsafe.SliceData(p.own)
}
