package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/gocuda/gocuda/internal/kapi"
)

// privateAtomics finds the slice parameters a kernel only updates
// atomically with one operator: every use is atomic.Add(&p[i], v) (or
// Sub, Or, And, Xor, Max, Min, all of one operator, Add and Sub counting
// as one) as a statement of its own, the old value unused, on 32- or
// 64-bit integers. No thread of the launch reads such a slice, and the
// operator is associative and commutative, so the bodies of a worker's
// chunk of blocks update a private copy, which the engine merges when the
// chunk ends (compiled.PrivateIn): the textbook histograms' atomics on
// global bins, one per element or one per bin of each block, cost what a
// worker's own bins cost. len and cap of the slice are the copy's too. A
// use of any other kind (a read, a helper's argument, a float's addition,
// whose rounding depends on the order, a second operator) keeps the
// atomics.
func privateAtomics(f *Func) {
	updates := f.atomicUpdates()
	for _, p := range f.sliceParams() {
		op, one := "", true
		for call, to := range updates {
			if to == p {
				e, _ := f.entry(call)
				one = one && (op == "" || op == privateOps[e.Short])
				op = privateOps[e.Short]
			}
		}
		if op == "" || !one || !privatizable(p) || !f.onlyUpdated(p) { // op: at least one update
			continue
		}
		if f.Private == nil {
			f.Private, f.PrivateOps = map[*ast.CallExpr]*types.Var{}, map[*types.Var]string{}
		}
		f.PrivateOps[p] = op
		for call, to := range updates {
			if to == p {
				f.Private[call] = p
			}
		}
	}
}

// privateOps are the atomics a private copy takes, by name, and the
// operator of package compiled's each combines with (Sub adds).
var privateOps = map[string]string{"Add": "OpAdd", "Sub": "OpAdd", "Or": "OpOr", "And": "OpAnd", "Xor": "OpXor", "Max": "OpMax", "Min": "OpMin"}

// atomicUpdates returns the kernel's statements of an atomic privateOps
// takes on an element of a parameter, by the parameter they update.
func (f *Func) atomicUpdates() map[*ast.CallExpr]*types.Var {
	updates := map[*ast.CallExpr]*types.Var{}
	f.inspectAll(func(n ast.Node) {
		if call, p := f.paramUpdate(n); p != nil {
			updates[call] = p
		}
	})
	return updates
}

// paramUpdate returns, where n is a statement atomic.Add(&p[i], v) or
// another atomic of privateOps, p a parameter of the kernel, the call and
// p.
func (f *Func) paramUpdate(n ast.Node) (*ast.CallExpr, *types.Var) {
	s, ok := n.(*ast.ExprStmt)
	if !ok {
		return nil, nil
	}
	call, ok := ast.Unparen(s.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil, nil
	}
	if e, ok := f.entry(call); !ok || e.Kind != kapi.Atomic || privateOps[e.Short] == "" {
		return nil, nil
	}
	if id := addedSlice(call.Args[0]); id != nil {
		if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.isParam(v) {
			return call, v
		}
	}
	return nil, nil
}

// addedSlice returns s where x is &s[i], s an identifier.
func addedSlice(x ast.Expr) *ast.Ident {
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	ix, ok := ast.Unparen(u.X).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	id, _ := ast.Unparen(ix.X).(*ast.Ident)
	return id
}

// sliceParams returns the kernel's parameters of slice type, in order.
func (f *Func) sliceParams() []*types.Var {
	var out []*types.Var
	for _, field := range f.Src.Decl.Type.Params.List {
		for _, name := range field.Names {
			if v, ok := f.Src.Info.Defs[name].(*types.Var); ok {
				if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// privatizable reports whether p's elements are integers of package
// atomic's Integer, not of a type parameter.
func privatizable(p *types.Var) bool {
	elem := p.Type().Underlying().(*types.Slice).Elem()
	if _, isParam := elem.(*types.TypeParam); isParam {
		return false
	}
	b, ok := elem.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	return slices.Contains([]types.BasicKind{types.Int32, types.Uint32, types.Int64, types.Uint64}, b.Kind())
}

// onlyUpdated reports whether every use of p in the kernel's source, and
// in the IR the passes made of it, is the slice of a statement of an
// atomic privateOps takes (or len or cap of p).
func (f *Func) onlyUpdated(p *types.Var) bool {
	allowed := map[*ast.Ident]bool{}
	var uses []*ast.Ident
	visit := func(n ast.Node) {
		if call, to := f.paramUpdate(n); to == p {
			allowed[addedSlice(call.Args[0])] = true
		}
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.Uses[id] == p {
			uses = append(uses, id)
		}
		if id := f.lenOf(n); id != nil && f.Src.Info.Uses[id] == p {
			allowed[id] = true // its length is the copy's
		}
	}
	ast.Inspect(f.Src.Decl.Body, func(n ast.Node) bool {
		if n != nil {
			visit(n)
		}
		return true
	})
	f.inspectAll(visit)
	for _, id := range uses {
		if !allowed[id] {
			return false
		}
	}
	return len(allowed) > 0
}

// lenOf returns s where n is len(s) or cap(s), s an identifier.
func (f *Func) lenOf(n ast.Node) *ast.Ident {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if b, ok := f.Src.Info.Uses[fn].(*types.Builtin); !ok || b.Name() != "len" && b.Name() != "cap" {
		return nil
	}
	id, _ := ast.Unparen(call.Args[0]).(*ast.Ident)
	return id
}

// privateOthers returns the kernel's slice parameters of p's type that it
// uses other than by private updates: a private copy must overlap none.
func (f *Func) privateOthers(p *types.Var) []*types.Var {
	var out []*types.Var
	for _, q := range f.sliceParams() {
		if _, private := f.PrivateOps[q]; q != p && !private && types.Identical(q.Type(), p.Type()) {
			out = append(out, q)
		}
	}
	return out
}

// privateParams returns the parameters with private copies, in order.
func (f *Func) privateParams() []*types.Var {
	var out []*types.Var
	for _, q := range f.sliceParams() {
		if _, private := f.PrivateOps[q]; private {
			out = append(out, q)
		}
	}
	return out
}
