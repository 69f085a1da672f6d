package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A guard comparing the thread's x index times a uniform factor, plus a
// uniform offset or not, with a uniform value (Harris's reduction kernel
// 2: index := 2*s*tid; if index < blockDim.x, or index+s < blockDim.x)
// admits the threads of a row below a bound, which compiled.ScaledBelow
// (ScaledOffBelow) computes where the factor is positive and the sum
// cannot wrap (and leaves the row whole elsewhere): a Bound with Scale.
// The guard stays in the loop, so the bound need only hold every thread
// it admits.

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
// with negate, where one side is x times a uniform factor, plus a uniform
// offset or not (through defs, the variables the guard's init defines),
// and the other uniform: an upper bound, from k*x+off < y or k*x+off <=
// y; where the factor is 1, any bound x+off makes; or nil.
func (f *Func) scaledBounds(b *ast.BinaryExpr, negate bool, defs map[*types.Var]ast.Expr) []Bound {
	op := b.Op
	k, off, kc, isScaled := f.threadAffine(b.X, f.laneAxis(), defs)
	y := b.Y
	if !isScaled {
		if k, off, kc, isScaled = f.threadAffine(b.Y, f.laneAxis(), defs); !isScaled {
			return nil
		}
		op, y = mirror[op], b.X
	}
	if !f.uniformInt(y) {
		return nil
	}
	if negate {
		if op = negation[op]; op == token.ILLEGAL {
			return nil
		}
	}
	if kc == 1 {
		return unitBounds(op, y, off)
	}
	switch op {
	case token.LSS:
		return []Bound{{X: y, Off: off, Scale: k, Upper: true}}
	case token.LEQ:
		return []Bound{{X: y, Off: off, Scale: k, Upper: true, Adj: 1}}
	}
	return nil // a lower bound: where the factor is not positive, no bound would hold
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
