package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A tile walk that only copies (tile_copy.go) pays, row by row, for the
// row's slice, a call finding the part in range, a check that the slices
// do not overlap and the records of the threads' positions: a tenth of
// the shared-memory blur's time, whose rows are twenty elements. Where
// each row's offsets are affine in the row's key (tile[ty*side+tx] =
// src[clampTo(y0+ty, height)*width:][...], the clamp leaving y0+ty alone),
// their values at the walk's first two rows and its last bound them all;
// the emitter checks once that every row copies whole and in range, and
// then copies the rows one after another with nothing else per row.

// A WholeTile is what a RowCopy's rows need to be checked at once: the
// slice the rows are cut from and the row's offset into it, and the
// walk's prefix definitions they name.
type WholeTile struct {
	// Slice is the slice Src is cut from (Src := Slice[Index:]); Index is
	// nil where Src is not defined in the walk (Slice is Src).
	Slice *ast.Ident
	Index ast.Expr
	// Defs are the prefix's definitions, substituted where the emitter
	// evaluates the offsets at a row.
	Defs map[*types.Var]ast.Expr
	// Clamps are the clamps in the offsets, each to be the identity on
	// every row.
	Clamps []Clamp
}

// A Clamp is min(max(Arg, 0), N-1) in a row's offset.
type Clamp struct{ Arg, N ast.Expr }

// wholeTile returns the analysis of t's rows for a whole-tile copy, or
// nil: t's prefix defines only int values affine in the row's key and
// the row Src (Src := s[i:], i affine), the row's offset in the tile is
// affine, and the copy's offset in the row, its clamp's bound and the
// inner loop's extent name neither the key nor the prefix.
func (f *Func) wholeTile(t *TileNest, key *types.Var) *WholeTile {
	c := t.Copy
	w := &WholeTile{Defs: map[*types.Var]ast.Expr{}, Slice: c.Src}
	src := f.Src.Info.Uses[c.Src]
	for _, s := range t.Prefix {
		def := s.(*ast.AssignStmt) // tilePrefix took only definitions
		for k, x := range def.Lhs {
			v, _ := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var)
			if v == nil {
				return nil // _ := is not Go; a redefinition names no new variable
			}
			w.Defs[v] = def.Rhs[k]
			if v == src {
				if !f.rowSlice(w, def.Rhs[k], key) {
					return nil
				}
			} else if _, ok := f.affine(w, def.Rhs[k], key); !ok {
				return nil
			}
		}
	}
	if _, ok := f.affine(w, c.P, key); !ok {
		return nil
	}
	// The copy's offset in the row (Q, adding the inner key), its clamp's
	// bound and the inner loop's extent are evaluated once for every row.
	for _, e := range []ast.Expr{c.Q, c.N, t.OffX, t.InnerStride.Limit} {
		if e != nil && f.namesAny(e, w, key, nil) {
			return nil
		}
	}
	return w
}

// rowSlice records e, Src's definition, in w where it is s[i:] of a slice
// variable s the prefix does not define, i affine in key.
func (f *Func) rowSlice(w *WholeTile, e ast.Expr, key *types.Var) bool {
	se, ok := ast.Unparen(e).(*ast.SliceExpr)
	if !ok || se.Low == nil || se.High != nil || se.Slice3 {
		return false
	}
	s, ok := f.sliceIdent(se.X)
	if !ok || f.namesAny(s, w, key, nil) {
		return false
	}
	if _, ok := f.affine(w, se.Low, key); !ok {
		return false
	}
	w.Slice, w.Index = s, se.Low
	return true
}

// namesAny reports whether e names key, inner or a variable w defines.
func (f *Func) namesAny(e ast.Expr, w *WholeTile, key, inner *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			v, _ := f.Src.Info.Uses[id].(*types.Var)
			found = found || v != nil && (v == key || v == inner || w.Defs[v] != nil)
		}
		return !found
	})
	return found
}

// affine returns the degree in key (0 or 1) of e, an int expression of
// key, the prefix's definitions, uniform values and constants with + - *
// and clamps, recording the clamps in w; false where e is not affine, or
// a clamp's argument holds a clamp (the walk's ends then bound neither).
// Every operand must be an int: the offsets are then polynomials modulo
// 2^64, so that their values at the first two rows give every row's.
func (f *Func) affine(w *WholeTile, e ast.Expr, key *types.Var) (int, bool) {
	if !types.Identical(f.Src.Info.TypeOf(e), types.Typ[types.Int]) {
		return 0, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := f.Src.Info.Uses[x].(*types.Var)
		switch {
		case v == key:
			return 1, true
		case v != nil && w.Defs[v] != nil:
			return f.affine(w, w.Defs[v], key)
		}
	case *ast.UnaryExpr:
		if x.Op == token.SUB || x.Op == token.ADD {
			return f.affine(w, x.X, key)
		}
		return 0, false
	case *ast.BinaryExpr:
		if x.Op == token.ADD || x.Op == token.SUB || x.Op == token.MUL {
			dx, okx := f.affine(w, x.X, key)
			dy, oky := f.affine(w, x.Y, key)
			d := max(dx, dy)
			if x.Op == token.MUL {
				d = dx + dy
			}
			return d, okx && oky && d <= 1
		}
	case *ast.CallExpr:
		if arg, n, ok := f.clampCall(x); ok {
			inner := &WholeTile{Defs: w.Defs}
			d, okArg := f.affine(inner, arg, key)
			if !okArg || len(inner.Clamps) > 0 || f.namesAny(n, w, key, nil) || !f.intOf(n, key) {
				return 0, false
			}
			if !slices.ContainsFunc(w.Clamps, func(c Clamp) bool { return c.Arg == arg }) { // a definition named twice
				w.Clamps = append(w.Clamps, Clamp{Arg: arg, N: n})
			}
			return d, true
		}
	}
	return 0, intTerms(f, e) && !f.namesAny(e, w, key, nil)
}
