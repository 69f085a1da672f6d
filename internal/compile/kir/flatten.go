package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// flatten is the pass that marks the grid-stride loop of a grid body as
// flat when its trips are independent: the loop for i := bx*bdx + tx +
// base; i < limit; i += bdx*gdx gives each i of [base, limit) to one
// thread's one trip, so a launch may run those trips in any order, on any
// worker, as long as each runs once. Each worker then runs a contiguous
// part of [base, limit), rows of bdx elements, instead of its blocks'
// share of every step (a quarter of each 8 KiB with 8 blocks on 2
// workers, which the CPU's prefetchers serve poorly).
//
// The trips of one thread are independent when no trip can see another's
// effects: the body writes only its own locals and elements [i] of
// slices, reads other elements only of slices the kernel never writes
// (taken not to share memory with those it writes, as readOnlyParams
// says), and calls only what cannot have effects. The run-time check of
// the launch's shape (a one-dimensional grid of one-dimensional blocks,
// a step of bdx*gdx) is the emitter's.
func flatten(f *Func) {
	l := f.GridStride
	if l == nil || !l.StrideBound {
		return
	}
	s := f.lockstep(l)
	if s == nil || !types.Identical(s.Key.Type(), types.Typ[types.Int]) {
		return
	}
	off, _ := f.threadXPlus(s.Start)
	base, ok := f.blockXBase(off)
	fs := l.Body[0].(*Code).Stmt.(*ast.ForStmt)
	if !ok || !f.independentTrips(fs.Body, s.Key) {
		return
	}
	s.Flat, s.Base = true, base
}

// blockXBase returns base where off is bx*bdx + base (base nil for bx*bdx
// alone), base the same for the whole grid.
func (f *Func) blockXBase(off ast.Expr) (base ast.Expr, ok bool) {
	if off == nil {
		return nil, false
	}
	off = ast.Unparen(off)
	if f.isBlockXTimesDim(off) {
		return nil, true
	}
	if b, isSum := off.(*ast.BinaryExpr); isSum && b.Op == token.ADD {
		for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if f.isBlockXTimesDim(p[0]) && f.safeUniform(p[1]) && !f.readsBlock(p[1]) {
				return p[1], true
			}
		}
		return nil, false
	}
	if v := f.varOf(off); v != nil && v.Class == Remat {
		if d := defExpr(v); d != nil && d != off {
			return f.blockXBase(d)
		}
	}
	return nil, false
}

// isBlockXTimesDim reports whether e is t.BlockIdx.X*t.BlockDim.X, in
// either order, through remat variables.
func (f *Func) isBlockXTimesDim(e ast.Expr) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.MUL {
		return f.isThreadCoord(b.X, "BlockIdx") && f.isThreadCoord(b.Y, "BlockDim") ||
			f.isThreadCoord(b.X, "BlockDim") && f.isThreadCoord(b.Y, "BlockIdx")
	}
	if v := f.varOf(e); v != nil && v.Class == Remat && types.Identical(v.Obj.Type(), types.Typ[types.Int]) {
		if d := defExpr(v); d != nil && d != e {
			return f.isBlockXTimesDim(d)
		}
	}
	return false
}

// independentTrips reports whether no trip of a loop over key with this
// body can see the effects of another (see flatten).
func (f *Func) independentTrips(body *ast.BlockStmt, key *types.Var) bool {
	own := func(v *types.Var) bool { return v != nil && v.Pos() >= body.Pos() && v.Pos() < body.End() }
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false // one reason is enough
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.StarExpr, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.AND && n.Op != token.ARROW
		case *ast.CallExpr:
			ok = f.harmlessCall(n)
		case *ast.SelectorExpr:
			sel, isField := f.fieldSel(n)
			ok = isField && (!sel.indirect || f.isThreadField(n)) || !isField && f.Src.Info.Selections[n] == nil
		case *ast.IndexExpr:
			ok = f.isVar(n.Index, key) || f.readOnly[f.memRoot(n.X)] || own(f.localOf(n.X))
		case ast.Stmt:
			for _, e := range assigned(n) {
				ok = ok && f.tripOwns(e, key, own)
			}
		}
		return ok
	})
	return ok
}

// tripOwns reports whether an assignment to e changes only what one trip
// owns: a variable of the body, or element [key] of a slice.
func (f *Func) tripOwns(e ast.Expr, key *types.Var, own func(*types.Var) bool) bool {
	if e == nil {
		return true
	}
	if id := identOf(e); id != nil && id.Name == "_" {
		return true
	}
	if own(f.localOf(e)) {
		return true
	}
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok || !f.isVar(ix.Index, key) {
		return false
	}
	_, slice := f.Src.Info.TypeOf(ix.X).Underlying().(*types.Slice)
	return slice && identOf(ix.X) != nil
}

// harmlessCall reports whether call can have no effect: a conversion, a
// pure builtin, helper or math function, or a thread method reading the
// launch's shape or the thread's index.
func (f *Func) harmlessCall(call *ast.CallExpr) bool {
	all := func(*types.Var) bool { return true }
	if tv := f.Src.Info.Types[call.Fun]; tv.IsType() {
		return true
	}
	c := *call
	c.Args = nil // the arguments are examined on their own
	if f.threadMethod(call) {
		return len(call.Args) == 0 && f.pure(&c, all, true)
	}
	if id, isIdent := ast.Unparen(call.Fun).(*ast.Ident); isIdent {
		if b, isBuiltin := f.Src.Info.Uses[id].(*types.Builtin); isBuiltin {
			return pureBuiltin(b.Name())
		}
		fn, isFunc := f.Src.Info.Uses[id].(*types.Func)
		return isFunc && f.pureHelper(fn)
	}
	return f.pure(&c, all, true)
}
