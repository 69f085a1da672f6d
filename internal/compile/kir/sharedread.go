package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Reads of shared memory that every thread of the block makes alike.
//
// An element of shared memory read at an index the same for the block is
// the same for every thread that reads it while no thread writes it: from
// the barrier before the read to the barrier after it, on every path
// (asta's next_in_cycle, computed from lmem[1] after a barrier). A write
// there, before the read or after it, would give threads that run before
// and after it different values, and the compiled form, which reads once
// per block, one of them. The passes never move such a read across a
// barrier.

// A flowItem is one step of the kernel as one thread's program: a
// statement, a header, or a barrier, with the steps that may follow it.
type flowItem struct {
	nodes      []ast.Node // what it evaluates
	barrier    bool
	succ, pred []*flowItem
}

func (it *flowItem) to(next ...*flowItem) {
	for _, n := range next {
		if n != nil {
			it.succ = append(it.succ, n)
			n.pred = append(n.pred, it)
		}
	}
}

// A flowLoop is a loop around the list being linked: where its break and
// continue go.
type flowLoop struct {
	label     *ast.Ident
	brk, cont *flowItem
}

// flowGraph links the steps of a list of nodes. items are all the steps
// made, in no order.
type flowGraph struct {
	items []*flowItem
	loops []flowLoop
}

func (g *flowGraph) item(nodes ...ast.Node) *flowItem {
	it := &flowItem{nodes: nodes}
	g.items = append(g.items, it)
	return it
}

// list links nodes, then next, and returns the first step (next for an
// empty list).
func (g *flowGraph) list(nodes []Node, next *flowItem) *flowItem {
	for i := len(nodes) - 1; i >= 0; i-- {
		next = g.node(nodes[i], next)
	}
	return next
}

func (g *flowGraph) node(n Node, next *flowItem) *flowItem {
	switch n := n.(type) {
	case *Code:
		it := g.item(n.Stmt)
		it.to(next)
		return it
	case *Barrier:
		after := next
		if n.Stmt != nil { // the statement using its result runs after it
			after = g.item(n.Stmt)
			after.to(next)
		}
		b := g.item()
		b.barrier = true
		b.to(after)
		it := g.item(n.Pred)
		it.to(b)
		return it
	case *Collective:
		it := g.item(n.Call, n.Stmt)
		it.to(next)
		return it
	case *If:
		it := g.item(n.Src.Init, n.Src.Cond)
		it.to(g.list(n.Then, next), g.list(n.Else, next))
		return it
	case *For:
		cond, post := g.item(n.Src.Cond), g.item(n.Src.Post)
		post.to(cond)
		g.loops = append(g.loops, flowLoop{n.Label, next, post})
		cond.to(g.list(n.Body, post), next)
		g.loops = g.loops[:len(g.loops)-1]
		init := g.item(n.Src.Init)
		init.to(cond)
		return init
	case *Range:
		head := g.item(n.Src.Key, n.Src.Value, n.Src.X)
		g.loops = append(g.loops, flowLoop{n.Label, next, head})
		head.to(g.list(n.Body, head), next)
		g.loops = g.loops[:len(g.loops)-1]
		return head
	case *Scope:
		return g.list(n.Body, next)
	case *Branch:
		it := g.item()
		it.to(g.branchTarget(n.Src))
		return it
	case *Return:
		return g.item() // the block's threads are done: no step follows
	}
	it := g.item() // a node of later passes: not seen here
	it.to(next)
	return it
}

// branchTarget returns where break or continue b goes.
func (g *flowGraph) branchTarget(b *ast.BranchStmt) *flowItem {
	for i := len(g.loops) - 1; i >= 0; i-- {
		l := g.loops[i]
		if b.Label != nil && (l.label == nil || l.label.Name != b.Label.Name) {
			continue
		}
		if b.Tok == token.BREAK {
			return l.brk
		}
		return l.cont
	}
	return nil
}

// interval returns the steps that may run between the barrier before it
// and the barrier after it, it included.
func interval(it *flowItem) []*flowItem {
	seen := map[*flowItem]bool{it: true}
	out := []*flowItem{it}
	for _, dir := range []func(*flowItem) []*flowItem{
		func(i *flowItem) []*flowItem { return i.succ },
		func(i *flowItem) []*flowItem { return i.pred },
	} {
		work := []*flowItem{it}
		for len(work) > 0 {
			cur := work[len(work)-1]
			work = work[:len(work)-1]
			for _, n := range dir(cur) {
				if !n.barrier && !seen[n] {
					seen[n] = true
					out = append(out, n)
					work = append(work, n)
				}
			}
		}
	}
	return out
}

// steadySharedReads returns the reads v[i] of the shared-memory slices
// shared (variables the kernel only declares, each to its allocation)
// that no write to v's memory may change between the barriers around
// them: the write's index and the read's are different constants, or
// there is none. The memory of a slice used otherwise than indexed
// (passed, sliced) has none: a write through another name may reach it.
func (f *Func) steadySharedReads(shared map[*types.Var]ast.Node) map[*ast.IndexExpr]bool {
	g := &flowGraph{}
	g.list(f.Body, nil)
	escaped := map[ast.Node]bool{}
	for v := range f.escapedShared(shared) {
		escaped[shared[v]] = true
	}
	writes := map[*flowItem][]sharedAccess{}
	for _, it := range g.items {
		writes[it] = f.sharedAccesses(it, shared, true)
	}
	out := map[*ast.IndexExpr]bool{}
	for _, it := range g.items {
		for _, r := range f.sharedAccesses(it, shared, false) {
			if escaped[shared[r.v]] {
				continue
			}
			steady := true
			for _, other := range interval(it) {
				for _, w := range writes[other] {
					apart := w.index != nil && r.index != nil && constant.Compare(w.index, token.NEQ, r.index)
					steady = steady && (shared[w.v] != shared[r.v] || apart)
				}
			}
			if steady {
				out[r.expr] = true
			}
		}
	}
	return out
}

// dynamicShared stands for the allocation every DynamicShared call
// returns.
var dynamicShared = &ast.Ident{Name: "DynamicShared"}

// sharedAllocs returns, for each variable that only shared-memory
// declarations define, its allocation: the source's Shared call (an
// inlined helper's copies share it), or dynamicShared. Nil where the
// variable's definitions do not name one allocation.
func (f *Func) sharedAllocs(sites map[*types.Var][]site) map[*types.Var]ast.Node {
	out := map[*types.Var]ast.Node{}
	for v := range f.sharedDecls(sites) {
		var alloc ast.Node
		for i, s := range sites[v] {
			a := f.allocOf(s.stmt)
			if i > 0 && a != alloc {
				a = nil
			}
			alloc = a
		}
		if alloc != nil {
			out[v] = alloc
		}
	}
	return out
}

// allocOf returns the allocation s declares a variable to be, whole (not
// a part of it, whose indices would be another's), or nil.
func (f *Func) allocOf(s ast.Stmt) ast.Node {
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		values = s.Rhs
	case *ast.DeclStmt:
		if vs, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec); ok {
			values = vs.Values
		}
	}
	if len(values) != 1 {
		return nil
	}
	call, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	e, ok := f.entry(call)
	switch {
	case !ok || e.Kind != kapi.SharedDecl:
		return nil
	case e.Short != "Shared":
		return dynamicShared
	case f.origins[call] != nil:
		return f.origins[call]
	}
	return call
}

// A sharedAccess is a read or write of an element of a shared slice v, at
// a constant index (nil where it is not constant).
type sharedAccess struct {
	v     *types.Var
	expr  *ast.IndexExpr
	index constant.Value
}

// sharedAccesses returns the reads (or, with writes, the writes) of the
// elements of shared slices in it: a write is an assignment to one, or its
// address taken.
func (f *Func) sharedAccesses(it *flowItem, shared map[*types.Var]ast.Node, writes bool) []sharedAccess {
	var out []sharedAccess
	add := func(e ast.Expr) {
		ix, ok := e.(*ast.IndexExpr)
		if !ok {
			return
		}
		if v, ok := f.Src.Info.Uses[identOf(ix.X)].(*types.Var); ok && shared[v] != nil {
			out = append(out, sharedAccess{v, ix, f.Src.Info.Types[ix.Index].Value})
		}
	}
	for _, n := range it.nodes {
		if n == nil || n == ast.Node(nil) {
			continue
		}
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case ast.Stmt:
				if writes {
					for _, e := range assigned(m) {
						add(outerIndex(e))
					}
				}
			case *ast.UnaryExpr:
				if writes && m.Op == token.AND {
					add(outerIndex(m.X))
				}
			case *ast.SelectorExpr:
				if writes && f.addressedMem(m) != nil { // a pointer method
					add(outerIndex(m.X))
				}
			case *ast.IndexExpr:
				if !writes {
					add(m)
				}
			}
			return true
		})
	}
	return out
}

// outerIndex returns the element of a variable e is, or is a field or
// array element of: s[i] for s[i].f[2]; nil for any other expression.
func outerIndex(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			if identOf(x.X) != nil {
				return x
			}
			e = x.X
		default:
			return nil
		}
	}
}

// escapedShared returns the shared slices used otherwise than indexed or
// passed to len or cap.
func (f *Func) escapedShared(shared map[*types.Var]ast.Node) map[*types.Var]bool {
	plain := map[*ast.Ident]bool{}
	f.inspectAll(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.IndexExpr:
			plain[identOf(n.X)] = true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
				if b, ok := f.Src.Info.Uses[id].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
					plain[identOf(n.Args[0])] = true
				}
			}
		}
	})
	out := map[*types.Var]bool{}
	f.inspectAll(func(n ast.Node) {
		if id, ok := n.(*ast.Ident); ok && !plain[id] {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && shared[v] != nil {
				out[v] = true
			}
		}
	})
	return out
}

// ownShared returns the uniform shared slices (Func.shared) of allocs
// that are only indexed or passed to len or cap: the memory of a slice
// passed or sliced may reach another goroutine.
func (f *Func) ownShared(allocs map[*types.Var]ast.Node) map[*types.Var]bool {
	escaped := f.escapedShared(allocs)
	out := map[*types.Var]bool{}
	for v := range f.shared {
		if allocs[v] != nil && !escaped[v] {
			out[v] = true
		}
	}
	return out
}
