package kir

import (
	"go/ast"
	"go/types"
)

// rowsAhead is the pass that reads ahead, a block's row at once, the
// elements a warp's lane loop reads at its lanes' x plus an offset the
// same for the block, from parameters the kernel never writes: Luitjens's
// warp-shuffle reduction loads in[i] + in[i+blockDim.x] in each warp's
// lanes, 32 elements of each of two streams between the warp's shuffles,
// and the CPU's prefetchers fell behind (its loads took half its time).
// Before such a warp loop, at the body's top, each row is copied into
// scratch where it lies in the slice (compiled.Scratch, Go's copy, which
// reads it densely), and a whole warp's lanes read its part there
// (emit_ahead.go); the values are the same, since nothing writes them
// (BenchmarkReduce's warpShuffle). As the streams pass, it takes only a
// slice read at two offsets or more (two streams): the warp-shuffle scan,
// which reads one, ran slower so (BenchmarkScan's warpShuffle).
func rowsAhead(f *Func) {
	if f.Grid || f.Exits {
		return
	}
	before := map[*types.Var]bool{} // the variables the block's code before the warp loop defines
	for _, n := range f.Body {
		w, ok := n.(*WarpLoop)
		if !ok {
			f.definedIn(n, before)
			continue
		}
		Walk(w.Body, func(m Node) {
			l, ok := m.(*LaneLoop)
			if !ok || l.Rebase == nil {
				return
			}
			streams := map[types.Object]int{} // each slice's rows the loop may read ahead
			for _, r := range l.Rebase.Slices {
				if f.rowAhead(r, before) {
					streams[f.Src.Info.ObjectOf(r.X)]++
				}
			}
			for k, r := range l.Rebase.Slices {
				if streams[f.Src.Info.ObjectOf(r.X)] >= 2 && f.rowAhead(r, before) {
					l.Ahead = append(l.Ahead, k)
				}
			}
		})
		f.definedIn(n, before)
	}
}

// rowAhead reports whether the block may read rebased slice r's row
// ahead, before the warp loop: a parameter the kernel never writes,
// indexed at x plus an offset the same for the whole block that names no
// variable but the kernel's parameters and those defined before (before).
func (f *Func) rowAhead(r RebasedSlice, before map[*types.Var]bool) bool {
	v, _ := f.Src.Info.ObjectOf(r.X).(*types.Var)
	if v == nil || !f.readOnly[v] || r.One || r.Row != nil || r.Stride != nil || r.Bound {
		return false
	}
	if r.Off == nil {
		return true
	}
	ok := f.pure(r.Off, f.isUniform, false)
	ast.Inspect(r.Off, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID {
			if u, isVar := f.Src.Info.ObjectOf(id).(*types.Var); isVar && !u.IsField() && u != f.Src.Thread && !f.isParam(u) && !before[u] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// definedIn adds to defs the variables n's code defines.
func (f *Func) definedIn(n Node, defs map[*types.Var]bool) {
	Walk([]Node{n}, func(m Node) {
		c, ok := m.(*Code)
		if !ok {
			return
		}
		ast.Inspect(c.Stmt, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				if v, ok := f.Src.Info.Defs[id].(*types.Var); ok {
					defs[v] = true
				}
			}
			return true
		})
	})
}
