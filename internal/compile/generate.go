package compile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

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
	for _, path := range paths {
		f, err := generateFile(byPath[path])
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// generateFile writes the generated file of kernels, all of one file.
func generateFile(kernels []*Kernel) (*File, error) {
	k0 := kernels[0]
	src, err := os.ReadFile(k0.Path)
	if err != nil {
		return nil, err
	}
	out := &File{Path: GeneratedPath(k0.Path)}
	imports := newImports(k0.File, k0.Pkg)
	var body bytes.Buffer
	c := newChecker(k0)
	for _, k := range kernels {
		a, refusal := analyze(k, c)
		e := &emitter{a: a, w: &body, gocuda: imports.name(gocudaPath, "gocuda"), qual: imports.qualifier(k.Pkg.Types)}
		if refusal != nil {
			out.Refusals = append(out.Refusals, refusal)
			e.a = &analysis{k: k}
			e.constructor(refusal)
			imports.use(k.Decl.Type)
			continue
		}
		out.Kernels = append(out.Kernels, k.Name())
		uniqueNames(a)
		e.constructor(nil)
		e.printf("var gc_src_%s = %s.NewKernelSource(%q, %q, %d, %d, %q)\n\n", k.Name(), e.gocuda,
			k.Name(), filepath.Base(k.Path), k.First, k.End, srchash.Lines(src, k.First, k.End))
		e.body("gc_body_" + k.Name())
		imports.use(k.Decl)
	}
	var head bytes.Buffer
	fmt.Fprintf(&head, "%s\n\npackage %s\n\n", Header, k0.Pkg.Name)
	imports.write(&head)
	head.Write(body.Bytes())
	out.Source, err = format.Source(head.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: generated code does not parse (a bug in gocuda compile): %v\n%s", out.Path, err, head.Bytes())
	}
	return out, nil
}

// constructor writes the kernel's constructor: the compiled kernel, or
// with a refusal the runtime one.
func (e *emitter) constructor(refusal *Refusal) {
	k := e.a.k
	e.printf("%s", docOf(k, refusal))
	e.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, typeParams(e, k), strings.TrimPrefix(paramList(e, k), ", "), e.gocuda)
	call := fmt.Sprintf("%s%s(gc_t%s)", k.Name(), typeArgs(k), argList(k))
	if refusal != nil {
		e.printf("return func(gc_t *%s.Thread) { %s }\n}\n\n", e.gocuda, call)
		return
	}
	e.printf("return %s.CompiledKernel(gc_src_%s,\nfunc(gc_t *%s.Thread) { %s },\nfunc(gc_b *%s.Block) { gc_body_%s%s(gc_b%s) })\n}\n\n",
		e.gocuda, k.Name(), e.gocuda, call, e.gocuda, k.Name(), typeArgs(k), argList(k))
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

func typeParams(e *emitter, k *Kernel) string {
	if k.Decl.Type.TypeParams == nil {
		return ""
	}
	var groups []string
	for _, f := range k.Decl.Type.TypeParams.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		groups = append(groups, strings.Join(names, ", ")+" "+e.plain(f.Type))
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
func paramList(e *emitter, k *Kernel) string {
	var b strings.Builder
	for _, f := range k.Decl.Type.Params.List[1:] {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		fmt.Fprintf(&b, ", %s %s", strings.Join(names, ", "), e.plain(f.Type))
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
}
