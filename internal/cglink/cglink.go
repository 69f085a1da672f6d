package cglink

import "github.com/gocuda/gocuda/gocuda"

// Coalesced has the layout of cg.Coalesced: the thread it was made for
// and its lanes.
type Coalesced struct {
	T    *gocuda.Thread
	Mask uint32
}
