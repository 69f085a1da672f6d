package callsite

import "runtime"

// An Anchor is a local variable that a function passes to Return by
// address. Taking its address keeps it in the function's stack frame, so
// the function has a frame, and a frame pointer, whatever the compiler
// would otherwise have done.
type Anchor struct{ _ byte }

// callersReturn is Return the portable way: the return address into the
// frame skip frames up, 0 being runtime.Callers itself.
//
//go:noinline
func callersReturn(skip int) uintptr {
	var pc [1]uintptr
	runtime.Callers(skip, pc[:])
	return pc[0]
}
