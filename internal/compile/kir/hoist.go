package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// hoist is the pass that finds, in the condition of each block-level
// loop, the calls of package math whose arguments no trip can change
// (For.Invariant): the emitter evaluates each once, before the loop,
// where the condition evaluated it at every trip. Go does not move a
// call out of a loop, and a port of CUDA code writes its bounds as
// calls (Rodinia's backprop: float64(i) <= math.Log2(bpnnHeight), __log2f
// in the original), a twentieth of a microsecond each. The functions
// of package math have no effects and cannot fail, so evaluating such
// a call before the loop's first test gives the value every test would
// have computed.
func hoist(f *Func) {
	var fixed map[*types.Var]bool
	Walk(f.Body, func(n Node) {
		l, ok := n.(*For)
		if !ok || l.Src.Cond == nil {
			return
		}
		if fixed == nil {
			fixed = f.neverChanged()
		}
		own := map[*types.Var]bool{} // declared by the loop's init: not yet there before it
		if as, ok := l.Src.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, x := range as.Lhs {
				if v, ok := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var); ok {
					own[v] = true
				}
			}
		}
		l.Invariant = f.invariantCalls(l.Src.Cond, func(v *types.Var) bool { return fixed[v] && !own[v] })
	})
}

// invariantCalls returns the outermost calls of package math in cond
// whose arguments read only constants and the variables for which fixed
// holds.
func (f *Func) invariantCalls(cond ast.Expr, fixed func(*types.Var) bool) []*ast.CallExpr {
	var calls []*ast.CallExpr
	ast.Inspect(cond, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || !f.mathCall(call) {
			return true
		}
		if f.pureAll(call.Args, fixed, false) && !readsMemory(call) {
			calls = append(calls, call)
			return false
		}
		return true
	})
	return calls
}

// readsMemory reports whether e indexes, slices or dereferences: memory
// a trip may change, where pure would take an element some analysis
// found steady only for a part of the body.
func readsMemory(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.StarExpr:
			found = true
		}
		return !found
	})
	return found
}

// mathCall reports whether call calls a function of package math.
func (f *Func) mathCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := f.Src.Info.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "math"
}

// neverChanged returns the kernel's variables that nothing assigns after
// their declaration and whose address nothing takes, explicitly or by
// calling a method with a pointer receiver: no statement of the
// kernel, of a function literal in it, or of a helper (which sees the
// kernel's variables only through pointers) can change them.
func (f *Func) neverChanged() map[*types.Var]bool {
	changed := map[*types.Var]bool{}
	mark := func(e ast.Expr) { // the variable e is, or whose part it is
		for e != nil {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				if v, ok := f.Src.Info.Uses[x].(*types.Var); ok {
					changed[v] = true
				}
				return
			case *ast.SelectorExpr:
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return
			}
		}
	}
	ast.Inspect(f.Src.Decl.Body, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			if m.Tok != token.DEFINE {
				for _, x := range m.Lhs {
					mark(x)
				}
			}
		case *ast.IncDecStmt:
			mark(m.X)
		case *ast.RangeStmt:
			if m.Tok == token.ASSIGN {
				mark(m.Key)
				mark(m.Value)
			}
		case *ast.UnaryExpr:
			if m.Op == token.AND {
				mark(m.X)
			}
		case *ast.SelectorExpr: // v.M with a pointer receiver takes &v
			if sel := f.Src.Info.Selections[m]; sel != nil && sel.Kind() != types.FieldVal {
				if _, ptr := sel.Obj().(*types.Func).Signature().Recv().Type().Underlying().(*types.Pointer); ptr {
					mark(m.X)
				}
			}
		}
		return true
	})
	fixed := map[*types.Var]bool{}
	for v := range f.Vars {
		if !changed[v] {
			fixed[v] = true
		}
	}
	sig := f.Src.Info.Defs[f.Src.Decl.Name].(*types.Func).Signature()
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); !changed[p] {
			fixed[p] = true
		}
	}
	return fixed
}
