package kir

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
)

// A variable of the block's that scales the thread's index (Blelloch's
// offset*(2*thid+1)-1, a stride parameter's s*i) leaves the stride of the
// index unknown where the kernel is compiled, and a vector step needs it.
// The step is translated as if the variable held 1, its most common
// value (a tree's widest level, a unit stride), and runs only where it
// does: the loop of steps is guarded by v == 1, and where it is not, the
// scalar loop takes the row's threads as it always could. The variable
// must be an integer local of the kernel that the kernel sets to 1
// somewhere (offset := 1), so that the steps are likely to run, and that
// the loop does not assign; not in a run of blocks, whose steps span
// blocks.

// pinnable returns the variable a uniform operand c names, where the step
// may pin it (see above), or nil.
func (v *vectorizer) pinnable(c vval) *types.Var {
	if c.pin == nil || c.shape != vUniform || v.warpLanes != nil || v.f.Runs {
		return nil
	}
	if _, done := v.pinned[c.pin]; done {
		return nil
	}
	for _, n := range v.l.Body {
		code, ok := n.(*Code)
		if !ok || v.f.assignsTo(&ast.BlockStmt{List: []ast.Stmt{code.Stmt}}, c.pin) {
			return nil
		}
	}
	if !v.f.setsOne(c.pin) {
		return nil
	}
	return c.pin
}

// setsOne reports whether the kernel's code assigns the constant 1 to
// obj: defines it so (offset := 1, var offset = 1) or assigns it so.
func (f *Func) setsOne(obj *types.Var) bool {
	info, found := f.Src.Info, false
	one := func(x ast.Expr) bool {
		tv, ok := info.Types[x]
		return ok && tv.Value != nil && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1))
	}
	ast.Inspect(f.Src.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for k, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if ok && len(n.Rhs) == len(n.Lhs) && info.ObjectOf(id) == obj && one(n.Rhs[k]) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					found = true
				}
			}
		case *ast.ValueSpec:
			for k, id := range n.Names {
				if k < len(n.Values) && info.ObjectOf(id) == obj && one(n.Values[k]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// pinScale translates x*y, one of them affine and the other a variable
// the step may pin: as the affine one alone (the variable's 1), after
// pinning it for the translation that follows.
func (v *vectorizer) pinScale(x, y vval) (vval, bool) {
	a, c := x, y
	if a.shape != vAffine {
		a, c = y, x
	}
	obj := v.pinnable(c)
	if obj == nil || a.shape != vAffine || a.clamped() {
		return vval{}, false
	}
	v.pinned[obj] = c.pinX
	v.retry = true
	return a, true
}

// foldPinned returns r, the uniform x op y, with its value where both are
// integer constants and op adds, subtracts or multiplies them into a
// small natural number (2*s, s taken as 1, is 2: a stride), and the
// variable the step may pin where one of them carries it and the other is
// a constant or carries it too.
func foldPinned(op token.Token, x, y, r vval, t types.Type) vval {
	if op != token.ADD && op != token.SUB && op != token.MUL || !isInteger(t) {
		return r
	}
	if x.value != nil && y.value != nil {
		val := constant.BinaryOp(constant.ToInt(x.value), op, constant.ToInt(y.value))
		if k, exact := constant.Int64Val(val); exact && k >= 0 && k < 128 { // a literal any integer type holds
			r.x, r.value = intLit(k), val
		}
		return r
	}
	switch {
	case x.pin != nil && (y.value != nil || y.pin == x.pin):
		r.pin, r.pinX = x.pin, x.pinX
	case y.pin != nil && x.value != nil:
		r.pin, r.pinX = y.pin, y.pinX
	}
	return r
}

// pinnedIdent translates a use of pinned variable obj: the constant 1.
func (v *vectorizer) pinnedIdent(obj *types.Var) (vval, bool) {
	if _, ok := v.pinned[obj]; !ok {
		return vval{}, false
	}
	return vval{shape: vUniform, x: intLit(1), typ: v.varType(obj), fixed: true, value: constant.MakeInt64(1)}, true
}

// pinGuards returns the conditions under which steps translated with
// pinned run: each pinned variable, as the scalar code names it, is 1.
func pinGuards(pinned map[*types.Var]ast.Expr) []ast.Expr {
	objs := make([]*types.Var, 0, len(pinned))
	for obj := range pinned {
		objs = append(objs, obj)
	}
	slices.SortFunc(objs, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	var out []ast.Expr
	for _, obj := range objs {
		out = append(out, &ast.BinaryExpr{X: pinned[obj], Op: token.EQL, Y: intLit(1)})
	}
	return out
}
