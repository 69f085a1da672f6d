package kir

import (
	"go/ast"
	"go/token"
)

// A switch without a tag is a chain of ifs: its cases are tested in
// order, and the first that holds runs (Rodinia's SRAD picks a thread's
// neighbours so: switch { case ty == 0 && tx == 0: ... }). The step
// translates it as that chain, each case's body under its mask where the
// condition differs between lanes. A case listing several conditions, a
// break out of the switch, or a fallthrough keeps the loop scalar: the
// chain would need a condition of its own, or leave a loop around it.

// switchStmt translates a switch without a tag as its chain of ifs.
func (v *vectorizer) switchStmt(s *ast.SwitchStmt) {
	if s.Tag != nil {
		v.fail()
	}
	var chain, last *ast.IfStmt
	var dflt *ast.BlockStmt
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if switchLeaves(cc.Body) {
			v.fail()
		}
		body := &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body}
		switch len(cc.List) {
		case 0:
			dflt = body
			continue
		case 1:
		default:
			v.fail()
		}
		next := &ast.IfStmt{If: cc.Case, Cond: cc.List[0], Body: body}
		if last == nil {
			chain = next
		} else {
			last.Else = next
		}
		last = next
	}
	if chain == nil { // only a default, or no case
		if dflt != nil {
			v.stmt(&ast.BlockStmt{List: append(initOf(s), dflt)})
		} else if s.Init != nil {
			v.stmt(&ast.BlockStmt{List: initOf(s)})
		}
		return
	}
	if dflt != nil {
		last.Else = dflt
	}
	chain.Init = s.Init
	v.stmt(chain)
}

// initOf returns a switch's init statement, as a list.
func initOf(s *ast.SwitchStmt) []ast.Stmt {
	if s.Init == nil {
		return nil
	}
	return []ast.Stmt{s.Init}
}

// switchLeaves reports whether a case's body breaks out of its switch or
// falls through to the next case, outside loops, switches and function
// literals of its own.
func switchLeaves(body []ast.Stmt) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				found = found || n.Tok == token.FALLTHROUGH || n.Tok == token.BREAK && n.Label == nil
			}
			return !found
		})
	}
	return found
}
