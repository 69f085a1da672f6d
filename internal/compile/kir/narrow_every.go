package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// An Every is a guard's residue class of the thread's x index: the guard
// admits only the threads with x%M == C (Harris's reduction kernel 1:
// if tid%(2*s) == 0). A row runs x from the first such, M at a time, as
// compiled.EveryFrom computes, where M is positive and C a residue of it;
// elsewhere every thread, as written. The guard stays in the loop, which
// no later pass restructures (ThreadLoop.stepped).
type Every struct {
	M, C ast.Expr
	// Mask is set where the guard is x&M == C: the class's modulus is
	// compiled.MaskPeriod(M), none where M is no mask of low bits.
	Mask bool
	// Guard is the if, Return set where it returns the threads it does
	// not admit: where compiled.EveryFrom finds the residue exact, the
	// loop's rows run the if's body alone, or nothing of a return.
	Guard  ast.Stmt
	Return bool
}

// everyGuard returns the residue class the condition of guard (its
// negation, with negate) admits: x%m == c, or c == x%m, with m and c
// uniform ints that cannot fail, or x&m == c, a class where m is a mask
// of low bits (compiled.MaskPeriod); x is the thread's x index by its
// index facts, through defs; or nil.
func (f *Func) everyGuard(guard *ast.IfStmt, negate bool, defs map[*types.Var]ast.Expr) *Every {
	ops := f.condOperands(guard.Cond, negate)
	if len(ops) != 1 {
		return nil // the residue decides the whole condition, or the guard could not go
	}
	b, ok := ast.Unparen(ops[0]).(*ast.BinaryExpr)
	want := map[bool]token.Token{false: token.EQL, true: token.NEQ}[negate]
	if !ok || b.Op != want {
		return nil
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if m, mask, ok := f.residue(p[0], defs); ok && f.uniformInt(m) && f.uniformInt(p[1]) {
			return &Every{M: m, C: p[1], Mask: mask, Guard: guard, Return: negate}
		}
	}
	return nil
}

// uniformInt reports whether e is an int the same for the block that
// cannot fail.
func (f *Func) uniformInt(e ast.Expr) bool {
	return types.Identical(f.Src.Info.TypeOf(e), types.Typ[types.Int]) && f.safeUniform(e)
}

// stepped reports whether l runs every Mth thread of its rows (Every):
// the passes that change how a thread loop runs leave it as it is.
func (l *ThreadLoop) stepped() bool { return l.Every != nil }
