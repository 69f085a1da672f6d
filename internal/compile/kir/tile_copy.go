package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A tile's walk whose inner loop only copies an element of a row,
// tile[ty*side+tx] = row[tx+x0] or, clamped at an image's edges,
// tile[ty*side+tx] = row[clampTo(x0+tx, width)], copies the part of each
// row where the indexes are in range and the clamp leaves them alone with
// Go's copy (a memmove), as a hand-written tile load would; the keys
// before and after that part, and rows where the slices overlap, run the
// loop's own code, so that a failing element is the walk's first.

// A RowCopy is a tile walk's inner loop that copies element Q (or
// min(max(Q, 0), N-1)) of Src to element P of Dst, where P and Q are the
// key plus offsets (their values at key 0).
type RowCopy struct {
	Dst, Src *ast.Ident
	P, Q     ast.Expr
	Key      *types.Var
	N        ast.Expr // the clamp's bound, nil for none
	// Whole is set where the rows can be checked at once
	// (tile_whole.go).
	Whole *WholeTile
}

// rowCopy returns t's inner loop as a RowCopy, or nil.
func (f *Func) rowCopy(t *TileNest) *RowCopy {
	body := t.Inner.Body.List
	if len(body) != 1 {
		return nil
	}
	as, ok := body[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	dst, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok {
		return nil
	}
	src, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	key := t.InnerStride.Key
	rc := &RowCopy{Key: key}
	if rc.Dst, ok = f.sliceIdent(dst.X); !ok {
		return nil
	}
	if rc.Src, ok = f.sliceIdent(src.X); !ok {
		return nil
	}
	de, se := f.Src.Info.TypeOf(rc.Dst).Underlying().(*types.Slice), f.Src.Info.TypeOf(rc.Src).Underlying().(*types.Slice)
	if !types.Identical(de.Elem(), se.Elem()) {
		return nil
	}
	if !f.keyPlus(dst.Index, key) {
		return nil
	}
	rc.P = dst.Index
	index := src.Index
	if arg, n, isClamp := f.clampCall(src.Index); isClamp {
		if !f.intOf(n, key) {
			return nil
		}
		index, rc.N = arg, n
	}
	if !f.keyPlus(index, key) {
		return nil
	}
	rc.Q = index
	return rc
}

// sliceIdent returns e as a variable of slice type.
func (f *Func) sliceIdent(e ast.Expr) (*ast.Ident, bool) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	_, isVar := f.Src.Info.Uses[id].(*types.Var)
	_, isSlice := f.Src.Info.TypeOf(id).Underlying().(*types.Slice)
	return id, isVar && isSlice
}

// keyPlus reports whether e is key plus an offset: sums and differences
// of int arithmetic of variables and constants (intTerms) in which key
// appears once, added. The offset is e with key as 0 (keyOffset).
func (f *Func) keyPlus(e ast.Expr, key *types.Var) bool {
	if !types.Identical(f.Src.Info.TypeOf(e), types.Typ[types.Int]) || !intTerms(f, e) {
		return false
	}
	count := 0
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.Uses[id] == key {
			count++
		}
		return true
	})
	var added func(x ast.Expr) bool // key is in x, with a plus sign
	added = func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			return f.Src.Info.Uses[x] == key
		case *ast.BinaryExpr:
			if refersTo(x.X, key, f.Src.Info) {
				return (x.Op == token.ADD || x.Op == token.SUB) && added(x.X)
			}
			return x.Op == token.ADD && added(x.Y)
		}
		return false
	}
	return count == 1 && added(e)
}

// intOf reports whether e is int arithmetic of variables and constants
// that does not name key.
func (f *Func) intOf(e ast.Expr, key *types.Var) bool {
	return types.Identical(f.Src.Info.TypeOf(e), types.Typ[types.Int]) && intTerms(f, e) && !refersTo(e, key, f.Src.Info)
}

// clampCall returns i and n of min(max(i, 0), n-1), written out or as
// the call of a helper of the package whose body is that expression of its
// two int parameters.
func (f *Func) clampCall(e ast.Expr) (i, n ast.Expr, ok bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, nil, false
	}
	if i, n, ok := f.clampExpr(call, nil); ok {
		return i, n, true
	}
	fn, isFunc := typeutilCallee(f.Src.Info, call).(*types.Func)
	if !isFunc || len(call.Args) != 2 {
		return nil, nil, false
	}
	d := f.Src.Decls[fn]
	if d == nil || d.Recv != nil || d.Type.TypeParams != nil || len(d.Body.List) != 1 {
		return nil, nil, false
	}
	ret, isRet := d.Body.List[0].(*ast.ReturnStmt)
	if !isRet || len(ret.Results) != 1 {
		return nil, nil, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 2 || !isInt(sig.Params().At(0)) || !isInt(sig.Params().At(1)) {
		return nil, nil, false
	}
	inner, isCall := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !isCall {
		return nil, nil, false
	}
	if _, _, ok := f.clampExpr(inner, sig.Params()); !ok {
		return nil, nil, false
	}
	return call.Args[0], call.Args[1], true
}

// clampExpr returns i and n of the call min(max(i, 0), n-1) (max(0, i)
// and min(n-1, ...) too), or false. With params set, i and n must be
// those parameters, in order.
func (f *Func) clampExpr(call *ast.CallExpr, params *types.Tuple) (i, n ast.Expr, ok bool) {
	info := f.Src.Info
	isBuiltin := func(c *ast.CallExpr, name string) bool {
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		b, isB := info.Uses[id].(*types.Builtin)
		return ok && isB && b.Name() == name && len(c.Args) == 2
	}
	isConst := func(e ast.Expr, v int64) bool {
		tv := info.Types[e]
		return tv.Value != nil && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(v))
	}
	if !isBuiltin(call, "min") {
		return nil, nil, false
	}
	for _, order := range [2][2]int{{0, 1}, {1, 0}} {
		mx, isCall := ast.Unparen(call.Args[order[0]]).(*ast.CallExpr)
		bound, isSub := ast.Unparen(call.Args[order[1]]).(*ast.BinaryExpr)
		if !isCall || !isBuiltin(mx, "max") || !isSub || bound.Op != token.SUB || !isConst(bound.Y, 1) {
			continue
		}
		switch {
		case isConst(mx.Args[1], 0):
			i = mx.Args[0]
		case isConst(mx.Args[0], 0):
			i = mx.Args[1]
		default:
			continue
		}
		n = bound.X
		if params != nil && !(isParam(info, i, params.At(0)) && isParam(info, n, params.At(1))) {
			continue
		}
		return i, n, true
	}
	return nil, nil, false
}

// isParam reports whether e names v.
func isParam(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}
