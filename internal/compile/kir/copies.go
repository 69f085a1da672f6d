package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// copies is the pass that finds the rebased thread loops whose threads
// each copy one element: a thread's one statement reads a slice at its x
// plus a row's offset (directly or through a guarded load) and assigns
// the element to a variable kept per thread in scratch, as the streams
// pass's loads ahead do (ahead := in[i]), or to another slice at its x
// plus an offset (sdata[tid] = in[i]). Where the row's check finds the
// slices long enough, nothing in such a row can fail, and the emitter
// writes the row as one copy (Go's copy, which moves the row in vector
// registers) instead of a loop of scalar loads and stores, which Harris's
// first-add reduction spent much of its time on (BenchmarkReduce's
// firstAdd). Two
// slices may overlap, where a loop and a copy differ: a copy between
// slices runs where they share no element (compiled.Disjoint), the loop
// elsewhere. A row that runs vector steps keeps them (emit_copies.go).
func copies(f *Func) {
	if f.Grid || f.Exits {
		return // a grid body's rows span its chunk; an exited thread skips its element
	}
	Walk(f.Body, func(n Node) {
		switch l := n.(type) {
		case *ThreadLoop:
			if l.Quot == nil && l.Tile == nil && l.Jam == nil && l.Reduce == nil {
				l.Copy = f.rowCopyOf(l.Rebase, l.Body, l.Proven, f.LoopVars[l], func(v *Var) bool { return v.Spill })
			}
		case *WarpLoop:
			Walk(l.Body, func(m Node) {
				if ll, ok := m.(*LaneLoop); ok && ll.Jam == nil {
					kept := func(v *Var) bool { return !v.Spill && l.Arrays[v.Obj] != "" }
					ll.Copy = f.rowCopyOf(ll.Rebase, ll.Body, nil, f.LoopVars[ll], kept)
					if ll.Copy == nil {
						ll.Copy = f.guardedLoadCopy(ll.Rebase, ll.Body, f.LoopVars[ll], kept)
					}
					ll.Moves = f.laneMovesOf(ll, l)
				}
			})
		}
	})
}

// A ThreadCopy is a thread loop (or a warp's lane loop) whose threads
// each copy the element of rebased slice Src at their x to the element of
// rebased slice Dst at their x; where Src or Dst is -1, variable Var's
// element of its scratch array (a thread loop's) or lane array (a lane
// loop's) stands for it.
type ThreadCopy struct {
	Src, Dst int
	Var      *types.Var
}

// rowCopyOf returns the copy that code body, rebased as rb and with the
// variables lv, makes, or nil. kept reports whether a variable is kept in
// the array a copy may read or write.
func (f *Func) rowCopyOf(rb *Rebase, body []Node, proven map[ast.Stmt]bool, lv *loopVars, kept func(*Var) bool) *ThreadCopy {
	if rb == nil || rb.Partial || rb.Peel || lv == nil {
		return nil
	}
	var stmt ast.Stmt
	if len(body) == 1 {
		c, ok := body[0].(*Code)
		if _, isProven := proven[c.Stmt]; !ok || c.Block || isProven {
			return nil
		}
		if dst, _ := copyOperands(c.Stmt); dst != nil {
			stmt = c.Stmt
		}
	}
	if stmt == nil {
		if stmt = f.rowStore(rb, body, proven, lv, kept); stmt == nil {
			return nil
		}
	}
	dst, src := copyOperands(stmt)
	if dst == nil || !types.Identical(f.Src.Info.TypeOf(dst), f.Src.Info.TypeOf(src)) {
		return nil
	}
	s, d := f.endOf(rb, src, kept), f.endOf(rb, dst, kept)
	switch {
	case s.k == keptVar && d.k >= 0 && len(lv.defs) == 0: // s[x] = v
		return &ThreadCopy{Src: keptVar, Dst: d.k, Var: s.v}
	case d.k == keptVar && s.k >= 0 && len(lv.defs) == 1 && lv.defs[d.v]: // v := s[x]
		return &ThreadCopy{Src: s.k, Dst: keptVar, Var: d.v}
	case s.k >= 0 && d.k >= 0 && s.k != d.k && !f.keepsAny(lv, kept): // d[x] = s[x]
		return &ThreadCopy{Src: s.k, Dst: d.k}
	}
	return nil
}

// The ends of a copy that are not rebased slices.
const (
	keptVar = -1 // a variable kept per thread or lane
	noEnd   = -2 // neither
)

// A copyEnd is what one side of a copy names: rebased slice k, or, where
// k is keptVar, variable v.
type copyEnd struct {
	k int
	v *types.Var
}

// endOf returns what x names as a side of a copy.
func (f *Func) endOf(rb *Rebase, x ast.Expr, kept func(*Var) bool) copyEnd {
	if id, ok := x.(*ast.Ident); ok {
		v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
		if kv := f.Vars[v]; kv != nil && kv.Class == Varying && !kv.InPlace && kept(kv) {
			return copyEnd{keptVar, v}
		}
		return copyEnd{k: noEnd}
	}
	if k, ok := rowSlice(rb, x); ok {
		return copyEnd{k: k}
	}
	return copyEnd{k: noEnd}
}

// copyOperands returns what s assigns and the value it assigns where s
// assigns one value (=, := or a var declaration), or nils.
func copyOperands(s ast.Stmt) (dst, src ast.Expr) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 && (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) {
			return s.Lhs[0], s.Rhs[0]
		}
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return nil, nil
		}
		if vs := gd.Specs[0].(*ast.ValueSpec); len(vs.Names) == 1 && len(vs.Values) == 1 {
			return vs.Names[0], vs.Values[0]
		}
	}
	return nil, nil
}

// rowSlice returns the rebased slice that x indexes at the thread's x
// plus a row's offset, where rb rebased x so (not at one element for the
// row, nor strided).
func rowSlice(rb *Rebase, x ast.Expr) (int, bool) {
	if x == nil {
		return 0, false
	}
	k, ok := rb.At[x]
	if !ok || rb.Slices[k].One || rb.Slices[k].Stride != nil {
		return 0, false
	}
	return k, true
}
