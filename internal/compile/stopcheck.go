package compile

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// stopCheck is the statement compiled code runs at the back-edge of each
// loop that might not end: a launch whose context ends (LaunchContext)
// stops a kernel that would otherwise loop forever. Counted loops and
// ranges over slices, maps, strings and integers end by themselves and
// are not checked: the check's load and branch would cost a hot inner loop
// a third of its time.
const stopCheck = "if gc_b.Stopped() {\nreturn\n}\n"

// addStopChecks puts the stop check first in the body of every loop of s
// (outside function literals) that might not end.
func (a *analysis) addStopChecks(s ast.Stmt) ast.Stmt {
	return astutil.Apply(s, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if !a.counted(n) {
				n.Body.List = append([]ast.Stmt{stopCheckStmt()}, n.Body.List...)
			}
		case *ast.RangeStmt:
			switch a.info.TypeOf(n.X).Underlying().(type) {
			case *types.Chan, *types.Signature:
				n.Body.List = append([]ast.Stmt{stopCheckStmt()}, n.Body.List...)
			}
		}
		return true
	}, nil).(ast.Stmt)
}

// counted reports whether f is for i := x; i op bound; i step, with
// neither i nor what bound reads changed in the body, and a step that
// moves i by a constant or loop-invariant amount.
func (a *analysis) counted(f *ast.ForStmt) bool {
	init, ok1 := f.Init.(*ast.AssignStmt)
	cond, ok2 := f.Cond.(*ast.BinaryExpr)
	if !ok1 || !ok2 || init.Tok != token.DEFINE || len(init.Lhs) != 1 {
		return false
	}
	key, ok := init.Lhs[0].(*ast.Ident)
	if !ok || !sameVar(a.info, key, cond.X) {
		return false
	}
	switch cond.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	switch post := f.Post.(type) {
	case *ast.IncDecStmt:
		if !sameVar(a.info, key, post.X) {
			return false
		}
	case *ast.AssignStmt:
		if len(post.Lhs) != 1 || !sameVar(a.info, key, post.Lhs[0]) || a.changedIn(post.Rhs[0], f.Body) {
			return false
		}
	default:
		return false
	}
	return !a.changedIn(key, f.Body) && !a.changedIn(cond.Y, f.Body)
}

// changedIn reports whether a variable e reads is changed inside body, or
// e calls a function.
func (a *analysis) changedIn(e ast.Expr, body *ast.BlockStmt) bool {
	changed := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv := a.info.Types[n.Fun]; !tv.IsType() && !tv.IsBuiltin() {
				changed = true
			}
		case *ast.Ident:
			if v, ok := a.info.ObjectOf(n).(*types.Var); ok {
				for _, s := range a.sites[v] {
					if s.kind == siteAddr || inside(s.stmt, body) {
						changed = true
					}
				}
			}
		}
		return !changed
	})
	return changed
}

func stopCheckStmt() ast.Stmt {
	return &ast.IfStmt{
		Cond: &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("gc_b"), Sel: ast.NewIdent("Stopped")}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{}}},
	}
}
