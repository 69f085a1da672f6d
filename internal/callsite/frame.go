//go:build amd64 || arm64

package callsite

// Return returns the address that the function calling it will return to:
// a place in that function's caller, distinct for every call site of the
// function. The function must call Return itself, not through a helper, must
// not be inlined (mark it //go:noinline), and must pass a pointer to an
// Anchor local to it:
//
//	//go:noinline
//	func declare() uintptr {
//		var a callsite.Anchor
//		return callsite.Return(&a)
//	}
//
// Return reads the caller's frame pointer, which the Anchor guarantees, and
// is implemented in assembly.
//
//go:noescape
func Return(a *Anchor) uintptr
