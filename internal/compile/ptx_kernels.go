package compile

import (
	"go/types"

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
