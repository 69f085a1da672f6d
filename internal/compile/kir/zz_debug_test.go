package kir_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

func TestZZDebug(t *testing.T) {
	dir, want, last := os.Getenv("ZZDIR"), os.Getenv("ZZFN"), os.Getenv("ZZPASS")
	if dir == "" {
		t.Skip()
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for _, file := range p.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != want {
				continue
			}
			th := p.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Params().At(0)
			src := &kir.Source{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, Decl: fd, Thread: th, Decls: decls,
				Qualifier: types.RelativeTo(p.Types), Gocuda: "gocuda", Compiled: "compiled",
				Taken: func(name string) bool { return p.Types.Scope().Lookup(name) != nil }}
			f, r := kir.Run(src, last, nil)
			if r != nil {
				t.Fatal(r)
			}
			fmt.Println(kir.Dump(f))
		}
	}
}
