package compile

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// unrollBudget bounds the statements an unrolled loop may become: Go does
// not unroll loops, and in a thread loop a short loop's counter, compare,
// branch and bounds checks cost more than its body (the tiled matmul's
// 16-step inner product ran 1.6-2x faster unrolled).
const unrollBudget = 512

// unroll replaces, in s, each innermost loop of a constant trip count
// (for i := range C, for i := c0; i < C; i++) whose body is small by that
// many copies of its body, each in a block that declares the loop variable
// as the iteration's constant.
func (a *analysis) unroll(s ast.Stmt) ast.Stmt {
	return astutil.Apply(s, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt, *ast.ForStmt:
			if key, from, to, ok := a.constantTrips(n); ok && a.unrollable(n, key, to-from) {
				c.Replace(unrolled(n, key, from, to))
				return false
			}
		}
		return true
	}, nil).(ast.Stmt)
}

// constantTrips returns the loop variable (nil for none) and the range of
// its values if n runs a constant number of times, counting up by one.
func (a *analysis) constantTrips(n ast.Node) (key *ast.Ident, from, to int64, ok bool) {
	switch n := n.(type) {
	case *ast.RangeStmt:
		to, ok = a.intConst(n.X)
		if !ok || n.Value != nil || (n.Key != nil && n.Tok != token.DEFINE) {
			return nil, 0, 0, false
		}
		if n.Key != nil {
			key = n.Key.(*ast.Ident)
		}
		return key, 0, to, true
	case *ast.ForStmt:
		init, okInit := n.Init.(*ast.AssignStmt)
		cond, okCond := n.Cond.(*ast.BinaryExpr)
		post, okPost := n.Post.(*ast.IncDecStmt)
		if !okInit || !okCond || !okPost || init.Tok != token.DEFINE || len(init.Lhs) != 1 || cond.Op != token.LSS || post.Tok != token.INC {
			return nil, 0, 0, false
		}
		key, _ = init.Lhs[0].(*ast.Ident)
		if key == nil || !sameVar(a.info, key, cond.X) || !sameVar(a.info, key, post.X) {
			return nil, 0, 0, false
		}
		from, ok1 := a.intConst(init.Rhs[0])
		to, ok2 := a.intConst(cond.Y)
		return key, from, to, ok1 && ok2
	}
	return nil, 0, 0, false
}

func sameVar(info *types.Info, id *ast.Ident, e ast.Expr) bool {
	x, ok := e.(*ast.Ident)
	return ok && info.ObjectOf(x) == info.ObjectOf(id)
}

// intConst returns e's value if it is an integer constant.
func (a *analysis) intConst(e ast.Expr) (int64, bool) {
	tv, ok := a.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// unrollable reports whether loop n, of trips iterations, may be unrolled:
// an innermost loop, within budget, whose body neither changes the loop
// variable, nor leaves the loop early, nor declares labels.
func (a *analysis) unrollable(n ast.Node, key *ast.Ident, trips int64) bool {
	body := body(n)
	if trips <= 0 || trips > 64 {
		return false
	}
	size, ok := 0, true
	ast.Inspect(body, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.LabeledStmt, *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt:
			ok = false
		case *ast.BranchStmt:
			ok = false // a break or continue would leave one copy, not the loop
		case ast.Stmt:
			size++
		case *ast.Ident:
			if key != nil && a.info.ObjectOf(m) == a.info.ObjectOf(key) {
				for _, s := range a.sites[a.info.ObjectOf(key).(*types.Var)] {
					if s.kind == siteAddr || s.stmt != n && inside(s.stmt, body) {
						ok = false
					}
				}
			}
		}
		return ok
	})
	return ok && int64(size)*trips <= unrollBudget
}

// inside reports whether s lies within b.
func inside(s ast.Stmt, b *ast.BlockStmt) bool { return s.Pos() >= b.Pos() && s.End() <= b.End() }

// unrolled returns the copies of n's body for key = from to to-1.
func unrolled(n ast.Node, key *ast.Ident, from, to int64) ast.Stmt {
	body := body(n)
	out := &ast.BlockStmt{}
	for i := from; i < to; i++ {
		copyList := body.List
		if key != nil {
			decl := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(key.Name)}, Tok: token.DEFINE,
				Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(i, 10)}}}
			copyList = append([]ast.Stmt{decl}, body.List...)
		}
		out.List = append(out.List, &ast.BlockStmt{List: copyList})
	}
	return out
}
