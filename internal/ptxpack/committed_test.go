package ptxpack_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// committedPacks returns the packs of the repository's generated files
// (those ending in _gocuda_ptx.go, the nested modules' too where this is
// a checkout), by path from the repository's root.
func committedPacks(t testing.TB) map[string]string {
	root := filepath.Join("..", "..")
	packs := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_gocuda_ptx.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 1 {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "NewPTXPack" {
					if lit, ok := c.Args[0].(*ast.BasicLit); ok {
						s, err := strconv.Unquote(lit.Value)
						require.NoError(t, err, path)
						rel, _ := filepath.Rel(root, path)
						packs[rel] = s
					}
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	return packs
}

// TestCommittedPacks: every committed pack decodes, and package kernels'
// modules are the goldens of package ptx byte for byte, where those hold
// them (float32, int32 and float64 instantiations).
func TestCommittedPacks(t *testing.T) {
	packs := committedPacks(t)
	if len(packs) == 0 {
		t.Skip("no generated PTX packs here")
	}
	golden := map[string]string{}
	for _, m := range goldenModules(t) {
		golden[m.Entry] = m.Text
	}
	compared, modules, text, packed := 0, 0, 0, 0
	for path, enc := range packs {
		mods, err := ptxpack.Decode(enc)
		require.NoError(t, err, path)
		assert.NotEmpty(t, mods, path)
		modules, packed = modules+len(mods), packed+len(enc)
		for _, m := range mods {
			text += len(m.Text)
		}
		if filepath.Dir(path) != "kernels" {
			continue
		}
		for _, m := range mods {
			if want, ok := golden[m.Entry]; ok {
				assert.True(t, m.Text == want, "%s: %s differs from its golden", path, m.Entry)
				compared++
			}
		}
	}
	assert.Equal(t, len(golden), compared, "every golden is in a pack of package kernels")
	t.Logf("%d packs: %d modules, %d bytes of PTX in %d bytes of packs", len(packs), modules, text, packed)
}

// BenchmarkFirstDecode times what the first GPU launch of a module of
// the largest committed pack pays to decompress it: base64, inflate and
// the split into modules.
func BenchmarkFirstDecode(b *testing.B) {
	largest, enc := "", ""
	for path, e := range committedPacks(b) {
		if len(e) > len(enc) || len(e) == len(enc) && path < largest {
			largest, enc = path, e
		}
	}
	if enc == "" {
		b.Skip("no generated PTX packs here")
	}
	mods, err := ptxpack.Decode(enc)
	require.NoError(b, err)
	size := 0
	for _, m := range mods {
		size += len(m.Text)
	}
	b.Logf("%s: %d modules, %d bytes of PTX in %d bytes of pack", largest, len(mods), size, len(enc))
	b.SetBytes(int64(size))
	for b.Loop() {
		if _, err := ptxpack.New(enc).Text(mods[0].Entry); err != nil {
			b.Fatal(err)
		}
	}
}
