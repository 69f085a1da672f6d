package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Promoted methods: o.stage(t, v), where stage is declared on Inner and
// o's type embeds an Inner, calls stage with the receiver o.Inner, which
// the source does not write. go/types records a Selection only for
// selectors it checked and offers no way to make one, so the compiler
// writes the implicit path itself, one selector per embedded field, and
// keeps its own record of each (Func.embeds). fieldSel reads a field
// selection from either record, so that the analyses (pure, localOf,
// memRoot, ...) take o.Inner.n as they take o.n: a policy kernel whose
// loop bounds read its receiver's fields stays uniform.

// A fieldSelection is what the analyses read of a field selection x.f.
type fieldSelection struct {
	indirect bool // a pointer is followed: x, or an embedded field on the path
	depth    int  // fields on the path, the selected one included
}

// fieldSel returns the field selection e is, from the type-checker's
// record or the compiler's (an implicit embedded field), and whether it is
// one.
func (f *Func) fieldSel(e *ast.SelectorExpr) (fieldSelection, bool) {
	if s := f.Src.Info.Selections[e]; s != nil {
		return fieldSelection{indirect: s.Indirect(), depth: len(s.Index())}, s.Kind() == types.FieldVal
	}
	if indirect, ok := f.embeds[e]; ok {
		return fieldSelection{indirect: indirect, depth: 1}, true
	}
	return fieldSelection{}, false
}

// embeddedPath returns x.E1.E2...: the embedded fields that the method
// selection s on operand x goes through (x itself for a method of x's own
// type), written at pos.
func (f *Func) embeddedPath(x ast.Expr, s *types.Selection, pos token.Pos) ast.Expr {
	info := f.Src.Info
	t := info.TypeOf(x)
	idx := s.Index()
	for _, i := range idx[:len(idx)-1] {
		p, ptr := t.Underlying().(*types.Pointer)
		if ptr {
			t = p.Elem()
		}
		field := t.Underlying().(*types.Struct).Field(i)
		sel := &ast.Ident{NamePos: pos, Name: field.Name()}
		info.Uses[sel] = field
		link := &ast.SelectorExpr{X: x, Sel: sel}
		info.Types[link] = types.TypeAndValue{Type: field.Type()}
		f.embeds[link] = ptr
		x, t = link, field.Type()
	}
	return x
}

// methodReceiver returns the receiver that the method of selection s
// gets from operand x: the embedded field the method is promoted from,
// its address where the method takes a pointer and it is a value, what it
// points to where the method takes a value and it is a pointer.
func (f *Func) methodReceiver(x ast.Expr, s *types.Selection, pos token.Pos) ast.Expr {
	info := f.Src.Info
	r := f.embeddedPath(x, s, pos)
	rt := info.TypeOf(r)
	_, wantPtr := s.Obj().(*types.Func).Signature().Recv().Type().(*types.Pointer)
	p, isPtr := rt.Underlying().(*types.Pointer)
	switch {
	case wantPtr && !isPtr:
		addr := &ast.UnaryExpr{OpPos: pos, Op: token.AND, X: r}
		info.Types[addr] = types.TypeAndValue{Type: types.NewPointer(rt)}
		return addr
	case !wantPtr && isPtr:
		star := &ast.StarExpr{Star: pos, X: r}
		info.Types[star] = types.TypeAndValue{Type: p.Elem()}
		return star
	}
	return r
}

// recvType returns the type of the receiver that call, a method call,
// passes: its operand's type, or that of the embedded field the method is
// promoted from.
func (f *Func) recvType(sel *ast.SelectorExpr) types.Type {
	t := f.Src.Info.TypeOf(sel.X)
	idx := f.Src.Info.Selections[sel].Index()
	for _, i := range idx[:len(idx)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		t = t.Underlying().(*types.Struct).Field(i).Type()
	}
	return t
}
