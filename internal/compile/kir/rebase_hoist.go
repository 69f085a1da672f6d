package kir

import (
	"go/ast"
	"go/types"
)

// hoist marks the elements of rebased thread loop l (rb its Rebase) that
// its unchecked form loads once per row (RebasedSlice.Hoist): an element
// the whole row reads at one index (One), of a basic type or a type
// parameter, whose slice the loop does not write. Go loads such an
// element again after every store that might change it (the stencil's
// weights coef[k], read between the stores to out); the emitter makes
// sure that none can, with a flag set before the rows: no slice the loop
// writes (Rebase.Apart) shares memory with the element's slice. The
// loop's calls must only read. A loop that writes memory any other way
// (through a pointer, a slice it does not name, a variable whose address
// is taken) or takes an address hoists nothing, and so does a loop whose
// rows run one thread (if tid == 0), which would pay the check for no
// load saved.
func (r *rebaser) hoist(l *ThreadLoop, stmts []ast.Stmt, rb *Rebase) {
	apart, ok := r.writtenSlices(stmts)
	if !ok || r.f.oneThreadRows(l) {
		return
	}
	written := map[types.Object]bool{}
	for _, id := range apart {
		written[r.f.Src.Info.ObjectOf(id)] = true
	}
	for k := range rb.Slices {
		s := &rb.Slices[k]
		if !s.One || s.Row != nil || s.Stride != nil || s.Bound || written[r.f.Src.Info.ObjectOf(s.X)] {
			continue
		}
		sl, isSlice := r.f.Src.Info.TypeOf(s.X).Underlying().(*types.Slice)
		if !isSlice {
			continue
		}
		if hoistable(sl.Elem()) {
			s.Hoist = true
			rb.Apart = apart
		}
	}
}

// writtenSlices returns the slice variables whose elements stmts, a
// thread loop's code, assign, each once; ok is false where the code may
// write memory otherwise: through a pointer or a slice that is not a
// variable of the block's, to a variable whose address the kernel takes,
// or in a call that does not only read; or where the code takes an
// address.
func (r *rebaser) writtenSlices(stmts []ast.Stmt) (apart []*ast.Ident, ok bool) {
	f, ok := r.f, true
	addressed := f.addressedVars()
	seen := map[types.Object]bool{}
	visit := func(n ast.Node) bool {
		if f.addressedMem(n) != nil {
			ok = false // a pointer it makes may reach the element
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
			ok = false
		case *ast.CallExpr:
			if f.panics(n) {
				return false // the launch ends: what its message computes does not matter
			}
			ok = ok && f.readsOnly(n, 0)
		case ast.Stmt:
			for _, e := range assigned(n) {
				id, root, good := f.storeTarget(e)
				switch {
				case !good || root != nil && addressed[root]:
					ok = false
				case id == nil:
				case !r.blockSlice(id):
					ok = false
				case !seen[f.Src.Info.ObjectOf(id)]:
					seen[f.Src.Info.ObjectOf(id)] = true
					apart = append(apart, id)
				}
			}
		}
		return ok
	}
	for _, s := range stmts {
		ast.Inspect(s, visit)
	}
	return apart, ok
}

// blockSlice reports whether id is a variable of the block's that the
// loop does not assign: the row's check can name it.
func (r *rebaser) blockSlice(id *ast.Ident) bool {
	v, ok := r.f.Src.Info.ObjectOf(id).(*types.Var)
	return ok && r.f.isUniform(v) && !r.assigned[v]
}

// storeTarget returns what an assignment to e writes: the elements of
// the slice variable id, or the storage of variable root (x, x.f, x[i]
// of an array); ok is false where e reaches memory through a pointer, a
// map, or a slice that is not a variable.
func (f *Func) storeTarget(e ast.Expr) (id *ast.Ident, root *types.Var, ok bool) {
	info := f.Src.Info
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return nil, v, true // nil for _
		case *ast.SelectorExpr:
			if sel, isField := f.fieldSel(x); !isField || sel.indirect {
				return nil, nil, false
			}
			e = x.X
		case *ast.IndexExpr:
			switch info.TypeOf(x.X).Underlying().(type) {
			case *types.Array:
				e = x.X
			case *types.Slice:
				id, isIdent := ast.Unparen(x.X).(*ast.Ident)
				return id, nil, isIdent
			default:
				return nil, nil, false
			}
		default:
			return nil, nil, false
		}
	}
}

// addressedVars returns the variables whose storage the kernel (with its
// inlined helpers) reaches by a pointer or a slice: &v, v[:] of an
// array, a pointer method of v. The rebase pass finds them once.
func (f *Func) addressedVars() map[*types.Var]bool {
	if f.addrTaken == nil {
		f.addrTaken = map[*types.Var]bool{}
		f.inspectAll(func(n ast.Node) {
			if v := f.addressedMem(n); v != nil {
				f.addrTaken[v] = true
			}
		})
	}
	return f.addrTaken
}

// oneThreadRows reports whether a bound of l admits at most the first
// thread of each row: x < c with c at most 1.
func (f *Func) oneThreadRows(l *ThreadLoop) bool {
	for _, b := range l.Bounds {
		if c, ok := f.intConst(b.X); ok && b.Upper && b.Row == nil && b.Off == nil && b.Scale == nil && c+int64(b.Adj) <= 1 {
			return true
		}
	}
	return false
}

// hoistable reports whether an element of type t is worth a local: a
// basic type, or a type parameter (a kernel generic over Number), not an
// array or a struct, which a copy per row could cost more than it saves.
func hoistable(t types.Type) bool {
	_, param := t.(*types.TypeParam)
	_, basic := t.Underlying().(*types.Basic)
	return param || basic
}
