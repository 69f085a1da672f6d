package kir

import "go/types"

// A typeArgs gives the type argument a type parameter stands for, if it
// has one.
type typeArgs func(*types.TypeParam) (types.Type, bool)

// substitute returns t with the type parameters args knows replaced,
// building the composite types around them anew: the inliner's copies of
// generic helpers and the SIMD build's specializations both write types
// through it.
func substitute(t types.Type, args typeArgs) types.Type {
	switch t := t.(type) {
	case *types.TypeParam:
		if to, ok := args(t); ok {
			return to
		}
	case *types.Slice:
		return types.NewSlice(substitute(t.Elem(), args))
	case *types.Pointer:
		return types.NewPointer(substitute(t.Elem(), args))
	case *types.Array:
		return types.NewArray(substitute(t.Elem(), args), t.Len())
	case *types.Map:
		return types.NewMap(substitute(t.Key(), args), substitute(t.Elem(), args))
	case *types.Chan:
		return types.NewChan(t.Dir(), substitute(t.Elem(), args))
	case *types.Tuple:
		return substTuple(t, args)
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, substTuple(t.Params(), args), substTuple(t.Results(), args), t.Variadic())
	case *types.Struct:
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range fields {
			fi := t.Field(i)
			fields[i] = types.NewField(fi.Pos(), fi.Pkg(), fi.Name(), substitute(fi.Type(), args), fi.Embedded())
			tags[i] = t.Tag(i)
		}
		return types.NewStruct(fields, tags)
	case *types.Named:
		return substNamed(t, args)
	}
	return t
}

func substTuple(t *types.Tuple, args typeArgs) *types.Tuple {
	if t == nil {
		return nil
	}
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		v := t.At(i)
		vars[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), substitute(v.Type(), args))
	}
	return types.NewTuple(vars...)
}

// substNamed instantiates a generic named type's origin with its type
// arguments substituted.
func substNamed(t *types.Named, args typeArgs) types.Type {
	targs := t.TypeArgs()
	if targs.Len() == 0 {
		return t
	}
	subst := make([]types.Type, targs.Len())
	for i := range subst {
		subst[i] = substitute(targs.At(i), args)
	}
	inst, err := types.Instantiate(nil, t.Origin(), subst, false)
	if err != nil {
		return t
	}
	return inst
}
