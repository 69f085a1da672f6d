package instrument

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/srchash"
)

// TestProve: the prover proves each kernel of the proved workload's
// lookalikes.go that its comment says it proves (the roles of its
// parameters and the launch shape), and no other: not the racy
// look-alikes of the proved ones.
func TestProve(t *testing.T) {
	l, err := load(Config{}, "./testdata/src/proved")
	require.NoError(t, err)
	require.Len(t, l.pkgs, 1)
	p := l.pkgs[0]
	seen := 0
	for _, f := range p.Syntax {
		if filepath.Base(p.Fset.File(f.Pos()).Name()) != "lookalikes.go" {
			continue
		}
		r := &fileRewriter{pkg: p, info: p.TypesInfo, file: f}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || !strings.HasPrefix(fd.Doc.Text(), "want: ") {
				continue
			}
			seen++
			want, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(fd.Doc.Text()), "want: "), " (")
			k := r.threadParam(fd, fd.Type)
			require.NotNil(t, k, fd.Name.Name)
			params, dims, why := newProver(p.TypesInfo, p.Types, r.declOf, map[*types.Func]bool{}).prove(fd, k.thread)
			got := fmt.Sprintf("%s %d", params, dims)
			if why != "" {
				got = "none"
			}
			assert.Equal(t, want, got, "%s (%s)", fd.Name.Name, why)
		}
	}
	assert.Equal(t, 20, seen, "the kernels with a want comment")
}

// TestProofTable: a proved kernel with a current compiled form has its
// Proof in the site table, with the compiled form's name and hash; a
// look-alike that is not proved has none.
func TestProofTable(t *testing.T) {
	var src string
	for _, f := range rewrite(t, "proved") {
		if filepath.Base(f.Path) == "proved.go" {
			src = string(f.Source)
		}
	}
	require.NotEmpty(t, src)
	l, err := load(Config{}, "./testdata/src/proved")
	require.NoError(t, err)
	hashes := compiledSources(l.pkgs[0])
	for name, want := range map[string]string{"saxpy": `Params: "-rw", Dims: 1`, "shift": `Params: "rw", Dims: 1`,
		"scaleRows": `Params: "wr--", Dims: 2`} {
		require.NotEmpty(t, hashes[name], name)
		assert.Contains(t, src, fmt.Sprintf(`Proof: &gocudaprobe.Proof{Name: %q, Source: %q, %s}`, name, hashes[name], want))
	}
	assert.Equal(t, 3, strings.Count(src, "Proof:"), "half and scaleRowsUnguarded are not proved")
}

// TestSameSpans: a compiled form is taken for current only while the
// lines it was generated from hash as they did: an edit of them leaves
// the kernel unproved (probed), as a stale compiled form is not run.
func TestSameSpans(t *testing.T) {
	dir := t.TempDir()
	src := []byte("package p\n\n// K doubles.\nfunc k() {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k.go"), src, 0o644))
	hash := srchash.Lines(src, 3, 4)
	assert.True(t, sameSpans(dir, []string{"k.go:3-4"}, hash))
	assert.False(t, sameSpans(dir, []string{"k.go:2-4"}, hash), "other lines")
	assert.False(t, sameSpans(dir, []string{"nosuch.go:3-4"}, hash), "a missing file")
	assert.False(t, sameSpans(dir, []string{"k.go"}, hash), "a malformed span")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k.go"), []byte("package p\n\n// K triples.\nfunc k() {}\n"), 0o644))
	assert.False(t, sameSpans(dir, []string{"k.go:3-4"}, hash), "an edited line")
}
