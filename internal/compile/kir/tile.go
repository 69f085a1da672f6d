package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
)

// tile is the pass that finds a block's walk over a two-dimensional tile
// larger than the block, PMPP's load of a tile with its halo:
//
//	for ty := t.ThreadIdx.Y; ty < side; ty += BlurTile {
//		row := src[clampTo(y0+ty, height)*width:]
//		for tx := t.ThreadIdx.X; tx < side; tx += BlurTile {
//			tile[ty*side+tx] = row[clampTo(x0+tx, width)]
//		}
//	}
//
// Where the steps are the block's extents (checked at run time), each
// element of [start, limit) along y and x is one thread's trip, and the
// thread's coordinates follow from the element. The emitter then walks
// the elements in rows, as a hand-written copy would, instead of counting
// each thread's trips of both loops. The walk must name no thread but
// through its two keys: its code may define its own variables and write
// memory, and may read the block's uniform values, nothing of a thread's.
// The code before the inner loop (row above) must be pure, since the
// walk runs it once per row of y where the threads ran it once each.
// No thread may have returned alone before the walk (a return of the
// whole block, under a condition the same for all its threads, is
// checked at run time instead: the block's first thread did not).
// Threads of a region are unordered: a failing element is reported at
// the thread of the first that fails in the walk's order.
func tile(f *Func) {
	if f.Grid || f.Transposed {
		return
	}
	for i, n := range f.Body {
		l, ok := n.(*ThreadLoop)
		if !ok || (f.Exits && f.exitsIn(f.Body[:i])) { // a thread that returned walks nothing
			continue
		}
		l.Tile = f.tileNest(l)
	}
}

// A TileNest is a thread loop's walk over a tile (tile.go): the lockstep
// loop along y around the loop along x, each starting at the thread's
// coordinate plus a uniform offset (nil for none).
type TileNest struct {
	Inner       *ast.ForStmt
	InnerStride *Stride
	OffY, OffX  ast.Expr
	Prefix      []ast.Stmt // the outer loop's statements before Inner
	// Copy is set where Inner only copies an element of a row
	// (tile_copy.go).
	Copy *RowCopy
}

// tileNest returns l's walk over a tile, or nil.
func (f *Func) tileNest(l *ThreadLoop) *TileNest {
	so := f.lockstep(l)
	if so == nil || l.Reduce != nil || l.Outside || len(l.Bounds) > 0 || l.stepped() || so.Op != token.LSS || !isInt(so.Key) {
		return nil
	}
	offY, ok := f.threadPlus(so.Start, "Y")
	if !ok {
		return nil
	}
	body := l.Body[0].(*Code).Stmt.(*ast.ForStmt).Body.List
	fi, ok := body[len(body)-1].(*ast.ForStmt)
	if !ok {
		return nil
	}
	t := &TileNest{Inner: fi, OffY: offY, Prefix: body[:len(body)-1]}
	local := map[*types.Var]bool{so.Key: true}
	if !f.tilePrefix(t.Prefix, local) {
		return nil
	}
	si := f.strideLoop(fi, false) // written as a loop of its own, no lockstep names
	if si == nil || si.Op != token.LSS || !isInt(si.Key) {
		return nil
	}
	if t.OffX, ok = f.threadPlus(si.Start, "X"); !ok {
		return nil
	}
	t.InnerStride = si
	prefix := map[*types.Var]bool{}
	for v := range local {
		prefix[v] = true
	}
	local[si.Key] = true
	if !f.tileBody(fi.Body, local, prefix) {
		return nil
	}
	if t.Copy = f.rowCopy(t); t.Copy != nil {
		t.Copy.Whole = f.wholeTile(t, so.Key)
	}
	return t
}

// isInt reports whether v is an int.
func isInt(v *types.Var) bool { return types.Identical(v.Type(), types.Typ[types.Int]) }

// tilePrefix reports whether stmts are definitions of pure values from
// uniform variables and those of local, adding what they define to local.
func (f *Func) tilePrefix(stmts []ast.Stmt, local map[*types.Var]bool) bool {
	ok := func(v *types.Var) bool { return local[v] || f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	for _, s := range stmts {
		def, isDef := s.(*ast.AssignStmt)
		if !isDef || def.Tok != token.DEFINE || len(def.Lhs) != len(def.Rhs) {
			return false
		}
		for _, r := range def.Rhs {
			if !f.pure(r, ok, false) {
				return false
			}
		}
		for _, x := range def.Lhs {
			if v, isVar := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var); isVar {
				local[v] = true
			}
		}
	}
	return true
}

// tileBody reports whether body, the inner loop's, names no thread and
// no variable but uniform ones (read only), those of local (of which it
// assigns none in prefix) and its own, and writes nothing else but
// memory: elements of slices, maps and pointed-to arrays, and pointers'
// targets.
func (f *Func) tileBody(body *ast.BlockStmt, local, prefix map[*types.Var]bool) bool {
	info := f.Src.Info
	maps.Copy(local, stmtDecls(info, body))
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			v, isVar := info.Uses[n].(*types.Var)
			if isVar && !v.IsField() && (v == f.Src.Thread || !local[v] && !f.uniformOrGlobal(v)) {
				ok = false
			}
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.AND
		case *ast.FuncLit:
			ok = false
		case ast.Stmt:
			for _, x := range assigned(n) {
				ok = ok && f.tileWrite(x, local, prefix)
			}
		}
		return ok
	})
	return ok
}

// uniformOrGlobal reports whether v is the same for every thread: a
// uniform variable of the kernel's, or one of a package's (which the
// walk reads as often as the threads would).
func (f *Func) uniformOrGlobal(v *types.Var) bool {
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return true
	}
	return f.Vars[v] != nil && f.Vars[v].Class == Uniform
}

// tileWrite reports whether x, assigned in a tile's inner loop, is a
// variable of the loop's own or memory.
func (f *Func) tileWrite(x ast.Expr, local, prefix map[*types.Var]bool) bool {
	switch x := ast.Unparen(x).(type) {
	case nil:
		return true
	case *ast.Ident:
		v, _ := f.Src.Info.ObjectOf(x).(*types.Var)
		return x.Name == "_" || v != nil && local[v] && !prefix[v]
	case *ast.StarExpr:
		return true
	case *ast.IndexExpr:
		switch t := f.Src.Info.TypeOf(x.X).Underlying().(type) {
		case *types.Slice, *types.Map:
			return true
		case *types.Pointer:
			_, isArray := t.Elem().Underlying().(*types.Array)
			return isArray
		}
	}
	return false
}

// exitsIn reports whether a thread of nodes may return alone: a return in
// thread or warp code, but for one under a condition the same for the
// whole block (if t.BlockDim.Z != 1 { return }), which leaves no thread to
// walk, or none returned.
func (f *Func) exitsIn(nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		switch n := n.(type) {
		case *ThreadLoop:
			for _, c := range n.Body {
				found = found || !f.blockReturn(c.(*Code).Stmt) && f.threadReturns(&ThreadLoop{Body: []Node{c}})
			}
		case *WarpLoop:
			found = found || f.warpReturns(n)
		}
	})
	return found
}

// blockReturn reports whether s is if cond { return } with cond the same
// for every thread of the block and unable to fail.
func (f *Func) blockReturn(s ast.Stmt) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return false
	}
	_, isReturn := is.Body.List[0].(*ast.ReturnStmt)
	return isReturn && f.safeUniform(is.Cond)
}
