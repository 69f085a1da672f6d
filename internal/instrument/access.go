package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
)

// access instruments e, an expression read, written or both (kind). A
// slice element s[i] becomes *probe.Index(t, site, s, i); an element of an
// addressable array, or a chain of elements and fields ending in one
// (tile[ty][tx], p[i].x), becomes *probe.Addr(t, site, &e), one access for
// the whole chain. Other expressions are walked for the accesses inside.
func (r *fileRewriter) access(e ast.Expr, kind Kind, f *fn) {
	if p, ok := e.(*ast.ParenExpr); ok {
		r.access(p.X, kind, f)
		return
	}
	if r.static(e) {
		return
	}
	if st, ok := e.(*ast.StarExpr); ok {
		r.deref(st, kind, f)
		return
	}
	if ix, ok := e.(*ast.IndexExpr); ok && r.sliceIndex(ix) {
		r.index(ix, kind, f)
		return
	}
	links, base := r.chain(e)
	if len(links) == 0 {
		r.children(e, f)
		return
	}
	if hasIndex(links) && r.info.Types[e].Addressable() {
		if args, ok := r.site(f, kind, e.Pos(), e.Pos(), r.text(e.Pos(), e.End())); ok {
			if v := r.ownVar(f, links, base); v != "" {
				r.wrap(e, "(*"+r.names.probe+".Local("+args+", &"+v+", &", "))")
			} else {
				r.wrap(e, "(*"+r.names.probe+".Addr("+args+", &", "))")
			}
		}
	}
	r.chainParts(links, base, f)
}

// ownVar returns the name of base if the chain links (elements and fields,
// outermost first) selects part of a variable of the thread's own: base
// is a variable declared in the function that declares f's thread (or in
// a closure inside it), and no link goes through a pointer or a slice. On
// a GPU such a variable is in registers or local memory, never shared or
// global.
func (r *fileRewriter) ownVar(f *fn, links []ast.Expr, base ast.Expr) string {
	id, ok := ast.Unparen(base).(*ast.Ident)
	if !ok || f.k == nil || f.k.fn == nil {
		return ""
	}
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Pkg().Scope().Lookup(v.Name()) == v {
		return ""
	}
	if v.Pos() < f.k.fn.Pos() || v.Pos() >= f.k.fn.End() {
		return "" // captured from outside the kernel: shared by its threads
	}
	for _, l := range links {
		switch l := l.(type) {
		case *ast.IndexExpr:
			if _, ok := core(r.info.TypeOf(l.X)).(*types.Array); !ok {
				return ""
			}
		case *ast.SelectorExpr:
			if sel := r.info.Selections[l]; sel == nil || sel.Indirect() {
				return ""
			}
		}
	}
	return id.Name
}

// index instruments the slice element ix: edits on disjoint ranges (before
// the slice, its brackets), so that the index and the slice can hold
// sites of their own.
func (r *fileRewriter) index(ix *ast.IndexExpr, kind Kind, f *fn) {
	if args, ok := r.site(f, kind, ix.Pos(), ix.Pos(), r.text(ix.Pos(), ix.End())); ok {
		open, close := ", ", "))"
		if r.floatConst(ix.Index) {
			open, close = ", int(", ")))"
		}
		r.insert(ix.Pos(), "(*"+r.names.probe+".Index("+args+", ", false)
		r.replace(ix.Lbrack, ix.Lbrack+1, open)
		r.replace(ix.Rbrack, ix.Rbrack+1, close)
	}
	r.access(ix.X, Read, f)
	r.walk(ix.Index, f)
}

// unaccessed walks e, an operand that is not itself accessed: the operand
// of &, an array being sliced, a range clause. Its chain of elements and
// fields is no access, but the indices in it are read.
func (r *fileRewriter) unaccessed(e ast.Expr, f *fn) {
	if e == nil || r.static(e) {
		return
	}
	if p, ok := e.(*ast.ParenExpr); ok {
		r.unaccessed(p.X, f)
		return
	}
	links, base := r.chain(e)
	if len(links) == 0 {
		r.children(e, f)
		return
	}
	r.chainParts(links, base, f)
}

// sliced walks a slice expression: slicing an array takes its address
// (no access); slicing a slice or string reads the operand.
func (r *fileRewriter) sliced(s *ast.SliceExpr, f *fn) {
	if _, ok := core(r.info.TypeOf(s.X)).(*types.Array); ok {
		r.unaccessed(s.X, f)
	} else {
		r.access(s.X, Read, f)
	}
	for _, e := range []ast.Expr{s.Low, s.High, s.Max} {
		r.walk(e, f)
	}
}

// chain returns the element and field selections e is made of, outermost
// first (tile[ty][tx] is [tile[ty][tx], tile[ty]]), and what they start
// from (tile).
func (r *fileRewriter) chain(e ast.Expr) (links []ast.Expr, base ast.Expr) {
	for {
		var next ast.Expr
		switch x := e.(type) {
		case *ast.IndexExpr:
			if !r.elementIndex(x) {
				return links, e
			}
			next = x.X
		case *ast.SelectorExpr:
			if sel := r.info.Selections[x]; sel == nil || sel.Kind() != types.FieldVal {
				return links, e
			}
			next = x.X
		default:
			return links, e
		}
		links = append(links, e)
		e = next
	}
}

// chainParts walks the indices of a chain's links and its base.
func (r *fileRewriter) chainParts(links []ast.Expr, base ast.Expr, f *fn) {
	for _, l := range links {
		if ix, ok := l.(*ast.IndexExpr); ok {
			r.walk(ix.Index, f)
		}
	}
	r.walkBase(base, f)
}

// walkBase walks x, the operand of a selector or an index: a pointer's
// target there ((*p).x, (*p)[i]) is a part's access, not a whole one,
// so only the pointer expression is walked.
func (r *fileRewriter) walkBase(x ast.Expr, f *fn) {
	if st, ok := ast.Unparen(x).(*ast.StarExpr); ok {
		r.walk(st.X, f)
		return
	}
	r.walk(x, f)
}

// children walks the operands of e, which is not instrumented itself.
func (r *fileRewriter) children(e ast.Expr, f *fn) {
	switch x := e.(type) {
	case *ast.IndexExpr:
		r.walkBase(x.X, f)
		r.walk(x.Index, f)
	case *ast.SelectorExpr:
		r.walkBase(x.X, f)
	default:
		r.walk(e, f)
	}
}

func hasIndex(links []ast.Expr) bool {
	for _, l := range links {
		if _, ok := l.(*ast.IndexExpr); ok {
			return true
		}
	}
	return false
}

// sliceIndex reports whether ix is an element of a slice.
func (r *fileRewriter) sliceIndex(ix *ast.IndexExpr) bool {
	_, ok := core(r.info.TypeOf(ix.X)).(*types.Slice)
	return ok
}

// floatConst reports whether e is a constant expression with a
// floating-point or complex operand: s[1.0] is valid Go, but passed to
// probe.Index the index would be a float64.
func (r *fileRewriter) floatConst(e ast.Expr) bool {
	if r.info.Types[e].Value == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			found = found || n.Kind == token.FLOAT || n.Kind == token.IMAG
		case *ast.Ident:
			c, ok := r.info.Uses[n].(*types.Const)
			found = found || ok && isUntypedFloat(c.Type())
		}
		return !found
	})
	return found
}

// elementIndex reports whether ix selects an element of a slice, array or
// pointer to array (not of a map or string, nor a generic instantiation).
func (r *fileRewriter) elementIndex(ix *ast.IndexExpr) bool {
	if !r.info.Types[ix].IsValue() {
		return false
	}
	return elements(r.info.TypeOf(ix.X))
}

// elements reports whether indexing a value of type t selects an element:
// t is a slice, array or pointer to array, or a type parameter all of whose
// types are (a tile of R constrained by [32]float32 | [33]float32).
func elements(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok && core(tp) == nil {
		iface, ok := tp.Constraint().Underlying().(*types.Interface)
		if !ok || iface.NumEmbeddeds() == 0 {
			return false
		}
		for i := range iface.NumEmbeddeds() {
			u, ok := iface.EmbeddedType(i).(*types.Union)
			if !ok {
				if !elements(iface.EmbeddedType(i)) {
					return false
				}
				continue
			}
			for j := range u.Len() {
				if !elements(u.Term(j).Type()) {
					return false
				}
			}
		}
		return true
	}
	switch t := core(t).(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Pointer:
		_, ok := core(t.Elem()).(*types.Array)
		return ok
	}
	return false
}

func isUntypedFloat(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0 && b.Info()&(types.IsFloat|types.IsComplex) != 0
}

// core returns the underlying type of t, or for a type parameter the
// underlying type all the types of its type set share, or nil.
func core(t types.Type) types.Type {
	tp, ok := t.(*types.TypeParam)
	if !ok {
		if t == nil {
			return nil
		}
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var u types.Type
	for i := range iface.NumEmbeddeds() {
		terms := []*types.Term{}
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				terms = append(terms, e.Term(j))
			}
		default:
			terms = append(terms, types.NewTerm(false, e))
		}
		for _, term := range terms {
			tu := core(term.Type())
			if tu == nil || u != nil && !types.Identical(u, tu) {
				return nil
			}
			u = tu
		}
	}
	return u
}
