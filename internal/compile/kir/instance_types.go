package kir

import (
	"go/types"
	"slices"
)

// maxInstances bounds the instantiations of one kernel that are compiled:
// each is a body of its own, and other type arguments run the runtime
// path.
const maxInstances = 16

// Instances returns the type-argument lists that the generic kernel of
// src is compiled for where a method of its type parameter synchronizes:
// those, of the types its package declares (packageTypes), that satisfy
// its constraints, in the order of their names, at most maxInstances.
func Instances(src *Source) [][]types.Type {
	sig := src.Info.Defs[src.Decl.Name].(*types.Func).Signature()
	tps := sig.TypeParams()
	if tps.Len() == 0 {
		return nil
	}
	pool := packageTypes(src.Pkg)
	cands := make([][]types.Type, tps.Len())
	for i := range cands {
		cands[i] = admitted(tps.At(i), pool)
	}
	var out [][]types.Type
	targs := make([]types.Type, tps.Len())
	var walk func(i int)
	walk = func(i int) {
		switch {
		case len(out) == maxInstances:
		case i == len(targs):
			if _, err := types.Instantiate(nil, sig, targs, true); err == nil {
				out = append(out, slices.Clone(targs))
			}
		default:
			for _, t := range cands[i] {
				targs[i] = t
				walk(i + 1)
			}
		}
	}
	walk(0)
	return out
}

// admitted returns the types of pool, and the terms of tp's constraint,
// that tp may be: those satisfying the constraint, a pointer only where
// its element does not (a policy with pointer receivers). Where none
// does, the constraint names another type parameter (interface{ *T;
// step() }), and every type of pool is left for the kernel's
// instantiation to check.
func admitted(tp *types.TypeParam, pool []types.Type) []types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	for _, t := range append(termTypes(iface), pool...) {
		if p, isPtr := t.(*types.Pointer); isPtr && slices.Contains(out, p.Elem()) {
			continue
		}
		if types.Satisfies(t, iface) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return pool
	}
	return out
}

// termTypes returns the types of the terms of constraint iface's unions
// (float32 | int32) that name no type parameter.
func termTypes(iface *types.Interface) []types.Type {
	var out []types.Type
	for i := range iface.NumEmbeddeds() {
		u, ok := iface.EmbeddedType(i).(*types.Union)
		if !ok {
			continue
		}
		for j := range u.Len() {
			if t := u.Term(j).Type(); concrete(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// packageTypes returns the types pkg declares that a type parameter may
// be: its named types that are not interfaces, pointers to them, and its
// generic types instantiated with those (a policy wrapping another), in
// the order of their names.
func packageTypes(pkg *types.Package) []types.Type {
	var base []types.Type
	var generic []*types.Named
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		switch {
		case !ok:
		case named.TypeParams().Len() == 0:
			base = append(base, named, types.NewPointer(named))
		default:
			generic = append(generic, named)
		}
	}
	out := slices.Clone(base)
	for _, g := range generic {
		for _, t := range instancesOf(g, base) {
			out = append(out, t, types.NewPointer(t))
		}
	}
	return out
}

// instancesOf returns generic type g instantiated with each list of
// types of base its constraints admit (admitted).
func instancesOf(g *types.Named, base []types.Type) []types.Type {
	n := g.TypeParams().Len()
	if n > 2 {
		return nil // as many instantiations as base's length to that power
	}
	var out []types.Type
	targs := make([]types.Type, n)
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			if t, err := types.Instantiate(nil, g, slices.Clone(targs), true); err == nil { // the instance keeps its list
				out = append(out, t)
			}
			return
		}
		for _, t := range admitted(g.TypeParams().At(i), base) {
			targs[i] = t
			walk(i + 1)
		}
	}
	walk(0)
	return out
}

// concrete reports whether t names no type parameter.
func concrete(t types.Type) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return false
	case *types.Pointer:
		return concrete(t.Elem())
	case *types.Slice:
		return concrete(t.Elem())
	case *types.Array:
		return concrete(t.Elem())
	case *types.Map:
		return concrete(t.Key()) && concrete(t.Elem())
	case *types.Named:
		for i := range t.TypeArgs().Len() {
			if !concrete(t.TypeArgs().At(i)) {
				return false
			}
		}
	}
	return true
}
