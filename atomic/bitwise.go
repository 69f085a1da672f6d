package atomic

import syncatomic "sync/atomic"

// And is CUDA's atomicAnd: it reads the value old at p, stores old & val
// there and returns old, all in one atomic operation.
func And[T Integer](p *T, val T) (old T) {
	if wide[T]() {
		return from64[T](syncatomic.AndUint64(word64(p), bits64(val)))
	}
	return from32[T](syncatomic.AndUint32(word32(p), bits32(val)))
}

// Or is CUDA's atomicOr: it reads the value old at p, stores old | val
// there and returns old, all in one atomic operation.
func Or[T Integer](p *T, val T) (old T) {
	if wide[T]() {
		return from64[T](syncatomic.OrUint64(word64(p), bits64(val)))
	}
	return from32[T](syncatomic.OrUint32(word32(p), bits32(val)))
}

// Xor is CUDA's atomicXor: it reads the value old at p, stores old ^ val
// there and returns old, all in one atomic operation.
func Xor[T Integer](p *T, val T) (old T) {
	for {
		old = load(p)
		if cas(p, old, old^val) {
			return old
		}
	}
}
