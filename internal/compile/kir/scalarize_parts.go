package kir

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A scalarizer rewrites a kernel's statements with the arrays scalar
// replacement takes (scalarize.go) as their parts.
type scalarizer struct {
	f      *Func
	arrays map[*types.Var]*scalarArray
	defs   map[ast.Stmt]*scalarArray // the arrays by definition
}

// list returns list rewritten: each definition of an array the
// definition of its parts and the blank uses of those never read, each
// statement using one a copy using the parts.
func (r *scalarizer) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		if a := r.defs[s]; a != nil {
			out = append(out, r.definition(s, a))
			for k := range a.n {
				if p := a.parts[k]; p != nil && !a.reads[k] && !a.whole {
					out = append(out, r.f.blankUse(p, s.Pos()))
				}
			}
			continue
		}
		if r.array(blankUseOf(s)) != nil {
			continue // its parts unread have blank uses of their own
		}
		if r.holds(s) { // a statement with nothing to replace stays the kernel's own
			s = r.f.copyNode(s, &instance{objs: map[types.Object]types.Object{}}, r.subst).(ast.Stmt)
		}
		out = append(out, s)
	}
	return out
}

// holds reports whether s defines or uses an array replaced.
func (r *scalarizer) holds(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			v, _ := r.f.Src.Info.ObjectOf(id).(*types.Var)
			found = found || r.arrays[v] != nil
		}
		return !found
	})
	return found
}

// subst replaces, in a copy, the uses of the arrays replaced: an element
// by its part, a whole assignment by the parts', a whole read by the
// parts' composite literal; lists of statements are rewritten by list.
func (r *scalarizer) subst(n ast.Node) (ast.Node, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return &ast.BlockStmt{Lbrace: n.Lbrace, List: r.list(n.List), Rbrace: n.Rbrace}, true
	case *ast.CaseClause:
		var exprs []ast.Expr
		for _, e := range n.List {
			exprs = append(exprs, r.expr(e))
		}
		return &ast.CaseClause{Case: n.Case, List: exprs, Colon: n.Colon, Body: r.list(n.Body)}, true
	case *ast.AssignStmt:
		if a := r.array(n.Lhs[0]); a != nil && n.Tok == token.ASSIGN && len(n.Lhs) == 1 {
			out := &ast.AssignStmt{TokPos: n.TokPos, Tok: token.ASSIGN, Rhs: r.elements(n.Rhs[0], a)}
			for k := range a.n {
				if p := a.parts[k]; p != nil {
					out.Lhs = append(out.Lhs, r.f.ident(p, n.Lhs[0].Pos()))
				}
			}
			return out, true
		}
	case *ast.IndexExpr:
		if a := r.array(n.X); a != nil {
			k, _ := constInt(r.f.Src.Info.Types[n.Index])
			return r.f.ident(a.parts[k], n.Pos()), true
		}
	case *ast.Ident:
		if a := r.array(n); a != nil {
			return r.whole(a, n.Pos()), true
		}
	}
	return nil, false
}

// array returns the array replaced that e names, or nil.
func (r *scalarizer) array(e ast.Expr) *scalarArray {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := r.f.Src.Info.Uses[id].(*types.Var)
	return r.arrays[v]
}

// expr returns a copy of e with the arrays replaced.
func (r *scalarizer) expr(e ast.Expr) ast.Expr {
	return r.f.copyNode(e, &instance{objs: map[types.Object]types.Object{}}, r.subst).(ast.Expr)
}

// whole returns the composite literal of a's parts, at pos: a read of
// the whole array.
func (r *scalarizer) whole(a *scalarArray, pos token.Pos) ast.Expr {
	typ := &ast.Ident{NamePos: pos, Name: a.v.Type().String()}
	r.f.typeExprs[typ] = a.v.Type()
	lit := &ast.CompositeLit{Type: typ, Lbrace: pos, Rbrace: pos}
	for k := range a.n {
		lit.Elts = append(lit.Elts, r.f.ident(a.parts[k], pos))
	}
	r.f.Src.Info.Types[lit] = types.TypeAndValue{Type: a.v.Type()}
	return lit
}

// definition returns the definition of a's parts that stands for s, a's
// definition: p0, p1, ... := x[0], x[1], ... from a place, var p0, p1,
// ... T = e0, e1, ... from a composite literal (whose untyped constants
// the parts' type types), var p0, p1, ... T without a value.
func (r *scalarizer) definition(s ast.Stmt, a *scalarArray) ast.Stmt {
	var x ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		x = s.Rhs[0]
	case *ast.DeclStmt:
		if vs := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec); len(vs.Values) == 1 {
			x = vs.Values[0]
		}
	}
	var names []*ast.Ident
	for k := range a.n {
		if p := a.parts[k]; p != nil {
			id := &ast.Ident{NamePos: s.Pos(), Name: p.Name()}
			r.f.Src.Info.Defs[id] = p
			names = append(names, id)
		}
	}
	var values []ast.Expr
	if x != nil {
		values = r.elements(x, a)
	}
	if _, lit := ast.Unparen(x).(*ast.CompositeLit); x != nil && !lit {
		lhs := make([]ast.Expr, len(names))
		for i, id := range names {
			lhs[i] = id
		}
		return &ast.AssignStmt{Lhs: lhs, TokPos: s.Pos(), Tok: token.DEFINE, Rhs: values}
	}
	elem := a.v.Type().Underlying().(*types.Array).Elem()
	typ := &ast.Ident{NamePos: s.Pos(), Name: elem.String()}
	r.f.typeExprs[typ] = elem
	spec := &ast.ValueSpec{Names: names, Type: typ, Values: values}
	return &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: s.Pos(), Tok: token.VAR, Specs: []ast.Spec{spec}}}
}

// elements returns the values of x, an array's value, for a's parts, in
// order: the parts of an array replaced, a composite literal's elements
// (zeros for an empty one), or x[k] for a place.
func (r *scalarizer) elements(x ast.Expr, a *scalarArray) []ast.Expr {
	info := r.f.Src.Info
	elem := a.v.Type().Underlying().(*types.Array).Elem()
	var out []ast.Expr
	for k := range a.n {
		if a.parts[k] == nil {
			continue
		}
		switch e := ast.Unparen(x).(type) {
		case *ast.CompositeLit:
			if len(e.Elts) == 0 {
				out = append(out, r.f.zero(elem, x.Pos()))
			} else {
				out = append(out, r.expr(e.Elts[k]))
			}
		default:
			if w := r.array(e); w != nil {
				out = append(out, r.f.ident(w.parts[k], x.Pos()))
				continue
			}
			lit := &ast.BasicLit{ValuePos: x.Pos(), Kind: token.INT, Value: fmt.Sprint(k)}
			info.Types[lit] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(k)}
			ix := &ast.IndexExpr{X: r.expr(x), Lbrack: x.Pos(), Index: lit, Rbrack: x.Pos()}
			info.Types[ix] = types.TypeAndValue{Type: elem}
			out = append(out, ix)
		}
	}
	return out
}

// zero returns the zero value of t, a basic type, at pos.
func (f *Func) zero(t types.Type, pos token.Pos) ast.Expr {
	b := t.Underlying().(*types.Basic)
	switch {
	case b.Info()&types.IsBoolean != 0:
		id := &ast.Ident{NamePos: pos, Name: "false"}
		f.Src.Info.Uses[id] = types.Universe.Lookup("false")
		f.Src.Info.Types[id] = types.TypeAndValue{Type: t, Value: constant.MakeBool(false)}
		return id
	case b.Info()&types.IsString != 0:
		lit := &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: `""`}
		f.Src.Info.Types[lit] = types.TypeAndValue{Type: t, Value: constant.MakeString("")}
		return lit
	}
	c := constant.MakeInt64(0)
	switch {
	case b.Info()&types.IsFloat != 0:
		c = constant.ToFloat(c)
	case b.Info()&types.IsComplex != 0:
		c = constant.ToComplex(c)
	}
	lit := &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}
	f.Src.Info.Types[lit] = types.TypeAndValue{Type: t, Value: c}
	return lit
}

// plainPlace reports whether e is a variable, or an element or field of
// a plain place, indexed by variables and constants of integer type: no
// call, no map.
func (f *Func) plainPlace(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := f.Src.Info.Uses[e].(*types.Var)
		return ok
	case *ast.IndexExpr:
		switch f.Src.Info.TypeOf(e.X).Underlying().(type) {
		case *types.Slice, *types.Array:
		default:
			return false
		}
		return f.plainPlace(e.X) && f.plainIndex(e.Index)
	case *ast.SelectorExpr:
		sel := f.Src.Info.Selections[e]
		return sel != nil && sel.Kind() == types.FieldVal && !sel.Indirect() && f.plainPlace(e.X)
	}
	return false
}

// constantInt64 returns the value of an integer constant exact in int64.
func constantInt64(c constant.Value) (int64, bool) {
	if c.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c)
}
