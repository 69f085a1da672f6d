package devlink

import "fmt"

// Hooks are what package mem needs of package gocuda and users must not
// touch, typed: D is *gocuda.Device and S is *gocuda.Stream, which this
// package cannot name (gocuda imports it).
type Hooks[D, S any] struct {
	// AccountOf returns a device's global-memory account.
	AccountOf func(D) *Account

	// Enqueue queues op on a stream, to run after the stream's earlier
	// operations. It returns an error at once if the stream cannot take
	// work (closed); op's own error is reported by the stream like a
	// kernel's.
	Enqueue func(s S, op func() error) error

	// AwaitStreams waits for the work queued on a device's default stream
	// and blocking streams, as CUDA's synchronous calls do. Called from a
	// stream's host function, which must not wait, it returns an error
	// wrapping gocuda.ErrNotPermitted that names the call what.
	AwaitStreams func(d D, what string) error
}

// hooks holds the Hooks that Set stored, of the one instantiation gocuda
// uses.
var hooks any

// Set stores h for Get. Package gocuda calls it once, in its init, which
// runs before the init of any package that imports gocuda.
func Set[D, S any](h Hooks[D, S]) { hooks = h }

// Get returns the Hooks stored by Set. It panics if none were stored, or
// if they were stored with other types: a programming error in this
// module, caught when the calling package is initialized.
func Get[D, S any]() Hooks[D, S] {
	h, ok := hooks.(Hooks[D, S])
	if !ok {
		panic(fmt.Sprintf("devlink: Get[%T, %T] finds %T", *new(D), *new(S), hooks))
	}
	return h
}
