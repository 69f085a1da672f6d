// Package cglink gives compiled kernels the layout of package cg's
// coalesced-group handle, which cg keeps opaque: a compiled body makes
// the handles a coalesced group's collectives return, and reads their
// lanes. cg's tests keep the two layouts the same.
package cglink

import "github.com/gocuda/gocuda/gocuda"

// Coalesced has the layout of cg.Coalesced: the thread it was made for
// and its lanes.
type Coalesced struct {
	T    *gocuda.Thread
	Mask uint32
}
