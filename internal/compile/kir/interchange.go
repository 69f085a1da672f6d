package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// interchange is the pass that turns a thread's loop inside out where
// that suits memory: a for loop of thread code, with a header the same for
// every thread, whose body indexes a slice at consecutive elements for
// consecutive threads but far apart from one trip to the next (the naive
// matrix multiply's b[p*n+col]), becomes block-level control around a
// thread loop, as a loop holding a barrier would: each trip runs for
// every thread of the block before the next, so that the threads walk
// the slice's rows together instead of each walking a column. The code
// before and after the loop runs in thread loops of its own; values
// crossing them are kept per thread as across a barrier. Threads of a
// block are unordered between barriers, so any interleaving of their
// trips is one CUDA allows. A body that also walks a slice along its
// trips, strided across threads, stays as it is; so do the loops, all of
// them, where the vector pass would run them as written eight threads a
// step in both builds (interchange_vector.go).
func interchange(f *Func) {
	if f.Src.keepLoops || f.vectorsInstead(f.interchangeCandidates(f.Body)) {
		return
	}
	f.Body = f.interchangeList(f.Body)
	f.repeatGuards()
	if f.distributed {
		f.classes(f.collectSites()) // a guard's pieces define what it held anew
	}
}

// repeatGuards repeats, where the kernel's last block-level node is an
// interchanged loop of thread code with only code after it, the guards
// that return threads before the loop (if row >= m { return }) at the
// start of its body and of each run of thread code after it (a
// block-level statement there, a uniform update, starts a thread loop of
// its own). Each of their thread loops then skips the threads that
// returned by itself, and the body needs no record of them (f.repeated).
// A guard whose condition reads a variable assigned after it is not
// repeated: the copies would test other values.
func (f *Func) repeatGuards() {
	last := -1
	for i, n := range f.Body {
		if _, isCode := n.(*Code); !isCode {
			last = i
		}
	}
	if last < 0 {
		return
	}
	loop, ok := f.Body[last].(*For)
	if !ok || !loop.Interchanged || !f.threadCodeOnly(loop.Body) {
		return
	}
	var guards []Node
	for i := last - 1; i >= 0; i-- {
		c, isCode := f.Body[i].(*Code)
		if !isCode {
			break
		}
		if f.gridStrideLoop(c.Stmt) {
			break // as below: the guards before it would not reach it (the compiler fuzzer's seed 300639)
		}
		if s, ok := c.Stmt.(*ast.IfStmt); ok && s.Init == nil && s.Else == nil && isReturn(s.Body) && f.safeCond(s.Cond) &&
			!f.readsAssigned(s.Cond, f.Body[i+1:]) {
			guards = append([]Node{c}, guards...)
		}
	}
	if len(guards) == 0 {
		return
	}
	split := map[Node]bool{Node(loop): true} // what ends a run of thread code: fission's block-level statements
	for _, n := range f.Body[last+1:] {
		stmt := n.(*Code).Stmt
		if f.gridStrideLoop(stmt) {
			return // a thread loop of its own (stride (in the lockstep pass) runs later), which the guards would not reach
		}
		if f.placeOf(stmt) == placeBlock {
			split[n] = true
		}
	}
	if f.repeated == nil {
		f.repeated = map[ast.Stmt]bool{}
	}
	for _, g := range guards {
		f.repeated[g.(*Code).Stmt] = true
	}
	loop.Body = append(slices.Clone(guards), loop.Body...)
	tail := append([]Node(nil), f.Body[:last+1]...)
	for i, n := range f.Body[last+1:] {
		if !split[n] && split[f.Body[last+i]] { // the first thread code after the loop, or after a block-level statement
			tail = append(tail, slices.Clone(guards)...)
		}
		tail = append(tail, n)
	}
	f.Body = tail
}

// gridStrideLoop reports whether s is a loop stride (in the lockstep pass) will run in
// lockstep, a thread loop of its own.
func (f *Func) gridStrideLoop(s ast.Stmt) bool {
	fs, ok := s.(*ast.ForStmt)
	return ok && f.strideLoop(fs, false) != nil
}

// threadCodeOnly reports whether nodes are thread code only, one run of
// it: the guards repeated at its start then reach all of it. A body
// holding a loop interchanged in turn, or a uniform if, runs thread
// loops of its own inside, which they would not (the compiler fuzzer's
// seed 1932238): its threads' returns are recorded instead.
func (f *Func) threadCodeOnly(nodes []Node) bool {
	for _, n := range nodes {
		c, isCode := n.(*Code)
		if !isCode || f.placeOf(c.Stmt) == placeBlock {
			return false
		}
	}
	return true
}

// readsAssigned reports whether x reads a variable that a statement of
// nodes (code, and the bodies of loops and ifs) assigns.
func (f *Func) readsAssigned(x ast.Expr, nodes []Node) bool {
	changed := map[*types.Var]bool{}
	Walk(nodes, func(n Node) {
		var s ast.Node
		switch n := n.(type) {
		case *Code:
			s = n.Stmt
		case *For:
			s = n.Src
		}
		if s == nil {
			return
		}
		ast.Inspect(s, func(m ast.Node) bool {
			if st, ok := m.(ast.Stmt); ok {
				for _, lhs := range assigned(st) {
					if v := f.varOf(lhs); v != nil {
						changed[v.Obj] = true
					}
				}
			}
			if u, ok := m.(*ast.UnaryExpr); ok && u.Op == token.AND {
				if v := f.varOf(ast.Unparen(u.X)); v != nil {
					changed[v.Obj] = true
				}
			}
			return true
		})
	})
	found := false
	ast.Inspect(x, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v := f.varOf(id); v != nil && changed[v.Obj] {
				found = true
			}
		}
		return !found
	})
	return found
}

func (f *Func) interchangeList(nodes []Node) []Node {
	out := make([]Node, 0, len(nodes))
	for _, n := range nodes {
		switch n := n.(type) {
		case *Code:
			switch s := n.Stmt.(type) {
			case *ast.ForStmt:
				if f.interchangeable(s) {
					body := make([]Node, len(s.Body.List))
					for j, s := range s.Body.List {
						body[j] = &Code{Stmt: s}
					}
					out = append(out, f.interchanged(s, body))
					continue
				}
			case *ast.IfStmt:
				if pieces := f.distribute(s); pieces != nil {
					out = append(out, pieces...)
					continue
				}
			}
		case *If:
			if blockLevel(n) { // not a warp's: its condition is the block's
				n.Then, n.Else = f.interchangeList(n.Then), f.interchangeList(n.Else)
			}
		case *For:
			if blockLevel(n) {
				n.Body = f.interchangeList(n.Body)
			}
		case *Range:
			if blockLevel(n) {
				n.Body = f.interchangeList(n.Body)
			}
		case *Scope:
			if blockLevel(n) {
				n.Body = f.interchangeList(n.Body)
			}
		}
		out = append(out, n)
	}
	return out
}

// interchanged returns fs run trip by trip for the block, its body
// nodes body (fs's statements one by one, or the guard distribute put
// around them), in which a loop to interchange is interchanged in turn.
func (f *Func) interchanged(fs *ast.ForStmt, body []Node) *For {
	f.Vars[f.loopVar(fs)].Class = Uniform
	return &For{Src: fs, Body: f.interchangeList(body), Interchanged: true}
}

// interchangeable reports whether fs, a loop of thread code, gains from
// running trip by trip for the whole block and may: its header is the
// same for every thread, nothing in its body leaves it or the thread, and
// its accesses favour the block's order (interchangeEffects), or it
// holds such a loop and none of its accesses disfavour it.
func (f *Func) interchangeable(fs *ast.ForStmt) bool {
	p := f.loopVar(fs)
	if p == nil || f.Vars[p] == nil || !types.Identical(p.Type(), types.Typ[types.Int]) {
		return false
	}
	init := fs.Init.(*ast.AssignStmt)
	cond, ok := fs.Cond.(*ast.BinaryExpr)
	if !ok || !f.uniformSafe(init.Rhs[0]) || !isIdentOf(f, cond.X, p) || !f.uniformSafe(cond.Y) ||
		cond.Op != token.LSS && cond.Op != token.LEQ && cond.Op != token.GTR && cond.Op != token.GEQ {
		return false
	}
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		ok = isIdentOf(f, post.X, p)
	case *ast.AssignStmt:
		ok = (post.Tok == token.ADD_ASSIGN || post.Tok == token.SUB_ASSIGN) && isIdentOf(f, post.Lhs[0], p) && f.uniformSafe(post.Rhs[0])
	default:
		ok = false
	}
	if !ok || !f.stayInside(fs.Body, p) {
		return false
	}
	if tv := f.Src.Info.Types[cond.Y]; tv.Value != nil && f.Src.Info.Types[init.Rhs[0]].Value != nil {
		return false // a constant trip count: the unroll pass's, or too short to gain
	}
	gain, hurt := f.interchangeEffects(fs.Body, p)
	return !hurt && (gain || f.holdsInterchangeable(fs.Body))
}

// holdsInterchangeable reports whether a loop to interchange stands at
// the top level of body: it can run trip by trip for the block only
// where the loop around it does.
func (f *Func) holdsInterchangeable(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		if fs, ok := s.(*ast.ForStmt); ok && f.interchangeable(fs) {
			return true
		}
	}
	return false
}

// loopVar returns the variable fs's init defines (for p := e; ...), or
// nil.
func (f *Func) loopVar(fs *ast.ForStmt) *types.Var {
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || fs.Cond == nil || fs.Post == nil {
		return nil
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.Src.Info.Defs[id].(*types.Var)
	return v
}

func isIdentOf(f *Func, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && f.Src.Info.ObjectOf(id) == v
}

// uniformSafe reports whether e is the same for every thread and cannot
// fail.
func (f *Func) uniformSafe(e ast.Expr) bool { return f.pure(e, f.isUniform, false) && f.cannotFail(e) }

// stayInside reports whether body neither leaves the loop nor the thread
// (no return, break, continue, goto or label), nor assigns the loop's
// variable, nor holds a function literal.
func (f *Func) stayInside(body *ast.BlockStmt, p *types.Var) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt, *ast.LabeledStmt, *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt:
			ok = false
		case *ast.AssignStmt, *ast.IncDecStmt:
			for _, x := range assigned(n.(ast.Stmt)) {
				ok = ok && !isIdentOf(f, x, p)
			}
		case *ast.UnaryExpr:
			ok = ok && (n.Op != token.AND || !isIdentOf(f, n.X, p))
		}
		return ok
	})
	return ok
}
