package compile

import (
	"fmt"
	"os"
	"go/ast"
	"go/types"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// analyzeV2 runs the second-generation pipeline (package kir) on k. It
// returns the compiled kernel, or the refusal, and whether the first
// generation should try k instead (a construct kir does not compile yet).
func analyzeV2(k *Kernel, c *checker) (*kir.Func, *Refusal, bool) {
	if r := checkNames(k); r != nil {
		return nil, r, false
	}
	if r := checkParams(k); r != nil {
		return nil, r, false
	}
	src := &kir.Source{
		Fset: k.Pkg.Fset, Info: k.Pkg.TypesInfo, Pkg: k.Pkg.Types, Decl: k.Decl, Thread: k.Thread,
		Decls: c.decls, Taken: takenIn(k),
	}
	f, r := kir.Run(src, "", nil)
	if r == nil {
		return f, nil, false
	}
	if r.Unsupported {
		if os.Getenv("GOCUDA_KIR_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "kir: %s: %s: first generation: %s\n", r.Pos, k.Name(), r.Reason)
		}
		return nil, nil, true
	}
	return nil, &Refusal{Pos: r.Pos, Kernel: k.Name(), Reason: r.Reason}, false
}

// takenIn returns the names the generated code of k must not declare:
// those of k's package scope and file scope.
func takenIn(k *Kernel) func(string) bool {
	scope := k.Pkg.Types.Scope()
	files := map[string]bool{}
	for _, spec := range k.File.Imports {
		if spec.Name != nil {
			files[spec.Name.Name] = true
		} else if pn, ok := k.Pkg.TypesInfo.Implicits[spec].(*types.PkgName); ok {
			files[pn.Name()] = true
		}
	}
	return func(name string) bool { return files[name] || scope.Lookup(name) != nil }
}

// constructorV2 writes the constructor, source record and body of a
// kernel compiled by kir.
func (e *emitter) constructorV2(k *Kernel, f *kir.Func, imports *imports, hash, lines string) {
	e.a = &analysis{k: k} // for the parameter printer
	f.Src.Qualifier = imports.qualifier(k.Pkg.Types)
	f.Src.Gocuda = e.gocuda
	f.Src.Compiled = e.compiled
	e.printf("%s", docOf(k, nil))
	e.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, typeParams(e, k), trimComma(paramList(e, k)), e.gocuda)
	call := fmt.Sprintf("%s%s(gc_t%s)", k.Name(), typeArgs(k), argList(k))
	body := fmt.Sprintf("func(gc_b *%s.Block) { gc_body_%s%s(gc_b%s) }", f.Src.Compiled, k.Name(), typeArgs(k), argList(k))
	entry := "Kernel"
	if f.Grid {
		entry = "GridKernel"
		body = fmt.Sprintf("func(gc_b *%s.Block, gc_lo, gc_hi int) { gc_body_%s%s(gc_b, gc_lo, gc_hi%s) }", f.Src.Compiled, k.Name(), typeArgs(k), argList(k))
	}
	e.printf("return %s.%s(gc_src_%s,\nfunc(gc_t *%s.Thread) { %s },\n%s)\n}\n\n", f.Src.Compiled, entry, k.Name(), e.gocuda, call, body)
	e.printf("var gc_src_%s = %s.NewSource(%q, %q, %s)\n\n", k.Name(), f.Src.Compiled, k.Name(), hash, lines)
	e.printf("%s\n", kir.Emit(f, "gc_body_"+k.Name(), typeParams(e, k), paramList(e, k)))
	imports.use(k.Decl, k.Pkg.TypesInfo)
	for _, h := range f.Helpers {
		imports.use(h, k.Pkg.TypesInfo)
	}
}

func trimComma(s string) string {
	if len(s) >= 2 && s[:2] == ", " {
		return s[2:]
	}
	return s
}

var _ ast.Node
