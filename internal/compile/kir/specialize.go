package kir

import (
	"go/ast"
	"go/types"
)

// A generic kernel's loops cannot be vector steps as they stand: a type
// parameter is no vector type. For the SIMD build, the generator asks for
// the kernel specialized to each lane type its constraint admits
// (float32, int32, uint32): the same IR, its type parameter taken as that
// type wherever a type is read (the vector pass's translation, the types
// and type names the emitter writes), and the vector pass run again.
// Generic helpers the steps inline are specialized the same way, to the
// types of their instantiation.

// laneKinds are the types a vector step's lanes can hold.
var laneKinds = []types.BasicKind{types.Float32, types.Int32, types.Uint32}

// LaneTypes returns the lane types tp's constraint admits.
func LaneTypes(tp *types.TypeParam) []types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	for _, k := range laneKinds {
		if types.Satisfies(types.Typ[k], iface) {
			out = append(out, types.Typ[k])
		}
	}
	return out
}

// Specialize returns f with type parameter tp taken as typ and the vector
// pass run again, and whether any of its loops then vectorizes. f is
// unchanged.
func Specialize(f *Func, tp *types.TypeParam, typ types.Type) (*Func, bool) {
	g := *f
	g.tsub = map[*types.TypeParam]types.Type{tp: typ}
	g.vecLowered = nil // its helpers' results take the specialized types
	vector(&g)
	return &g, g.Vectorized()
}

// typeOf returns the type of e in the step, specialized.
func (v *vectorizer) typeOf(e ast.Expr) types.Type { return v.f.substType(v.f.Src.Info.TypeOf(e)) }

// varType returns the type of obj in the step, specialized.
func (v *vectorizer) varType(obj *types.Var) types.Type { return v.f.substType(obj.Type()) }

// substType returns t with the type parameters of the current
// specialization replaced.
func (f *Func) substType(t types.Type) types.Type {
	if len(f.tsub) == 0 || t == nil {
		return t
	}
	return substitute(t, f.tsub)
}

// substitute returns t with the type parameters of m replaced, building
// the composite types around them anew.
func substitute(t types.Type, m map[*types.TypeParam]types.Type) types.Type {
	switch t := t.(type) {
	case *types.TypeParam:
		if to, ok := m[t]; ok {
			return to
		}
	case *types.Slice:
		return types.NewSlice(substitute(t.Elem(), m))
	case *types.Pointer:
		return types.NewPointer(substitute(t.Elem(), m))
	case *types.Array:
		return types.NewArray(substitute(t.Elem(), m), t.Len())
	case *types.Map:
		return types.NewMap(substitute(t.Key(), m), substitute(t.Elem(), m))
	case *types.Chan:
		return types.NewChan(t.Dir(), substitute(t.Elem(), m))
	case *types.Tuple:
		return substTuple(t, m)
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, substTuple(t.Params(), m), substTuple(t.Results(), m), t.Variadic())
	case *types.Struct:
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range fields {
			fi := t.Field(i)
			fields[i] = types.NewField(fi.Pos(), fi.Pkg(), fi.Name(), substitute(fi.Type(), m), fi.Embedded())
			tags[i] = t.Tag(i)
		}
		return types.NewStruct(fields, tags)
	case *types.Named:
		return substNamed(t, m)
	}
	return t
}

func substTuple(t *types.Tuple, m map[*types.TypeParam]types.Type) *types.Tuple {
	if t == nil {
		return nil
	}
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		v := t.At(i)
		vars[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), substitute(v.Type(), m))
	}
	return types.NewTuple(vars...)
}

// substNamed instantiates a generic named type's origin with its type
// arguments substituted.
func substNamed(t *types.Named, m map[*types.TypeParam]types.Type) types.Type {
	args := t.TypeArgs()
	if args.Len() == 0 {
		return t
	}
	subst := make([]types.Type, args.Len())
	for i := range subst {
		subst[i] = substitute(args.At(i), m)
	}
	inst, err := types.Instantiate(nil, t.Origin(), subst, false)
	if err != nil {
		return t
	}
	return inst
}

// TypeString writes t as the generated file names it, with f's
// specialization applied.
func (f *Func) TypeString(t types.Type) string {
	return types.TypeString(f.substType(t), f.Src.Qualifier)
}
