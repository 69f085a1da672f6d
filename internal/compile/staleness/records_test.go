package staleness

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/srchash"
)

// A record is a kernel's source record in a generated file.
type record struct {
	file     string   // the generated file
	files    string   // the name of its embedded files
	kernel   string   // the kernel's function name
	hash     string   // the hash of spans
	spans    []string // "file:first-end"
	embedded []string // the files its go:embed line names
}

// TestKernelsRecordsCoverTheirSource: every kernel of package kernels has,
// in each build's generated file, a source record whose first span is the
// whole kernel (its doc comment to its closing brace), whose files the
// generated file embeds, and whose hash is that of the lines now: an edit
// anywhere in a kernel changes what the launch hashes, so it is caught.
func TestKernelsRecordsCoverTheirSource(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "kernels")
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, nil, parser.ParseComments)
	require.NoError(t, err)
	kernels := map[string][2]int{} // kernel name to its lines
	var records []record
	for _, f := range pkgs["kernels"].Files {
		name := fset.Position(f.Package).Filename
		if strings.HasSuffix(name, "_gocuda.go") || strings.HasSuffix(name, "_gocuda_simd.go") || strings.HasSuffix(name, "_gocuda_nosimd.go") {
			records = append(records, recordsOf(t, name, f)...)
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil && hasDirective(fd.Doc) {
				kernels[filepath.Base(name)+":"+fd.Name.Name] = [2]int{fset.Position(fd.Doc.Pos()).Line, fset.Position(fd.End()).Line}
			}
		}
	}
	require.NotEmpty(t, kernels)
	covered := map[string]int{}
	for _, r := range records {
		require.NotEmpty(t, r.spans, "%s: %s", r.file, r.kernel)
		first := r.spans[0]
		colon := strings.LastIndexByte(first, ':')
		file, lines := first[:colon], first[colon+1:]
		k, ok := kernels[file+":"+r.kernel]
		if !assert.True(t, ok, "%s: record of %s names %s, which declares no such kernel", r.file, r.kernel, file) {
			continue
		}
		assert.Equal(t, strconv.Itoa(k[0])+"-"+strconv.Itoa(k[1]), lines, "%s: %s's record covers the whole kernel", r.file, r.kernel)
		var parts [][]byte
		for _, sp := range r.spans {
			colon := strings.LastIndexByte(sp, ':')
			assert.Contains(t, r.embedded, sp[:colon], "%s: %s's lines are in a file the generated file embeds", r.file, r.kernel)
			var a, b int
			_, err := fmt.Sscanf(sp[colon+1:], "%d-%d", &a, &b)
			require.NoError(t, err)
			src, err := os.ReadFile(filepath.Join(dir, sp[:colon]))
			require.NoError(t, err)
			parts = append(parts, srchash.Span(src, a, b))
		}
		assert.Equal(t, r.hash, srchash.Sum(parts...), "%s: %s's record is current", r.file, r.kernel)
		covered[file+":"+r.kernel]++
	}
	for k := range kernels {
		assert.NotZero(t, covered[k], "kernel %s has a source record", k)
	}
}

// hasDirective reports whether a doc comment marks a kernel.
func hasDirective(doc *ast.CommentGroup) bool {
	return slices.ContainsFunc(doc.List, func(c *ast.Comment) bool { return strings.HasPrefix(c.Text, "//gocuda:kernel ") })
}

// recordsOf returns the source records of the generated file f, named
// name.
func recordsOf(t *testing.T, name string, f *ast.File) []record {
	embeds := map[string][]string{}
	var records []record
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		if gd.Doc != nil {
			for _, c := range gd.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
					embeds[vs.Names[0].Name] = strings.Fields(rest)
				}
			}
		}
		if strings.HasPrefix(vs.Names[0].Name, "gc_src_") {
			records = append(records, newRecord(t, name, vs.Values[0]))
		}
	}
	for i := range records {
		records[i].embedded = embeds[records[i].files]
	}
	return records
}

// newRecord reads a record from its initializer,
// compiled.NewSource(files, "kernel", "hash", spans...) with perhaps a
// method call after it.
func newRecord(t *testing.T, file string, e ast.Expr) record {
	call := e.(*ast.CallExpr)
	for {
		sel := call.Fun.(*ast.SelectorExpr)
		if sel.Sel.Name == "NewSource" {
			break
		}
		call = sel.X.(*ast.CallExpr)
	}
	r := record{file: file, files: call.Args[0].(*ast.Ident).Name}
	var strs []string
	for _, a := range call.Args[1:] {
		s, err := strconv.Unquote(a.(*ast.BasicLit).Value)
		require.NoError(t, err)
		strs = append(strs, s)
	}
	r.kernel, r.hash, r.spans = strs[0], strs[1], strs[2:]
	return r
}
