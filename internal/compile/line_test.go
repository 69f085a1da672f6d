package compile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLineDirectives: each declaration written for a kernel (its
// constructor, source record and body functions) and the first statement
// of each body, which the preamble begins, name lines of that kernel
// under the //line directives, so that profiles and stack traces do:
// not the lines after the last statement of the kernel before it.
func TestLineDirectives(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		t.Run(d.Name(), func(t *testing.T) {
			kernels := sourceKernels(t, filepath.Join("testdata/src", d.Name(), d.Name()+".go"))
			for _, f := range generate(t, d.Name()) {
				fset := token.NewFileSet()
				file, err := parser.ParseFile(fset, f.Path, f.Source, parser.ParseComments)
				require.NoError(t, err)
				checked := 0
				for _, decl := range file.Decls {
					k := generatedFor(decl, kernels)
					if k == nil {
						continue
					}
					checked++
					at := []ast.Node{decl}
					if fd, ok := decl.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "gc_body_") && len(fd.Body.List) > 0 {
						at = append(at, fd.Body.List[0])
					}
					for _, n := range at {
						p := fset.Position(n.Pos())
						assert.Equal(t, filepath.Base(k.file), filepath.Base(p.Filename), "%s: %v", f.Path, p)
						assert.True(t, k.from <= p.Line && p.Line <= k.to, "%s: %T at %v, want %s's lines %d-%d", f.Path, n, p, k.name, k.from, k.to)
					}
				}
				if len(file.Decls) > 1 { // not the SIMD build's import of archsimd alone
					assert.NotZero(t, checked, f.Path)
				}
			}
		})
	}
}

// A sourceKernel is a kernel's name and the lines of its declaration.
type sourceKernel struct {
	name, file string
	from, to   int
}

// sourceKernels returns the kernels (functions with a //gocuda:kernel
// directive) of the source file at path.
func sourceKernels(t *testing.T, path string) []*sourceKernel {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	require.NoError(t, err)
	var out []*sourceKernel
	for _, decl := range file.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil &&
			strings.Contains(commentText(fd.Doc), Directive) {
			out = append(out, &sourceKernel{name: fd.Name.Name, file: path,
				from: fset.Position(fd.Pos()).Line, to: fset.Position(fd.End()).Line})
		}
	}
	require.NotEmpty(t, out, path)
	return out
}

// commentText returns the raw text of g, directives included.
func commentText(g *ast.CommentGroup) string {
	var b strings.Builder
	for _, c := range g.List {
		b.WriteString(c.Text + "\n")
	}
	return b.String()
}

// generatedFor returns the kernel a generated declaration is written for:
// the one whose body function (gc_body_name), source record (gc_src_name)
// or function it names, or nil.
func generatedFor(decl ast.Decl, kernels []*sourceKernel) *sourceKernel {
	var found *sourceKernel
	ast.Inspect(decl, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found != nil {
			return found == nil
		}
		name := strings.TrimPrefix(strings.TrimPrefix(id.Name, "gc_body_"), "gc_src_")
		for _, k := range kernels {
			if name == k.name || strings.HasPrefix(name, k.name+"_") && id.Name != name {
				found = k
			}
		}
		return found == nil
	})
	return found
}

// bodyDirective matches a line directive in a body, on a line of its own
// or as a comment before the statement it positions.
var bodyDirective = regexp.MustCompile(`(?m)(?:^//line|/\*line) (\S+?):([0-9]+)`)

// TestLineDirectivesOwnKernel: no //line directive in a kernel's body
// functions names a line of another kernel. Lines the emitter writes
// with no directive of their own (a thread loop's counters) count on
// from the statement before them, past its end; tidy must not pin such
// a line's position with a directive of its own (scaffold.go).
func TestLineDirectivesOwnKernel(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	checked := 0
	for _, d := range dirs {
		kernels := sourceKernels(t, filepath.Join("testdata/src", d.Name(), d.Name()+".go"))
		for _, f := range generate(t, d.Name()) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f.Path, f.Source, parser.ParseComments)
			require.NoError(t, err)
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				k := generatedFor(decl, kernels)
				if !ok || k == nil || !strings.HasPrefix(fd.Name.Name, "gc_body_") {
					continue
				}
				from, to := fset.Position(fd.Body.Lbrace).Offset, fset.Position(fd.Body.Rbrace).Offset
				for _, m := range bodyDirective.FindAllStringSubmatch(string(f.Source[from:to]), -1) {
					checked++
					n, err := strconv.Atoi(m[2])
					require.NoError(t, err)
					for _, other := range kernels {
						assert.False(t, other != k && m[1] == filepath.Base(other.file) && other.from <= n && n <= other.to,
							"%s: %s in %s names a line of %s", f.Path, m[0], fd.Name.Name, other.name)
					}
				}
			}
		}
	}
	assert.NotZero(t, checked)
}
