// Package panics turns a recovered panic into a report: the value, the
// stack of the goroutine that panicked and the frame that raised it.
//
// It is shared by the block scheduler (grid) and the thread context (gocuda),
// which recover kernel panics on different goroutines.
package panics
