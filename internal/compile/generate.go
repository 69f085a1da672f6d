package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/format"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/srchash"
)

// A File is one generated file.
type File struct {
	Path     string     // where it goes: the source file's name with _gocuda.go
	Source   []byte     // its contents, gofmt-formatted
	Kernels  []string   // the kernels it has a compiled form of
	Refusals []*Refusal // the kernels it leaves on the runtime path, and why
}

// GeneratedPath returns the path of the file generated for source file path.
func GeneratedPath(path string) string {
	return strings.TrimSuffix(path, ".go") + "_gocuda.go"
}

// Generate returns the generated file of each source file with kernels.
func Generate(kernels []*Kernel) ([]*File, error) {
	var files []*File
	byPath := map[string][]*Kernel{}
	var paths []string
	for _, k := range kernels {
		if byPath[k.Path] == nil {
			paths = append(paths, k.Path)
		}
		byPath[k.Path] = append(byPath[k.Path], k)
	}
	// Every kernel is analysed before any is written: writing edits the
	// syntax trees, which inlining type-checks again.
	results := map[*Kernel]*result{}
	checkers := map[*packages.Package]*checker{}
	for _, k := range kernels {
		if checkers[k.Pkg] == nil {
			checkers[k.Pkg] = newChecker(k)
		}
		r := &result{}
		v2, refusal, fallback := analyzeV2(k, checkers[k.Pkg])
		if fallback {
			r.a, r.helpers, r.refusal = analyzeKernel(k, checkers[k.Pkg])
		} else {
			r.v2, r.refusal = v2, refusal
		}
		results[k] = r
	}
	for _, path := range paths {
		f, err := generateFile(byPath[path], results)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// generateFile writes the generated file of kernels, all of one file.
// A result is a kernel's analysis, or why it stays on the runtime path.
type result struct {
	v2      *kir.Func // compiled by the second generation
	a       *analysis
	helpers []*ast.FuncDecl
	refusal *Refusal
}

func generateFile(kernels []*Kernel, results map[*Kernel]*result) (*File, error) {
	k0 := kernels[0]
	out := &File{Path: GeneratedPath(k0.Path)}
	imports := newImports(k0.File, k0.Pkg)
	var body bytes.Buffer
	for _, k := range kernels {
		a, helpers, refusal := results[k].a, results[k].helpers, results[k].refusal
		e := &emitter{a: a, w: &body, gocuda: imports.name(gocudaPath, "gocuda"), qual: imports.qualifier(k.Pkg.Types)}
		if refusal != nil {
			out.Refusals = append(out.Refusals, refusal)
			e.a = &analysis{k: k}
			e.constructor(k, refusal)
			imports.use(k.Decl.Type, k.Pkg.TypesInfo)
			continue
		}
		out.Kernels = append(out.Kernels, k.Name())
		e.compiled = imports.name(compiledPath, compiledName(kernels, results))
		imports.real[compiledPath] = "compiled"
		if v2 := results[k].v2; v2 != nil {
			lines, hash, err := sourceLines(k, v2.Helpers)
			if err != nil {
				return nil, err
			}
			e.constructorV2(k, v2, imports, hash, lines)
			continue
		}
		uniqueNames(a)
		e.constructor(k, nil)
		lines, hash, err := sourceLines(k, helpers)
		if err != nil {
			return nil, err
		}
		e.printf("var gc_src_%s = %s.NewSource(%q, %q, %s)\n\n", k.Name(), e.compiled, k.Name(), hash, lines)
		e.body("gc_body_" + k.Name())
		imports.use(a.k.Decl, a.info)
	}
	var head bytes.Buffer
	fmt.Fprintf(&head, "%s\n\n", Header)
	if c := buildConstraint(k0.File); c != "" {
		fmt.Fprintf(&head, "%s\n\n", c) // the generated file builds with its source
	}
	fmt.Fprintf(&head, "package %s\n\n", k0.Pkg.Name)
	imports.write(&head)
	head.Write(body.Bytes())
	src, err := format.Source(head.Bytes())
	out.Source = src
	if err != nil {
		return nil, fmt.Errorf("%s: generated code does not parse (a bug in gocuda compile): %v\n%s", out.Path, err, head.Bytes())
	}
	return out, nil
}

// compiledName returns the name to import package compiled under in the
// generated file of kernels: the package's own unless the package, or a
// kernel or helper it compiles, declares that name.
func compiledName(kernels []*Kernel, results map[*Kernel]*result) string {
	const name = "compiled"
	k0 := kernels[0]
	if k0.Pkg.Types.Scope().Lookup(name) != nil {
		return genPrefix + name
	}
	var decls []*ast.FuncDecl
	for _, k := range kernels {
		decls = append(append(decls, k.Decl), results[k].helpers...)
		if v2 := results[k].v2; v2 != nil {
			decls = append(decls, v2.Helpers...)
		}
	}
	for id := range k0.Pkg.TypesInfo.Defs {
		for _, d := range decls {
			if id.Name == name && id.Pos() >= d.Pos() && id.Pos() < d.End() {
				return genPrefix + name
			}
		}
	}
	return name
}

// buildConstraint returns the //go:build line of f, or "".
func buildConstraint(f *ast.File) string {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				return c.Text
			}
		}
	}
	return ""
}

// analyzeKernel inlines k's synchronizing helpers and lowers it, returning
// the analysis and the helpers, or why k stays on the runtime path.
func analyzeKernel(k *Kernel, c *checker) (*analysis, []*ast.FuncDecl, *Refusal) {
	if r := checkNames(k); r != nil {
		return nil, nil, r
	}
	k2, helpers, r := inlineHelpers(k, c)
	if r != nil {
		return nil, nil, r
	}
	if k2 != k {
		c = newChecker(k2)
	}
	a, r := analyze(k2, c)
	return a, helpers, r
}

// sourceLines returns the "file:first-end" arguments naming the lines of
// k and the helpers inlined into it, and the hash of those lines.
func sourceLines(k *Kernel, helpers []*ast.FuncDecl) (string, string, error) {
	type span struct {
		path       string
		first, end int
	}
	spans := []span{{k.Path, k.First, k.End}}
	var rest []span
	for _, fd := range helpers {
		first := fd.Pos()
		if fd.Doc != nil {
			first = fd.Doc.Pos()
		}
		p := k.Pkg.Fset.Position(first)
		rest = append(rest, span{p.Filename, p.Line, k.Pkg.Fset.Position(fd.End()).Line})
	}
	slices.SortFunc(rest, func(x, y span) int { return strings.Compare(fmt.Sprint(x), fmt.Sprint(y)) })
	var args []string
	var parts [][]byte
	for _, sp := range append(spans, rest...) {
		src, err := os.ReadFile(sp.path)
		if err != nil {
			return "", "", err
		}
		parts = append(parts, srchash.Span(src, sp.first, sp.end))
		args = append(args, strconv.Quote(fmt.Sprintf("%s:%d-%d", filepath.Base(sp.path), sp.first, sp.end)))
	}
	return strings.Join(args, ", "), srchash.Sum(parts...), nil
}

// constructor writes the kernel's constructor: the compiled kernel, or
// with a refusal the runtime one.
func (e *emitter) constructor(k *Kernel, refusal *Refusal) {
	e.printf("%s", docOf(k, refusal))
	e.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, typeParams(e, k), strings.TrimPrefix(paramList(e, k), ", "), e.gocuda)
	call := fmt.Sprintf("%s%s(gc_t%s)", k.Name(), typeArgs(k), argList(k))
	if refusal != nil {
		e.printf("return func(gc_t *%s.Thread) { %s }\n}\n\n", e.gocuda, call)
		return
	}
	e.printf("return %s.Kernel(gc_src_%s,\nfunc(gc_t *%s.Thread) { %s },\nfunc(gc_b *%s.Block) { gc_body_%s%s(gc_b%s) })\n}\n\n",
		e.compiled, k.Name(), e.gocuda, call, e.compiled, k.Name(), typeArgs(k), argList(k))
}

// docOf returns the constructor's doc comment: the kernel's, without the
// directive, and with a refusal a note of it.
func docOf(k *Kernel, refusal *Refusal) string {
	var lines []string
	if k.Decl.Doc != nil {
		for _, c := range k.Decl.Doc.List {
			if !strings.HasPrefix(c.Text, Directive) {
				lines = append(lines, c.Text)
			}
		}
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "//" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		lines = append(lines, fmt.Sprintf("// %s returns the kernel %s bound to its arguments.", k.Ctor, k.Name()))
	}
	if refusal != nil {
		lines = append(lines, "//", fmt.Sprintf("// gocuda compile left it on the runtime path: %s.", refusal.Reason))
	}
	return strings.Join(lines, "\n") + "\n"
}

func typeParams(e *emitter, k *Kernel) string { return typeParamsOf(k, e.plain) }

// typeParamsOf returns "[T C, ...]", k's type parameters, or "".
func typeParamsOf(k *Kernel, plain func(ast.Node) string) string {
	if k.Decl.Type.TypeParams == nil {
		return ""
	}
	var groups []string
	for _, f := range k.Decl.Type.TypeParams.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		groups = append(groups, strings.Join(names, ", ")+" "+plain(f.Type))
	}
	return "[" + strings.Join(groups, ", ") + "]"
}

func typeArgs(k *Kernel) string {
	if k.Decl.Type.TypeParams == nil {
		return ""
	}
	var names []string
	for _, f := range k.Decl.Type.TypeParams.List {
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// paramList returns ", p1 T1, p2 T2": the kernel's parameters after the
// thread.
func paramList(e *emitter, k *Kernel) string { return paramsOf(k, e.plain) }

// paramsOf returns ", p1 T1, p2 T2": k's parameters after the thread.
func paramsOf(k *Kernel, plain func(ast.Node) string) string {
	var b strings.Builder
	for _, f := range k.Decl.Type.Params.List[1:] {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		fmt.Fprintf(&b, ", %s %s", strings.Join(names, ", "), plain(f.Type))
	}
	return b.String()
}

// argList returns ", p1, p2": the arguments passing the parameters on.
func argList(k *Kernel) string {
	var b strings.Builder
	for _, f := range k.Decl.Type.Params.List[1:] {
		_, variadic := f.Type.(*ast.Ellipsis)
		for _, n := range f.Names {
			b.WriteString(", " + n.Name)
			if variadic {
				b.WriteString("...")
			}
		}
	}
	return b.String()
}

// uniqueNames renames the kernel's local variables that share a name with
// another, so that recomputed and reloaded copies cannot capture the wrong
// one.
func uniqueNames(a *analysis) {
	objs := map[string][]types.Object{}
	for id, obj := range a.info.Defs {
		if v, ok := obj.(*types.Var); ok && a.isLocal(v) && id.Pos() >= a.k.Decl.Pos() && id.Pos() < a.k.Decl.End() {
			if !slices.Contains(objs[v.Name()], obj) {
				objs[v.Name()] = append(objs[v.Name()], obj)
			}
		}
	}
	rename := map[types.Object]string{}
	for name, list := range objs {
		slices.SortFunc(list, func(x, y types.Object) int { return int(x.Pos()) - int(y.Pos()) })
		for i, obj := range list[1:] {
			rename[obj] = name + "_" + strconv.Itoa(i+2)
		}
	}
	ast.Inspect(a.k.Decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if name, ok := rename[a.info.ObjectOf(id)]; ok {
				id.Name = name
			}
		}
		return true
	})
	a.rename = rename
}

// nameOf returns v's name in the generated code.
func (a *analysis) nameOf(v *types.Var) string {
	if name, ok := a.rename[v]; ok {
		return name
	}
	return v.Name()
}
