package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// build is the first pass: it makes f.Body the kernel as one thread's
// program, in which the statements holding sync points (barriers) or
// leaving one (a break of a loop with a barrier) are structure, and every
// other statement is Code. It refuses what the pipeline cannot compile.
func build(f *Func) {
	list := f.Src.Decl.Body.List
	if n := len(list); n > 0 {
		if r, ok := list[n-1].(*ast.ReturnStmt); ok && len(r.Results) == 0 {
			list = list[:n-1] // C's return; closing a kernel: nothing to do, and nothing may follow it
		}
	}
	f.Body = f.buildList(f.scalarizeArrays(f.inlineArrayHelpers(list)))
	resolveBranches(f.Body, nil)
}

func (f *Func) buildList(list []ast.Stmt) []Node {
	var out []Node
	for _, s := range list {
		if norm, ok := f.normalize(s); ok {
			out = append(out, f.buildList(norm)...)
			continue
		}
		if nodes, ok := f.bindDefinition(s); ok {
			out = append(out, nodes...)
			continue
		}
		if fs, ok := s.(*ast.ForStmt); ok {
			if b, ok := f.ownCounter(fs); ok {
				out = append(out, f.buildList(b.List)...)
				continue
			}
		}
		if call, decl := f.syncHelperCall(s); call != nil {
			out = append(out, f.inline(s, call, decl)...)
			continue
		}
		if call, decl := f.loopHelperCall(s); call != nil {
			out = append(out, f.inlineAliased(s, call, decl, true)...)
			continue
		}
		if !f.structural(s) {
			for _, part := range f.splitDefine(f.inlineLoops(s)) {
				out = append(out, &Code{Stmt: part})
			}
			continue
		}
		out = append(out, f.buildStmt(s, nil))
	}
	return f.clamps(out)
}

// buildStmt builds a structural statement; label is the label it carries.
func (f *Func) buildStmt(s ast.Stmt, label *ast.Ident) Node {
	if call := f.collectiveIn(s); call != nil {
		return f.buildCollective(s, call)
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		return f.buildBarrier(s, s.X, nil)
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && (s.Tok == token.DEFINE || s.Tok == token.ASSIGN) {
			return f.buildBarrier(s, s.Rhs[0], s)
		}
	case *ast.DeclStmt:
		if vs, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec); ok && len(s.Decl.(*ast.GenDecl).Specs) == 1 && len(vs.Names) == 1 && len(vs.Values) == 1 {
			return f.buildBarrier(s, vs.Values[0], s)
		}
	case *ast.IfStmt:
		return f.buildIf(s)
	case *ast.ForStmt:
		return f.buildFor(s, label)
	case *ast.RangeStmt:
		if f.hasSync(s.X) {
			fail(f.unsupported(s.X, "a barrier or collective in a range expression (compute it before the loop)"))
		}
		return &Range{Src: s, Label: label, Body: f.buildList(s.Body.List)}
	case *ast.BlockStmt:
		return &Scope{Body: f.buildList(s.List)}
	case *ast.LabeledStmt:
		switch s.Stmt.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt:
			return f.buildStmt(s.Stmt, s.Label)
		}
	case *ast.BranchStmt:
		if s.Tok == token.BREAK || s.Tok == token.CONTINUE {
			return &Branch{Src: s}
		}
	case *ast.ReturnStmt:
		return &Return{Src: s}
	case *ast.SwitchStmt:
		if label != nil {
			fail(f.unsupported(s, "a labeled switch holding a barrier or collective (write the cases as ifs)"))
		}
		return &Scope{Body: f.buildList(f.switchAsIfs(s).List)}
	case *ast.TypeSwitchStmt, *ast.SelectStmt:
		fail(f.unsupported(s, "a type switch or select holding a barrier or collective (decide the type first, outside the barrier's statement)"))
	}
	fail(f.inExpression(s))
	return nil
}

// buildIf builds an if holding sync points.
func (f *Func) buildIf(s *ast.IfStmt) Node {
	if f.hasSync(s.Cond) || s.Init != nil && f.hasSync(s.Init) {
		return &Scope{Body: f.buildList(f.normalizeIf(s).List)}
	}
	if s.Init != nil {
		// init; if cond: the init's variables live in both branches
		// alone, as a scope around the if keeps them
		plain := &ast.IfStmt{If: s.If, Cond: s.Cond, Body: s.Body, Else: s.Else}
		return &Scope{Body: append(f.buildList([]ast.Stmt{s.Init}), f.buildStmt(plain, nil))}
	}
	n := &If{Src: s, Then: f.buildList(s.Body.List)}
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		n.Else = f.buildList(e.List)
	case *ast.IfStmt:
		n.Else = []Node{f.buildStmt(e, nil)}
		_, n.ElseIf = n.Else[0].(*If)
	}
	return n
}

// buildFor builds a for loop holding sync points; label is its label.
func (f *Func) buildFor(s *ast.ForStmt, label *ast.Ident) Node {
	if s.Cond != nil && f.hasSync(s.Cond) {
		return f.buildStmt(f.normalizeFor(s), label)
	}
	if s.Post != nil && f.hasSync(s.Post) && !continues(s.Body, label) {
		return f.buildStmt(postLast(s), label)
	}
	if rotated := f.lastAsPost(s, label); rotated != nil {
		s = rotated
	}
	for _, part := range []ast.Node{s.Init, s.Cond, s.Post} {
		if part != nil && !isNilNode(part) && f.hasSync(part) {
			fail(f.unsupported(part, "a barrier or collective in a loop's init or post statement (compute it before the loop, or at the end of its body)"))
		}
	}
	return &For{Src: s, Label: label, Body: f.buildList(s.Body.List)}
}

// buildBarrier builds a statement whose value x is a barrier call; use is
// the statement that assigns the result, nil where it is discarded.
func (f *Func) buildBarrier(s ast.Stmt, x ast.Expr, use ast.Stmt) Node {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		fail(f.inExpression(s))
	}
	e, ok := f.entry(call)
	if !ok || (e.Kind != kapi.Barrier && e.Kind != kapi.BarrierPred && e.Kind != kapi.GridBarrier) {
		fail(f.inExpression(s))
	}
	b := &Barrier{Call: call, Entry: e}
	if e.Kind == kapi.BarrierPred {
		b.Pred, b.Stmt = call.Args[e.Value], use
		if use != nil {
			f.results[use] = b
		}
		if f.hasSync(b.Pred) {
			fail(f.unsupported(b.Pred, "a barrier or collective inside a barrier's predicate"))
		}
	}
	return b
}

// collectiveIn returns the warp collective that the simple statement s
// (an expression, assignment or declaration) calls, or nil if it calls
// none, or a barrier.
func (f *Func) collectiveIn(s ast.Stmt) *ast.CallExpr {
	switch s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt:
	default:
		return nil
	}
	var colls []*ast.CallExpr
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if e, ok := f.entry(n); ok && e.Kind == kapi.Collective {
				colls = append(colls, n)
			}
		}
		return true
	})
	if len(colls) == 0 {
		return nil
	}
	if len(colls) > 1 {
		fail(f.unsupported(colls[1], "more than one warp collective in a statement"))
	}
	return colls[0]
}

// buildCollective builds statement s, which calls the warp collective
// call: the collective, and s going on with its result. The collective's
// operands are evaluated before the rest of s, so s may call nothing else
// that could observe the order.
func (f *Func) buildCollective(s ast.Stmt, call *ast.CallExpr) Node {
	e, _ := f.entry(call)
	if b := f.barrierIn(s); b != nil {
		fail(f.unsupported(call, "a warp collective in a barrier's predicate"))
	}
	for _, arg := range call.Args {
		if f.hasSync(arg) {
			fail(f.unsupported(arg, "a barrier or collective in a collective's operand"))
		}
	}
	ast.Inspect(s, func(n ast.Node) bool {
		other, ok := n.(*ast.CallExpr)
		if !ok || other == call {
			return other != call
		}
		if !f.orderFree(other) {
			fail(f.unsupported(other, "a call beside a warp collective in one statement"))
		}
		return true
	})
	c := &Collective{Call: call, Entry: e}
	if x, ok := s.(*ast.ExprStmt); !ok || ast.Unparen(x.X) != call {
		c.Stmt = s
		f.collResults[s] = c
	}
	return c
}

// barrierIn returns a block barrier that s calls, or nil.
func (f *Func) barrierIn(s ast.Stmt) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(s, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil {
			if e, ok := f.entry(call); ok && (e.Kind == kapi.Barrier || e.Kind == kapi.BarrierPred) {
				found = call
			}
		}
		_, lit := n.(*ast.FuncLit)
		return found == nil && !lit
	})
	return found
}

// orderFree reports whether call may run after a collective's operands
// where the source runs it before: a conversion, a builtin, a function of
// math, or the thread's index.
func (f *Func) orderFree(call *ast.CallExpr) bool {
	if tv, ok := f.Src.Info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	if e, ok := f.entry(call); ok {
		return e.Kind == kapi.Index || e.Kind == kapi.Uniform
	}
	fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && pureFuncPkgs[fn.Pkg().Path()]
}

// structural reports whether s must stay structure: it holds a sync
// point, or a break or continue leaving it.
func (f *Func) structural(s ast.Stmt) bool {
	return f.hasSync(s) || escapes(s)
}

// hasSync reports whether n calls a barrier or collective, outside
// function literals.
func (f *Func) hasSync(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if e, ok := f.entry(n); ok && e.Kind.Sync() {
				found = true
			} else if _, kind := f.callSync(n, map[*ast.FuncDecl]bool{}); kind == syncHelper {
				found = true // a helper to inline
			}
		}
		return !found
	})
	return found
}

// entry returns the kernel-API entry of call's callee.
func (f *Func) entry(call *ast.CallExpr) (kapi.Entry, bool) {
	fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func)
	return kapi.Lookup(fn)
}

// escapes reports whether s holds a break or continue whose target lies
// outside s (outside function literals).
func escapes(s ast.Stmt) bool {
	labels := map[string]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			labels[l.Label.Name] = true
		}
		return true
	})
	found := false
	var walk func(n ast.Node, loops, breakable int)
	walk = func(n ast.Node, loops, breakable int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				if m != n {
					walk(m, loops+1, breakable+1)
					return false
				}
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, loops, breakable+1)
					return false
				}
			case *ast.BranchStmt:
				switch {
				case m.Tok == token.GOTO || m.Tok == token.FALLTHROUGH:
				case m.Label != nil:
					found = found || !labels[m.Label.Name]
				case m.Tok == token.CONTINUE:
					found = found || loops == 0
				case m.Tok == token.BREAK:
					found = found || breakable == 0
				}
			}
			return true
		})
	}
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		walk(s, 1, 1)
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		walk(s, 0, 1)
	default:
		walk(s, 0, 0)
	}
	return found
}

// splitDefine returns a, b := x, y as a := x and b := y, so that each
// variable is classified by its own value (tid, n := t.ThreadIdx.X,
// t.BlockDim.X defines a varying and a uniform value). The new statements
// share the original's expressions, which they do not change. A statement
// whose values could see one of its own variables, or that assigns
// existing variables too, stays whole.
func (f *Func) splitDefine(s ast.Stmt) []ast.Stmt {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) < 2 || len(as.Lhs) != len(as.Rhs) {
		return []ast.Stmt{s}
	}
	defined := map[types.Object]bool{}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || f.Src.Info.Defs[id] == nil {
			return []ast.Stmt{s}
		}
		defined[f.Src.Info.Defs[id]] = true
	}
	for _, r := range as.Rhs {
		for obj := range defined {
			if refersTo(r, obj, f.Src.Info) {
				return []ast.Stmt{s}
			}
		}
	}
	out := make([]ast.Stmt, len(as.Lhs))
	for i := range as.Lhs {
		out[i] = &ast.AssignStmt{Lhs: as.Lhs[i : i+1], TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs[i : i+1]}
	}
	return out
}

// isNilNode reports whether n is a nil pointer in an interface.
func isNilNode(n ast.Node) bool {
	switch n := n.(type) {
	case ast.Stmt:
		return n == nil || reflect.ValueOf(n).IsNil()
	case ast.Expr:
		return n == nil || reflect.ValueOf(n).IsNil()
	}
	return n == nil
}
