package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A thread's code that ends with a loop carrying a value from trip to
// trip (for _, e := range x[lo:lo+run] { v += e }, perhaps then storing
// it: out[i] = v) waits on each step's latency as a helper's loop does,
// and gets the same jam: the loop is the rest, the variables it reads
// are the state, what it leaves in the carried variable the result.
// Where the rest would read what only the call site can evaluate (the
// slice a range loop ranges over, which may fail, or the thread's
// coordinates), that expression becomes an argument of the add call,
// evaluated where the scalar form evaluates it first.

// A jamArg is a variable of a region's state and the expression the
// call site passes for it.
type jamArg struct {
	v *types.Var
	x ast.Expr
}

// regionJam returns the jam of the loop ending body, or nil: a loop
// carrying a value whose result the thread keeps (per thread or per
// lane, in arrays) or stores to a slice's element in the statement
// after it, and which cannot fail.
func (f *Func) regionJam(body []Node, arrays map[*types.Var]string) *JamCall {
	if len(f.tsub) > 0 || f.Src.Decl.Type.TypeParams != nil {
		return nil // a generic kernel's state would name its type parameters
	}
	loop, store := f.regionStmts(body)
	if loop == nil || f.stopsIn(loop) || hasFuncLit(loop) || returnsIn([]ast.Stmt{loop}) {
		return nil
	}
	result, kept, ok := f.regionResult(loop, store, arrays)
	if !ok || result == nil && (store != nil || kept) {
		return nil
	}
	j := f.regionJams[loop]
	if j == nil {
		if j = f.splitRegion(loop, result); j == nil {
			return nil
		}
		f.regionJams[loop] = j
	}
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: loop.Pos(), Name: j.Name}, Lparen: loop.Pos(), Rparen: loop.Pos()}
	for _, a := range j.args {
		call.Args = append(call.Args, a.x)
	}
	jc := &JamCall{Call: call, Jam: j, Stmt: loop, Region: true}
	switch {
	case store != nil:
		jc.Result, jc.Drop = store.Lhs[0].(*ast.IndexExpr), store
	case kept:
		jc.Var, jc.Array = result, arrays[result]
	}
	return jc
}

// regionStmts returns the loop ending body, and the statement storing
// its result after it where body ends so (out[i] = v).
func (f *Func) regionStmts(body []Node) (loop ast.Stmt, store *ast.AssignStmt) {
	n := len(body)
	last, ok := body[n-1].(*Code)
	if !ok {
		return nil, nil
	}
	if isLoopStmt(last.Stmt) {
		return last.Stmt, nil
	}
	a, ok := last.Stmt.(*ast.AssignStmt)
	if !ok || n < 2 || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || identOf(a.Rhs[0]) == nil {
		return nil, nil
	}
	if _, _, v := f.jamStmt(a); v != nil {
		return nil, nil // not an element
	}
	ix, _ := ast.Unparen(a.Lhs[0]).(*ast.IndexExpr)
	prev, ok := body[n-2].(*Code)
	if ix == nil || !ok || !isLoopStmt(prev.Stmt) || identOf(ix.X) == nil || !f.plainIndex(ix.Index) || !isSlice(f.Src.Info.TypeOf(ix.X)) {
		return nil, nil
	}
	assigned := reassigned(f.Src.Info, []ast.Stmt{prev.Stmt})
	for _, v := range f.readOrder(ix) {
		if assigned[v] {
			return nil, nil // the index the loop changes
		}
	}
	return prev.Stmt, a
}

// isLoopStmt reports whether s is a for or range statement.
func isLoopStmt(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// stopsIn reports whether a loop in s checks for a stopped launch
// (stops.go): the jammed form would not.
func (f *Func) stopsIn(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && f.Stops[st] {
			found = true
		}
		return !found
	})
	return found
}

// regionResult returns the variable of the kernel's that loop carries
// out: the one the thread keeps (kept), or the one store stores; nil
// where there is none. It reports false where loop assigns a variable
// the jam cannot hold, or keeps more than one.
func (f *Func) regionResult(loop ast.Stmt, store *ast.AssignStmt, arrays map[*types.Var]string) (result *types.Var, kept, ok bool) {
	declared := stmtDecls(f.Src.Info, loop)
	var stored *types.Var
	if store != nil {
		stored, _ = f.Src.Info.ObjectOf(identOf(store.Rhs[0])).(*types.Var)
	}
	for v := range reassigned(f.Src.Info, []ast.Stmt{loop}) {
		if declared[v] {
			continue
		}
		kv := f.Vars[v]
		if kv == nil || kv.InPlace || kv.Class != Varying {
			return nil, false, false // kept in place (a function literal reaches it there), or not per thread
		}
		_, inArray := arrays[v]
		switch {
		case inArray || kv.Spill:
			if result != nil || store != nil {
				return nil, false, false
			}
			result, kept = v, true
		case v == stored:
			result = v
		}
	}
	return result, kept, true
}

// stmtDecls returns the variables n declares.
func stmtDecls(info *types.Info, n ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := info.Defs[id].(*types.Var); ok {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// readOrder returns the variables e reads, in the order of their first
// reads.
func (f *Func) readOrder(e ast.Node) []*types.Var {
	var out []*types.Var
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// splitRegion returns the jam of loop, whose result is result (or nil):
// loop with its site's expressions made arguments, as the rest; the
// variables it reads as the state. It returns nil where the rest could
// fail or carries no value.
func (f *Func) splitRegion(loop ast.Stmt, result *types.Var) *Jam {
	info := f.Src.Info
	ra := &regionArgs{f: f, assigned: reassigned(info, []ast.Stmt{loop}), declared: stmtDecls(info, loop)}
	rest := f.copyNode(loop, &instance{}, ra.subst).(ast.Stmt)
	if f.readsThread(rest) {
		return nil
	}
	state := slices.Clone(ra.vars)
	args := slices.Clone(ra.args)
	own, local := map[*types.Var]bool{}, stmtDecls(info, rest)
	for _, v := range f.readOrder(rest) {
		if f.Vars[v] != nil && !local[v] && !slices.Contains(state, v) {
			state, args = append(state, v), append(args, jamArg{v, &ast.Ident{NamePos: loop.Pos(), Name: v.Name()}})
			info.Uses[args[len(args)-1].x.(*ast.Ident)] = v
		}
	}
	if result != nil && !slices.Contains(state, result) {
		return nil // assigned, never read: the loop's first trip sets it
	}
	for _, v := range state {
		own[v] = true
	}
	for v := range local {
		own[v] = true
	}
	if clash(info, rest, own) {
		return nil
	}
	var guards []jamTest
	safety := &jamSafety{f: f, rest: []ast.Stmt{rest}, local: locals(ra.vars), guards: &guards, windows: map[*ast.IndexExpr]countedIndex{}}
	if !safety.safeList([]ast.Stmt{rest}, false, true) || !carriesChain([]ast.Stmt{rest}) {
		return nil
	}
	j := &Jam{Name: fmt.Sprintf("gc_jam_%s_%d", f.Src.Name(), f.Src.Fset.Position(loop.Pos()).Line), rest: []ast.Stmt{rest},
		state: state, sameLen: safety.keptSameLen(), args: args, own: own, guards: guards, windows: safety.windows,
		what: fmt.Sprintf("%s's loop at line %d", f.Src.Name(), f.Src.Fset.Position(loop.Pos()).Line)}
	if result != nil {
		id := &ast.Ident{NamePos: loop.End(), Name: result.Name()}
		info.Uses[id], info.Types[id] = result, types.TypeAndValue{Type: result.Type()}
		j.result, j.resultVar = id, result
	}
	return j
}

// readsThread reports whether n names the kernel's thread.
func (f *Func) readsThread(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && f.Src.Info.Uses[id] == f.Src.Thread {
			found = true
		}
		return !found
	})
	return found
}

// clash reports whether two of own's variables share a name, or one has
// the name of something else n names: the jam declares them by name.
func clash(info *types.Info, n ast.Node, own map[*types.Var]bool) bool {
	names := map[string]*types.Var{}
	for v := range own {
		if w, ok := names[v.Name()]; ok && w != v {
			return true
		}
		names[v.Name()] = v
	}
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			o := info.ObjectOf(id)
			if v, isVar := o.(*types.Var); o != nil && (!isVar || !own[v]) && names[id.Name] != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// regionArgs makes a region's expressions that only its call site can
// evaluate into arguments: the slice a range loop ranges over, which may
// fail, and expressions naming the thread (its coordinates), which the
// rest cannot; each becomes a variable of the state.
type regionArgs struct {
	f                  *Func
	assigned, declared map[*types.Var]bool // by the loop
	vars               []*types.Var
	args               []jamArg
	top                bool // the loop's own range expression was taken
}

// subst replaces n, a node of the loop being copied, by an argument's
// variable where it is one.
func (ra *regionArgs) subst(n ast.Node) (ast.Node, bool) {
	info := ra.f.Src.Info
	if r, ok := n.(*ast.RangeStmt); ok && !ra.top {
		ra.top = true // the loop's own, evaluated once before its first trip
		if identOf(r.X) == nil && isSlice(info.TypeOf(r.X)) {
			cp := *r
			cp.X = ra.arg("range", r.X)
			cp.Body = ra.f.copyNode(r.Body, &instance{}, ra.subst).(*ast.BlockStmt)
			cp.Key, cp.Value = ra.copyExpr(r.Key), ra.copyExpr(r.Value)
			return &cp, true
		}
		return nil, false
	}
	ra.top = true
	e, ok := n.(ast.Expr)
	if !ok || identOf(e) != nil || !ra.f.readsThread(e) {
		return nil, false
	}
	if !ra.siteExpr(e) {
		return nil, false // its parts may be
	}
	return ra.arg("arg", e), true
}

// copyExpr copies a range loop's key or value with the records of its
// identifiers.
func (ra *regionArgs) copyExpr(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	return ra.f.copyNode(e, &instance{}, nil).(ast.Expr)
}

// arg returns the variable standing for x, which the call site passes.
func (ra *regionArgs) arg(base string, x ast.Expr) ast.Expr {
	info := ra.f.Src.Info
	name := fmt.Sprintf("gc_%s%d", base, len(ra.vars))
	v := types.NewVar(x.Pos(), ra.f.Src.Pkg, name, info.TypeOf(x))
	ra.vars = append(ra.vars, v)
	ra.args = append(ra.args, jamArg{v, x})
	id := &ast.Ident{NamePos: x.Pos(), Name: name}
	info.Uses[id], info.Types[id] = v, types.TypeAndValue{Type: v.Type()}
	return id
}

// siteExpr reports whether e can be evaluated once at the call site, in
// the loop's place: it is pure (the thread's coordinates count), cannot
// fail, and reads no variable the loop declares or assigns.
func (ra *regionArgs) siteExpr(e ast.Expr) bool {
	outside := func(v *types.Var) bool { return !ra.assigned[v] && !ra.declared[v] }
	return ra.f.pure(e, outside, true) && ra.f.cannotFail(e)
}
