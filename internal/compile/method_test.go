package compile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKernelMethodDecl: a kernel may be a method with a named receiver of
// a type that is not generic; the generated names take the type's name.
func TestKernelMethodDecl(t *testing.T) {
	src := `package p
func (s S) a(t T) {}
func (s *S) b(t T) {}
func (_ S) c(t T) {}
func (S) d(t T) {}
func (g G[X]) e(t T) {}
func f(t T) {}
`
	file, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	require.NoError(t, err)
	want := map[string]struct {
		recv string
		ok   bool
	}{"a": {"S", true}, "b": {"S", true}, "c": {"S", false}, "d": {"S", false}, "e": {"", false}, "f": {"", true}}
	for _, d := range file.Decls {
		fd := d.(*ast.FuncDecl)
		w := want[fd.Name.Name]
		assert.Equal(t, w.recv, recvType(fd), fd.Name.Name)
		assert.Equal(t, w.ok, checkRecv(fd) == nil, fd.Name.Name)
	}
}

// TestRedeclaredKernel: a kernel function declared twice is reported
// with the package's type errors, not a crash.
func TestRedeclaredKernel(t *testing.T) {
	pkgs, err := Load(".", "./testdata/broken/redeclared")
	require.NoError(t, err)
	_, err = Kernels(pkgs)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "twice is declared more than once")
	assert.Contains(t, err.Error(), "redeclared in this block")
}
