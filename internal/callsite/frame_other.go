//go:build !amd64 && !arm64

package callsite

// Return returns the address that the function calling it will return to:
// a place in that function's caller, distinct for every call site of the
// function. The function must call Return itself, not through a helper, must
// not be inlined (mark it //go:noinline), and must pass a pointer to an
// Anchor local to it. On this architecture Return asks runtime.Callers.
//
//go:noinline
func Return(a *Anchor) uintptr {
	return callersReturn(4) // Callers, callersReturn, Return, its caller's caller
}
