package instrument

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Ops are the arithmetic operations a site stands for, for the timing
// model of gocuda profile: the operators of the statement the site is in
// (and of statements before it that have no site of their own), sorted
// into plain ALU operations, integer multiplications and integer
// divisions or remainders, whose cost varies by GPU (a 32-bit multiply
// takes four issue slots on compute capability 1.x; a division or
// remainder compiles to tens of instructions).
type Ops struct {
	ALU, Mul, Div int
}

func (o *Ops) add(p Ops) { o.ALU, o.Mul, o.Div = o.ALU+p.ALU, o.Mul+p.Mul, o.Div+p.Div }

// ops returns the operations of the expressions or statements nodes: each
// operator whose operands are not all constants. Closures are not entered:
// they run when called.
func (r *fileRewriter) ops(nodes ...ast.Node) Ops {
	var o Ops
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case ast.Expr:
				if r.static(n) {
					return false
				}
				r.exprOp(n, &o)
			case *ast.AssignStmt:
				if op, ok := assignOps[n.Tok]; ok && len(n.Lhs) == 1 && len(n.Rhs) == 1 && !r.fused(op, n.Lhs[0], n.Rhs[0]) {
					o.add(r.binaryOp(op, n.Lhs[0], n.Rhs[0]))
				}
			case *ast.IncDecStmt:
				o.ALU++
			}
			return true
		})
	}
	return o
}

// exprOp adds the operation of e itself, if it is an operator, to o.
func (r *fileRewriter) exprOp(e ast.Expr, o *Ops) {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if !r.fused(e.Op, e.X, e.Y) {
			o.add(r.binaryOp(e.Op, e.X, e.Y))
		}
	case *ast.UnaryExpr:
		if e.Op != token.AND && e.Op != token.ARROW {
			o.ALU++
		}
	}
}

// binaryOp classifies x op y: an integer multiplication (unless by a
// constant power of two, a shift), an integer division or remainder
// (unless by a constant power of two, a shift or a mask), or one ALU
// operation.
func (r *fileRewriter) binaryOp(op token.Token, x, y ast.Expr) Ops {
	integer := false
	if t, ok := r.info.TypeOf(x).Underlying().(*types.Basic); ok {
		integer = t.Info()&types.IsInteger != 0
	}
	switch {
	case !integer || op != token.MUL && op != token.QUO && op != token.REM:
		return Ops{ALU: 1}
	case r.powerOfTwo(y) || op == token.MUL && r.powerOfTwo(x):
		return Ops{ALU: 1}
	case op == token.MUL:
		return Ops{Mul: 1}
	}
	return Ops{Div: 1}
}

// fused reports whether x op y is a floating-point addition or
// subtraction of a product, which compiles to one multiply-add with the
// product (nvcc contracts them by default, -fmad=true).
func (r *fileRewriter) fused(op token.Token, x, y ast.Expr) bool {
	if op != token.ADD && op != token.SUB {
		return false
	}
	product := func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		return ok && b.Op == token.MUL && r.float(b)
	}
	return r.float(x) && (product(x) || product(y))
}

// float reports whether e is of a floating-point type.
func (r *fileRewriter) float(e ast.Expr) bool {
	t, ok := r.info.TypeOf(e).Underlying().(*types.Basic)
	return ok && t.Info()&types.IsFloat != 0
}

// powerOfTwo reports whether e is a constant power of two.
func (r *fileRewriter) powerOfTwo(e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	v, exact := constant.Int64Val(tv.Value)
	return exact && v > 0 && v&(v-1) == 0
}

// assignOps are the operators of the assignments that compute.
var assignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

// fields returns o as the fields of a probe.Site literal, after a comma:
// ", ALU: 2, Muls: 1"; nothing for no operations.
func (o Ops) fields() string {
	s := ""
	for _, f := range []struct {
		name string
		n    int
	}{{"ALU", o.ALU}, {"Muls", o.Mul}, {"Divs", o.Div}} {
		if f.n != 0 {
			s += fmt.Sprintf(", %s: %d", f.name, f.n)
		}
	}
	return s
}
