package kir

import (
	"go/ast"
	"go/types"
	"maps"
)

// fuse is the pass that merges adjacent thread loops with no sync point
// between them: two plain loops separated only by block code that neither
// touches (a uniform counter's update, say) become one loop, the block
// code moved before it. Threads of one region have no order to keep
// between them, so the merged loop computes the same. A loop touches
// what its remat values' definitions read too, since it computes them
// again: moving an update of their inputs before it would change them.
// A loop after a uniform if first moves into its branches where one ends
// with a loop to merge with (fuse_if.go).
func fuse(f *Func) {
	f.Body = f.fuseList(f.Body)
}

func (f *Func) fuseList(nodes []Node) []Node {
	nodes = f.sinkLoops(nodes)
	for _, n := range nodes {
		if lists := children(n); len(lists) == 1 {
			setChildren(n, f.fuseList(lists[0]))
		} else if n, ok := n.(*If); ok {
			n.Then, n.Else = f.fuseList(n.Then), f.fuseList(n.Else)
		}
	}
	var out []Node
	for i := 0; i < len(nodes); {
		a, ok := nodes[i].(*ThreadLoop)
		i++
		if !ok || !f.plainLoop(a) {
			out = append(out, nodes[i-1])
			continue
		}
		var moved []Node
		for {
			j, between := f.independent(a, nodes, i)
			if j == len(nodes) {
				break
			}
			b, ok := nodes[j].(*ThreadLoop)
			if !ok || !f.plainLoop(b) || f.touchesAny(b, between) {
				break
			}
			a.Body = append(a.Body, b.Body...)
			moved = append(moved, between...)
			i = j + 1
		}
		out = append(append(out, moved...), a)
	}
	return out
}

// independent returns the block code from nodes[i] on that loop a does not
// touch, and the index of the node after it.
func (f *Func) independent(a *ThreadLoop, nodes []Node, i int) (int, []Node) {
	var between []Node
	for ; i < len(nodes); i++ {
		c, ok := nodes[i].(*Code)
		if !ok || !c.Block || f.touches(a, c.Stmt) {
			break
		}
		between = append(between, c)
	}
	return i, between
}

// setChildren replaces the single child list of n.
func setChildren(n Node, list []Node) {
	switch n := n.(type) {
	case *For:
		n.Body = list
	case *Range:
		n.Body = list
	case *Scope:
		n.Body = list
	case *ThreadLoop:
		n.Body = list
	}
}

// plainLoop reports whether l is a loop fusion may merge: no reduction,
// no grid-stride loop in lockstep.
func (f *Func) plainLoop(l *ThreadLoop) bool {
	if l.Reduce != nil {
		return false
	}
	for _, n := range l.Body {
		if fs, ok := n.(*Code).Stmt.(*ast.ForStmt); ok && f.Strides[fs] != nil {
			return false
		}
	}
	return true
}

// touches reports whether block statement s assigns a variable loop l
// uses, or uses one l assigns. A remat variable the loop reads is
// recomputed in it, so the loop uses what its definition reads too (a
// guard's e := w^2 == 3, w a uniform variable s updates). Code that calls
// a function value, or names a variable that may hold one (and may pass
// it to a function that calls it), may call a closure of the kernel,
// which uses what it captures wherever it is called (fn := func() { ...
// w ... }, made in an earlier loop, then fn() in l and w++ in s).
func (f *Func) touches(l *ThreadLoop, s ast.Stmt) bool {
	loopVars, calls := map[*types.Var]bool{}, false
	for _, n := range l.Body {
		f.varsIn(n.(*Code).Stmt, loopVars)
		calls = calls || f.callsValue(n.(*Code).Stmt)
	}
	f.rematReads(loopVars)
	stmtVars := map[*types.Var]bool{}
	f.varsIn(s, stmtVars)
	if calls || f.callsValue(s) || holdsFuncs(loopVars) || holdsFuncs(stmtVars) {
		captured := f.litCaptures()
		maps.Copy(loopVars, captured)
		maps.Copy(stmtVars, captured)
	}
	for v := range stmtVars {
		if loopVars[v] {
			return true
		}
	}
	return false
}

func (f *Func) touchesAny(l *ThreadLoop, moved []Node) bool {
	for _, m := range moved {
		if f.touches(l, m.(*Code).Stmt) {
			return true
		}
	}
	return false
}

// varsIn adds the kernel's variables n mentions to set.
func (f *Func) varsIn(n ast.Node, set map[*types.Var]bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := f.Src.Info.ObjectOf(id).(*types.Var); ok && f.Vars[v] != nil {
				set[v] = true
			}
		}
		return true
	})
}

// rematReads adds to set what the definitions of its remat variables
// read, and so on for the remat variables among those.
func (f *Func) rematReads(set map[*types.Var]bool) {
	todo := make([]*types.Var, 0, len(set))
	for v := range set {
		todo = append(todo, v)
	}
	for len(todo) > 0 {
		v := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, u := range f.defUses(v) {
			if !set[u] {
				set[u] = true
				todo = append(todo, u)
			}
		}
	}
}

// callsValue reports whether n calls a function value: a variable, a
// field, an element or a literal, not a declared function (generic or
// not), method, builtin or conversion.
func (f *Func) callsValue(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		fun := ast.Unparen(call.Fun)
		if tv := f.Src.Info.Types[fun]; tv.IsType() || tv.IsBuiltin() {
			return true
		}
		switch x := fun.(type) {
		case *ast.IndexExpr: // an instantiation, or an element of a slice of functions
			fun = ast.Unparen(x.X)
		case *ast.IndexListExpr:
			fun = ast.Unparen(x.X)
		}
		var id *ast.Ident
		switch x := fun.(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel
		}
		_, static := f.Src.Info.Uses[id].(*types.Func)
		found = !static
		return !found
	})
	return found
}

// litCaptures returns the kernel's variables that its function literals
// use and that are declared outside them.
func (f *Func) litCaptures() map[*types.Var]bool {
	captured := map[*types.Var]bool{}
	f.literalCaptures(func(v *types.Var) { captured[v] = true })
	return captured
}

// holdsFuncs reports whether a variable of vars may hold a function: its
// type is one, or has one in its fields or elements, or is an interface
// or a type parameter whose type set allows one.
func holdsFuncs(vars map[*types.Var]bool) bool {
	for v := range vars {
		if mayHoldFunc(v.Type(), map[types.Type]bool{}) {
			return true
		}
	}
	return false
}

func mayHoldFunc(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if tp, ok := t.(*types.TypeParam); ok {
		return !numericSet(tp.Constraint())
	}
	switch u := t.Underlying().(type) {
	case *types.Signature, *types.Interface:
		return true
	case *types.Struct:
		for i := range u.NumFields() {
			if mayHoldFunc(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Pointer:
		return mayHoldFunc(u.Elem(), seen)
	case *types.Slice:
		return mayHoldFunc(u.Elem(), seen)
	case *types.Array:
		return mayHoldFunc(u.Elem(), seen)
	case *types.Map:
		return mayHoldFunc(u.Key(), seen) || mayHoldFunc(u.Elem(), seen)
	case *types.Chan:
		return mayHoldFunc(u.Elem(), seen)
	}
	return false
}
