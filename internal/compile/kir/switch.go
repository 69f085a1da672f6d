package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A switch holding a barrier or collective is built as the chain of ifs
// it means: its tag in a temporary, then if tag == a || tag == b {...}
// else if ... else { default }, case values compared in order, as Go
// evaluates them. A case that falls through, or a break that leaves the
// switch (it would leave the enclosing loop once the switch is ifs), is
// refused.

// switchAsIfs returns s as a block: its init, its tag's temporary, and
// the chain of ifs.
func (f *Func) switchAsIfs(s *ast.SwitchStmt) *ast.BlockStmt {
	var list []ast.Stmt
	if s.Init != nil {
		list = append(list, s.Init)
	}
	var tag *types.Var
	if s.Tag != nil {
		typ := f.Src.Info.TypeOf(s.Tag)
		if b, ok := typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			typ = types.Default(typ)
		}
		tag = types.NewVar(s.Tag.Pos(), f.Src.Pkg, "tag", typ)
		f.addVar(tag)
		list = append(list, f.declare(tag, s.Tag, s.Tag.Pos()))
	}
	var chain ast.Stmt
	var deflt *ast.CaseClause
	clauses := s.Body.List
	for i := len(clauses) - 1; i >= 0; i-- {
		cc := clauses[i].(*ast.CaseClause)
		f.checkClause(cc)
		if cc.List == nil {
			deflt = cc
			continue
		}
		n := &ast.IfStmt{If: cc.Case, Cond: f.caseCond(tag, cc), Body: block(cc.Colon, cc.Body...)}
		if chain != nil {
			n.Else = chain
		}
		chain = n
	}
	if deflt != nil {
		body := block(deflt.Colon, deflt.Body...)
		switch c := chain.(type) {
		case nil:
			chain = body
		default:
			last := c.(*ast.IfStmt)
			for last.Else != nil {
				last = last.Else.(*ast.IfStmt)
			}
			last.Else = body // a node of the chain made here
		}
	}
	if chain != nil {
		list = append(list, chain)
	}
	return block(s.Switch, list...)
}

// caseCond returns the condition of case clause cc: tag == v for each of
// its values (the value itself for a switch without tag), joined by ||.
func (f *Func) caseCond(tag *types.Var, cc *ast.CaseClause) ast.Expr {
	boolType := types.Typ[types.Bool]
	var cond ast.Expr
	for _, v := range cc.List {
		c := v
		if tag != nil {
			c = &ast.BinaryExpr{X: f.ident(tag, v.Pos()), OpPos: v.Pos(), Op: token.EQL, Y: v}
			f.Src.Info.Types[c] = types.TypeAndValue{Type: boolType}
		}
		if cond != nil {
			c = &ast.BinaryExpr{X: cond, OpPos: v.Pos(), Op: token.LOR, Y: c}
			f.Src.Info.Types[c] = types.TypeAndValue{Type: boolType}
		}
		cond = c
	}
	return cond
}

// checkClause refuses a clause that falls through or breaks out of the
// switch.
func (f *Func) checkClause(cc *ast.CaseClause) {
	for _, n := range cc.Body {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				return false // breaks inside are their own
			case *ast.BranchStmt:
				if m.Tok == token.FALLTHROUGH || m.Tok == token.BREAK && m.Label == nil {
					fail(f.unsupported(m, "a %s in a switch holding a barrier or collective (write the cases as ifs)", m.Tok))
				}
			}
			return true
		})
	}
}
