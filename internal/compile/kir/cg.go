package kir

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Cooperative groups, as far as they are compiled: the thread block
// (cg.ThisThreadBlock) is a handle on the block, the same for all its
// threads. Its Sync is a barrier (the build pass sees it in the kernel
// API table); its ThreadRank and ThreadIndex are the thread's index and
// its Size, GroupIndex and DimThreads the block's, which the emitter
// writes as the loop's and the block's own values.
//
// A tile (cg.TiledPartition of a block handle and a uniform size) is a
// handle kept once per block, for its size: its ThreadRank and
// MetaGroupRank are written from the thread's rank, its collectives are
// completed warp by warp by compiled.TileLanes and compiled.TileReduce,
// each lane with its own tile's lanes, and a use the compiler does not
// rewrite (the tile passed to a function without collectives) gets the
// thread's own handle from compiled.TileAt. The grid and coalesced groups
// are refused (check).

// blockGroup is the type of cg.ThisThreadBlock's handle.
const blockGroup = kapi.CGPath + ".ThreadBlock"

// isBlockGroup reports whether t is cg.ThreadBlock.
func isBlockGroup(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == blockGroup
}

// thisThreadBlock reports whether call is cg.ThisThreadBlock(t), t the
// kernel's thread.
func (f *Func) thisThreadBlock(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	if !ok || e.Kind != kapi.Group || e.Short != "ThisThreadBlock" || len(call.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && f.Src.Info.Uses[id] == f.Src.Thread
}

// blockMethod returns the name of the cg.ThreadBlock method call calls
// (ThreadRank, Size...) and its receiver, if it is one.
func (f *Func) blockMethod(call *ast.CallExpr) (name string, recv ast.Expr, ok bool) {
	e, found := f.entry(call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !found || !isSel || !strings.HasPrefix(e.Name, "("+blockGroup+").") || len(call.Args) != 0 {
		return "", nil, false
	}
	return e.Short, sel.X, true
}

// tileGroup is the type of cg.TiledPartition's handle.
const tileGroup = kapi.CGPath + ".Tile"

// isTileGroup reports whether t is cg.Tile.
func isTileGroup(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == tileGroup
}

// tiledPartition reports whether call is cg.TiledPartition.
func (f *Func) tiledPartition(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	return ok && e.Kind == kapi.Group && e.Short == "TiledPartition"
}

// blockTile reports whether the tile handle x is a partition of the
// block itself: cg.TiledPartition(block, n) called in place, or a variable
// of the kernel only ever assigned one.
func (f *Func) blockTile(x ast.Expr) bool {
	return f.everyPartition(x, func(call *ast.CallExpr) bool {
		return isBlockGroup(f.Src.Info.TypeOf(call.Args[0]))
	})
}

// tileSize returns the size of the tile handle x where it is a constant:
// x is cg.TiledPartition(g, n) with n a constant, called in place, or a
// variable of the kernel only ever assigned such calls of one n. A tile's
// Size is the n it was partitioned with, partial tiles included.
func (f *Func) tileSize(x ast.Expr) (int64, bool) {
	size := int64(-1)
	ok := f.everyPartition(x, func(call *ast.CallExpr) bool {
		tv := f.Src.Info.Types[call.Args[1]]
		if tv.Value == nil {
			return false
		}
		n, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact || size >= 0 && n != size {
			return false
		}
		size = n
		return true
	})
	return size, ok
}

// everyPartition reports whether the tile handle x is a call of
// cg.TiledPartition for which ok holds, or a variable of the kernel
// declared by := and only ever assigned such calls (a var declaration
// would leave it the zero Tile, of size 0, on some path).
func (f *Func) everyPartition(x ast.Expr, ok func(*ast.CallExpr) bool) bool {
	return f.partitionsOf(x, ok, map[*types.Var]bool{})
}

// partitionsOf is everyPartition, seen holding the variables whose
// assignments it is reading: a variable assigned from itself, through
// others (t1 = t2; t2 = t1), is not known to be a partition.
func (f *Func) partitionsOf(x ast.Expr, ok func(*ast.CallExpr) bool, seen map[*types.Var]bool) bool {
	x = ast.Unparen(x)
	if call, isCall := x.(*ast.CallExpr); isCall {
		return f.tiledPartition(call) && len(call.Args) == 2 && ok(call)
	}
	id, isIdent := x.(*ast.Ident)
	if !isIdent {
		return false
	}
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	defined, all := false, true
	ast.Inspect(f.Src.Decl.Body, func(n ast.Node) bool {
		a, isAssign := n.(*ast.AssignStmt)
		if !isAssign {
			return true
		}
		for i, l := range a.Lhs {
			if lid, isIdent := l.(*ast.Ident); isIdent && f.Src.Info.ObjectOf(lid) == v {
				defined = defined || f.Src.Info.Defs[lid] == v
				all = all && len(a.Rhs) == len(a.Lhs) && f.partitionsOf(a.Rhs[i], ok, seen)
			}
		}
		return true
	})
	return defined && all
}

// tileMethod returns the name of the cg.Tile method call calls that is
// not a collective (ThreadRank, Size...) and its receiver, if it is one.
func (f *Func) tileMethod(call *ast.CallExpr) (name string, recv ast.Expr, ok bool) {
	e, found := f.entry(call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !found || !isSel || e.Kind == kapi.Collective || !strings.HasPrefix(e.Name, "("+tileGroup+").") || len(call.Args) != 0 {
		return "", nil, false
	}
	return e.Short, sel.X, true
}

// groupOperand returns the group a cooperative-groups collective call
// works on: the receiver of a method, the first argument of a function.
func (f *Func) groupOperand(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if ok && f.Src.Info.Selections[sel] != nil {
		return sel.X
	}
	if len(call.Args) == 0 {
		return nil
	}
	return call.Args[0]
}

// onTile reports whether call is a collective the compiled form completes
// for tiles: a tile entry of the table whose group is a cg.Tile.
func (f *Func) onTile(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	if !ok || !e.Tile || e.Coalesced && !e.Tile {
		return false
	}
	g := f.groupOperand(call)
	return g != nil && isTileGroup(f.Src.Info.TypeOf(g))
}

// checkTiles refuses a tile collective whose tile, or operator, may
// differ between threads: the compiled form takes them once per warp.
func (f *Func) checkTiles() {
	Walk(f.Body, func(n Node) {
		c, ok := n.(*Collective)
		if !ok || !c.Entry.Tile && !c.Entry.Coalesced {
			return
		}
		if g := f.groupOperand(c.Call); f.onTile(c.Call) && !f.pure(g, f.isUniform, false) {
			fail(f.unsupported(g, "a tile that is not provably the same handle for every thread of the block"))
		}
		if op := c.Entry.Op; op >= 0 && !f.uniformFunc(c.Call.Args[op]) {
			fail(f.unsupported(c.Call.Args[op], "an operator of %s that may differ between threads (a function literal capturing a per-thread variable)", c.Entry.Short))
		}
	})
}

// uniformFunc reports whether e is a function value the same for every
// thread of the block: a declared function or an instance of one, a
// uniform variable, or a function literal that captures no variable of
// the kernel but uniform ones.
func (f *Func) uniformFunc(e ast.Expr) bool {
	info := f.Src.Info
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		switch obj := info.Uses[x].(type) {
		case *types.Func:
			return true
		case *types.Var:
			return f.isUniform(obj)
		}
	case *ast.SelectorExpr:
		_, isFunc := info.Uses[x.Sel].(*types.Func)
		return isFunc && info.Selections[x] == nil // pkg.F, not a method value
	case *ast.IndexExpr:
		return info.Types[x.Index].IsType() && f.uniformFunc(x.X)
	case *ast.IndexListExpr:
		return f.uniformFunc(x.X)
	case *ast.FuncLit:
		ok := true
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if id, isIdent := n.(*ast.Ident); isIdent {
				v, isVar := info.Uses[id].(*types.Var)
				inside := isVar && v.Pos() >= x.Pos() && v.Pos() < x.End() // the literal's own
				if isVar && !inside && (v == f.Src.Thread || f.Vars[v] != nil && !f.isUniform(v)) {
					ok = false
				}
			}
			return ok
		})
		return ok
	}
	return false
}

// gridGroup is the type of cg.ThisGrid's handle, the same for every
// thread of the grid: its Sync is a grid barrier, its other methods read
// the thread it holds (the thread loop enters each thread for its
// ThreadRank).
const gridGroup = kapi.CGPath + ".Grid"

// isGridGroup reports whether t is cg.Grid.
func isGridGroup(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == gridGroup
}

// thisGrid reports whether call is cg.ThisGrid(t), t the kernel's thread.
func (f *Func) thisGrid(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	if !ok || e.Kind != kapi.Group || e.Short != "ThisGrid" || len(call.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && f.Src.Info.Uses[id] == f.Src.Thread
}

// gridMethod returns the name of the cg.Grid method call calls that is
// not its Sync, and its receiver, if it is one.
func (f *Func) gridMethod(call *ast.CallExpr) (name string, recv ast.Expr, ok bool) {
	e, found := f.entry(call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !found || !isSel || e.Kind == kapi.GridBarrier || !strings.HasPrefix(e.Name, "("+gridGroup+").") || len(call.Args) != 0 {
		return "", nil, false
	}
	return e.Short, sel.X, true
}

// handle reports whether call makes a group handle the compiled form
// keeps once per block: the block's, a tile's, the grid's.
func (f *Func) handle(call *ast.CallExpr) bool {
	return f.thisThreadBlock(call) || f.tiledPartition(call) || f.thisGrid(call)
}

// coalescedGroup is the type of a coalesced group's handle, which each
// lane holds for itself.
const coalescedGroup = kapi.CGPath + ".Coalesced"

// isCoalescedGroup reports whether t is cg.Coalesced.
func isCoalescedGroup(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path()+"."+n.Obj().Name() == coalescedGroup
}

// onCoalesced reports whether call is a collective the compiled form
// completes for coalesced groups: CoalescedThreads, or a coalesced entry
// whose group is a cg.Coalesced (or, partitioning it, a tile).
func (f *Func) onCoalesced(call *ast.CallExpr) bool {
	e, ok := f.entry(call)
	if !ok || !e.Coalesced {
		return false
	}
	if e.Short == "CoalescedThreads" {
		return true
	}
	g := f.groupOperand(call)
	if g == nil {
		return false
	}
	t := f.Src.Info.TypeOf(g)
	return isCoalescedGroup(t) || isTileGroup(t) && (e.Short == "BinaryPartition" || e.Short == "LabeledPartition")
}

// cgOperator returns the compiled.Operator constant that x names, where
// it names cg.Plus, cg.Less or cg.Greater, with or without its type
// argument; or "".
func (f *Func) cgOperator(x ast.Expr) string {
	switch ix := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		x = ix.X
	case *ast.IndexListExpr:
		x = ix.X
	}
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	fn, ok := f.Src.Info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != kapi.CGPath {
		return ""
	}
	switch fn.Name() {
	case "Plus", "Less", "Greater":
		return "Op" + fn.Name()
	}
	return ""
}

// isNumber reports whether t is an integer or floating-point type: the
// types compiled.Number admits.
func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}
