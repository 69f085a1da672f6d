package probe

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/probelink"
)

// TestMeets: a launch of a proved kernel runs unprobed only where the
// proof's conditions hold: written slices overlapping no other argument,
// a grid of the proof's shape, and memory of package mem's that is live
// and initialized throughout.
func TestMeets(t *testing.T) {
	c := &checker{}
	buf := make([]float32, 64)
	alloc := make([]float32, 64)
	base := unsafe.Pointer(unsafe.SliceData(alloc))
	c.allocs.add(base, 64*4, "mem.Malloc")
	c.allocs.hostWrite(base, 32*4) // the first half is initialized
	freed := make([]float32, 16)
	c.allocs.add(unsafe.Pointer(unsafe.SliceData(freed)), 16*4, "mem.Malloc")
	c.allocs.hostWrite(unsafe.Pointer(unsafe.SliceData(freed)), 16*4)
	c.allocs.free(unsafe.Pointer(unsafe.SliceData(freed)))

	oneD, twoD := [3]int{4, 1, 1}, [3]int{4, 2, 1}
	saxpy := &Proof{Params: "-rw", Dims: 1}
	scale := &Proof{Params: "wr--", Dims: 2}
	for _, tc := range []struct {
		name        string
		proof       *Proof
		grid, block [3]int
		args        []any
		want        bool
	}{
		{"disjoint", saxpy, oneD, oneD, []any{float32(2), buf[:32], buf[32:]}, true},
		{"aliased", saxpy, oneD, oneD, []any{float32(2), buf[1:33], buf[:32]}, false},
		{"the same slice", saxpy, oneD, oneD, []any{float32(2), buf, buf}, false},
		{"reads overlap", &Proof{Params: "rrw", Dims: 1}, oneD, oneD, []any{buf[:8], buf[4:12], buf[16:]}, true},
		{"empty", saxpy, oneD, oneD, []any{float32(2), buf[:0], buf[:0]}, true},
		{"a 2D grid", saxpy, twoD, oneD, []any{float32(2), buf[:32], buf[32:]}, false},
		{"a 2D block", saxpy, oneD, twoD, []any{float32(2), buf[:32], buf[32:]}, false},
		{"2D", scale, twoD, twoD, []any{buf[:32], buf[32:], 4, 8}, true},
		{"3D", scale, [3]int{1, 1, 2}, oneD, []any{buf[:32], buf[32:], 4, 8}, false},
		{"initialized", saxpy, oneD, oneD, []any{float32(2), alloc[:16], alloc[16:32]}, true},
		{"uninitialized", saxpy, oneD, oneD, []any{float32(2), alloc[:16], alloc[16:48]}, false},
		{"freed", saxpy, oneD, oneD, []any{float32(2), buf[:16], freed}, false},
		{"too few arguments", saxpy, oneD, oneD, []any{float32(2), buf}, false},
		{"not a slice", saxpy, oneD, oneD, []any{float32(2), buf, 3}, false},
	} {
		l := &probelink.Launch{Grid: tc.grid, Block: tc.block, Compiled: &probelink.Compiled{Args: tc.args}}
		assert.Equal(t, tc.want, c.meets(tc.proof, l), tc.name)
	}
}

// TestUnprobed: a launch runs unprobed only if a Kernel entry's Proof is
// of its compiled form, by name and source hash.
func TestUnprobed(t *testing.T) {
	var buf bytes.Buffer
	c := &checker{}
	defer install(c, &buf)()
	Register([]Site{{Kind: Kernel, Func: "p.K", Proof: &Proof{Name: "k", Source: "h1", Params: "", Dims: 0}}})
	for _, tc := range []struct {
		name, hash string
		want       bool
	}{{"k", "h1", true}, {"k", "h2", false}, {"other", "h1", false}} {
		l := &probelink.Launch{Compiled: &probelink.Compiled{Name: tc.name, Hash: tc.hash}}
		c.unprobed(l)
		assert.Equal(t, tc.want, l.Compiled.Unprobed, "%s %s", tc.name, tc.hash)
	}
	assert.Equal(t, `{"unprobed":{"kernel":"p.K"}}`+"\n", buf.String(), "the one unprobed launch's record")
}
