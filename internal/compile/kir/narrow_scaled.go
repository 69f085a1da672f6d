package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A guard comparing the thread's x index times a uniform factor with a
// uniform value (Harris's reduction kernel 2: index := 2*s*tid; if index
// < blockDim.x) admits the threads of a row below a bound, which
// compiled.ScaledBelow computes where the factor is positive and cannot
// make the product wrap (and leaves the row whole elsewhere): a Bound
// with Scale. The guard stays in the loop, so the bound need only hold
// every thread it admits.

// scaledGuard returns the bound a guard's condition cond (its negation,
// with negate) makes by its first operand's comparison of x times a
// factor (scaledBounds), or nil.
func (f *Func) scaledGuard(cond ast.Expr, negate bool, defs map[*types.Var]ast.Expr) []Bound {
	b, ok := ast.Unparen(f.condOperands(cond, negate)[0]).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if _, ok := mirror[b.Op]; !ok {
		return nil
	}
	return f.scaledBounds(b, negate, defs)
}

// scaledBounds returns the bound comparison b makes of x, its negation
// with negate, where one side is x times a uniform factor (through defs,
// the variables the guard's init defines) and the other uniform: an upper
// bound, from k*x < y or k*x <= y; or nil.
func (f *Func) scaledBounds(b *ast.BinaryExpr, negate bool, defs map[*types.Var]ast.Expr) []Bound {
	op := b.Op
	k, isScaled := f.threadXScaled(b.X, defs)
	y := b.Y
	if !isScaled {
		if k, isScaled = f.threadXScaled(b.Y, defs); !isScaled {
			return nil
		}
		op, y = mirror[op], b.X
	}
	if !f.safeUniform(y) || !types.Identical(f.Src.Info.TypeOf(y), types.Typ[types.Int]) {
		return nil
	}
	if negate {
		op = negation[op]
	}
	switch op {
	case token.LSS:
		return []Bound{{X: y, Scale: k, Upper: true}}
	case token.LEQ:
		return []Bound{{X: y, Scale: k, Upper: true, Adj: 1}}
	}
	return nil // a lower bound: where the factor is not positive, no bound would hold
}

// threadXScaled reports whether e is the thread's x index times a uniform
// int factor that cannot fail (k*x or x*k), returning the factor; e may
// name a variable of defs, or a remat variable, defined as such.
func (f *Func) threadXScaled(e ast.Expr, defs map[*types.Var]ast.Expr) (ast.Expr, bool) {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, _ := f.Src.Info.Uses[id].(*types.Var)
		if d, ok := defs[v]; ok {
			return f.threadXScaled(d, nil)
		}
		if kv := f.varOf(e); kv != nil && kv.Class == Remat {
			if d := defExpr(kv); d != nil && d != e {
				return f.threadXScaled(d, nil)
			}
		}
		return nil, false
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.MUL || !types.Identical(f.Src.Info.TypeOf(b), types.Typ[types.Int]) {
		return nil, false
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if f.isThreadX(p[0]) && f.safeUniform(p[1]) {
			return p[1], true
		}
	}
	return nil, false
}

// initDefs returns the variables init, a guard's, defines and their
// values, where it only defines them from expressions that are pure over
// remat and uniform variables and cannot fail: a thread the guard's
// bounds skip loses nothing by not evaluating it. It returns false for
// any other init.
func (f *Func) initDefs(init ast.Stmt) (map[*types.Var]ast.Expr, bool) {
	if init == nil {
		return nil, true
	}
	a, ok := init.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) {
		return nil, false
	}
	notVarying := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class != Varying }
	defs := map[*types.Var]ast.Expr{}
	for i, l := range a.Lhs {
		v, _ := f.Src.Info.Defs[identOf(l)].(*types.Var)
		if v == nil || !f.pure(a.Rhs[i], notVarying, true) || !f.cannotFail(a.Rhs[i]) {
			return nil, false
		}
		defs[v] = a.Rhs[i]
	}
	return defs, true
}
