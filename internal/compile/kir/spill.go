package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/types/typeutil"
)

// A loopVars is what one thread loop does with the kernel's varying
// variables.
type loopVars struct {
	refs    map[*types.Var]bool // used or changed
	exposed map[*types.Var]bool // read before the loop assigns them: their value comes from before
	partial map[*types.Var]bool // assigned on some paths through the loop, not all, and not declared by it
	defs    map[*types.Var]bool // assigned or declared
	decls   map[*types.Var]bool // declared by the loop's own statements
	outer   []ast.Node          // the structural loops around it, innermost last
}

// spill is the pass that decides which varying variables live across a
// sync point: those a thread loop reads before assigning them, and that
// another thread loop (or the same one, in the next iteration of
// structural loop around it) assigns. Only they are kept per thread in
// scratch arrays; every other variable is a local of each loop that uses
// it.
func spill(f *Func) {
	info := map[Node]*loopVars{}
	var walk func(nodes []Node, outer []ast.Node)
	walk = func(nodes []Node, outer []ast.Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *ThreadLoop:
				lv := f.scanItems(f.threadItems(n))
				lv.outer = outer
				info[n] = lv
			case *WarpLoop:
				lv := f.scanItems(f.warpItems(n.Body, 0))
				lv.outer = outer
				info[n] = lv
			case *For:
				walk(n.Body, append(outer[:len(outer):len(outer)], n.Src))
			case *Range:
				walk(n.Body, append(outer[:len(outer):len(outer)], n.Src))
			default:
				for _, list := range children(n) {
					walk(list, outer)
				}
			}
		}
	}
	walk(f.Body, nil)
	f.LoopVars = info
	f.readBefore = f.exposedReads(info)
	after := f.liveAfter(info)
	for l, lv := range info {
		live, known := after[l]
		if !known {
			live = f.readBefore
		}
		f.promotePartial(lv, live)
	}
	if f.hasSyncPoint() {
		f.captured = f.capturedVars()
	}
	for obj, v := range f.Vars {
		if v.Class == Varying && (f.livesAcross(obj, info) || f.captured[obj]) {
			f.keepPerThread(obj)
		}
	}
	Walk(f.Body, func(n Node) {
		if w, ok := n.(*WarpLoop); ok {
			f.laneArrays(w)
			f.operandCopies(w)
		}
	})
	f.checkSpills()
	f.deadSpills = f.findDeadSpills()
}

// exposedReads returns the variables some loop (thread, warp or lane
// loop) reads before assigning them: whose value comes from before it.
func (f *Func) exposedReads(info map[Node]*loopVars) map[*types.Var]bool {
	return f.exposedIn(f.Body, info)
}

// promotePartial marks exposed the variables lv assigns on some paths
// only, where a loop that may run after it reads their incoming value
// (live): the loop's copy must start from the value before it, since it
// is stored back at its end. Variables no later loop reads that way are
// dead after this one, whatever it leaves in them.
func (f *Func) promotePartial(lv *loopVars, live map[*types.Var]bool) {
	for v := range lv.partial {
		if live[v] {
			lv.exposed[v] = true
		}
	}
}

// livesAcross reports whether v's value flows from one thread loop to
// another.
func (f *Func) livesAcross(v *types.Var, info map[Node]*loopVars) bool {
	for l, lv := range info {
		if !lv.exposed[v] || lv.decls[v] {
			continue // a loop that declares v reads only its own (Go's scopes)
		}
		if f.isParam(v) {
			return true
		}
		for l2, lv2 := range info {
			if l2 != l && lv2.defs[v] {
				return true
			}
		}
		if lv.defs[v] {
			for _, o := range lv.outer {
				if v.Pos() < o.Pos() || v.Pos() >= o.End() {
					return true // assigned in one iteration, read in the next
				}
			}
		}
	}
	return false
}

// keepPerThread keeps v per thread in a scratch array.
func (f *Func) keepPerThread(v *types.Var) {
	if kv := f.Vars[v]; !kv.Spill {
		kv.Spill = true
		kv.SpillName = f.Names.Fresh("s_" + kv.Name)
	}
}

// isParam reports whether v is a parameter of the kernel.
func (f *Func) isParam(v *types.Var) bool {
	return v.Pos() >= f.Src.Decl.Type.Pos() && v.Pos() < f.Src.Decl.Type.End()
}

// checkSpills decides how the variables kept across sync points (per
// thread in scratch, or per lane across a warp's collectives) are kept.
// One whose address the code takes (&v, a slice of an array v, a pointer
// method's receiver, a field or element of v included; inlined copies
// count too) is kept in place: a loop's copy would be what the pointer or
// slice refers to, and writes through it would miss the value later loops
// read. A pointer only lent to a callee (lends) is to the loop's copy,
// written back at the loop's end. So is a variable a function literal
// captures, where it is kept per thread (captured.go).
func (f *Func) checkSpills() {
	kept := map[*types.Var]bool{}
	for obj, v := range f.Vars {
		kept[obj] = v.Spill
	}
	Walk(f.Body, func(n Node) {
		if w, ok := n.(*WarpLoop); ok {
			for v := range w.Arrays {
				kept[v] = true
			}
		}
	})
	lent := map[*ast.UnaryExpr]bool{}
	f.inspectAll(func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			for i, a := range call.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && f.lends(call, i) {
					lent[u] = true
				}
			}
		}
	})
	f.inspectAll(func(n ast.Node) {
		if v := f.addressed(n, lent); v != nil && kept[v] {
			f.Vars[v].InPlace = true
		}
	})
	for obj := range f.captured { // captured.go
		if f.Vars[obj].Spill {
			f.Vars[obj].InPlace = true
		}
	}
	f.inspectAll(func(n ast.Node) {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, x := range a.Lhs {
				if v, ok := f.Src.Info.Uses[identOf(x)].(*types.Var); ok && f.Vars[v] != nil && f.Vars[v].InPlace {
					fail(f.refuse(a, "%s, whose address is taken and which lives across a barrier or collective, is assigned by a short variable declaration (assign it with =)", v.Name()))
				}
			}
		}
	})
}

// addressed returns the local variable whose address n takes, if any:
// the operand of & (unless only lent to a callee), an array sliced, the
// operand of a method with a pointer receiver, or a field or element of
// one of those.
func (f *Func) addressed(n ast.Node, lent map[*ast.UnaryExpr]bool) *types.Var {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND && !lent[n] {
			return f.localOf(n.X)
		}
	case *ast.SliceExpr:
		if _, array := f.Src.Info.TypeOf(n.X).Underlying().(*types.Array); array {
			return f.localOf(n.X)
		}
	case *ast.SelectorExpr:
		s := f.Src.Info.Selections[n]
		if s == nil || s.Kind() != types.MethodVal {
			return nil
		}
		_, ptrRecv := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer)
		_, ptrOperand := f.Src.Info.TypeOf(n.X).Underlying().(*types.Pointer)
		if ptrRecv && !ptrOperand {
			return f.localOf(n.X)
		}
	}
	return nil
}

// identOf returns x as an identifier, or nil.
func identOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}

// An item is one step of a loop's code, in order: a statement, or an
// expression it evaluates. Only statements at depth 0 (run by every
// thread of the loop, not under a condition) kill a variable.
type item struct {
	stmt  ast.Stmt
	expr  ast.Expr
	depth int
	// branch is set for an if's condition (expr), then and els its
	// branches' items: what both branches assign is assigned after it.
	branch    bool
	then, els []item
}

// threadItems returns the items of a thread loop.
func (f *Func) threadItems(l *ThreadLoop) []item {
	var items []item
	if l.Reduce != nil {
		items = append(items, item{expr: l.Reduce.Pred})
	}
	for _, n := range l.Body {
		items = append(items, item{stmt: n.(*Code).Stmt})
	}
	return items
}

// laneItems returns the items of a lane loop: its statements, then the
// operands of the collectives it leads to.
func (f *Func) laneItems(l *LaneLoop, depth int) []item {
	var items []item
	for _, n := range l.Body {
		items = append(items, item{stmt: n.(*Code).Stmt, depth: depth})
	}
	for _, c := range l.Operands {
		for _, a := range c.Call.Args {
			items = append(items, item{expr: a, depth: depth})
		}
	}
	return items
}

// warpItems returns the items of warp-level nodes, in order.
func (f *Func) warpItems(nodes []Node, depth int) []item {
	var items []item
	for _, n := range nodes {
		switch n := n.(type) {
		case *LaneLoop:
			items = append(items, f.laneItems(n, depth)...)
		case *Code:
			items = append(items, item{stmt: n.Stmt, depth: depth})
		case *WarpFor:
			items = append(items, item{stmt: n.Src.Init, depth: depth}, item{expr: n.Src.Cond, depth: depth + 1})
			items = append(items, f.warpItems(n.Body, depth+1)...)
			items = append(items, item{stmt: n.Src.Post, depth: depth + 1})
		case *WarpIf:
			items = append(items, item{expr: n.Src.Cond, depth: depth, branch: true, then: f.warpItems(n.Then, depth), els: f.warpItems(n.Else, depth)})
		case *If:
			items = append(items, item{stmt: n.Src.Init, depth: depth})
			items = append(items, item{expr: n.Src.Cond, depth: depth, branch: true, then: f.warpItems(n.Then, depth), els: f.warpItems(n.Else, depth)})
		case *For:
			items = append(items, item{stmt: n.Src.Init, depth: depth}, item{expr: n.Src.Cond, depth: depth + 1}, item{stmt: n.Src.Post, depth: depth + 1})
			items = append(items, f.warpItems(n.Body, depth+1)...)
		case *Range:
			items = append(items, item{stmt: n.Src, depth: depth + 1})
			items = append(items, f.warpItems(n.Body, depth+1)...)
		case *Scope:
			items = append(items, f.warpItems(n.Body, depth)...)
		}
	}
	return items
}

// scanItems finds what a loop's items do with the varying variables.
func (f *Func) scanItems(items []item) *loopVars {
	lv := &loopVars{refs: map[*types.Var]bool{}, exposed: map[*types.Var]bool{}, defs: map[*types.Var]bool{}, decls: map[*types.Var]bool{}, partial: map[*types.Var]bool{}}
	killed := map[*types.Var]bool{}
	use := func(n ast.Node, skip map[ast.Expr]bool, killed map[*types.Var]bool) {
		if n == nil {
			return
		}
		ast.Inspect(n, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok && f.replaced(call) {
				return false // a sync point's result: its operands were evaluated before
			}
			id, ok := m.(*ast.Ident)
			if !ok || skip[id] {
				return true
			}
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.Vars[v] != nil && f.Vars[v].Class != Uniform {
				lv.refs[v] = true
				if !killed[v] {
					lv.exposed[v] = true
				}
			}
			return true
		})
	}
	var scan func(items []item, killed map[*types.Var]bool)
	scan = func(items []item, killed map[*types.Var]bool) {
		for _, it := range items {
			if it.expr != nil {
				use(it.expr, nil, killed)
			}
			if it.branch {
				then, els := maps.Clone(killed), maps.Clone(killed)
				scan(it.then, then)
				scan(it.els, els)
				for v := range then {
					killed[v] = killed[v] || els[v]
				}
				continue
			}
			if it.stmt == nil {
				continue
			}
			f.defsIn(it.stmt, lv)
			if it.depth == 0 {
				f.scanStmt(it.stmt, killed, use)
				continue
			}
			targets := plainTargets(it.stmt)
			if _, isRange := it.stmt.(*ast.RangeStmt); isRange {
				targets = nil
			}
			use(it.stmt, targets, killed)
		}
	}
	scan(items, killed)
	for v := range lv.defs {
		if !killed[v] && !lv.decls[v] {
			lv.partial[v] = true
		}
	}
	return lv
}

// replaced reports whether call is a barrier or collective whose result
// replaces it where a statement goes on with it.
func (f *Func) replaced(call *ast.CallExpr) bool {
	for _, b := range f.results {
		if b.Call == call {
			return true
		}
	}
	for _, c := range f.collResults {
		if c.Call == call {
			return true
		}
	}
	return false
}

// defsIn records the variables s assigns or declares.
func (f *Func) defsIn(s ast.Stmt, lv *loopVars) {
	ast.Inspect(s, func(m ast.Node) bool {
		if inner, ok := m.(ast.Stmt); ok {
			for _, e := range assigned(inner) {
				if v := f.localOf(e); v != nil {
					lv.defs[v], lv.refs[v] = true, true
				}
			}
		}
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := f.Src.Info.Defs[id].(*types.Var); ok && f.Vars[v] != nil {
				lv.decls[v], lv.defs[v], lv.refs[v] = true, true, true
			}
		}
		if u, ok := m.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if v := f.localOf(u.X); v != nil {
				lv.defs[v], lv.refs[v] = true, true // written through the pointer, maybe
			}
		}
		return true
	})
}

// plainTargets returns the identifiers s assigns a whole new value to
// (x = e, x := e, var x T), whose old value it does not read.
func plainTargets(s ast.Stmt) map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.ASSIGN || s.Tok == token.DEFINE {
			for _, e := range s.Lhs {
				if id, ok := e.(*ast.Ident); ok {
					out[id] = true
				}
			}
		}
	case *ast.DeclStmt:
		for _, e := range assigned(s) {
			out[e] = true
		}
	}
	return out
}

// lends reports whether call's i-th argument, a pointer, is only lent to
// its callee: a same-package function that uses the parameter only as *p
// or p.f, so that the pointer does not outlive the call (CUDA C's int&
// out-parameters, as Rodinia's scan's loadSharedChunkFromMem has).
func (f *Func) lends(call *ast.CallExpr, i int) bool {
	fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func)
	if fn == nil {
		return false
	}
	decl := f.declOf(fn)
	sig := fn.Signature()
	if decl == nil || decl.Recv != nil || sig.Variadic() || i >= sig.Params().Len() {
		return false
	}
	p := sig.Params().At(i)
	deref, uses := map[*ast.Ident]bool{}, 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StarExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				deref[id] = true
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				deref[id] = true
			}
		case *ast.Ident:
			if f.Src.Info.Uses[n] == p {
				uses++
			}
		}
		return true
	})
	for id := range deref {
		if f.Src.Info.Uses[id] == p {
			uses--
		}
	}
	return uses == 0
}
