package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

var constTrue = constant.MakeBool(true)

// A helper that synchronizes and returns before its end is inlined with a
// flag: each return assigns the results and sets the flag, the code after
// a statement that may return runs under if !flag, and in a loop such a
// statement is followed by if flag { break }. The flag is per thread
// unless every return is under conditions the same for the whole block;
// classify decides, as for any variable, and refuses a barrier that only
// some threads would reach.

// returnLowering rewrites the body of one inlined helper.
type returnLowering struct {
	f       *Func
	results []*types.Var
	flag    *types.Var
}

// earlyReturn reports whether list returns anywhere but in its last
// statement (function literals aside).
func earlyReturn(list []ast.Stmt) bool {
	found := false
	for i, s := range list {
		if _, final := s.(*ast.ReturnStmt); final && i == len(list)-1 {
			break
		}
		found = found || containsReturn(s)
	}
	return found
}

// containsReturn reports whether n holds a return statement outside
// function literals.
func containsReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// list rewrites a statement list; inLoop is set inside a loop of the
// helper, whose statements that may return are followed by a break.
func (l *returnLowering) list(stmts []ast.Stmt, inLoop bool) []ast.Stmt {
	var out []ast.Stmt
	for i, s := range stmts {
		if r, ok := s.(*ast.ReturnStmt); ok {
			return append(out, l.ret(r, inLoop)...)
		}
		if !containsReturn(s) {
			out = append(out, s)
			continue
		}
		out = append(out, l.stmt(s, inLoop))
		rest := stmts[i+1:]
		switch {
		case len(rest) == 0:
			return out
		case inLoop:
			out = append(out, &ast.IfStmt{If: s.End(), Cond: l.f.ident(l.flag, s.End()), Body: block(s.End(), &ast.BranchStmt{TokPos: s.End(), Tok: token.BREAK})})
		default:
			not := &ast.UnaryExpr{OpPos: s.End(), Op: token.NOT, X: l.f.ident(l.flag, s.End())}
			l.f.Src.Info.Types[not] = types.TypeAndValue{Type: types.Typ[types.Bool]}
			return append(out, &ast.IfStmt{If: s.End(), Cond: not, Body: block(s.End(), l.list(rest, false)...)})
		}
	}
	return out
}

// stmt rewrites a statement holding a return.
func (l *returnLowering) stmt(s ast.Stmt, inLoop bool) ast.Stmt {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return block(s.Lbrace, l.list(s.List, inLoop)...)
	case *ast.IfStmt:
		n := &ast.IfStmt{If: s.If, Init: s.Init, Cond: s.Cond, Body: block(s.Body.Lbrace, l.list(s.Body.List, inLoop)...)}
		if s.Else != nil {
			n.Else = l.stmt(s.Else, inLoop)
		}
		return n
	case *ast.ForStmt:
		return &ast.ForStmt{For: s.For, Init: s.Init, Cond: s.Cond, Post: s.Post, Body: block(s.Body.Lbrace, l.list(s.Body.List, true)...)}
	case *ast.RangeStmt:
		return &ast.RangeStmt{For: s.For, Key: s.Key, Value: s.Value, TokPos: s.TokPos, Tok: s.Tok, Range: s.Range, X: s.X,
			Body: block(s.Body.Lbrace, l.list(s.Body.List, true)...)}
	case *ast.LabeledStmt:
		return &ast.LabeledStmt{Label: s.Label, Colon: s.Colon, Stmt: l.stmt(s.Stmt, inLoop)}
	case *ast.SwitchStmt:
		return &ast.SwitchStmt{Switch: s.Switch, Init: s.Init, Tag: s.Tag, Body: l.clauses(s.Body, inLoop)}
	case *ast.TypeSwitchStmt:
		return &ast.TypeSwitchStmt{Switch: s.Switch, Init: s.Init, Assign: s.Assign, Body: l.clauses(s.Body, inLoop)}
	}
	fail(l.f.unsupported(s, "a return inside this statement of a helper that synchronizes"))
	return nil
}

// clauses rewrites the case clauses of a switch: a break there leaves the
// switch, and the statement after it in a loop leaves the loop.
func (l *returnLowering) clauses(b *ast.BlockStmt, inLoop bool) *ast.BlockStmt {
	var list []ast.Stmt
	for _, c := range b.List {
		cc := c.(*ast.CaseClause)
		list = append(list, &ast.CaseClause{Case: cc.Case, List: cc.List, Colon: cc.Colon, Body: l.list(cc.Body, inLoop)})
	}
	return &ast.BlockStmt{Lbrace: b.Lbrace, List: list, Rbrace: b.Rbrace}
}

// ret is a return: the results assigned, the flag set, and, in a loop,
// a break.
func (l *returnLowering) ret(r *ast.ReturnStmt, inLoop bool) []ast.Stmt {
	var out []ast.Stmt
	if len(r.Results) > 0 && len(r.Results) != len(l.results) {
		fail(l.f.unsupported(r, "a helper returning a call's several results (assign them to variables, then return those)"))
	}
	for i, e := range r.Results {
		out = append(out, l.f.assign(l.results[i], e, r.Return))
	}
	out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{l.f.ident(l.flag, r.Return)}, TokPos: r.Return, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("true")}})
	l.f.Src.Info.Uses[out[len(out)-1].(*ast.AssignStmt).Rhs[0].(*ast.Ident)] = types.Universe.Lookup("true")
	l.f.Src.Info.Types[out[len(out)-1].(*ast.AssignStmt).Rhs[0]] = types.TypeAndValue{Type: types.Typ[types.UntypedBool], Value: constTrue}
	if inLoop {
		out = append(out, &ast.BranchStmt{TokPos: r.Return, Tok: token.BREAK})
	}
	return out
}

// block returns a block statement of list, at pos.
func block(pos token.Pos, list ...ast.Stmt) *ast.BlockStmt {
	return &ast.BlockStmt{Lbrace: pos, List: list, Rbrace: pos}
}
