package atomic

import (
	syncatomic "sync/atomic"

	"github.com/gocuda/gocuda/internal/atomicop"
)

// Exch is CUDA's atomicExch: it reads the value old at p, stores val there
// and returns old, all in one atomic operation. The bits move unchanged, so
// NaN payloads and the sign of zero survive. (CUDA's atomicExch takes float
// but not double; gocuda takes both.)
func Exch[T Number](p *T, val T) (old T) {
	if wide[T]() {
		return from64[T](syncatomic.SwapUint64(word64(p), bits64(val)))
	}
	return from32[T](syncatomic.SwapUint32(word32(p), bits32(val)))
}

// CAS is CUDA's atomicCAS (compare and swap): it reads the value old at p,
// stores val there if old equals compare, and returns old, all in one
// atomic operation. The exchange happened exactly when the result equals
// compare. Unlike sync/atomic's CompareAndSwap functions, it returns the
// old value, not a bool.
//
// The comparison is of bits, as CUDA's atomicCAS compares the integers a
// float is reinterpreted as (__float_as_uint): for floating-point types a
// NaN matches a NaN with the same payload and no other, and -0 and +0 do
// not match each other, although -0 == +0 and NaN != NaN in Go. Compare
// the result with compare the same way (by bits, as math.Float32bits does)
// to tell whether a float CAS succeeded.
func CAS[T Number](p *T, compare, val T) (old T) {
	for {
		old = load(p)
		if !atomicop.SameBits(old, compare) {
			return old // the operation takes effect at this load, writing nothing
		}
		if cas(p, compare, val) {
			return compare
		}
	}
}
