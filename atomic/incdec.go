package atomic

import (
	syncatomic "sync/atomic"

	"github.com/gocuda/gocuda/internal/atomicop"
)

// Inc is CUDA's atomicInc: it reads the value old at p, stores
//
//	old >= limit ? 0 : old+1
//
// there and returns old, all in one atomic operation. It counts from 0 up
// to limit and then wraps to 0: a ring index over limit+1 slots. A value
// above limit also wraps to 0, and with limit = math.MaxUint32 Inc is a
// plain wrapping increment.
func Inc(p *uint32, limit uint32) (old uint32) {
	for {
		old = syncatomic.LoadUint32(p)
		if syncatomic.CompareAndSwapUint32(p, old, atomicop.IncNext(old, limit)) {
			return old
		}
	}
}

// Dec is CUDA's atomicDec: it reads the value old at p, stores
//
//	(old == 0 || old > limit) ? limit : old-1
//
// there and returns old, all in one atomic operation. It counts down from
// limit to 0 and then wraps to limit; a value above limit also restarts at
// limit.
func Dec(p *uint32, limit uint32) (old uint32) {
	for {
		old = syncatomic.LoadUint32(p)
		if syncatomic.CompareAndSwapUint32(p, old, atomicop.DecNext(old, limit)) {
			return old
		}
	}
}
