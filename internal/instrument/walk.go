package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// walk walks n, a part of function f.
func (r *fileRewriter) walk(n ast.Node, f *fn) {
	if n != nil {
		ast.Inspect(n, func(n ast.Node) bool { return r.visit(n, f) })
	}
}

// visit instruments n if it is a site, and reports whether the walk
// should go on into n's children (the cases that walk them themselves
// return false). Outside kernels only closures matter: one may be a
// kernel.
func (r *fileRewriter) visit(n ast.Node, f *fn) bool {
	if lit, ok := n.(*ast.FuncLit); ok {
		r.funcLit(lit, f)
		return false
	}
	if n == nil || f.k == nil {
		return n != nil
	}
	if e, ok := n.(ast.Expr); ok && r.static(e) {
		return false
	}
	switch n := n.(type) {
	case *ast.GenDecl:
		return n.Tok == token.VAR // constants and types are not code
	case *ast.AssignStmt:
		r.statementOps(n)
		r.assign(n, f)
	case *ast.IncDecStmt:
		r.statementOps(n)
		r.access(n.X, ReadWrite, f)
	case *ast.ExprStmt:
		r.statementOps(n)
		return true
	case *ast.IfStmt:
		r.ifStmt(n, f)
	case *ast.ForStmt:
		r.forStmt(n, f)
	case *ast.RangeStmt:
		r.pending.ALU += 3 // the index's increment, compare and branch
		r.unaccessed(n.Key, f)
		r.unaccessed(n.Value, f)
		r.unaccessed(n.X, f)
		r.loopBody(n.For, n.Body, f)
	case *ast.UnaryExpr:
		if n.Op != token.AND {
			return true
		}
		r.ownAddr(n, f)
		r.unaccessed(n.X, f)
	case *ast.SliceExpr:
		r.ownSlice(n, f)
		r.sliced(n, f)
	case *ast.CallExpr:
		if r.copyCall(n, f) {
			return true
		}
		recv := r.ownRecv(n, f)
		r.call(n, f)
		r.callTwin(n, f)
		if recv == nil {
			return true
		}
		r.unaccessed(recv, f) // an implicit &recv, as an explicit one
		for _, a := range n.Args {
			r.walk(a, f)
		}
	case *ast.StarExpr:
		r.access(n, Read, f)
	case *ast.IndexExpr:
		r.access(n, Read, f)
	case *ast.SelectorExpr:
		r.access(n, Read, f)
	default:
		return true
	}
	return false
}

// ifStmt walks an if statement: its condition is a branch site, which
// takes the operations pending, unless it is a constant (no branch: the
// operations wait past the if for a site that runs whichever way).
func (r *fileRewriter) ifStmt(n *ast.IfStmt, f *fn) {
	r.walk(n.Init, f)
	if r.static(n.Cond) {
		pending := r.pending
		r.pending = Ops{}
		r.walk(n.Body, f)
		r.walk(n.Else, f)
		r.pending.add(pending)
		return
	}
	r.pending.add(r.ops(n.Cond))
	r.cond(n.Cond, f)
	r.walk(n.Body, f)
	r.walk(n.Else, f)
}

// forStmt walks a for statement: its condition, the loop's one branch per
// iteration, takes the operations of the condition and of the post
// statement, which run every iteration (a loop without a condition
// charges its jump back to the back edge).
func (r *fileRewriter) forStmt(n *ast.ForStmt, f *fn) {
	r.walk(n.Init, f)
	r.pending.add(r.ops(n.Cond, n.Post))
	if n.Cond == nil {
		r.pending.ALU++
	}
	r.cond(n.Cond, f)
	r.quiet = true
	r.walk(n.Post, f)
	r.quiet = false
	r.loopBody(n.For, n.Body, f)
}

// statementOps adds the operations of statement s to those pending.
func (r *fileRewriter) statementOps(s ast.Stmt) {
	if !r.quiet {
		r.pending.add(r.ops(s))
	}
}

// static reports whether e is a constant or a type: no code runs there
// (len of an array is a constant, and must stay one).
func (r *fileRewriter) static(e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	return ok && (tv.Value != nil || tv.IsType())
}

// funcLit walks a closure inside f: a kernel of its own if it has a
// thread parameter, else part of f's kernel, if any.
func (r *fileRewriter) funcLit(lit *ast.FuncLit, f *fn) {
	c := &fn{name: f.closureName(), kernel: f.kernel, closure: true, k: f.k}
	pending := r.pending
	r.pending = Ops{}
	defer func() { r.pending = pending }()
	if name, ok := r.varLits[lit]; ok {
		c.kernel = name
	}
	own := r.threadParam(lit, lit.Type)
	if own != nil {
		c.k = own
		if name := r.wrapped(lit, own); name != "" {
			r.kernelEntry(lit, name, false)
		} else {
			r.kernelEntry(lit, c.kernel, true)
		}
	}
	r.walk(lit.Body, c)
	if own != nil {
		r.nameThread(own)
	}
}

// assign walks an assignment: its left side is written (or read and
// written, for op=), its right side read.
func (r *fileRewriter) assign(n *ast.AssignStmt, f *fn) {
	if r.store(n, f) {
		return
	}
	if n.Tok != token.DEFINE {
		kind := ReadWrite
		if n.Tok == token.ASSIGN {
			kind = Write
		}
		for _, lhs := range n.Lhs {
			r.access(lhs, kind, f)
		}
	}
	for _, rhs := range n.Rhs {
		r.walk(rhs, f)
	}
}

// cond instruments the condition of an if or for statement. A constant
// condition (if blockSize >= 512, blockSize a constant) is not a branch:
// the compiler folds it, as nvcc folds a template parameter's.
func (r *fileRewriter) cond(c ast.Expr, f *fn) {
	if c == nil || r.static(c) {
		return
	}
	if args, ok := r.site(f, Branch, c.Pos(), c.Pos(), r.text(c.Pos(), c.End())); ok {
		open, close := r.names.probe+".Cond("+args+", ", ")"
		if t, ok := r.info.TypeOf(c).(*types.Basic); !ok || t.Info()&types.IsBoolean == 0 {
			open, close = open+"bool(", "))" // a named boolean type
		}
		r.wrap(c, open, close)
	}
	if !r.static(c) {
		r.walk(c, f)
	}
}

// loopBody instruments the top of the body of the loop at pos, and walks
// it.
func (r *fileRewriter) loopBody(pos token.Pos, body *ast.BlockStmt, f *fn) {
	header := strings.TrimSpace(r.text(pos, body.Lbrace))
	if args, ok := r.site(f, BackEdge, pos, body.Lbrace, header); ok {
		r.insert(body.Lbrace+1, r.names.probe+".Back("+args+");", false)
	}
	r.walk(body, f)
}
