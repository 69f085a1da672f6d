package compiled

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/internal/atomicop"
)

// The Shared forms of package atomic's operations are what gocuda compile
// writes for an atomic on an element of a shared-memory slice
// (atomic.Add(&s[i], v), s from gocuda.Shared): a compiled body runs the
// whole block on one goroutine, and no other goroutine reaches a block's
// shared memory, so a plain read and write do what the atomic would, at a
// plain operation's cost. Each returns the old value and stores what its
// atomic does, bit for bit (package atomicop holds the rules they share).
// They are not atomic: call them only as generated code does.

// SharedAdd is atomic.Add on memory only the calling goroutine reaches.
func SharedAdd[T atomic.Number](p *T, val T) (old T) {
	old = *p
	*p = old + val
	return old
}

// SharedSub is atomic.Sub on memory only the calling goroutine reaches.
func SharedSub[T atomic.Integer](p *T, val T) (old T) {
	old = *p
	*p = old - val
	return old
}

// SharedExch is atomic.Exch on memory only the calling goroutine reaches.
func SharedExch[T atomic.Number](p *T, val T) (old T) {
	old = *p
	*p = val
	return old
}

// SharedCAS is atomic.CAS on memory only the calling goroutine reaches:
// it stores val where the old value has compare's bits.
func SharedCAS[T atomic.Number](p *T, compare, val T) (old T) {
	old = *p
	if atomicop.SameBits(old, compare) {
		*p = val
	}
	return old
}

// SharedMin is atomic.Min on memory only the calling goroutine reaches.
func SharedMin[T atomic.Number](p *T, val T) (old T) {
	old = *p
	if atomicop.ReplacesMin(val, old) {
		*p = val
	}
	return old
}

// SharedMax is atomic.Max on memory only the calling goroutine reaches.
func SharedMax[T atomic.Number](p *T, val T) (old T) {
	old = *p
	if atomicop.ReplacesMax(val, old) {
		*p = val
	}
	return old
}

// SharedInc is atomic.Inc on memory only the calling goroutine reaches.
func SharedInc(p *uint32, limit uint32) (old uint32) {
	old = *p
	*p = atomicop.IncNext(old, limit)
	return old
}

// SharedDec is atomic.Dec on memory only the calling goroutine reaches.
func SharedDec(p *uint32, limit uint32) (old uint32) {
	old = *p
	*p = atomicop.DecNext(old, limit)
	return old
}

// SharedAnd is atomic.And on memory only the calling goroutine reaches.
func SharedAnd[T atomic.Integer](p *T, val T) (old T) {
	old = *p
	*p = old & val
	return old
}

// SharedOr is atomic.Or on memory only the calling goroutine reaches.
func SharedOr[T atomic.Integer](p *T, val T) (old T) {
	old = *p
	*p = old | val
	return old
}

// SharedXor is atomic.Xor on memory only the calling goroutine reaches.
func SharedXor[T atomic.Integer](p *T, val T) (old T) {
	old = *p
	*p = old ^ val
	return old
}
