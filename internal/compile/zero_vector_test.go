package compile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoZeroVectors: generated SIMD code never writes a vector's zero
// value (var v archsimd.Float32x16, archsimd.Int32x8{}), nor calls
// ToMask, which compares with one. Go's compiler computes such a zero
// once for the function, ahead of every branch that needs it: the
// -simd512 kernels' sixteen-lane zeros, AVX-512 instructions, faulted
// (SIGILL) on an AVX2 machine before any step ran, and ToMask's zero,
// reloaded into a vector register in the scalar code between steps, slowed
// the warp-shuffle scan (compiled/zero_simd.go). It checks every generated SIMD file of the module, as
// committed: the packages generated with -simd512 (kernels, bench,
// internal/corpus, internal/difftest) and the testdata packages, which
// CI and TestGolden hold equal to what the generator writes.
func TestNoZeroVectors(t *testing.T) {
	checked := 0
	err := filepath.WalkDir("../..", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.Contains(path, "_gocuda") || strings.HasSuffix(path, "_nosimd.go") || strings.HasSuffix(path, "_ptx.go") {
			return err
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		assertNoZeroVectors(t, path, src)
		checked++
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 10, "generated SIMD files found")
}

// assertNoZeroVectors fails t for each zero value of an archsimd type in
// src (a declaration without a value, or an empty composite literal) and
// each call of ToMask.
func assertNoZeroVectors(t *testing.T, path string, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, 0)
	require.NoError(t, err)
	ast.Inspect(file, func(n ast.Node) bool { return zeroVector(t, fset, n) })
}

// isSIMDBuild reports whether x is compiled.SIMDBuild.
func isSIMDBuild(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "SIMDBuild"
}

// zeroVector fails t where n is a zero vector or ToMask's call, and
// reports whether to look inside n.
func zeroVector(t *testing.T, fset *token.FileSet, n ast.Node) bool {
	t.Helper()
	if is, ok := n.(*ast.IfStmt); ok { // the default build's own code may have them
		if not, ok := is.Cond.(*ast.UnaryExpr); ok && isSIMDBuild(not.X) {
			return false
		}
		if be, ok := is.Cond.(*ast.BinaryExpr); ok && isSIMDBuild(be.X) || isSIMDBuild(is.Cond) {
			ast.Inspect(is.Body, func(m ast.Node) bool { return zeroVector(t, fset, m) })
			if is.Init != nil {
				ast.Inspect(is.Init, func(m ast.Node) bool { return zeroVector(t, fset, m) })
			}
			return false // its else is the default build's
		}
	}
	switch n := n.(type) {
	case *ast.ValueSpec:
		if isArchsimd(n.Type) && len(n.Values) == 0 {
			t.Errorf("%v: the zero value of %s", fset.Position(n.Pos()), exprString(n.Type))
		}
	case *ast.CompositeLit:
		if isArchsimd(n.Type) && len(n.Elts) == 0 {
			t.Errorf("%v: the zero value of %s", fset.Position(n.Pos()), exprString(n.Type))
		}
	case *ast.CallExpr:
		if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "ToMask" && len(n.Args) == 0 {
			t.Errorf("%v: ToMask, which compares with a zero vector", fset.Position(n.Pos()))
		}
	}
	return true
}

// isArchsimd reports whether x names a type of package archsimd, or of
// lanes, archsimd's in the SIMD build.
func isArchsimd(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "archsimd" || pkg.Name == "lanes")
}

// exprString returns x as written, for messages.
func exprString(x ast.Expr) string {
	sel := x.(*ast.SelectorExpr)
	return sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
}
