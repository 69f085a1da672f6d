package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// The algebra of operators: which binary operators commute for which
// types, so that a pass reading an accumulation (d op= e) takes the
// other spellings of it (d = d op e, and d = e op d where op commutes)
// as the same statement. Floating-point + and * commute exactly (IEEE
// 754), though they do not associate; the integer operators do both in
// Go's wrapping arithmetic.

// The builtins min and max, as accumulation's operators.
const (
	opMin = token.Token(-1 - iota)
	opMax
)

// minMaxCall returns the operator and operands of e where it is a call
// of the builtin min or max with two operands.
func (f *Func) minMaxCall(e ast.Expr) (op token.Token, x, y ast.Expr, ok bool) {
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall || len(call.Args) != 2 {
		return token.ILLEGAL, nil, nil, false
	}
	id, isIdent := ast.Unparen(call.Fun).(*ast.Ident)
	if !isIdent {
		return token.ILLEGAL, nil, nil, false
	}
	b, isBuiltin := f.Src.Info.Uses[id].(*types.Builtin)
	switch {
	case !isBuiltin:
	case b.Name() == "min":
		return opMin, call.Args[0], call.Args[1], true
	case b.Name() == "max":
		return opMax, call.Args[0], call.Args[1], true
	}
	return token.ILLEGAL, nil, nil, false
}

// commutes reports whether a op b == b op a for every a and b of type t.
func commutes(op token.Token, t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch op {
	case token.ADD, token.MUL:
		return b.Info()&(types.IsInteger|types.IsFloat) != 0
	case token.AND, token.OR, token.XOR:
		return b.Info()&types.IsInteger != 0
	}
	return false
}

// accumulation returns the destination, operator and operand of s where
// it is d op= e, d = d op e, or d = e op d with op commuting for d's
// type, or d = min(d, e), max(e, d)... (opMin, opMax); false elsewhere.
// Destinations are compared as written (types.ExprString), which a pure
// index expression makes the same element.
func (f *Func) accumulation(s ast.Stmt) (dst ast.Expr, op token.Token, operand ast.Expr, ok bool) {
	a, isAssign := s.(*ast.AssignStmt)
	if !isAssign || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil, token.ILLEGAL, nil, false
	}
	dst = a.Lhs[0]
	if bop, isOp := assignOp[a.Tok]; isOp {
		return dst, bop, a.Rhs[0], true
	}
	if a.Tok != token.ASSIGN {
		return nil, token.ILLEGAL, nil, false
	}
	same := func(e ast.Expr) bool { return types.ExprString(ast.Unparen(e)) == types.ExprString(ast.Unparen(dst)) }
	if name, x, y, ok := f.minMaxCall(a.Rhs[0]); ok {
		switch {
		case same(x):
			return dst, name, y, true
		case same(y):
			return dst, name, x, true // min and max commute, NaNs and signed zeros included
		}
	}
	bin, isBin := ast.Unparen(a.Rhs[0]).(*ast.BinaryExpr)
	if !isBin {
		return nil, token.ILLEGAL, nil, false
	}
	switch {
	case same(bin.X):
		return dst, bin.Op, bin.Y, true
	case same(bin.Y) && commutes(bin.Op, f.Src.Info.TypeOf(dst)):
		return dst, bin.Op, bin.X, true
	}
	return nil, token.ILLEGAL, nil, false
}

// isIdentity reports whether val is the identity of op (a private copy's
// operator, as package compiled names it: OpAdd, OpOr, OpXor, OpAnd,
// OpMax, OpMin) on integers of type elem, of a fixed size.
func isIdentity(val constant.Value, op string, elem types.Type) bool {
	b, ok := elem.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	bits := map[types.BasicKind]uint{types.Int8: 8, types.Uint8: 8, types.Int16: 16, types.Uint16: 16,
		types.Int32: 32, types.Uint32: 32, types.Int64: 64, types.Uint64: 64}[b.Kind()]
	if val == nil || bits == 0 {
		return false
	}
	one := constant.MakeInt64(1)
	lowest, highest := constant.MakeInt64(0), constant.Shift(one, token.SHL, bits) // unsigned: 0 and 2^bits
	if b.Info()&types.IsUnsigned == 0 {
		highest = constant.Shift(one, token.SHL, bits-1)
		lowest = constant.UnaryOp(token.SUB, highest, 0)
	}
	highest = constant.BinaryOp(highest, token.SUB, one)
	id := map[string]constant.Value{"OpAdd": constant.MakeInt64(0), "OpOr": constant.MakeInt64(0), "OpXor": constant.MakeInt64(0),
		"OpAnd": highest, "OpMax": lowest, "OpMin": highest}[op]
	if op == "OpAnd" && b.Info()&types.IsUnsigned == 0 {
		id = constant.MakeInt64(-1) // all bits set
	}
	return id != nil && constant.Compare(constant.ToInt(val), token.EQL, id)
}
