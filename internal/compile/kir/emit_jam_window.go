package kir

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
)

// A jammed range loop stores through each thread's out[i] where the
// helper made out as long as the ranged slice (out = out[:len(in)]):
// written as is, each store checks its bounds against out's length,
// which the jammed code reads from a field of the thread's state, so
// that four threads' slices, lengths and the counter outgrow the
// registers and the counter lives on the stack. A window out[:n], made
// before the loop, is as long as the counter's bound: Go's bounds-check
// elimination then drops the checks, and the lengths their registers.
// The window cannot fail, since out is at least as long as the ranged
// slice, which is at least n long.
//
// Each thread's trips after the jammed loop's (its slice longer than
// n) run in a block that reads again, from the thread's lane
// gc_j.lanes[k], the state the rest does not assign, into locals of the
// same names: the locals made at the top are then dead past the jammed
// loop, and Go's register allocator, which otherwise holds them across
// it, keeps the loop's counter and pointers in registers.

// rangeWindows returns the statements making thread k's windows for
// jammed range loop s, whose counter's bound is n and whose ranged
// slice's window is short, and records them for lane to substitute:
// each slice as long as the ranged one and indexed at the loop's key.
func (jm *jammer) rangeWindows(s *ast.RangeStmt, k int, n, short string) []ast.Stmt {
	info := jm.je.f.Src.Info
	x, _ := info.ObjectOf(identOf(s.X)).(*types.Var)
	key, _ := info.Defs[identOf(s.Key)].(*types.Var)
	if x == nil || key == nil {
		return nil
	}
	jm.key = key
	jm.windows[k] = map[*types.Var]string{x: short}
	var out []ast.Stmt
	for _, y := range jm.sameLenAs(x) {
		if !indexedAt(info, s.Body, y, key) {
			continue
		}
		w := jm.newName("w")
		jm.windows[k][y] = w
		out = append(out, define(ast.NewIdent(w), &ast.SliceExpr{X: ast.NewIdent(jm.laneName(y, k)), High: ast.NewIdent(n)}), blankUse(ast.NewIdent(w)))
	}
	return out
}

// sameLenAs returns the slice variables the jam's helper made as long
// as x, in the order of their declarations.
func (jm *jammer) sameLenAs(x *types.Var) []*types.Var {
	var ys []*types.Var
	for a, b := range jm.je.j.sameLen {
		switch {
		case a == x && b != x:
			ys = append(ys, b)
		case b == x && a != x:
			ys = append(ys, a)
		}
	}
	slices.SortFunc(ys, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return slices.Compact(ys)
}

// indexedAt reports whether body indexes slice y at key.
func indexedAt(info *types.Info, body ast.Node, y, key *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && info.ObjectOf(identOf(ix.X)) == y && info.ObjectOf(identOf(ix.Index)) == key {
			found = true
		}
		return !found
	})
	return found
}

// window returns thread k's y[key] through y's window, where m is y[key]
// for a slice with a window in the jammed loop being written, or nil.
func (jm *jammer) window(m ast.Node, k int) ast.Node {
	ix, ok := m.(*ast.IndexExpr)
	if !ok || jm.key == nil || jm.windows[k] == nil {
		return nil
	}
	info := jm.je.f.Src.Info
	y, _ := info.ObjectOf(identOf(ix.X)).(*types.Var)
	w, ok := jm.windows[k][y]
	if !ok || info.ObjectOf(identOf(ix.Index)) != jm.key {
		return nil
	}
	return &ast.IndexExpr{X: &ast.Ident{NamePos: ix.X.Pos(), Name: w}, Lbrack: ix.Lbrack,
		Index: &ast.Ident{NamePos: ix.Index.Pos(), Name: jm.laneName(jm.key, k)}, Rbrack: ix.Rbrack}
}

// rereadState returns the definitions, for thread k, of the state the
// rest keeps and n names: gc_l<k>_v := gc_j.lanes[k].v, in the state's
// order.
func (jm *jammer) rereadState(n ast.Node, k int) []ast.Stmt {
	info := jm.je.f.Src.Info
	named := map[*types.Var]bool{}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && jm.kept[v] {
				named[v] = true
			}
		}
		return true
	})
	var defs []ast.Stmt
	at := n.Pos() // the loop's line, for the printer's //line directives
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: at, Name: name} }
	for _, v := range jm.je.j.state {
		if named[v] {
			lane := &ast.IndexExpr{X: &ast.SelectorExpr{X: id("gc_j"), Sel: id("lanes")}, Index: &ast.BasicLit{ValuePos: at, Kind: token.INT, Value: strconv.Itoa(k)}}
			defs = append(defs, &ast.AssignStmt{Lhs: []ast.Expr{id(jm.laneName(v, k))}, TokPos: at, Tok: token.DEFINE,
				Rhs: []ast.Expr{&ast.SelectorExpr{X: lane, Sel: id(v.Name())}}})
		}
	}
	return defs
}
