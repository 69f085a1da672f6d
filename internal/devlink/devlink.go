package devlink

import "sync"

// Functions set by package gocuda's init. Their arguments are a
// *gocuda.Device and a *gocuda.Stream; they are typed any because this
// package cannot import gocuda.
var (
	// AccountOf returns the memory account of a *gocuda.Device.
	AccountOf func(device any) *Account

	// Enqueue queues op on a *gocuda.Stream, to run after the stream's
	// earlier operations. It returns an error at once if the stream cannot
	// take work (closed); op's own error is reported by the stream like a
	// kernel's.
	Enqueue func(stream any, op func() error) error

	// AwaitStreams waits for the work queued on a *gocuda.Device's default
	// stream and blocking streams, as CUDA's synchronous calls do. Called
	// from a stream's host function, which must not wait, it returns an
	// error wrapping gocuda.ErrNotPermitted that names the call what.
	AwaitStreams func(device any, what string) error
)

// An Account is a device's global-memory ledger: allocations reserve bytes
// against a fixed total.
//
// An Account is safe for concurrent use. Its zero value has a total of 0.
type Account struct {
	mu     sync.Mutex
	total  int64
	used   int64
	closed bool
}

// NewAccount returns an account of total bytes.
func NewAccount(total int64) *Account { return &Account{total: total} }

// Reserve takes n bytes if they are free and the account is open.
func (a *Account) Reserve(n int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed || n < 0 || n > a.total-a.used {
		return false
	}
	a.used += n
	return true
}

// Release returns n bytes reserved earlier.
func (a *Account) Release(n int64) {
	a.mu.Lock()
	a.used -= n
	a.mu.Unlock()
}

// Info returns the free and total bytes.
func (a *Account) Info() (free, total int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.total - a.used, a.total
}

// Close makes later reservations fail: the device is gone.
func (a *Account) Close() {
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
}

// Closed reports whether Close has been called.
func (a *Account) Closed() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.closed
}
