package kir

import (
	"go/types"
	"maps"
	"strconv"
)

// A Namer gives out the names of generated code: each is new in the whole
// generated file, so that it can collide neither with the user's
// identifiers in any scope nor with Go's predeclared names.
type Namer struct {
	taken func(string) bool
	used  map[string]bool
}

// newNamer returns a namer avoiding the names taken reports and those
// given out.
func newNamer(taken func(string) bool) *Namer {
	return &Namer{taken: taken, used: map[string]bool{}}
}

// Reserve marks name as used (a name of the kernel's own).
func (n *Namer) Reserve(name string) { n.used[name] = true }

// Fresh returns a new name based on base: gc_base, or gc_base2, gc_base3...
func (n *Namer) Fresh(base string) string {
	return n.fresh("gc_" + base)
}

// Local returns a name for a user variable named base: base itself if
// free, else base_2, base_3...
func (n *Namer) Local(base string) string {
	if !n.free(base) {
		return n.fresh(base + "_")
	}
	n.used[base] = true
	return base
}

// save returns the names given out so far, for restore.
func (n *Namer) save() map[string]bool { return maps.Clone(n.used) }

// restore gives out again the names given out since save returned used:
// each body function numbers its own names on from the pipeline's, so
// that the builds' bodies of one kernel print alike where their code is.
// Only names local to one function may be given out between the two.
func (n *Namer) restore(used map[string]bool) { n.used = used }

func (n *Namer) fresh(base string) string {
	name := base
	for i := 2; !n.free(name); i++ {
		name = base + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

func (n *Namer) free(name string) bool {
	if n.used[name] || types.Universe.Lookup(name) != nil {
		return false
	}
	return n.taken == nil || !n.taken(name)
}
