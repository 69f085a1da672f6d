package kir

import (
	"go/ast"
	"go/types"
	"strings"
	"unicode"
)

// A generic kernel whose type parameter's method synchronizes (a policy
// template's p.step(t, v), as The CUDA Handbook writes its warp scans)
// cannot be compiled once: which method the call reaches is known only
// at instantiation. The front end then compiles one body per
// instantiation the kernel's package offers (Instances): the pipeline
// runs on the kernel's declaration copied as the inliner copies a generic
// helper (Instantiate), its locals of the type arguments' types and each
// method selection on a type parameter the argument's own method, which
// the build pass then inlines as it does a concrete type's.

// Instantiate returns src with its generic kernel instantiated with
// targs, one per type parameter: Run compiles that instantiation.
func Instantiate(src *Source, targs []types.Type) *Source {
	s := *src
	s.typeArgs = targs
	return &s
}

// TypeArgs returns the type arguments of an instantiation (Instantiate),
// or nil.
func (s *Source) TypeArgs() []types.Type { return s.typeArgs }

// instantiate sets f's type substitution to the type arguments of
// f.Src and, the first time, replaces f.Src's declaration with its copy
// for them: the records of each copied node are the original's, its types
// and method selections those of the instantiation, and each local
// variable (parameters and the thread aside) a new one of its
// instantiated type. f.Src is Instantiate's copy, which a later run (the
// interchange pass's trial) takes as it is.
func (f *Func) instantiate() {
	src := f.Src
	tps := src.Info.Defs[src.Decl.Name].(*types.Func).Signature().TypeParams()
	inst := &instance{objs: map[types.Object]types.Object{}, targs: map[*types.TypeName]types.Type{}}
	f.tsub = map[*types.TypeParam]types.Type{}
	for i := range tps.Len() {
		inst.targs[tps.At(i).Obj()] = src.typeArgs[i]
		f.tsub[tps.At(i)] = src.typeArgs[i]
	}
	if src.instantiated {
		return
	}
	ast.Inspect(src.Decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := src.Info.Defs[id].(*types.Var); ok && !v.IsField() && inst.objs[v] == nil {
				inst.objs[v] = types.NewVar(v.Pos(), v.Pkg(), v.Name(), f.subst(v.Type(), inst))
			}
		}
		return true
	})
	src.Decl = f.copyNode(src.Decl, inst, nil).(*ast.FuncDecl)
	src.instantiated = true
	clear(f.copiedCalls) // the copy stands for the kernel's calls, not beside them
}

// kernelVars returns the variables the kernel's declaration defines, the
// thread and struct fields aside: those of its syntax alone, not those
// the inliner of an earlier run recorded at its positions.
func kernelVars(src *Source) []*types.Var {
	var out []*types.Var
	seen := map[*types.Var]bool{}
	ast.Inspect(src.Decl, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := src.Info.Defs[id].(*types.Var)
		if ok && v != src.Thread && !v.IsField() && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
		return true
	})
	return out
}

// InstanceName returns a name for the instantiation of s (Instantiate)
// that Go identifiers and file names may hold: its type arguments, "ptr_"
// for a pointer, joined by "_" (*scaled, nested[shfl]: ptr_scaled_nested_shfl).
func (s *Source) InstanceName() string {
	var parts []string
	for _, t := range s.typeArgs {
		parts = append(parts, types.TypeString(t, types.RelativeTo(s.Pkg)))
	}
	name := strings.NewReplacer("*", "ptr_", "[", "_", "]", "", ",", "_", " ", "", ".", "_").Replace(strings.Join(parts, "_"))
	return strings.Map(func(r rune) rune {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '_'
	}, name)
}

// TypeArgString returns the type arguments of the instantiation of s as
// the kernel's package writes them: "P = *scaled".
func (s *Source) TypeArgString() string {
	tps := s.Info.Defs[s.Decl.Name].(*types.Func).Signature().TypeParams()
	var parts []string
	for i, t := range s.typeArgs {
		parts = append(parts, tps.At(i).Obj().Name()+" = "+types.TypeString(t, types.RelativeTo(s.Pkg)))
	}
	return strings.Join(parts, ", ")
}
