// Package instrument rewrites kernels for the instrumented builds of
// gocuda check and gocuda profile: every function with a *gocuda.Thread
// parameter, and the closures inside one, is made to call package probe
// at each site, as go test -cover rewrites code to count statements.
//
// Sites are slice and array element accesses (reads, writes and both),
// the conditions of if and for statements, the top of every loop body,
// block and grid barriers, and the masks of warp collectives:
//
//	y[i] = a*x[i] + y[i]
//
// becomes
//
//	gocudaprobe.Store(t, &gocudaSites_x[1], y, i, a*(*gocudaprobe.Index(t, &gocudaSites_x[2], x, i)) + (*gocudaprobe.Index(t, &gocudaSites_x[3], y, i)))
//
// (the store hands its value to the probe, which can then tell a store of
// the value already there) and the file ends with the table of its sites,
// registered with package probe, and of its kernels, by which reports name
// launches. A chain of elements and fields ending in an array element or a
// field (tile[ty][tx], p[i].x) is one access, through probe.Addr, or
// probe.Local for a variable of the kernel's own (registers or local
// memory on a GPU); atomics of package atomic go through probe.Atomic and
// probe.After, device-wide fences are followed by probe.Fence (the calls
// package kapi lists). A function or method of the package that a kernel
// calls without the thread and that indexes a slice or array, or makes an
// atomic or a fence, gets a twin (a method's is a method), after a //line
// directive, that takes the thread and is instrumented; kernels call the
// twin. A slice of an array of the thread's own (x[:], x[a:b]) goes
// through probe.Own, and the address of one (&x, or the receiver x of a
// method with a pointer receiver, an implicit &x) through probe.OwnAddr,
// which keep the array alive for the launch, so that a helper's accesses
// through it never meet another thread's at a reused address. An access
// through a pointer (*p) goes through probe.Deref, which records it where
// p points into shared memory, and the builtin copy of slices through
// probe.Copy. The operand of &, range clauses, maps and
// strings are not instrumented, nor is a site where the thread's name is
// shadowed.
//
// The rewriting is a set of text edits on the file's bytes that never add
// or remove a newline before its last line (twins come after it), so every
// line keeps its number: panics, errors and reports name the user's own
// lines, with no //line directives but the twins'. The rewritten files reach the compiler through the go
// command's -overlay flag (see WriteOverlay); the user's source is never
// touched. Generated files (*_gocuda.go, from gocuda compile) are left as
// they are: an instrumented build runs every kernel on the runtime path,
// except that check runs the compiled form of a kernel the rewriting
// proves race-free, on the launches that allow it (see Proof).
package instrument
