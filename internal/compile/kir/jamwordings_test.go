package kir_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestJamWordings: each wording of a per-thread reduction in
// testdata/jamwordings (a helper or inline, ranged or counted, stored,
// shuffled, copied on by an inlined helper, reduced by cooperative
// groups) gets a jam from the whole pipeline.
func TestJamWordings(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./testdata/jamwordings")
	require.NoError(t, err)
	require.Len(t, pkgs, 1)
	p := pkgs[0]
	require.Empty(t, p.Errors)
	decls := map[*types.Func]*ast.FuncDecl{}
	var kernels []*ast.FuncDecl
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn := p.TypesInfo.Defs[fd.Name].(*types.Func)
			decls[fn] = fd
			if fd.Doc == nil || !strings.HasPrefix(fd.Doc.Text(), "A helper:") {
				kernels = append(kernels, fd)
			}
		}
	}
	require.Len(t, kernels, 6)
	for _, fd := range kernels {
		th := p.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Params().At(0)
		src := &kir.Source{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, Decl: fd, Thread: th, Decls: decls,
			Qualifier: types.RelativeTo(p.Types), Gocuda: "gocuda", Compiled: "compiled",
			Taken: func(name string) bool { return p.Types.Scope().Lookup(name) != nil }}
		f, r := kir.Run(src, "", nil)
		require.Nil(t, r, "%s refused", fd.Name.Name)
		assert.Contains(t, kir.Dump(f), "[jam ", "%s: no jam", fd.Name.Name)
	}
}
