// Package cglink gives compiled kernels the layout of package cg's
// coalesced-group handle, which cg keeps opaque: a compiled body makes
// the handles a coalesced group's collectives return, and reads their
// lanes. cg's tests keep the two layouts the same.
package cglink
