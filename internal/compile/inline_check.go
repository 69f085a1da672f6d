package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"path/filepath"
	"regexp"
	"strings"
)

// The inliner's second half: the synthetic file holding the kernel with its
// helpers inlined, its imports, and its type-check with the package.

// qualifier writes types of other packages with their import names, which
// the synthetic file imports.
func (in *inliner) qualifier() types.Qualifier {
	return func(p *types.Package) string {
		if p.Path() == in.k.Pkg.PkgPath {
			return ""
		}
		for name, path := range in.imports {
			if path == p.Path() {
				return name
			}
		}
		in.imports[p.Name()] = p.Path()
		return p.Name()
	}
}

// addImports adds the imports of f to the synthetic file's.
func (in *inliner) addImports(f *ast.File) {
	for _, spec := range f.Imports {
		path := strings.Trim(spec.Path.Value, `"`)
		name := filepath.Base(path)
		if imp := in.k.Pkg.Imports[path]; imp != nil {
			name = imp.Name
		}
		if spec.Name != nil {
			name = spec.Name.Name
		}
		in.imports[name] = path
	}
}

// check parses and type-checks the kernel with body, returning it as a
// Kernel of a copy of the package.
func (in *inliner) check(body string) (*Kernel, error) {
	k := in.k
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", k.Pkg.Name)
	for name, path := range in.imports {
		fmt.Fprintf(&b, "%s %q\n", name, path)
	}
	body = strings.TrimSpace(body)
	for strings.HasPrefix(body, "//line") { // the directive of the brace: the func line has its own
		_, body, _ = strings.Cut(body, "\n")
	}
	pos := in.c.fset.Position(k.Decl.Pos())
	fmt.Fprintf(&b, ")\n\n//line %s:%d\nfunc gc_inline_%s%s(%s%s) %s\n", pos.Filename, pos.Line, k.Name(),
		typeParamsOf(k, in.plain), k.Thread.Name()+" *"+in.gocudaName()+".Thread", paramsOf(k, in.plain), body)
	path := filepath.Join(filepath.Dir(k.Path), "gc_inline_"+k.Name()+".go")
	f, err := parser.ParseFile(in.c.fset, path, b.String(), parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, b.String())
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Instances: map[*ast.Ident]types.Instance{},
		Implicits: map[ast.Node]types.Object{}, Scopes: map[ast.Node]*types.Scope{},
	}
	var errs []string
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p := k.Pkg.Imports[path]; p != nil {
				return p.Types, nil
			}
			return nil, fmt.Errorf("%s is not imported by %s", path, k.Pkg.PkgPath)
		}),
		Error: func(err error) {
			if msg := err.Error(); !unusedImport.MatchString(msg) && !ungenerated(msg, in.c.ctors) {
				errs = append(errs, msg)
			}
		},
	}
	files := append(append([]*ast.File(nil), k.Pkg.Syntax...), f)
	tpkg, _ := conf.Check(k.Pkg.PkgPath, in.c.fset, files, info)
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	pkg := *k.Pkg
	pkg.Types, pkg.TypesInfo, pkg.Syntax = tpkg, info, files
	decl := f.Decls[len(f.Decls)-1].(*ast.FuncDecl)
	thread := info.Defs[decl.Type.Params.List[0].Names[0]].(*types.Var)
	return &Kernel{Pkg: &pkg, File: f, Decl: decl, Ctor: k.Ctor, Thread: thread, Path: k.Path,
		First: k.First, End: k.End, name: k.Name(), inlined: true}, nil
}

// unusedImport matches the error of an import the synthetic file does not
// use: it imports what every inlined helper's file does.
var unusedImport = regexp.MustCompile(`imported (as \w+ )?and not used`)

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func (in *inliner) plain(n ast.Node) string {
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, in.c.fset, n); err != nil {
		panic(err)
	}
	return b.String()
}

// gocudaName returns the synthetic file's name for package gocuda.
func (in *inliner) gocudaName() string {
	for name, path := range in.imports {
		if path == gocudaPath {
			return name
		}
	}
	in.imports["gocuda"] = gocudaPath
	return "gocuda"
}
