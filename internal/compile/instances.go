package compile

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// A generic kernel whose type parameter's method synchronizes (a policy
// template) compiles per instantiation (kir.Instances): its constructor
// switches on its type arguments, each case one instantiation's body, and
// any other type arguments run the runtime path.

// An inst is a generic kernel compiled for one instantiation.
type inst struct {
	f    *kir.Func
	body string // its body function's name
}

// compileInstances compiles k, which the pipeline refused as a whole
// (refused, Instantiate set), for each instantiation with the types of
// its package; where none compiles, the refusal names why: the first
// instantiation's reason, or that the package has no type to instantiate
// it with.
func compileInstances(k *Kernel, src *kir.Source, refused *kir.Refusal) *result {
	res := &result{}
	var first *kir.Refusal
	for _, targs := range kir.Instances(src) {
		is := kir.Instantiate(src, targs)
		f, r := kir.Run(is, "", nil)
		if r != nil {
			res.instRefusals = append(res.instRefusals, is.TypeArgString()+": "+r.Reason)
			if first == nil {
				first = &kir.Refusal{Pos: r.Pos, Reason: fmt.Sprintf("with %s: %s", is.TypeArgString(), r.Reason)}
			}
			continue
		}
		res.insts = append(res.insts, &inst{f: f, body: "gc_body_" + k.ident() + "_" + is.InstanceName()})
	}
	switch {
	case len(res.insts) > 0:
		return res
	case first == nil:
		first = &kir.Refusal{Pos: refused.Pos, Reason: refused.Reason + ", and no type of the kernel's package instantiates it"}
	}
	return &result{refusal: &Refusal{Pos: first.Pos, Kernel: k.Name(), Reason: first.Reason}}
}

// compiledInstance reports whether targs are those of one of r's
// compiled instantiations: the constructor's switch runs only those as
// compiled kernels, which a GPU launch's probe reaches; any other type
// arguments run the runtime path, which has no GPU form.
func (r *result) compiledInstance(targs []types.Type) bool {
	return slices.ContainsFunc(r.insts, func(in *inst) bool {
		return slices.EqualFunc(in.f.Src.TypeArgs(), targs, types.Identical)
	})
}

// funcs returns the compiled forms of r: its one body's, or its
// instantiations'.
func (r *result) funcs() []*kir.Func {
	if r.f != nil {
		return []*kir.Func{r.f}
	}
	var out []*kir.Func
	for _, in := range r.insts {
		out = append(out, in.f)
	}
	return out
}

// helpers returns the helpers the compiled forms of r depend on
// (withTwins): its one body's, or each once of its instantiations'.
func (r *result) helpers() []*ast.FuncDecl {
	if r.f != nil {
		return withTwins(r.f)
	}
	var out []*ast.FuncDecl
	for _, f := range r.funcs() {
		for _, d := range withTwins(f) {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// entryOf returns the function of package compiled that makes f's kernel.
func entryOf(f *kir.Func) string {
	switch {
	case !f.Grid:
		return "Kernel"
	case f.GridStride != nil || f.Runs:
		// its body steps through the chunk's blocks in lockstep, or
		// runs them in rows: long contiguous chunks serve it best
		return "GridStrideKernel"
	}
	return "GridKernel"
}

// instances writes the constructor, source record and bodies of k
// compiled per instantiation.
func (w *writer) instances(k *Kernel, r *result, imports *imports, hash, lines, mark string) {
	name := k.ident()
	w.printf("%s", docOfInstances(k, r))
	w.line(k)
	w.printf("func %s%s(%s) func(*%s.Thread) {\n", k.Ctor, w.typeParams(k), strings.TrimPrefix(w.params(k, sourceName), ", "), w.gocuda)
	w.printf("gc_thread := func(gc_t *%s.Thread) { %s%s%s(gc_t%s) }\n", w.gocuda, w.probe(k, r), callee(k), typeArgs(k), paramArgs(k))
	w.printf("switch %s {\n", typeSwitch(k))
	for _, in := range r.insts {
		f := in.f
		f.Src.Qualifier = imports.qualifier(k.Pkg.Types)
		f.Src.Gocuda, f.Src.Compiled, f.Src.Archsimd, f.Src.Lanes = w.gocuda, w.compiled, w.archsimd, w.lanes
		w.printf("case %s:\n", caseType(k, f))
		w.assertParams(k, f)
		w.printf("return %s.%s(gc_src_%s, gc_thread, %s)\n", w.compiled, entryOf(f), name, w.bodyFunc(f, in.body, argList(k)))
	}
	w.printf("}\nreturn gc_thread\n}\n\n")
	w.line(k)
	w.printf("var gc_src_%s = %s.NewSource(%s, %q, %q, %s)%s%s%s\n\n", name, w.compiled, w.files, k.Name(), hash, lines, mark, w.gpuForms(r.gpu), w.noGPU(r.gpuRefusal))
	for _, in := range r.insts {
		text, lanes := kir.EmitFile(in.f, in.body, "", instParams(k, in.f), w.simd)
		w.printf("%s\n", text)
		if lanes {
			imports.own(lanesPath, w.lanes)
		}
		w.decls(in.f, imports, k)
	}
	imports.use(k.Decl, k.Pkg.TypesInfo)
}

// instParams returns ", p1 T1, p2 T2": the parameters after the thread
// of f's body, with its instantiation's types, a variadic one's as the
// kernel declares it (the constructor passes it on with ...).
func instParams(k *Kernel, f *kir.Func) string {
	var b strings.Builder
	sig := k.Pkg.TypesInfo.Defs[k.Decl.Name].(*types.Func).Signature()
	params := specParams(k)
	for i, p := range params {
		t := f.TypeString(p.typ)
		if sig.Variadic() && i == len(params)-1 {
			t = "..." + f.TypeString(p.typ.(*types.Slice).Elem())
		}
		fmt.Fprintf(&b, ", %s %s", f.ParamName(p.obj), t)
	}
	return b.String()
}

// decls writes the declarations f's body needs beside it (twins, jams,
// tables), and marks the packages its helpers and vector steps use.
func (w *writer) decls(f *kir.Func, imports *imports, k *Kernel) {
	if w.simd {
		w.twinDecls(f, imports, k.Pkg.TypesInfo)
	}
	w.jamDecls(f, imports, k.Pkg.TypesInfo)
	w.tableDecls(f)
	for _, h := range f.Helpers {
		imports.use(h.Body, k.Pkg.TypesInfo)
	}
	for _, pn := range f.VectorImports {
		imports.usePkg(pn)
	}
}

// typeSwitch returns the operand of the constructor's switch on k's type
// arguments: a zero value of its type parameter, or, for several, a nil
// pointer to a struct of them, which each case names with its arguments.
func typeSwitch(k *Kernel) string {
	names := typeParamNames(k)
	if len(names) == 1 {
		return fmt.Sprintf("any(*new(%s)).(type)", names[0])
	}
	return fmt.Sprintf("any((*%s)(nil)).(type)", tupleType(names))
}

// caseType returns the case of typeSwitch that f's instantiation takes.
func caseType(k *Kernel, f *kir.Func) string {
	var args []string
	for _, t := range f.Src.TypeArgs() {
		args = append(args, types.TypeString(t, f.Src.Qualifier))
	}
	if len(args) == 1 {
		return args[0]
	}
	return "*" + tupleType(args)
}

// tupleType returns a struct type whose fields have types ts in order.
func tupleType(ts []string) string {
	var fields []string
	for i, t := range ts {
		fields = append(fields, fmt.Sprintf("%s%d %s", genPrefix, i, t))
	}
	return "struct{ " + strings.Join(fields, "; ") + " }"
}

// typeParamNames returns the names of k's type parameters.
func typeParamNames(k *Kernel) []string {
	var out []string
	for _, f := range k.Decl.Type.TypeParams.List {
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

// docOfInstances returns the constructor's doc comment for k compiled per
// instantiation: the kernel's, and which instantiations compiled.
func docOfInstances(k *Kernel, r *result) string {
	var args []string
	for _, in := range r.insts {
		args = append(args, in.f.Src.TypeArgString())
	}
	doc := strings.TrimSuffix(docOf(k, nil), "\n")
	doc += fmt.Sprintf("\n//\n// gocuda compile compiled it for %s; other type arguments run it on the runtime path.", strings.Join(args, "; "))
	for _, why := range r.instRefusals {
		doc += "\n// Left on the runtime path with " + why + "."
	}
	return doc + "\n"
}
