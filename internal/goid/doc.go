// Package goid reports the identity of the calling goroutine.
//
// Go deliberately hides goroutine identity, and code should not use it for
// goroutine-local state. The engine needs it for one question only: is this
// call being made from inside a kernel (or a stream's host function) that
// the call would then wait for? Answering no there means a hang, so the
// engine records the goroutines that run kernel code and asks ID when a
// call could wait for its own caller.
package goid
