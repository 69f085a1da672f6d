package kir

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A group of accumulator statements is w statements in a row whose right
// sides have one shape: the same operations on the same variables and
// constants, and on elements of the same slices one further in each
// statement. This file finds them.

// group returns the group starting at b.List[i], if one does.
func (t *Twin) group(f *Func, b *ast.BlockStmt, i int) *slpGroup {
	tok, ok := accumulatorStmt(b.List[i])
	if !ok {
		return nil
	}
	first := b.List[i].(*ast.AssignStmt)
	elem := t.typeOf(f, first.Lhs[0])
	vt, w, ok := slpVector(elem, tok)
	if !ok || len(b.List)-i < w {
		return nil
	}
	g := &slpGroup{block: b, at: i, w: w, vt: vt, elem: elem, op: assignOps[tok]}
	var shape0 string
	for k := range w {
		s := b.List[i+k]
		if tk, ok := accumulatorStmt(s); !ok || tk != tok {
			return nil
		}
		as := s.(*ast.AssignStmt)
		acc, ok := f.Src.Info.Uses[as.Lhs[0].(*ast.Ident)].(*types.Var)
		if !ok || !types.Identical(t.typeOf(f, as.Lhs[0]), elem) || acc.Pos() < t.Decl.Pos() || acc.Pos() >= t.Decl.End() {
			return nil // a package variable could change in a call of the loop
		}
		for _, a := range g.accs {
			if a == acc {
				return nil
			}
		}
		g.accs = append(g.accs, acc)
		var loads []slpLoad
		shape, ok := t.shape(f, as.Rhs[0], int64(k), elem, &loads)
		if !ok {
			return nil
		}
		if k == 0 {
			shape0, g.loads = shape, loads
		} else if shape != shape0 {
			return nil
		}
	}
	return g
}

// slpVector returns the archsimd type and width of a group of
// accumulators of type elem applying tok's operation, where AVX2 has it.
func slpVector(elem types.Type, tok token.Token) (string, int, bool) {
	b, ok := elem.(*types.Basic)
	if !ok {
		return "", 0, false
	}
	op, ok := assignOps[tok]
	if !ok {
		return "", 0, false
	}
	switch b.Kind() {
	case types.Float32, types.Float64:
		if op != token.ADD && op != token.SUB && op != token.MUL && op != token.QUO {
			return "", 0, false
		}
	case types.Int32, types.Uint32:
		if op == token.QUO {
			return "", 0, false
		}
	case types.Int64, types.Uint64:
		if op == token.QUO || op == token.MUL { // AVX2 has no 64-bit multiply
			return "", 0, false
		}
	default:
		return "", 0, false
	}
	switch b.Kind() {
	case types.Float32:
		return "Float32x8", 8, true
	case types.Int32:
		return "Int32x8", 8, true
	case types.Uint32:
		return "Uint32x8", 8, true
	case types.Float64:
		return "Float64x4", 4, true
	case types.Int64:
		return "Int64x4", 4, true
	}
	return "Uint64x4", 4, true
}

var assignOps = map[token.Token]token.Token{token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB,
	token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR}

// shape returns a text that is the same for statement k's right side e as
// for statement 0's exactly when they compute the same with element c+k
// of the same slices in place of element c: slices of elem at constant
// indexes, variables and constants of type elem, and the group's
// operation's kin (+ - * /, bit operations on integers). It appends the
// loads to loads.
func (t *Twin) shape(f *Func, e ast.Expr, k int64, elem types.Type, loads *[]slpLoad) (string, bool) {
	info := f.Src.Info
	if !types.Identical(t.typeOf(f, e), elem) {
		return "", false
	}
	if tv := info.Types[e]; tv.Value != nil {
		return "const:" + tv.Value.ExactString(), true
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return t.shape(f, e.X, k, elem, loads)
	case *ast.BinaryExpr:
		if tok, ok := opAssigns[e.Op]; !ok {
			return "", false
		} else if _, _, ok := slpVector(elem, tok); !ok {
			return "", false
		}
		x, ok := t.shape(f, e.X, k, elem, loads)
		if !ok {
			return "", false
		}
		y, ok := t.shape(f, e.Y, k, elem, loads)
		return "(" + x + e.Op.String() + y + ")", ok
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return fmt.Sprintf("var:%p", v), ok
	case *ast.IndexExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return "", false
		}
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return "", false
		}
		if s, ok := t.typeOf(f, x).Underlying().(*types.Slice); !ok || !types.Identical(s.Elem(), elem) {
			return "", false
		}
		terms, i, ok := t.linearIndex(f, e.Index)
		if !ok || i-k < -1<<20 || i-k > 1<<20 || len(terms) == 0 && i-k < 0 {
			return "", false
		}
		*loads = append(*loads, slpLoad{x: e, constant: len(terms) == 0, c: i - k})
		return fmt.Sprintf("load:%p@%s%+d", v, strings.Join(terms, ""), i-k), true
	}
	return "", false
}

// linearIndex returns an int index as a sum of terms and a constant: the
// terms' texts with their signs, sorted, so that statements writing j+1
// and 1+j, or (j+5)-1 and j+4, have the same. A term is a variable or a
// product of variables and constants: nothing that can fail, or read what
// a group writes.
func (t *Twin) linearIndex(f *Func, index ast.Expr) ([]string, int64, bool) {
	if !isKind(t.typeOf(f, index), types.Int) && f.Src.Info.Types[index].Value == nil {
		return nil, 0, false
	}
	var terms []string
	var c int64
	var walk func(e ast.Expr, sign int64) bool
	walk = func(e ast.Expr, sign int64) bool {
		if tv := f.Src.Info.Types[e]; tv.Value != nil {
			v, exact := constant.Int64Val(constant.ToInt(tv.Value))
			c += sign * v
			return exact && v > -1<<20 && v < 1<<20
		}
		switch e := e.(type) {
		case *ast.ParenExpr:
			return walk(e.X, sign)
		case *ast.UnaryExpr:
			return e.Op == token.SUB && walk(e.X, -sign)
		case *ast.BinaryExpr:
			if e.Op == token.ADD || e.Op == token.SUB {
				ysign := sign
				if e.Op == token.SUB {
					ysign = -sign
				}
				return walk(e.X, sign) && walk(e.Y, ysign)
			}
		}
		if !intTerms(f, e) {
			return false
		}
		terms = append(terms, fmt.Sprintf("%+d*%s", sign, exprText(e)))
		return true
	}
	if !walk(index, 1) {
		return nil, 0, false
	}
	slices.Sort(terms)
	return terms, c, true
}

// intTerms reports whether e is made of variables, constants, the
// lengths of variables and integer conversions with + - * & | ^, and /
// and % by constants other than 0: it cannot fail, and reads nothing a
// group writes.
func intTerms(f *Func, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return intTerms(f, e.X)
	case *ast.Ident:
		_, isVar := f.Src.Info.Uses[e].(*types.Var)
		return isVar || f.Src.Info.Types[e].Value != nil
	case *ast.BasicLit:
		return true
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR:
		case token.QUO, token.REM: // by a constant other than 0
			tv := f.Src.Info.Types[e.Y]
			if tv.Value == nil || constant.Sign(tv.Value) == 0 {
				return false
			}
		default:
			return false
		}
		return intTerms(f, e.X) && intTerms(f, e.Y)
	case *ast.CallExpr:
		if len(e.Args) != 1 {
			return false
		}
		if tv := f.Src.Info.Types[e.Fun]; tv.IsType() { // an integer conversion
			b, isBasic := tv.Type.Underlying().(*types.Basic)
			return isBasic && b.Info()&types.IsInteger != 0 && intTerms(f, e.Args[0])
		}
		id, isID := ast.Unparen(e.Fun).(*ast.Ident) // len(x)
		b, isBuiltin := f.Src.Info.Uses[id].(*types.Builtin)
		_, isArg := ast.Unparen(e.Args[0]).(*ast.Ident)
		return isID && isBuiltin && b.Name() == "len" && isArg
	}
	return false
}

var opAssigns = map[token.Token]token.Token{token.ADD: token.ADD_ASSIGN, token.SUB: token.SUB_ASSIGN,
	token.MUL: token.MUL_ASSIGN, token.QUO: token.QUO_ASSIGN, token.AND: token.AND_ASSIGN,
	token.OR: token.OR_ASSIGN, token.XOR: token.XOR_ASSIGN}
