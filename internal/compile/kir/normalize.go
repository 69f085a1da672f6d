package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Normalization is part of the build pass: a statement whose barriers,
// collectives or synchronizing helper calls stand inside expressions
// (an argument, an operand, an element assignment beside another call,
// an if's or a loop's condition) becomes statements in which each one is
// the value of a temporary of its own, in Go's order of evaluation: what
// is evaluated before a sync point (calls lexically before it, and its
// own operands) goes into temporaries before it, what comes after stays
// in place. A sync point in the right operand of && or || runs only for
// the threads that evaluate that operand, under an if, as on a GPU. The
// statements made are new syntax with the type-checker's records
// extended to them; the kernel's syntax is not changed.

// normalizer rewrites one statement.
type normalizer struct {
	f    *Func
	pre  []ast.Stmt               // the temporaries' statements, in order
	repl map[ast.Node]ast.Expr    // what a node of the statement becomes
	none *instance                // copies keep their objects
	pos  token.Pos                // where the statement is
	mark map[ast.Node]bool        // nodes holding sync points
	kind map[*ast.CallExpr]string // the sync calls, for names
}

// normalize returns simple statement s as statements in which build finds
// each sync point where it expects it, or false where s needs no change.
func (f *Func) normalize(s ast.Stmt) ([]ast.Stmt, bool) {
	switch s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt:
	default:
		return nil, false
	}
	if !f.hasSync(s) || f.canonical(s) {
		return nil, false
	}
	n := f.newNormalizer(s)
	switch s := s.(type) {
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			n.callOperands(call) // the statement is the call: it stays one
		} else {
			n.expr(s.X)
		}
	case *ast.AssignStmt:
		n.operands(append(append([]ast.Expr{}, s.Lhs...), s.Rhs...), len(s.Lhs), s.Tok == token.DEFINE)
	case *ast.IncDecStmt:
		n.lvalue(s.X)
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				n.operands(vs.Values, 0, false)
			}
		}
	}
	return append(n.pre, n.copy(s).(ast.Stmt)), true
}

func (f *Func) newNormalizer(s ast.Node) *normalizer {
	n := &normalizer{f: f, repl: map[ast.Node]ast.Expr{}, none: &instance{objs: map[types.Object]types.Object{}},
		pos: s.Pos(), mark: map[ast.Node]bool{}, kind: map[*ast.CallExpr]string{}}
	f.markSync(s, n.mark, n.kind)
	return n
}

// markSync records in mark every node of n that holds a sync point
// (outside function literals), and in kind each sync call's short name.
func (f *Func) markSync(n ast.Node, mark map[ast.Node]bool, kind map[*ast.CallExpr]string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil || m == n {
			return m == n
		}
		if _, lit := m.(*ast.FuncLit); lit {
			return false
		}
		if f.markSync(m, mark, kind) {
			found = true
		}
		return false
	})
	if call, ok := n.(*ast.CallExpr); ok {
		if name, ok := f.syncName(call); ok {
			kind[call], found = name, true
		}
	}
	if found {
		mark[n] = true
	}
	return found
}

// syncName returns the short name of what call synchronizes through: a
// barrier, a collective, or a helper reaching one.
func (f *Func) syncName(call *ast.CallExpr) (string, bool) {
	if e, ok := f.entry(call); ok && e.Kind.Sync() {
		return e.Short, true
	}
	if _, kind := f.callSync(call, map[*ast.FuncDecl]bool{}); kind == syncHelper {
		return "r", true
	}
	return "", false
}

// canonical reports whether simple statement s already has its one sync
// point where build expects it: a barrier as the statement or the one
// value it assigns, a collective or helper call beside calls that cannot
// observe the order, never under && or ||.
func (f *Func) canonical(s ast.Stmt) bool {
	mark, kind := map[ast.Node]bool{}, map[*ast.CallExpr]string{}
	f.markSync(s, mark, kind)
	if len(kind) != 1 {
		return false
	}
	for c := range kind {
		if f.uniSync(c) {
			return false // two votes (uniSync)
		}
	}
	var sync *ast.CallExpr
	for c := range kind {
		sync = c
	}
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if (n.Op == token.LAND || n.Op == token.LOR) && mark[n.Y] {
				ok = false
			}
		case *ast.CallExpr:
			if n == sync {
				return false
			}
			if !f.orderFree(n) {
				ok = false
			}
		}
		return ok
	})
	if e, isEntry := f.entry(sync); ok && isEntry && (e.Kind == kapi.Barrier || e.Kind == kapi.BarrierPred || e.Kind == kapi.GridBarrier) {
		return barrierValue(s) == sync
	}
	return ok
}

// barrierValue returns the call that simple statement s is, or assigns
// as its one value.
func barrierValue(s ast.Stmt) ast.Expr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return ast.Unparen(s.X)
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && (s.Tok == token.DEFINE || s.Tok == token.ASSIGN) {
			return ast.Unparen(s.Rhs[0])
		}
	case *ast.DeclStmt:
		if vs, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 {
			return ast.Unparen(vs.Values[0])
		}
	}
	return nil
}

// operands normalizes expressions evaluated left to right: the first
// lvalues of them (an assignment's left side, only their index operands
// and pointers evaluated; none where define), then values. Those before
// the last one holding a sync point are fixed in temporaries where they
// call anything.
func (n *normalizer) operands(list []ast.Expr, lvalues int, define bool) {
	last := -1
	for i, e := range list {
		if n.mark[e] {
			last = i
		}
	}
	for i, e := range list {
		isL := i < lvalues
		switch {
		case isL && define:
		case i > last:
		case isL:
			n.lvalue(e)
		case i == last:
			n.expr(e)
		case n.mark[e]: // its value is fixed before a later sync point
			n.expr(e)
			if _, done := n.repl[e]; !done {
				n.hoist(e, "v")
			}
		case hasCall(n.f, e):
			n.hoist(e, "v")
		}
	}
}

// lvalue normalizes the operands an assignment to e evaluates: indices,
// the indexed value, the pointer.
func (n *normalizer) lvalue(e ast.Expr) {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		n.operands([]ast.Expr{x.X, x.Index}, 0, false)
	case *ast.StarExpr:
		n.operands([]ast.Expr{x.X}, 0, false)
	case *ast.SelectorExpr:
		n.lvalue(x.X)
	default:
		if n.mark[e] || hasCall(n.f, e) {
			n.operands([]ast.Expr{e}, 0, false)
		}
	}
}

// expr normalizes e, which holds a sync point.
func (n *normalizer) expr(e ast.Expr) {
	if !n.mark[e] {
		return
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		n.expr(x.X)
	case *ast.CallExpr:
		if n.f.uniSync(x) {
			n.uniSync(x)
			return
		}
		n.callOperands(x)
		if name, ok := n.kind[x]; ok {
			if _, tuple := n.f.Src.Info.TypeOf(x).(*types.Tuple); tuple {
				fail(n.f.unsupported(x, "a call with several results or none inside an expression that synchronizes"))
			}
			n.hoist(x, tempName(name))
		}
	case *ast.BinaryExpr:
		if (x.Op == token.LAND || x.Op == token.LOR) && n.mark[x.Y] {
			n.shortCircuit(x)
			return
		}
		n.operands([]ast.Expr{x.X, x.Y}, 0, false)
	case *ast.UnaryExpr:
		n.expr(x.X)
	case *ast.StarExpr:
		n.expr(x.X)
	case *ast.SelectorExpr:
		n.expr(x.X)
	case *ast.IndexExpr:
		n.operands([]ast.Expr{x.X, x.Index}, 0, false)
	case *ast.SliceExpr:
		n.operands([]ast.Expr{x.X, x.Low, x.High, x.Max}, 0, false)
	case *ast.CompositeLit:
		var elts []ast.Expr
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			elts = append(elts, el)
		}
		n.operands(elts, 0, false)
	case *ast.TypeAssertExpr:
		n.expr(x.X)
	default:
		fail(n.f.unsupported(e, "a barrier or collective in this expression"))
	}
}

// callOperands normalizes the operands of call x: the receiver of a
// method first, or the function value, then the arguments.
func (n *normalizer) callOperands(x *ast.CallExpr) {
	var ops []ast.Expr
	if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && n.f.Src.Info.Selections[sel] != nil {
		ops = append(ops, sel.X)
	} else if n.mark[x.Fun] {
		ops = append(ops, x.Fun)
	}
	n.operands(append(ops, x.Args...), 0, false)
}

// result returns what expression e becomes: its replacement, or its copy
// with the replacements inside it.
func (n *normalizer) result(e ast.Expr) ast.Expr {
	if r, ok := n.repl[e]; ok {
		return r
	}
	return n.copy(e).(ast.Expr)
}

// shortCircuit normalizes x && y (or x || y) whose y holds a sync point:
// t := x; if t { t = y } (if !t for ||), y's temporaries inside the if.
func (n *normalizer) shortCircuit(b *ast.BinaryExpr) {
	n.expr(b.X)
	typ := n.f.Src.Info.TypeOf(b)
	v := n.newTemp("ok", typ)
	n.pre = append(n.pre, n.f.declare(v, n.result(b.X), b.OpPos))
	outer := n.pre
	n.pre = nil
	n.expr(b.Y)
	inner := append(n.pre, n.f.assign(v, n.result(b.Y), b.OpPos))
	n.pre = outer
	var cond ast.Expr = n.f.ident(v, b.OpPos)
	if b.Op == token.LOR {
		cond = &ast.UnaryExpr{OpPos: b.OpPos, Op: token.NOT, X: cond}
		n.f.Src.Info.Types[cond] = types.TypeAndValue{Type: typ}
	}
	n.pre = append(n.pre, &ast.IfStmt{If: b.OpPos, Cond: cond, Body: &ast.BlockStmt{Lbrace: b.OpPos, List: inner}})
	n.repl[b] = n.f.ident(v, b.OpPos)
}

// hoist fixes e's value in a new temporary declared before the statement.
func (n *normalizer) hoist(e ast.Expr, name string) {
	typ := n.f.Src.Info.TypeOf(e)
	if typ == nil {
		fail(n.f.unsupported(e, "an expression whose type the compiler cannot find"))
	}
	if b, ok := typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		typ = types.Default(typ)
	}
	v := n.newTemp(name, typ)
	n.pre = append(n.pre, n.f.declare(v, n.copy(e).(ast.Expr), e.Pos()))
	n.repl[e] = n.f.ident(v, e.Pos())
	n.repl[ast.Unparen(e)] = n.repl[e]
}

func (n *normalizer) newTemp(name string, typ types.Type) *types.Var {
	v := types.NewVar(n.pos, n.f.Src.Pkg, name, typ)
	n.f.addVar(v)
	return v
}

// copy returns a copy of node with the replacements made so far (but not
// node's own).
func (n *normalizer) copy(node ast.Node) ast.Node {
	return n.f.copyNode(node, n.none, func(m ast.Node) (ast.Node, bool) {
		if r, ok := n.repl[m]; ok && m != node {
			return r, true
		}
		return nil, false
	})
}

// tempName names the temporary of a sync call's value after it.
func tempName(short string) string {
	if short == "" || short == "r" {
		return "r"
	}
	return string(short[0]+'a'-'A') + short[1:]
}

// hasCall reports whether e calls anything (outside function literals)
// whose order could matter: not conversions and pure builtins.
func hasCall(f *Func, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if !f.orderFree(m) {
				found = true
			}
		case *ast.BinaryExpr:
			if m.Op == token.LAND || m.Op == token.LOR {
				if hasCall(f, m.Y) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// normalizeIf returns an if whose init or condition synchronizes as a
// scope: the init, the condition's temporaries, then the if on the
// condition's value.
func (f *Func) normalizeIf(s *ast.IfStmt) *ast.BlockStmt {
	var list []ast.Stmt
	if s.Init != nil {
		list = append(list, s.Init)
	}
	n := f.newNormalizer(s.Cond)
	n.expr(s.Cond)
	list = append(list, n.pre...)
	return &ast.BlockStmt{Lbrace: s.If, List: append(list, &ast.IfStmt{If: s.If, Cond: n.result(s.Cond), Body: s.Body, Else: s.Else})}
}

// normalizeFor returns a for loop whose condition synchronizes as one
// that evaluates it first thing in each iteration and breaks when it is
// false: continue still runs the post statement, then the condition.
func (f *Func) normalizeFor(s *ast.ForStmt) *ast.ForStmt {
	n := f.newNormalizer(s.Cond)
	n.expr(s.Cond)
	boolType := f.Src.Info.TypeOf(s.Cond)
	cond := &ast.ParenExpr{Lparen: s.Cond.Pos(), X: n.result(s.Cond), Rparen: s.Cond.End()}
	not := &ast.UnaryExpr{OpPos: s.Cond.Pos(), Op: token.NOT, X: cond}
	f.Src.Info.Types[cond] = types.TypeAndValue{Type: boolType}
	f.Src.Info.Types[not] = types.TypeAndValue{Type: boolType}
	exit := &ast.IfStmt{If: s.Cond.Pos(), Cond: not, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{TokPos: s.Cond.Pos(), Tok: token.BREAK}}}}
	body := append(append(n.pre, exit), s.Body.List...)
	return &ast.ForStmt{For: s.For, Init: s.Init, Post: s.Post, Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: body, Rbrace: s.Body.Rbrace}}
}

// postLast returns a for loop whose post statement synchronizes (a
// do-while ported as for more := true; more; more = t.AnySync(...), as
// HeCBench's graphB+ writes its treelabel) as one running that statement
// last in its body: where no continue skips the rest of the body, the
// two are the same.
func postLast(s *ast.ForStmt) *ast.ForStmt {
	body := append(append([]ast.Stmt(nil), s.Body.List...), s.Post)
	return &ast.ForStmt{For: s.For, Init: s.Init, Cond: s.Cond, Body: &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: body, Rbrace: s.Body.Rbrace}}
}

// continues reports whether body, a loop's (labeled label, or nil), holds
// a continue of that loop (outside function literals).
func continues(body *ast.BlockStmt, label *ast.Ident) bool {
	found := false
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				if m != n {
					walk(m, depth+1)
					return false
				}
			case *ast.BranchStmt:
				if m.Tok == token.CONTINUE {
					found = m.Label == nil && depth == 0 || m.Label != nil && label != nil && m.Label.Name == label.Name
				}
			}
			return !found
		})
	}
	walk(body, 0)
	return found
}

// lastAsPost returns loop s, labeled label, written with its body's last
// statement as its post statement, where s has none and that statement
// updates a variable declared before the loop (s /= 2, s = s >> 1, i++)
// from values declared there too, synchronizes nowhere, and no continue
// could skip it: the loop of for s > 0 { ...; s /= 2 } is then the
// for-loop the passes read as one (an induction, in one place), whichever
// way the source wrote it. Otherwise it returns nil.
func (f *Func) lastAsPost(s *ast.ForStmt, label *ast.Ident) *ast.ForStmt {
	n := len(s.Body.List)
	if s.Post != nil || n == 0 || continues(s.Body, label) {
		return nil
	}
	last := s.Body.List[n-1]
	var target ast.Expr
	switch u := last.(type) {
	case *ast.IncDecStmt:
		target = u.X
	case *ast.AssignStmt:
		if u.Tok == token.DEFINE || len(u.Lhs) != 1 || len(u.Rhs) != 1 {
			return nil
		}
		target = u.Lhs[0]
	default:
		return nil
	}
	if _, ok := ast.Unparen(target).(*ast.Ident); !ok || f.hasSync(last) || f.declaresIn(last, s.Body) {
		return nil
	}
	body := &ast.BlockStmt{Lbrace: s.Body.Lbrace, List: s.Body.List[:n-1], Rbrace: s.Body.Rbrace}
	return &ast.ForStmt{For: s.For, Init: s.Init, Cond: s.Cond, Post: last, Body: body}
}

// declaresIn reports whether n names an object declared inside block,
// which a statement moved out of it would no longer see.
func (f *Func) declaresIn(n ast.Node, block *ast.BlockStmt) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if obj := f.Src.Info.ObjectOf(id); obj != nil && obj.Pos() >= block.Lbrace && obj.Pos() <= block.Rbrace {
				found = true
			}
		}
		return !found
	})
	return found
}
