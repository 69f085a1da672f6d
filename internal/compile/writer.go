package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// A writer writes the declarations of a generated file: each kernel's
// constructor and, where it compiles, its source record and body (which
// package kir emits).
type writer struct {
	buf      bytes.Buffer
	fset     *token.FileSet
	gocuda   string // the file's names for packages gocuda, compiled and archsimd
	compiled string
	archsimd string
	lanes    string // the default build's name for package compiled/lanes, imported where used
	files    string // the name of the file's embedded source files (filesVar)
	ptx      string // the name of the source file's PTX pack (ptxVar)
	simd     bool   // writing the SIMD build's file
	twin     bool   // the file has a twin for the other build: it builds in one
	// pkg is what the package's generated files have declared so far.
	pkg *pkgDecls
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(&w.buf, format, args...) }

// line writes a //line directive to k's func line: the declarations
// written for a kernel (its constructor, source record and body) name
// its lines, not those after the statement of the kernel before it that
// the last directive named. Within them the lines count on from there,
// the first lines of the kernel's own body.
func (w *writer) line(k *Kernel) {
	p := w.fset.Position(k.Decl.Pos())
	w.printf("//line %s:%d\n", filepath.Base(p.Filename), p.Line)
}

// refused writes the constructor of a kernel left on the runtime path.
func (w *writer) refused(k *Kernel, r *Refusal) {
	w.printf("%s", docOf(k, r))
	w.line(k)
	w.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, w.typeParams(k), strings.TrimPrefix(w.params(k, sourceName), ", "), w.gocuda)
	w.printf("return func(gc_t *%s.Thread) { %s%s(gc_t%s) }\n}\n\n", w.gocuda, callee(k), typeArgs(k), paramArgs(k))
}

// kernel writes the constructor, source record and body of a compiled
// kernel: the record's hash and lines, and mark, what follows its
// NewSource call (goexitMark).
func (w *writer) kernel(k *Kernel, r *result, imports *imports, hash, lines, mark string) {
	f := r.f
	f.Src.Qualifier = imports.qualifier(k.Pkg.Types)
	f.Src.Gocuda, f.Src.Compiled, f.Src.Archsimd, f.Src.Lanes = w.gocuda, w.compiled, w.archsimd, w.lanes
	name, targs, args := k.ident(), typeArgs(k), argList(k)
	w.printf("%s", docOf(k, nil))
	w.line(k)
	w.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, w.typeParams(k), strings.TrimPrefix(w.params(k, sourceName), ", "), w.gocuda)
	entry, body := entryOf(f), w.bodyFunc(f, "gc_body_"+name+targs, args)
	var specs []*spec
	if w.simd {
		specs = w.specBodies(k, r.specs, name)
	}
	if len(specs) > 0 {
		w.printf("gc_body := %s\n", body)
		w.dispatch(k, specs, name)
		body = "gc_body"
	}
	probe := w.probe(k, r)
	w.printf("return %s.%s(gc_src_%s,\nfunc(gc_t *%s.Thread) { %s%s%s(gc_t%s) },\n%s)\n}\n\n",
		w.compiled, entry, name, w.gocuda, probe, callee(k), targs, paramArgs(k), body)
	w.line(k)
	w.printf("var gc_src_%s = %s.NewSource(%s, %q, %q, %s)%s%s%s\n\n", name, w.compiled, w.files, k.Name(), hash, lines, mark, w.gpuForms(r.gpu), w.noGPU(r.gpuRefusal))
	text, lanes := kir.EmitFile(f, "gc_body_"+name, w.typeParams(k), w.params(k, bodyName(f, k)), w.simd)
	w.printf("%s\n", text)
	if lanes {
		imports.own(lanesPath, w.lanes)
	}
	for _, s := range specs {
		w.printf("%s\n", s.body)
	}
	if w.simd {
		w.twinDecls(f, imports, k.Pkg.TypesInfo)
	}
	w.jamDecls(f, imports, k.Pkg.TypesInfo)
	w.tableDecls(f)
	for _, s := range specs {
		w.jamDecls(s.f, imports, k.Pkg.TypesInfo)
		w.tableDecls(s.f)
	}
	imports.use(k.Decl, k.Pkg.TypesInfo)
	for _, h := range f.Helpers {
		// Only an inlined helper's body is copied: its signature's types
		// are written with the call's (the qualifier marks them), and its
		// type parameters' constraints (cmp.Ordered) not at all.
		imports.use(h.Body, k.Pkg.TypesInfo)
	}
	for _, pn := range f.VectorImports {
		imports.usePkg(pn)
	}
	for _, s := range specs {
		for _, pn := range s.f.VectorImports {
			imports.usePkg(pn)
		}
	}
}

// embed writes the declaration of the file's embedded source files:
// names, which its kernels' records hash again at run time, as the build
// compiled them (compiled.Source); pkg is the file's name for package
// embed.
func (w *writer) embed(pkg string, names []string) {
	for i, n := range names {
		if strings.ContainsAny(n, " \t\"`") {
			names[i] = strconv.Quote(n)
		}
	}
	w.printf("// %s holds the source files whose lines the kernels' records hash.\n//\n", w.files)
	w.printf("//go:embed %s\nvar %s %s.FS\n", strings.Join(names, " "), w.files, pkg)
}

// filesVar returns the name of the embedded source files of the file
// generated for the source file at path: one per generated file, since a
// package may have several.
func filesVar(path string) string { return genPrefix + "files_" + stemIdent(path) }

// stemIdent returns the name of the source file at path without ".go",
// made an identifier.
func stemIdent(path string) string {
	stem := strings.TrimSuffix(filepath.Base(path), ".go")
	return strings.Map(func(r rune) rune {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '_'
	}, stem)
}

// twinDecls writes the twins of helpers that f's SIMD bodies call and
// no file of the package has yet.
func (w *writer) twinDecls(f *kir.Func, imports *imports, info *types.Info) {
	for _, t := range f.Twins() {
		if !w.pkg.twins[t.Name] {
			w.pkg.twins[t.Name] = true
			w.printf("%s\n", kir.EmitTwin(f, t))
			imports.use(t.Decl, info)
		}
	}
}

// tableDecls writes the tables (kir.Table) that f's body for this build
// loads and no file of the package declares yet: a build's own
// declarations join the file both builds build (splitBuilds).
func (w *writer) tableDecls(f *kir.Func) {
	for _, t := range f.Tables(w.simd) {
		if claim(w.pkg.tables, t.Name) {
			w.printf("%s\n", kir.EmitTable(t))
		}
	}
}

// jamDecls writes the jams (kir.Jam) that f's bodies call and no file
// of the package declares yet, as tableDecls does tables.
func (w *writer) jamDecls(f *kir.Func, imports *imports, info *types.Info) {
	for _, j := range f.Jams(w.simd) {
		if claim(w.pkg.jams, j.Name) {
			w.printf("%s\n", kir.EmitJam(f, j))
			for _, n := range j.Syntax() {
				imports.use(n, info)
			}
		}
	}
}

// claim reports whether no file of the package declared name yet in
// declared, and records that this file does.
func claim(declared map[string]bool, name string) bool {
	if declared[name] {
		return false
	}
	declared[name] = true
	return true
}

// A pkgDecls records the helpers' declarations the package's generated
// files have written so far, so that each is written once: the SIMD
// build's twins (kir.Twin), and the jams (kir.Jam) and tables
// (kir.Table) of either build.
type pkgDecls struct {
	twins  map[string]bool
	jams   map[string]bool
	tables map[string]bool
}

func newPkgDecls() *pkgDecls {
	return &pkgDecls{twins: map[string]bool{}, jams: map[string]bool{}, tables: map[string]bool{}}
}

// plain prints a type expression of the kernel's declaration.
func (w *writer) plain(n ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, w.fset, n); err != nil {
		panic(err) // printing a type-checked tree does not fail
	}
	return b.String()
}

// typeParams returns "[T C, ...]", k's type parameters, or "".
func (w *writer) typeParams(k *Kernel) string {
	if k.Decl.Type.TypeParams == nil {
		return ""
	}
	var groups []string
	for _, f := range k.Decl.Type.TypeParams.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		groups = append(groups, strings.Join(names, ", ")+" "+w.plain(f.Type))
	}
	return "[" + strings.Join(groups, ", ") + "]"
}

// params returns ", p1 T1, p2 T2": k's parameters after the thread, its
// receiver first for a method, each named by name.
func (w *writer) params(k *Kernel, name func(*ast.Ident) string) string {
	var b strings.Builder
	if r := k.Decl.Recv; r != nil {
		fmt.Fprintf(&b, ", %s %s", name(r.List[0].Names[0]), w.plain(r.List[0].Type))
	}
	for _, f := range k.Decl.Type.Params.List[1:] {
		var names []string
		for _, n := range f.Names {
			names = append(names, name(n))
		}
		fmt.Fprintf(&b, ", %s %s", strings.Join(names, ", "), w.plain(f.Type))
	}
	return b.String()
}

// sourceName names a parameter as the kernel's source does: the
// constructor's parameters.
func sourceName(id *ast.Ident) string { return id.Name }

// bodyName returns what names a parameter of k in the body function of
// f: its own name, unless it shadows a name the body calls (a parameter
// len, say).
func bodyName(f *kir.Func, k *Kernel) func(*ast.Ident) string {
	return func(id *ast.Ident) string {
		if v, ok := k.Pkg.TypesInfo.Defs[id].(*types.Var); ok {
			return f.ParamName(v)
		}
		return id.Name
	}
}

// typeArgs returns "[T, ...]", passing k's type parameters on, or "".
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

// callee returns what the per-thread form calls: the kernel function, or
// the method on its receiver.
func callee(k *Kernel) string {
	if r := k.Decl.Recv; r != nil {
		return r.List[0].Names[0].Name + "." + k.Name()
	}
	return k.Name()
}

// argList returns ", p1, p2": the arguments passing the parameters on, a
// method's receiver first.
func argList(k *Kernel) string {
	if r := k.Decl.Recv; r != nil {
		return ", " + r.List[0].Names[0].Name + paramArgs(k)
	}
	return paramArgs(k)
}

// paramArgs returns ", p1, p2": the arguments passing the parameters
// after the thread on.
func paramArgs(k *Kernel) string {
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
