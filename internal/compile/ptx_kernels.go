package compile

import (
	"fmt"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// A GPUForm is a kernel written as PTX (package ptx), or why it could not
// be: one for a plain kernel, one per instantiation of a generic one.
type GPUForm struct {
	Kernel *Kernel
	// TypeArgs are the instantiation's type arguments, nil for a plain
	// kernel.
	TypeArgs []types.Type
	PTX      *ptx.Kernel
	Err      error
}

// GPUForms writes k as PTX: once, or for a generic kernel once for each
// instantiation that targs admits (all those with the types of its
// package where targs is nil; see kir.Instances).
func GPUForms(k *Kernel, targs func([]types.Type) bool) []GPUForm {
	src := &kir.Source{
		Fset: k.Pkg.Fset, Info: k.Pkg.TypesInfo, Pkg: k.Pkg.Types, Decl: k.Decl, Thread: k.Thread,
		Decls: funcDecls(k.Pkg), Taken: takenIn(k),
	}
	insts := kir.Instances(src)
	if insts == nil {
		p, err := ptx.Compile(src, k.ident())
		return []GPUForm{{Kernel: k, PTX: p, Err: err}}
	}
	var out []GPUForm
	for _, ta := range insts {
		if targs != nil && !targs(ta) {
			continue
		}
		is := kir.Instantiate(src, ta)
		p, err := ptx.Compile(is, k.ident()+"_"+is.InstanceName())
		out = append(out, GPUForm{Kernel: k, TypeArgs: ta, PTX: p, Err: err})
	}
	return out
}

// gpuTypeArgs admits the instantiations gocuda compile -gpu writes PTX
// for: float32, float64, int32 and uint32 elements (each form is a module
// in the generated file).
func gpuTypeArgs(targs []types.Type) bool {
	for _, t := range targs {
		b, ok := t.(*types.Basic)
		if !ok {
			return false
		}
		switch b.Kind() {
		case types.Float32, types.Float64, types.Int32, types.Uint32:
		default:
			return false
		}
	}
	return true
}

// probe returns the statement with which k's per-thread form hands a GPU
// launch's probe its arguments, where r has GPU forms, or "": a variadic
// parameter is handed as its slice, the type the form's parameter has.
func (w *writer) probe(k *Kernel, r *result) string {
	if len(r.gpu) == 0 {
		return ""
	}
	args := strings.ReplaceAll(paramArgs(k), "...", "")
	return fmt.Sprintf("if %s.Probing(gc_t) { %s.ProbeArgs(gc_t%s); return }; ", w.compiled, w.compiled, args)
}

// gpuForms returns the call recording forms on a kernel's Source, or "".
func (w *writer) gpuForms(forms []GPUForm) string {
	if len(forms) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(".GPU(")
	for _, g := range forms {
		var params []string
		for _, p := range g.PTX.Params {
			if p.Name == ptx.DynamicSize {
				continue
			}
			params = append(params, strconv.Quote(reflectString(p.Go)))
		}
		var files []string
		for _, f := range g.PTX.Files {
			files = append(files, strconv.Quote(f))
		}
		fmt.Fprintf(&b, "\n%s.PTX{Entry: %q, Pack: %s, Params: []string{%s}, Files: []string{%s}, DynamicShared: %v, DynamicSize: %v},",
			w.compiled, g.PTX.Entry, w.ptx, strings.Join(params, ", "), strings.Join(files, ", "), g.PTX.DynamicShared, hasDynamicSize(g.PTX))
	}
	b.WriteString("\n)")
	return b.String()
}

// hasDynamicSize reports whether the module's last parameter is
// ptx.DynamicSize.
func hasDynamicSize(k *ptx.Kernel) bool {
	return len(k.Params) > 0 && k.Params[len(k.Params)-1].Name == ptx.DynamicSize
}

// reflectString writes t as package reflect does, which is how a launch
// names its arguments' types: byte as uint8, rune as int32, a named type
// by its package's name.
func reflectString(t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		return types.Typ[u.Kind()].Name()
	case *types.Slice:
		return "[]" + reflectString(u.Elem())
	case *types.Pointer:
		return "*" + reflectString(u.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", u.Len(), reflectString(u.Elem()))
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// gpuRefusal says why form g of k has no PTX: its instantiation, the line
// and the reason, with the file's name alone so that the generated file
// does not depend on where it was generated.
func gpuRefusal(k *Kernel, g GPUForm) string {
	msg := g.Err.Error()
	if r, ok := g.Err.(*ptx.Refusal); ok {
		msg = fmt.Sprintf("%s:%d: %s", filepath.Base(r.Pos.Filename), r.Pos.Line, r.Reason)
	}
	if g.TypeArgs != nil {
		var args []string
		for _, t := range g.TypeArgs {
			args = append(args, types.TypeString(t, func(p *types.Package) string { return p.Name() }))
		}
		msg = fmt.Sprintf("with [%s]: %s", strings.Join(args, " "), msg)
	}
	return msg
}

// noGPU returns the call recording why a form was not written, or "".
func (w *writer) noGPU(reason string) string {
	if reason == "" {
		return ""
	}
	return fmt.Sprintf(".NoGPU(%q)", reason)
}
