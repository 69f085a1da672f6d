package compile

import (
	"go/format"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mergeSources merges function f of two drafts, simd's and scalar's, and
// returns the merged lines' text, with their leading tabs dropped.
func mergeSources(t *testing.T, simd, scalar string) (string, bool) {
	t.Helper()
	parse := func(src string) (*sourced, chunk) {
		c, err := declChunks([]byte(src), nil)
		require.NoError(t, err)
		s, err := parseSourced(c, []byte(src))
		require.NoError(t, err)
		for _, ch := range c.chunks {
			if ch.name == "f" {
				return s, ch
			}
		}
		t.Fatal("no function f")
		return nil, chunk{}
	}
	a, ca := parse(simd)
	b, cb := parse(scalar)
	lines, ok := mergeFunc(a, b, "f", "compiled", ca.from, ca.to, cb.from, cb.to)
	var out strings.Builder
	for _, l := range lines {
		out.WriteString(strings.TrimLeft(l.text, "\t"))
	}
	return out.String(), ok
}

const mergeHead = "package p\n\nimport \"github.com/gocuda/gocuda/compiled\"\n\n"

func TestMergeFunc(t *testing.T) {
	simd := mergeHead + `func f(gc_b *compiled.Block, x []int) {
	gc_bdx := gc_b.Dim().X
	a := 1
	gc_vstep := 0
	if compiled.SIMD {
		for ; gc_vstep+7 < gc_bdx; gc_vstep += 8 {
		}
	}
	for gc_tx := gc_vstep; gc_tx < gc_bdx; gc_tx++ {
		x[gc_tx] = a
	}
	for i := range x {
		x[i] += 1
	}
}
`
	scalar := mergeHead + `func f(gc_b *compiled.Block, x []int) {
	gc_bd := gc_b.Dim()
	gc_bdx := gc_bd.X
	gc_bdy := gc_bd.Y
	a := 1
	gc_vstep := 0
	for ; gc_vstep+3 < gc_bdx; gc_vstep += 4 {
		x[gc_vstep] = a * gc_bdy
	}
	for gc_tx := gc_vstep; gc_tx < gc_bdx; gc_tx++ {
		x[gc_tx] = a
	}
	for i := range x {
		x[i] += 2
	}
}
`
	got, ok := mergeSources(t, simd, scalar)
	require.True(t, ok)
	want := `
func f(gc_b *compiled.Block, x []int) {
gc_bd := gc_b.Dim()
gc_bdx := gc_bd.X
gc_bdy := gc_bd.Y
a := 1
gc_vstep := 0
if compiled.SIMDBuild {
if compiled.SIMD {
for ; gc_vstep+7 < gc_bdx; gc_vstep += 8 {
}
}
} else {
for ; gc_vstep+3 < gc_bdx; gc_vstep += 4 {
x[gc_vstep] = a * gc_bdy
}
}
for gc_tx := gc_vstep; gc_tx < gc_bdx; gc_tx++ {
x[gc_tx] = a
}
for i := range x {
if compiled.SIMDBuild {
x[i] += 1
} else {
x[i] += 2
}
}
}
`
	assert.Equal(t, want, got)
}

// TestMergeFuncScopes: a run that declares a name a later statement reads
// cannot sit in an if; the statement around it differs as a whole.
func TestMergeFuncScopes(t *testing.T) {
	simd := mergeHead + `func f(x []int) {
	for i := range x {
		v := 1
		x[i] = v
	}
}
`
	scalar := mergeHead + `func f(x []int) {
	for i := range x {
		v := 2
		x[i] = v
	}
}
`
	got, ok := mergeSources(t, simd, scalar)
	require.True(t, ok)
	assert.Equal(t, `
func f(x []int) {
if compiled.SIMDBuild {
for i := range x {
v := 1
x[i] = v
}
} else {
for i := range x {
v := 2
x[i] = v
}
}
}
`, got)
}

// TestMergeFuncLabels: a label of a loop both builds write alike is
// written once; one that both builds' differing code declares is renamed
// in the SIMD build's, with its breaks, since a label is the function's.
func TestMergeFuncLabels(t *testing.T) {
	body := func(loop, n string) string {
		return mergeHead + `func f(x []int) {
L:
	for i := range x {
		x[i] = ` + n + `
	}
	M:
	` + loop + ` {
		break M
	}
}
`
	}
	got, ok := mergeSources(t, body("for i := range x", "1"), body("for i := range x", "2"))
	require.True(t, ok)
	assert.Equal(t, 1, strings.Count(got, "M:\n"))
	got, ok = mergeSources(t, body("for range x", "1"), body("for i := 0; i < 2; i++", "1"))
	require.True(t, ok)
	assert.Equal(t, `
func f(x []int) {
L:
for i := range x {
x[i] = 1
}
if compiled.SIMDBuild {
gc_simd_M:
for range x {
break gc_simd_M
}
} else {
M:
for i := 0; i < 2; i++ {
break M
}
}
}
`, got)
}

// TestMergeFuncVectorIf: the SIMD build's vector steps alone, an if on
// compiled.SIMD, become one if on both constants.
func TestMergeFuncVectorIf(t *testing.T) {
	simd := mergeHead + `func f(x []int) {
	n := 0
	if compiled.SIMD {
		n = 8
	}
	x[0] = n
}
`
	scalar := mergeHead + `func f(x []int) {
	n := 0
	x[0] = n
}
`
	got, ok := mergeSources(t, simd, scalar)
	require.True(t, ok)
	assert.Equal(t, "\nfunc f(x []int) {\nn := 0\nif compiled.SIMDBuild && compiled.SIMD {\nn = 8\n}\nx[0] = n\n}\n", got)
}

func TestAlign(t *testing.T) {
	a, b := []string{"x", "y", "z", "w"}, []string{"y", "q", "w"}
	pairs := align(len(a), len(b), func(i, j int) int {
		if a[i] == b[j] {
			return 2
		}
		return 0
	})
	assert.Equal(t, [][2]int{{1, 0}, {3, 2}}, pairs)
}

func TestBlankImport(t *testing.T) {
	for _, src := range []string{
		"package p\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\n",
		"package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n",
		"package p\n\nvar x int\n",
	} {
		out := string(blankImport([]byte(src)))
		assert.Contains(t, out, `_ "simd/archsimd"`, src)
		_, err := format.Source([]byte(out))
		assert.NoError(t, err, out)
	}
}
