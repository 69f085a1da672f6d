package kir

import (
	"go/ast"
	"go/types"
)

// A template's functor, ported: CUDA code passes an operator object to a
// templated device function that calls its methods (PyTorch's WelfordOps
// reduce, combine and warp_shfl_down, in HeCBench's rowwiseMoments), and
// Go writes the template as a function whose type parameter's constraint
// names those methods. A call of one may synchronize (a method that
// shuffles) through whatever type the parameter is instantiated with.
// The check counts every type of the kernel's package with such a
// method: if one's may synchronize, the call does, and
// inlining the helper for its instantiation makes the call the concrete
// type's method (devirtualize), which is then inlined in turn: the
// functor a parameter (op.down), a field of a generic reducer
// (r.op.down, as CUB's and PyTorch's reducers keep their operator) or
// behind a pointer ((*op).down).

// typeParamRecv returns the type parameter that call's method is called
// on (op.down(...) with op of type Op), or nil.
func (f *Func) typeParamRecv(call *ast.CallExpr) *types.TypeParam {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := f.Src.Info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	t := f.Src.Info.TypeOf(sel.X)
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	tp, _ := types.Unalias(t).(*types.TypeParam)
	return tp
}

// typeParamMethodSync returns what a call of method fn on a value of type
// parameter tp may do to the threads: the most any method of that name of
// a type of the package may do (constraintMethods).
func (f *Func) typeParamMethodSync(tp *types.TypeParam, fn *types.Func, seen map[*ast.FuncDecl]bool) (string, syncKind) {
	why, kind := "", syncNone
	methods := f.constraintMethods(fn)
	for _, m := range methods {
		decl := f.declOf(m)
		var w string
		var k syncKind
		switch {
		case decl == nil && mayTakeThread(m.Type()):
			w, k = m.FullName()+" takes the thread", syncUnknown
		case decl == nil || seen[decl]:
			continue
		default:
			seen[decl] = true
			w, k = f.bodySync(decl.Body, seen)
			if k == syncHelper && w != "" {
				w = m.Name() + " → " + w
			}
		}
		if k > kind {
			why, kind = w, k
		}
	}
	if len(methods) == 0 && mayTakeThread(fn.Type()) {
		return fn.FullName() + " takes the thread, and no type of the package has such a method to make " + tp.Obj().Name() + " of", syncUnknown
	}
	return why, kind
}

// constraintMethods returns the methods named name, with as many
// parameters as fn's, of the types of the kernel's package (and pointers
// to them), generic or not: those a type argument for tp may have.
// A constraint generic over the template's other type parameters
// (reduceOp[A]) cannot be checked for a type before its instantiation,
// so the name and the arity decide, which can only count more methods.
func (f *Func) constraintMethods(fn *types.Func) []*types.Func {
	arity := fn.Signature().Params().Len()
	var out []*types.Func
	scope := f.Src.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		sel := types.NewMethodSet(types.NewPointer(named)).Lookup(f.Src.Pkg, fn.Name())
		if sel == nil {
			continue
		}
		if m, ok := sel.Obj().(*types.Func); ok && m.Signature().Params().Len() == arity {
			out = append(out, m)
		}
	}
	return out
}

// inExpression returns the refusal of statement s, which reaches a sync
// point that the build cannot make structure of. Where that is a method
// of a value whose type is a type parameter still uninstantiated (the
// kernel's own, or a helper's that the kernel instantiated with its own),
// no copy devirtualized the call: the refusal says so, and that each
// instantiation may compile (Instantiate). Otherwise the sync point is a
// barrier inside an expression.
func (f *Func) inExpression(s ast.Node) *Refusal {
	var call *ast.CallExpr
	var tp *types.TypeParam
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if p := f.typeParamRecv(n); p != nil {
				if _, kind := f.callSync(n, map[*ast.FuncDecl]bool{}); kind == syncHelper {
					call, tp = n, p
				}
			}
		}
		return call == nil
	})
	if call == nil {
		return f.unsupported(s, "a barrier inside an expression")
	}
	name := ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name
	r := f.unsupported(call, "%s called on a value of type parameter %s synchronizes through a method known only at instantiation",
		name, tp.Obj().Name())
	r.Instantiate = true
	return r
}
