// Package kapi is the one table of gocuda's kernel API: for every function,
// method and field a kernel may use that is not plain Go, what it means to
// the machinery that rewrites kernels. The compiler (internal/compile) reads
// it to find barriers, collectives and shared declarations and to classify
// values; the instrumenter (internal/instrument) reads it to find the
// calls it reports; package compiled, the engine's side of compiled code,
// reads it to map the warp collectives that generated code names to the
// runtime path's.
//
// Entries are keyed by types.Func.FullName of the generic origin, such as
// "(*github.com/gocuda/gocuda/gocuda.Thread).SyncThreads" or
// "github.com/gocuda/gocuda/gocuda.ShflDownSync".
package kapi
