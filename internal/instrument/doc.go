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
//	(*gocudaprobe.Index(t, &gocudaSites_x[1], y, i)) = a*(*gocudaprobe.Index(t, &gocudaSites_x[2], x, i)) + (*gocudaprobe.Index(t, &gocudaSites_x[3], y, i))
//
// and the file ends with the table of its sites, registered with package
// probe. A chain of elements and fields ending in an array element or a
// field (tile[ty][tx], p[i].x) is one access, through probe.Addr; the
// operand of &, range clauses, maps and strings are not instrumented, nor
// is a site where the thread's name is shadowed.
//
// The rewriting is a set of text edits on the file's bytes that never add
// or remove a newline before its last line, so every line keeps its
// number: panics, errors and reports name the user's own lines, with no
// //line directives. The rewritten files reach the compiler through the go
// command's -overlay flag (see WriteOverlay); the user's source is never
// touched. Generated files (*_gocuda.go, from gocuda compile) are left as
// they are: an instrumented build runs every kernel on the runtime path.
package instrument
