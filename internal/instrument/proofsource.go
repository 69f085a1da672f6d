package instrument

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/kapi"
	"github.com/gocuda/gocuda/internal/srchash"
)

// compiledPath is the import path of package compiled, which generated
// code calls.
const compiledPath = "github.com/gocuda/gocuda/compiled"

// compiledSources returns, by kernel name, the source hash of each
// compiled form gocuda compile generated in p (its compiled.NewSource
// call) whose lines on the disk still have that hash: the compiled form
// is of the source the proofs analyse. (In the instrumented build the
// compiled form's own check reads the rewritten lines, which never
// match.)
func compiledSources(p *packages.Package) map[string]string {
	hashes := map[string]string{}
	for _, f := range p.Syntax {
		path := p.Fset.PositionFor(f.Pos(), false).Filename
		if !kapi.GeneratedFile(path) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || !isCompiledCall(p.TypesInfo, c, "NewSource") || len(c.Args) < 4 {
				return true
			}
			args := make([]string, len(c.Args)-1)
			for i, a := range c.Args[1:] {
				lit, ok := a.(*ast.BasicLit)
				if !ok {
					return true
				}
				args[i], _ = strconv.Unquote(lit.Value)
			}
			if sameSpans(filepath.Dir(path), args[2:], args[1]) {
				hashes[args[0]] = args[1]
			}
			return true
		})
	}
	return hashes
}

// isCompiledCall reports whether c calls package compiled's function fn.
func isCompiledCall(info *types.Info, c *ast.CallExpr, fn string) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != fn {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := info.Uses[x].(*types.PkgName)
	return ok && pn.Imported().Path() == compiledPath
}

// sameSpans reports whether spans ("file:first-end", files in dir) hash
// to hash, as compiledlink.Source.Current does with the embedded files.
func sameSpans(dir string, spans []string, hash string) bool {
	var parts [][]byte
	for _, sp := range spans {
		i := strings.LastIndexByte(sp, ':')
		first, end, ok := strings.Cut(sp[i+1:], "-")
		a, err1 := strconv.Atoi(first)
		b, err2 := strconv.Atoi(end)
		if i < 0 || !ok || err1 != nil || err2 != nil {
			return false
		}
		src, err := os.ReadFile(filepath.Join(dir, sp[:i]))
		if err != nil {
			return false
		}
		parts = append(parts, srchash.Span(src, a, b))
	}
	return srchash.Sum(parts...) == hash
}
