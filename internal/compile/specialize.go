package compile

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// A spec is a generic kernel specialized to one lane type for the SIMD
// build (kir.Specialize): its constructor picks the specialized body
// where the type argument is that type.
type spec struct {
	typ  types.Type
	f    *kir.Func
	body string // its body function, once written
}

// specialize returns k's specializations, to each lane type its one type
// parameter admits, whose SIMD bodies differ (SIMDDiffers). A method, a kernel with no or
// several type parameters, and one with variadic or unnamed parameters
// have none.
func specialize(k *Kernel, f *kir.Func) []*spec {
	tp := typeParam(k)
	if tp == nil || k.Decl.Recv != nil {
		return nil
	}
	for _, field := range k.Decl.Type.Params.List[1:] {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic || len(field.Names) == 0 {
			return nil
		}
		for _, n := range field.Names {
			if n.Name == "_" {
				return nil
			}
		}
	}
	var out []*spec
	for _, typ := range kir.LaneTypes(tp) {
		if g, ok := kir.Specialize(f, tp, typ); ok {
			out = append(out, &spec{typ: typ, f: g})
		}
	}
	return out
}

// typeParam returns k's type parameter, if it has exactly one.
func typeParam(k *Kernel) *types.TypeParam {
	tps := k.Decl.Type.TypeParams
	if tps == nil || tps.NumFields() != 1 {
		return nil
	}
	tn, _ := k.Pkg.TypesInfo.Defs[tps.List[0].Names[0]].(*types.TypeName)
	if tn == nil {
		return nil
	}
	tp, _ := tn.Type().(*types.TypeParam)
	return tp
}

// bodyFunc returns the function literal the constructor hands the engine:
// it calls body (a body function, instantiated) with the parameters args.
func (w *writer) bodyFunc(f *kir.Func, body, args string) string {
	if f.Grid {
		return fmt.Sprintf("func(gc_b *%s.Block, gc_lo, gc_hi int) { %s(gc_b, gc_lo, gc_hi%s) }", w.compiled, body, args)
	}
	return fmt.Sprintf("func(gc_b *%s.Block) { %s(gc_b%s) }", w.compiled, body, args)
}

// dispatch writes the constructor's switch on its type argument: for each
// specialized lane type, the parameters of that type asserted to it (the
// same values: the type argument is that type) and its body taken.
func (w *writer) dispatch(k *Kernel, specs []*spec, name string) {
	w.printf("switch %s {\n", typeSwitch(k))
	for _, s := range specs {
		ts := s.f.TypeString(s.typ)
		w.printf("case %s:\n", ts)
		w.assertParams(k, s.f)
		w.printf("gc_body = %s\n", w.bodyFunc(s.f, "gc_body_"+name+"_"+ts, argList(k)))
	}
	w.printf("}\n")
}

// assertParams writes, in a case of the constructor's switch on its type
// arguments, the parameters whose types name them asserted to f's types
// for those arguments (the same values: the type arguments are those).
func (w *writer) assertParams(k *Kernel, f *kir.Func) {
	for _, p := range specParams(k) {
		if t := f.TypeString(p.typ); t != w.origType(f, p.typ) {
			w.printf("%s := any(%s).(%s)\n", p.name, p.name, t)
		}
	}
}

// origType writes t unspecialized, as the generic constructor names it.
func (w *writer) origType(f *kir.Func, t types.Type) string {
	return types.TypeString(t, f.Src.Qualifier)
}

// specBodies emits the body function of each specialization and returns
// those whose body names no type parameter of the kernel: one that still
// did (a type the specialization missed) would not build, and its type
// keeps the generic body.
func (w *writer) specBodies(k *Kernel, specs []*spec, name string) []*spec {
	var out []*spec
	for _, s := range specs {
		var params string
		for _, p := range specParams(k) {
			params += fmt.Sprintf(", %s %s", s.f.ParamName(p.obj), s.f.TypeString(p.typ))
		}
		s.body = kir.EmitSIMD(s.f, "gc_body_"+name+"_"+s.f.TypeString(s.typ), "", params)
		if !namesTypeParam(s.body, k.Decl.Type.TypeParams.List[0].Names[0].Name) {
			out = append(out, s)
		}
	}
	return out
}

// namesTypeParam reports whether the function src declares names tp,
// which a specialized body must not: the kernel's type parameter is not in
// its scope.
func namesTypeParam(src, tp string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src, parser.SkipObjectResolution)
	if err != nil {
		return true
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == tp {
			found = true
		}
		return !found
	})
	return found
}

// A param is a kernel parameter after the thread.
type param struct {
	name string
	typ  types.Type
	obj  *types.Var
}

// specParams returns k's parameters after the thread, with their types.
func specParams(k *Kernel) []param {
	var out []param
	for _, field := range k.Decl.Type.Params.List[1:] {
		for _, n := range field.Names {
			obj := k.Pkg.TypesInfo.Defs[n].(*types.Var)
			out = append(out, param{name: n.Name, typ: obj.Type(), obj: obj})
		}
	}
	return out
}
