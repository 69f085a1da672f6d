package fuzz

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reducible is a small kernel of the generated kernels' shape, whose
// statements the tests delete.
var reducible = &Kernel{
	Name: "k0", Ctor: "K0",
	Imports: []string{"github.com/gocuda/gocuda/gocuda", "math/bits"},
	Decls: `func k0h(x int32) int32 { return x + 1 }

func k0unused() {}

// K0 returns a kernel.
//
//gocuda:kernel K0
func k0(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	x := in[i%len(in)]
	y := p1 * 2
	if x > 0 {
		x = k0h(x)
	}
	out[i] = uint32(x) + uint32(y) + uint32(bits.OnesCount32(uint32(p0)))
	switch p1 {
	case 1:
		z := p0
		out[0] = uint32(z)
	}
}
`}

// TestSmallerEdits: each source one edit makes is shorter, type-checks
// with its imports, and is named apart; deleting a variable's only use
// blanks it (in a block or a case), deleting an import's only use drops
// the import, a helper
// nobody calls goes, and an if is replaced by its body.
func TestSmallerEdits(t *testing.T) {
	cands := smaller(reducible, 1000)
	require.NotEmpty(t, cands)
	checker := newSourceChecker(reducible.Imports)
	for i, c := range cands {
		assert.Less(t, len(c.Decls), len(reducible.Decls))
		checker.imports = c.Imports
		_, _, err := checker.unused(c.Decls)
		assert.NoError(t, err, "candidate %d:\n%s", i, c.Decls)
		if i > 0 {
			assert.LessOrEqual(t, len(cands[i-1].Decls), len(c.Decls), "not smallest first")
		}
	}
	has := func(f func(c *Kernel) bool) bool { return slices.ContainsFunc(cands, f) }
	assert.True(t, has(func(c *Kernel) bool {
		return strings.Contains(c.Decls, "_ = y") && !slices.Contains(c.Imports, "math/bits")
	}), "no candidate without the store, y blanked and math/bits dropped")
	assert.True(t, has(func(c *Kernel) bool { return strings.Contains(c.Decls, "_ = z") }), "no candidate blanking a variable of a case")
	assert.True(t, has(func(c *Kernel) bool { return !strings.Contains(c.Decls, "unused()") }), "no candidate without the helper nobody calls")
	assert.False(t, has(func(c *Kernel) bool { return !strings.Contains(c.Decls, "h(x int32)") }), "a candidate without the helper still called")
	assert.True(t, has(func(c *Kernel) bool {
		return !strings.Contains(c.Decls, "if x > 0") && strings.Contains(c.Decls, "h(x)")
	}),
		"no candidate with the if replaced by its body")
}

// TestRenamed: a kernel renamed for a batch declares and calls its
// functions, and names its constructor, with the prefix; nothing else
// changes.
func TestRenamed(t *testing.T) {
	r := renamed(reducible, "rd7")
	assert.Equal(t, "rd7k0", r.Name)
	assert.Equal(t, "Rd7k0", r.Ctor)
	assert.Contains(t, r.Decls, "func rd7k0(t *gocuda.Thread")
	assert.Contains(t, r.Decls, "x = rd7k0h(x)")
	assert.Contains(t, r.Decls, "//gocuda:kernel Rd7k0\n")
	back := strings.NewReplacer("rd7k0", "k0", "Rd7k0", "K0").Replace(r.Decls)
	assert.Equal(t, reducible.Decls, back)
}

// TestRenamedTypes: a kernel's top-level types and variables are renamed
// with its functions, so that two candidates of one batch do not declare
// them twice; its methods keep their names, which belong to the types.
func TestRenamedTypes(t *testing.T) {
	k := &Kernel{Name: "k0", Ctor: "K0", Imports: []string{"github.com/gocuda/gocuda/gocuda"},
		Decls: `type k0Op struct{ k int32 }

func (o k0Op) apply(x int32) int32 { return x + o.k }

type k0Ops interface{ apply(x int32) int32 }

var k0table = [2]int32{1, 2}

func k0via[Op k0Ops](op Op, x int32) int32 { return op.apply(x) }

//gocuda:kernel K0
func k0(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {
	out[0] = uint32(k0via(k0Op{k: k0table[1]}, in[0]))
}
`}
	r := renamed(k, "rd3")
	for _, want := range []string{"type rd3k0Op struct", "func (o rd3k0Op) apply(", "type rd3k0Ops interface{ apply(",
		"var rd3k0table =", "func rd3k0via[Op rd3k0Ops]", "rd3k0via(rd3k0Op{k: rd3k0table[1]}, in[0])"} {
		assert.Contains(t, r.Decls, want)
	}
	back := strings.NewReplacer("rd3k0", "k0", "Rd3k0", "K0").Replace(r.Decls)
	assert.Equal(t, k.Decls, back)
}
