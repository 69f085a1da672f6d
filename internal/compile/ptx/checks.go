package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A statement's index checks are made ahead of its loads: checks branch,
// and a load after a branch cannot be issued before it, so a statement
// whose checks and loads alternate waits on each load in turn. Making
// every check of a statement first, in the order Go makes them, fails at
// the same check Go does, as long as nothing between them can fail
// otherwise or write memory: prepare stops at the first call, division
// or shift that could.

// prepare makes the checks and address computations of the index
// expressions x evaluates, in Go's order, for expr to use.
func (e *emitter) prepare(x ast.Expr) {
	if e.prepStop {
		return
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		e.prepare(x.X)
		switch x.Op {
		case token.LAND, token.LOR:
			e.prepStop = true // the right operand is evaluated only sometimes
			return
		case token.QUO, token.REM, token.SHL, token.SHR:
			if e.src.Info.Types[x.Y].Value == nil {
				e.prepare(x.Y)
				e.prepStop = true // the operation's own check comes next
				return
			}
		}
		e.prepare(x.Y)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			e.prepareAddr(x.X)
			return
		}
		e.prepare(x.X)
	case *ast.IndexExpr, *ast.StarExpr:
		e.prepareAddr(x)
	case *ast.CallExpr:
		if e.src.Info.Types[x.Fun].IsType() && len(x.Args) == 1 {
			e.prepare(x.Args[0])
			return
		}
		e.prepStop = true
	case *ast.Ident, *ast.BasicLit, *ast.SelectorExpr:
	default:
		e.prepStop = true
	}
}

// prepareAddr makes the checks of index expression (or indirection) x
// and records its address.
func (e *emitter) prepareAddr(x ast.Expr) {
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.IndexExpr:
		if _, isMap := e.typeOf(x.X).Underlying().(*types.Map); isMap {
			e.prepStop = true
			return
		}
		e.prepareAddr(x.X)
		e.prepare(x.Index)
	case *ast.StarExpr:
		e.prepare(x.X)
	default:
		e.prepare(x)
		return
	}
	if e.prepStop {
		return
	}
	if a, ok := e.addr(x); ok {
		e.prepared[x] = a
	}
}

// prepareStmt prepares the expressions statement s evaluates first, and
// endStmt forgets what the statement left unused.
func (e *emitter) prepareStmt(s ast.Stmt) {
	e.prepStop = false
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			e.prepareAddr(s.Lhs[0])
		}
		for _, r := range s.Rhs {
			e.prepare(r)
		}
	case *ast.IncDecStmt:
		e.prepareAddr(s.X)
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			e.prepare(r)
		}
	}
}

// checkedBefore reports whether index i was checked against n on every
// path to here (a fact of kind 'c', scoped and ended as the others are),
// and records that it is from here on.
func (e *emitter) checkedBefore(n, i string) bool {
	for _, f := range e.facts {
		if f.kind == 'c' && f.a == i && f.b == n {
			return true
		}
	}
	e.push(fact{kind: 'c', a: i, b: n})
	return false
}

// assigns reports whether body assigns any of objs (or takes its address).
func (e *emitter) assigns(body ast.Node, objs ...types.Object) bool {
	found := false
	hit := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			for _, o := range objs {
				if o != nil && (e.src.Info.Uses[id] == o || e.src.Info.Defs[id] == o) {
					found = true
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				hit(l)
			}
		case *ast.IncDecStmt:
			hit(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				hit(n.X)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				hit(n.Key)
			}
			if n.Value != nil {
				hit(n.Value)
			}
		}
		return !found
	})
	return found
}
