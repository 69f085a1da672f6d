package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"math"
)

// gocuda zeroes a block's shared allocation when the block declares it
// (Shared reads as zero, where CUDA's holds what was there), a clear of
// the whole slice per block. Many kernels write every element first, as
// Blelloch's scan loads its tile:
//
//	temp := gocuda.Shared[T](t, 2*b)
//	...
//	temp[2*thid], temp[2*thid+1] = a0, a1 // every thread, then a barrier
//
// There the zeros can never be read, and the clear is wasted work (see
// BenchmarkScan's blelloch). The fill pass finds such allocations: a
// declaration v := gocuda.Shared[T](t, n) in the body's top level whose
// next mention is a thread loop that writes v[s*x+c] for each constant c
// in [0, s), x the thread's x index, as plain assignments among the
// loop's top-level statements, reads nothing of v (its other statements
// may store to it: sdata[tid] = 0; if i < n { sdata[tid] = in[i] }) and
// has no return,
// with no thread returned before it. Every thread of the block runs those
// stores before any code after the loop, so elements [0, s*blockDim.x)
// are written before any is read (or a store out of range fails the
// launch first). The emitter then tells the declaration to spare the
// clear (compiled.Block.SharedWritten) where n is at most s*blockDim.x.
func fill(f *Func) {
	if f.Grid || f.Transposed {
		return
	}
	for i, n := range f.Body {
		c, ok := n.(*Code)
		if !ok || !c.Block {
			continue
		}
		v := f.sharedDef(c.Stmt)
		if v == nil {
			continue
		}
		for j := i + 1; j < len(f.Body); j++ {
			if !f.nodesMention(f.Body[j:j+1], v) {
				continue
			}
			if !(f.Exits && f.exitsIn(f.Body[:j])) {
				if s := f.fillsNode(f.Body[j], v); s > 0 {
					f.Filled[c] = s
				}
			}
			break
		}
	}
}

// fillsNode returns what fills returns for n, a thread loop, or a loop
// the streams pass reordered whose loads ahead do not name v: its rest
// and the loop as written must both fill v, since either may run.
func (f *Func) fillsNode(n Node, v *types.Var) int64 {
	switch n := n.(type) {
	case *ThreadLoop:
		return f.fills(n, v)
	case *Streamed:
		if f.nodesMention([]Node{n.Ahead}, v) {
			return 0
		}
		return min(f.fills(n.Rest, v), f.fills(n.Whole, v))
	}
	return 0
}

// sharedDef returns the variable stmt declares as v := gocuda.Shared[T](t,
// n), with n pure and free of calls but conversions and builtins, so
// that the emitter may evaluate it again; or nil.
func (f *Func) sharedDef(stmt ast.Stmt) *types.Var {
	a, ok := stmt.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
	if !ok || !f.isSharedCall(call) || len(call.Args) != 2 || !f.pure(call.Args[1], f.uniformVar, false) ||
		f.calls(call.Args[1]) {
		return nil
	}
	id, ok := a.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.Src.Info.Defs[id].(*types.Var)
	return v
}

// calls reports whether e calls a function: pure admits some (a shared
// declaration, math's), which written twice would do their work twice.
func (f *Func) calls(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && !f.Src.Info.Types[c.Fun].IsType() && !f.builtin(c.Fun) {
			found = true
		}
		return !found
	})
	return found
}

// builtin reports whether fn names a predeclared function (len, min).
func (f *Func) builtin(fn ast.Expr) bool {
	id, ok := ast.Unparen(fn).(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = f.Src.Info.Uses[id].(*types.Builtin)
	return ok
}

// uniformVar reports whether v is the same for every thread of the block.
func (f *Func) uniformVar(v *types.Var) bool {
	return f.Vars[v] != nil && f.Vars[v].Class == Uniform
}

// nodesMention reports whether nodes' code names v.
func (f *Func) nodesMention(nodes []Node, v *types.Var) bool {
	found := false
	f.inspectNodes(nodes, func(x ast.Node) {
		if id, ok := x.(*ast.Ident); ok && f.identVar(id) == v {
			found = true
		}
	})
	return found
}

// fills returns s where every thread of l writes v[s*x+c] for each c in
// [0, s) as fill.go describes, or 0.
func (f *Func) fills(l *ThreadLoop, v *types.Var) int64 {
	if l.Reduce != nil {
		return 0
	}
	var stmts []ast.Stmt
	for _, n := range l.Body {
		stmts = append(stmts, n.(*Code).Stmt)
	}
	r := f.newRebaser(nil)
	for _, s := range stmts {
		r.noteAssigned(s)
	}
	r.defs = f.bodyDefs(&ast.BlockStmt{List: stmts})
	var stride int64
	offsets := map[int64]bool{}
	for _, s := range stmts {
		if hasReturn(s) {
			return 0
		}
		a, ok := s.(*ast.AssignStmt)
		if !ok || a.Tok != token.ASSIGN {
			if !f.onlyStores(s, v) {
				return 0
			}
			continue
		}
		for _, e := range a.Rhs {
			if f.mentions(e, v) {
				return 0
			}
		}
		for _, e := range a.Lhs {
			x, ok := e.(*ast.IndexExpr)
			if !ok || identOf(x.X) == nil || f.identVar(identOf(x.X)) != v {
				if f.mentions(e, v) {
					return 0
				}
				continue
			}
			s, c, ok := r.constStrided(x.Index)
			if !ok || stride != 0 && s != stride || c < 0 || c >= s || f.mentions(x.Index, v) {
				return 0
			}
			stride, offsets[c] = s, true
		}
	}
	if stride == 0 || int64(len(offsets)) != stride {
		return 0
	}
	return stride
}

// onlyStores reports whether s names v only to store elements of it
// (if i < len(in) { sdata[tid] = in[i] }): it reads nothing of v, so the
// top-level stores that fill v decide alone what it holds.
func (f *Func) onlyStores(s ast.Stmt, v *types.Var) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if a, isAssign := n.(*ast.AssignStmt); isAssign && a.Tok == token.ASSIGN {
			for _, e := range a.Lhs {
				if x, isIndex := e.(*ast.IndexExpr); isIndex && f.identVar(x.X) == v {
					ok = ok && !f.mentions(x.Index, v)
				} else {
					ok = ok && !f.mentions(e, v)
				}
			}
			for _, e := range a.Rhs {
				ok = ok && !f.mentions(e, v)
			}
			return false
		}
		if id, isIdent := n.(*ast.Ident); isIdent && f.Src.Info.Uses[id] == v {
			ok = false
		}
		return ok
	})
	return ok
}

// constStrided returns e as s*x + c with s and c constants, s positive
// and x the thread's x index.
func (r *rebaser) constStrided(e ast.Expr) (s, c int64, ok bool) {
	stride, off, ok := r.linear(e)
	if !ok || stride == nil {
		return 0, 0, false
	}
	if s, ok = r.f.foldInt(stride); !ok || s <= 0 {
		return 0, 0, false
	}
	if off == nil {
		return s, 0, true
	}
	c, ok = r.f.foldInt(off)
	return s, c, ok
}

// foldInt returns the value of e, a sum, difference or product of
// integer constants (as the rebaser's linear forms write them), where
// small enough that no step overflows.
func (f *Func) foldInt(e ast.Expr) (int64, bool) {
	if v, ok := f.intConst(e); ok {
		return v, true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		v, ok := f.foldInt(e.X)
		return -v, ok && e.Op == token.SUB && v > math.MinInt32
	case *ast.BinaryExpr:
		x, okx := f.foldInt(e.X)
		y, oky := f.foldInt(e.Y)
		if !okx || !oky || max(x, y) > math.MaxInt32 || min(x, y) < math.MinInt32 {
			return 0, false
		}
		switch e.Op {
		case token.ADD:
			return x + y, true
		case token.SUB:
			return x - y, true
		case token.MUL:
			return x * y, true
		}
	}
	return 0, false
}

// sharedWritten writes, before declaration c of an allocation the next
// thread loop writes s elements of per thread x index (Func.Filled), the
// call that spares Shared the zeroing where those elements cover it.
func (e *emitter) sharedWritten(c *Code, s int64) {
	call := ast.Unparen(c.Stmt.(*ast.AssignStmt).Rhs[0]).(*ast.CallExpr)
	e.line(c.Stmt.Pos())
	e.printf("if %s <= %d*%s {\n%s.SharedWritten()\n}\n", e.plain(call.Args[1]), s, e.use("bdx"), e.use("b"))
}
