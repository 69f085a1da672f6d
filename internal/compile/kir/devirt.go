package kir

import (
	"go/ast"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Groups behind interfaces: CUDA code passes cooperative groups to device
// functions as thread_group, a type-erased group; its Go port declares an
// interface of the methods it calls (Sync, ThreadRank, Size) and passes a
// cg.ThreadBlock or a cg.Tile. A call of a method of such an interface
// may synchronize through whatever group the interface holds. A helper
// making one is inlined; a parameter of interface type that the helper
// never assigns takes the static type of the call's argument where that
// is a concrete type, so that in the inlined copy the method calls are
// the group's own (devirtualized). One left behind an interface is
// refused.

// ifaceSync reports whether fn is a method of an interface that a
// cooperative group or the thread implements.
func (f *Func) ifaceSync(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for _, t := range f.groupTypes() {
		if types.Implements(t, iface) {
			return true
		}
	}
	return false
}

// groupTypes returns the cooperative-groups types and *gocuda.Thread, as
// far as the kernel's package reaches them through its imports.
func (f *Func) groupTypes() []types.Type {
	var out []types.Type
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		switch p.Path() {
		case kapi.CGPath:
			for _, name := range []string{"ThreadBlock", "Tile", "Coalesced", "Grid"} {
				if o, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
					out = append(out, o.Type())
				}
			}
		case kapi.GocudaPath:
			if o, ok := p.Scope().Lookup("Thread").(*types.TypeName); ok {
				out = append(out, types.NewPointer(o.Type()))
			}
		}
		for _, q := range p.Imports() {
			visit(q)
		}
	}
	visit(f.Src.Pkg)
	return out
}

// concreteParams returns, for the parameters of helper decl of interface
// type that its body never assigns, the concrete static type of call's
// argument for them.
func (f *Func) concreteParams(call *ast.CallExpr, decl *ast.FuncDecl, sig *types.Signature) map[*types.Var]types.Type {
	out := map[*types.Var]types.Type{}
	for i := range min(sig.Params().Len(), len(call.Args)) {
		p := sig.Params().At(i)
		if !types.IsInterface(p.Type()) {
			continue
		}
		at := f.Src.Info.TypeOf(call.Args[i])
		if at == nil || types.IsInterface(at) || !types.AssignableTo(at, p.Type()) || f.assignsTo(decl.Body, p) {
			continue
		}
		out[p] = at
	}
	return out
}

// assignsTo reports whether body assigns v or takes its address.
func (f *Func) assignsTo(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case ast.Stmt:
			for _, e := range assigned(n) {
				if id, ok := e.(*ast.Ident); ok && f.Src.Info.ObjectOf(id) == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := n.X.(*ast.Ident); ok && f.Src.Info.ObjectOf(id) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// devirtualize returns the selection of the concrete method that the
// copy of method selection sel calls, when the copy's receiver has a
// concrete type (recv: a variable whose copy has one, a field of a
// struct of the instantiation's, a pointer's element); nil otherwise.
func devirtualize(sel *types.Selection, recv types.Type) *types.Selection {
	if sel.Kind() != types.MethodVal || !types.IsInterface(sel.Recv()) {
		return nil
	}
	if recv == nil || types.IsInterface(recv) {
		return nil
	}
	m := sel.Obj()
	if d := types.NewMethodSet(recv).Lookup(m.Pkg(), m.Name()); d != nil {
		return d
	}
	if _, isPtr := recv.Underlying().(*types.Pointer); isPtr {
		return nil
	}
	return types.NewMethodSet(types.NewPointer(recv)).Lookup(m.Pkg(), m.Name())
}
