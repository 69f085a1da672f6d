package compile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// generateGPU runs the generator with -gpu on the testdata package dir.
func generateGPU(t *testing.T, dir string) []*File {
	t.Helper()
	pkgs, err := testdataPackages()
	require.NoError(t, err)
	var ks []*Kernel
	all, err := Kernels(pkgs)
	require.NoError(t, err)
	for _, k := range all {
		if filepath.Base(filepath.Dir(k.Path)) == dir {
			ks = append(ks, k)
		}
	}
	require.NotEmpty(t, ks, dir)
	files, err := GenerateWith(ks, Options{GPU: true})
	require.NoError(t, err)
	return files
}

// packLiteral returns the pack a generated file's NewPTXPack call holds.
func packLiteral(t *testing.T, src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	require.NoError(t, err)
	var lits []string
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "NewPTXPack" {
				s, err := strconv.Unquote(c.Args[0].(*ast.BasicLit).Value)
				require.NoError(t, err)
				lits = append(lits, s)
			}
		}
		return true
	})
	require.Len(t, lits, 1)
	return lits[0]
}

// TestPTXPackFile: with -gpu, a source file's PTX forms are one pack in a
// file of their own, written once whatever the builds' files, which name
// it; the pack holds each form's module byte for byte, and the same
// input gives the same bytes.
func TestPTXPackFile(t *testing.T) {
	files := generateGPU(t, "basic")
	var pack *File
	for _, f := range files {
		if f.Path == PTXPath(filepath.Join(filepath.Dir(f.Path), "basic.go")) {
			require.Nil(t, pack, "one pack file")
			pack = f
			continue
		}
		assert.Empty(t, f.PTX, f.Path)
		assert.NotContains(t, string(f.Source), ".entry", "%s: no PTX text in the code", f.Path)
	}
	require.NotNil(t, pack)
	assert.True(t, strings.HasPrefix(string(pack.Source), Header+"\n\npackage basic\n"), "header, no build constraint")
	assert.Contains(t, string(files[0].Source), "Pack: gc_ptx_basic,")
	for l := range strings.Lines(string(pack.Source)) {
		assert.LessOrEqual(t, len(l), ptxpack.Width+1, "a line of the pack file: %q", l)
	}

	var want []ptxpack.Module
	pkgs, err := testdataPackages()
	require.NoError(t, err)
	all, err := Kernels(pkgs)
	require.NoError(t, err)
	for _, k := range all {
		if filepath.Base(filepath.Dir(k.Path)) != "basic" {
			continue
		}
		for _, g := range GPUForms(k, gpuTypeArgs) {
			if g.Err == nil {
				want = append(want, ptxpack.Module{Entry: g.PTX.Entry, Text: g.PTX.Text})
			}
		}
	}
	require.NotEmpty(t, want)
	got, err := ptxpack.Decode(packLiteral(t, pack.Source))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, want, pack.PTX)

	again := generateGPU(t, "basic")
	require.Len(t, again, len(files))
	for i := range files {
		assert.True(t, string(files[i].Source) == string(again[i].Source), "%s: generated twice, not the same bytes", files[i].Path)
	}
}

// TestMainPTXDir: gocuda compile -gpu -ptx DIR writes each form's module
// as DIR/ENTRY.ptx, with -check too, and -ptx without -gpu is a usage
// error.
func TestMainPTXDir(t *testing.T) {
	var stdout, stderr strings.Builder
	assert.Equal(t, exitUsage, Main([]string{"-ptx", t.TempDir()}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "-ptx needs -gpu")

	dir := t.TempDir()
	stderr.Reset()
	// The goldens are written without -gpu, so -check finds them stale;
	// it writes no generated file, but -ptx's text all the same.
	assert.Equal(t, exitFailure, Main([]string{"-check", "-gpu", "-ptx", dir, "./testdata/src/basic"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "basic_gocuda_ptx.go: stale")
	files := generateGPU(t, "basic")
	pack := files[len(files)-1]
	require.NotEmpty(t, pack.PTX)
	for _, m := range pack.PTX {
		b, err := os.ReadFile(filepath.Join(dir, m.Entry+".ptx"))
		require.NoError(t, err)
		assert.True(t, string(b) == m.Text, m.Entry)
	}
}
