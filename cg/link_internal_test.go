package cg

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/cglink"
)

// TestCoalescedLayout: compiled code converts between cglink.Coalesced
// and Coalesced, which must have one layout.
func TestCoalescedLayout(t *testing.T) {
	var c Coalesced
	var l cglink.Coalesced
	require.Equal(t, unsafe.Sizeof(l), unsafe.Sizeof(c))
	require.Equal(t, unsafe.Offsetof(l.T), unsafe.Offsetof(c.t))
	require.Equal(t, unsafe.Offsetof(l.Mask), unsafe.Offsetof(c.mask))
	th := new(gocuda.Thread)
	l = cglink.Coalesced{T: th, Mask: 0xf0}
	c = *(*Coalesced)(unsafe.Pointer(&l))
	require.Equal(t, 4, c.Size())
	require.Same(t, th, c.t)
}
