package mem

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/devlink"
	"github.com/gocuda/gocuda/internal/hostmem"
)

// An alloc is the lifetime of one allocation: its device, the bytes it holds
// in the device's account, and whether it has been freed.
//
// Operations that read the allocation's memory hold mu shared; operations
// that write it, and Free, hold it exclusively. So concurrent copies into
// one allocation take turns instead of racing, a Free waits for the
// operations already running, and an operation that starts after a Free
// fails with ErrInvalidValue.
type alloc struct {
	mu    sync.RWMutex
	freed bool
	id    uint64 // orders the locking of two allocations
	dev   *gocuda.Device
	acct  *devlink.Account
	bytes int64
}

// link reaches the parts of package gocuda that users must not touch.
var link = devlink.Get[*gocuda.Device, *gocuda.Stream]()

// nextID numbers allocations, so that operations on two of them lock them
// in one global order and cannot deadlock with each other.
var nextID atomic.Uint64

// byteSize returns n elements of size bytes each as a byte count. A negative
// n is invalid; a count that does not fit in an int64 cannot be allocated.
func byteSize(op string, n int, size uintptr) (int64, error) {
	if n < 0 {
		return 0, fmt.Errorf("%w: %s: %d elements", gocuda.ErrInvalidValue, op, n)
	}
	if size > 0 && uint64(n) > math.MaxInt64/uint64(size) {
		return 0, fmt.Errorf("%w: %s: %d elements of %d bytes overflow the address space",
			gocuda.ErrMemoryAllocation, op, n, size)
	}
	return int64(n) * int64(size), nil
}

// hostLimit is the most bytes one allocation may hold: the host's physical
// memory, which holds every device's memory, and no more than an int
// counts. A device may claim more global memory than that (WithGlobalMem),
// but Go cannot allocate beyond it: a slice too long panics, and running out
// of memory is fatal, not an error a program can handle. Checking first
// turns both into ErrMemoryAllocation.
var hostLimit = sync.OnceValue(func() int64 { return min(hostmem.Total(), math.MaxInt) })

// init reserves bytes on dev's account for a new allocation.
func (a *alloc) init(op string, dev *gocuda.Device, bytes int64) error {
	if dev == nil {
		return fmt.Errorf("%w: %s: nil device", gocuda.ErrInvalidValue, op)
	}
	if limit := hostLimit(); bytes > limit {
		return fmt.Errorf("%w: %s: %d bytes requested, more than the host's %d bytes of memory can hold",
			gocuda.ErrMemoryAllocation, op, bytes, limit)
	}
	acct := link.AccountOf(dev)
	if !acct.Reserve(bytes) {
		if acct.Closed() {
			return fmt.Errorf("%w: %s: the device is closed", gocuda.ErrContextIsDestroyed, op)
		}
		free, total := acct.Info()
		return fmt.Errorf("%w: %s: %d bytes requested, %d of %d free",
			gocuda.ErrMemoryAllocation, op, bytes, free, total)
	}
	a.id = nextID.Add(1)
	a.dev, a.acct, a.bytes = dev, acct, bytes
	return nil
}

// usable reports why the allocation cannot be used, if it cannot: it has
// been freed, or its device has been closed. The caller holds mu.
func (a *alloc) usable(op string) error {
	if a.freed {
		return fmt.Errorf("%w: %s: the memory has been freed", gocuda.ErrInvalidValue, op)
	}
	if a.acct.Closed() {
		return fmt.Errorf("%w: %s: the device is closed", gocuda.ErrContextIsDestroyed, op)
	}
	return nil
}

// An access is how an operation uses an allocation's memory.
type access bool

const (
	read  access = false // shared: the operation only reads the memory
	write access = true  // exclusive: the operation writes it
)

// acquire locks the allocation for an operation in mode (read or write) if
// it is usable. On success the caller must call release with the same mode.
func (a *alloc) acquire(op string, mode access) error {
	a.lock(mode)
	if err := a.usable(op); err != nil {
		a.release(mode)
		return err
	}
	return nil
}

func (a *alloc) lock(mode access) {
	if mode == write {
		a.mu.Lock()
	} else {
		a.mu.RLock()
	}
}

// release ends an operation begun by acquire.
func (a *alloc) release(mode access) {
	if mode == write {
		a.mu.Unlock()
	} else {
		a.mu.RUnlock()
	}
}

// acquireCopy acquires dst for writing and src for reading (both for
// writing if they are the same allocation), in the global order of ids, so
// that copies in opposite directions cannot deadlock. On success the caller
// must call releaseCopy.
func acquireCopy(op string, dst, src *alloc) error {
	if dst == src {
		return dst.acquire(op, write)
	}
	first, fmode, second, smode := dst, write, src, read
	if src.id < dst.id {
		first, fmode, second, smode = src, read, dst, write
	}
	if err := first.acquire(op, fmode); err != nil {
		return err
	}
	if err := second.acquire(op, smode); err != nil {
		first.release(fmode)
		return err
	}
	return nil
}

// releaseCopy ends an operation begun by acquireCopy.
func releaseCopy(dst, src *alloc) {
	dst.release(write)
	if dst != src {
		src.release(read)
	}
}

// markFreed returns the allocation's bytes to its device, or reports a
// second free. The caller holds mu exclusively. Freeing works on a closed
// device too: it only settles the account.
func (a *alloc) markFreed(op string) error {
	if a.freed {
		return fmt.Errorf("%w: %s: the memory has already been freed", gocuda.ErrInvalidValue, op)
	}
	a.freed = true
	a.acct.Release(a.bytes)
	return nil
}

// settle waits, as CUDA's synchronous memory calls do, for the work queued
// on the default stream and blocking streams of the devices involved, so
// that a synchronous copy sees what earlier stream work wrote. It is called
// by the synchronous API only: an asynchronous operation runs in stream
// order already, and waiting there would wait for itself. Called by a
// stream's host function while such work is pending, it returns an error
// wrapping gocuda.ErrNotPermitted naming op instead of waiting: the work
// could be queued behind the host function.
func settle(op string, devs ...*gocuda.Device) error {
	for _, d := range devs {
		if d != nil {
			if err := link.AwaitStreams(d, op); err != nil {
				return err
			}
		}
	}
	return nil
}
