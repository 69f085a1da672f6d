package kir

import (
	"go/ast"

	"github.com/gocuda/gocuda/internal/kapi"
)

// mode is the pass that decides how the body runs. A kernel with no
// barrier and no shared memory runs a whole chunk of blocks per call
// (compiled.GridKernel), so that a block costs no call. A kernel whose
// threads may return while a later thread loop (or the same one again)
// runs keeps a record of the threads that have; one whose threads return
// only in its last loop, run once, needs none.
func mode(f *Func) {
	exits, returned := false, false // a loop runs after a thread may have returned; one may have
	grid := true
	var walk func(nodes []Node, depth int)
	walk = func(nodes []Node, depth int) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *ThreadLoop:
				r := f.threadReturns(n)
				exits = exits || returned || r && depth > 0 // inside block control, it may run again
				returned = returned || r
				if n.Reduce != nil {
					grid = false
				}
			case *WarpLoop:
				r := f.warpReturns(n)
				exits = exits || returned || r && depth > 0
				returned = returned || r
				grid = false
				continue
			case *For, *Range:
				if f, ok := n.(*For); !ok || !f.Interchanged {
					grid = false
				}
				for _, list := range children(n) {
					walk(list, depth+1)
				}
				continue
			case *If, *Scope, *Return, *Branch, *Reduced, *Barrier:
				grid = false
			case *Code:
				if f.sharedDecl(n.Stmt) {
					grid = false
				}
			}
			for _, list := range children(n) {
				walk(list, depth)
			}
		}
	}
	walk(f.Body, 0)
	f.Grid = grid && !f.hasShared()
	f.Exits = exits
	if f.Grid && !f.Exits {
		f.GridStride = f.gridStride()
	}
}

// gridStride returns the body's one thread loop if the body is a
// grid-stride loop after block code that does not depend on the block,
// or nil.
func (f *Func) gridStride() *ThreadLoop {
	var loop *ThreadLoop
	for _, n := range f.Body {
		switch n := n.(type) {
		case *Code:
			if !n.Block || loop != nil || f.readsBlock(n.Stmt) {
				return nil
			}
		case *ThreadLoop:
			if loop != nil || len(n.Body) != 1 {
				return nil
			}
			fs, ok := n.Body[0].(*Code).Stmt.(*ast.ForStmt)
			if !ok || f.Strides[fs] == nil {
				return nil
			}
			loop = n
		default:
			return nil
		}
	}
	return loop
}

// readsBlock reports whether n reads the block's index or the thread.
func (f *Func) readsBlock(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if sel, ok := m.(*ast.SelectorExpr); ok && f.isThreadField(sel) && sel.Sel.Name != "BlockIdx" {
			return false // the launch's shape: the same for every block
		}
		if id, ok := m.(*ast.Ident); ok && f.Src.Info.Uses[id] == f.Src.Thread {
			found = true // t.BlockIdx, or a call that may read it
		}
		return !found
	})
	return found
}

// threadReturns reports whether a thread of loop l may return.
func (f *Func) threadReturns(l *ThreadLoop) bool {
	found := false
	for _, c := range l.Body {
		if f.repeated[c.(*Code).Stmt] {
			continue // every later loop returns the thread again
		}
		ast.Inspect(c.(*Code).Stmt, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
			}
			return !found
		})
	}
	return found
}

// warpReturns reports whether a lane of warp loop w may return.
func (f *Func) warpReturns(w *WarpLoop) bool {
	found := false
	Walk(w.Body, func(n Node) {
		switch n := n.(type) {
		case *Return:
			found = true
		case *LaneLoop:
			found = found || f.threadReturns(&ThreadLoop{Body: n.Body})
		}
	})
	return found
}

// hasShared reports whether the kernel declares shared memory.
func (f *Func) hasShared() bool { return f.sharedDecl(f.Src.Decl.Body) }

// sharedDecl reports whether n declares shared memory.
func (f *Func) sharedDecl(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if e, ok := f.entry(call); ok && e.Kind == kapi.SharedDecl {
				found = true
			}
		}
		return !found
	})
	return found
}
