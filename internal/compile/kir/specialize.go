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
// pass run again, and whether its SIMD body then differs (SIMDDiffers). f is
// unchanged.
func Specialize(f *Func, tp *types.TypeParam, typ types.Type) (*Func, bool) {
	g := *f
	g.tsub = map[*types.TypeParam]types.Type{tp: typ}
	g.vecLowered = nil // its helpers' results take the specialized types
	vector(&g)
	twins := g.callsTwins() // named now, before the generator hashes the helpers they copy
	return &g, g.Vectorized() || twins
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
	return substitute(t, func(tp *types.TypeParam) (types.Type, bool) {
		to, ok := f.tsub[tp]
		return to, ok
	})
}

// TypeString writes t as the generated file names it, with f's
// specialization applied.
func (f *Func) TypeString(t types.Type) string {
	return types.TypeString(f.substType(t), f.Src.Qualifier)
}
