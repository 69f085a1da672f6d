package instrument

import (
	"go/ast"
	"go/types"
	"strings"
)

// deref instruments *p, an access through a pointer (a C++ reference
// parameter, ported): it becomes *probe.Deref(t, site, p), which records
// the access, the whole of *p (a float4 stored through a reinterpreted
// pointer, as HeCBench's dwconv1d does), where p points into the block's
// shared memory. (*p).x and (*p)[i] touch a part, and are left alone
// (walkBase). The pointer expression is walked for the accesses inside
// it.
func (r *fileRewriter) deref(st *ast.StarExpr, kind Kind, f *fn) {
	if isDeref(r.info, st) {
		if args, ok := r.site(f, kind, st.Pos(), st.Pos(), r.text(st.Pos(), st.End())); ok {
			r.replace(st.Star, st.Star+1, "(*"+r.names.probe+".Deref("+args+", ")
			r.insert(st.End(), "))", true)
		}
	}
	r.walk(st.X, f)
}

// copyCall instruments the builtin copy(dst, src) of slices: it becomes
// copy(probe.Copy(t, write site, read site, dst, src)), Copy recording a
// write of each element copied into dst and a read of each copied from
// src. It reports whether c is such a call.
func (r *fileRewriter) copyCall(c *ast.CallExpr, f *fn) bool {
	if !isBuiltinCopy(r.info, c) {
		return false
	}
	text := r.text(c.Pos(), c.End())
	w, okW := r.site(f, Write, c.Pos(), c.Pos(), text)
	rd, okR := r.site(f, Read, c.Pos(), c.Pos(), text)
	if okW && okR {
		_, readSite, _ := strings.Cut(rd, ", ") // the thread, then the site
		r.insert(c.Lparen+1, r.names.probe+".Copy("+w+", "+readSite+", ", false)
		r.insert(c.Rparen, ")", true)
	}
	return true
}

// isBuiltinCopy reports whether c calls the builtin copy with a slice to
// copy from (not a string's bytes).
func isBuiltinCopy(info *types.Info, c *ast.CallExpr) bool {
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok || len(c.Args) != 2 {
		return false
	}
	if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "copy" {
		return false
	}
	_, slice := core(info.TypeOf(c.Args[1])).(*types.Slice)
	return slice
}

// isDeref reports whether n reads or writes through a pointer what deref
// records: *p, p a pointer.
func isDeref(info *types.Info, n ast.Node) bool {
	st, ok := n.(*ast.StarExpr)
	if !ok || !info.Types[st].IsValue() {
		return false
	}
	_, ptr := core(info.TypeOf(st.X)).(*types.Pointer)
	return ptr
}

// composite reports whether t is a struct or an array.
func composite(t types.Type) bool {
	switch core(t).(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// ownSlice wraps s, a slice of an array of the thread's own (ownVar's),
// as probe.Own(t, s): the checker keeps the array alive for the launch,
// so that a later thread's array never takes its address (see probe.Own).
func (r *fileRewriter) ownSlice(s *ast.SliceExpr, f *fn) {
	if _, ok := core(r.info.TypeOf(s.X)).(*types.Array); ok {
		r.own(s, s.X, "Own", f)
	}
}

// ownAddr wraps &x, x an array or struct of the thread's own, or a part
// of one, as probe.OwnAddr(t, &x) (see ownSlice).
func (r *fileRewriter) ownAddr(u *ast.UnaryExpr, f *fn) {
	if composite(r.info.TypeOf(u.X)) {
		r.own(u, u.X, "OwnAddr", f)
	}
}

// ownRecv wraps x, the receiver of c where c calls a method with a
// pointer receiver on x, an addressable variable of the thread's own or a
// part of one (col.divAssign(n): an implicit &col), as
// probe.OwnAddr(t, &x): the method's accesses through the pointer are
// those of an explicit &x (see ownAddr), and the variable must outlive
// the thread likewise. It returns x, or nil where c is no such call.
func (r *fileRewriter) ownRecv(c *ast.CallExpr, f *fn) ast.Expr {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := r.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || s.Indirect() {
		return nil
	}
	recv := s.Obj().(*types.Func).Signature().Recv()
	if recv == nil {
		return nil
	}
	if _, ptr := recv.Type().Underlying().(*types.Pointer); !ptr {
		return nil
	}
	if _, ptr := core(r.info.TypeOf(sel.X)).(*types.Pointer); ptr || !r.info.Types[sel.X].Addressable() {
		return nil
	}
	links, base := r.chain(ast.Unparen(sel.X))
	if r.ownVar(f, links, base) == "" || !r.visible(f.k, sel.X.Pos()) {
		return nil
	}
	f.k.used = true
	r.wrap(sel.X, r.names.probe+".OwnAddr("+f.k.name+", &", ")")
	return sel.X
}

// own wraps e in a call of the probe's function call, if x, the memory e
// takes the address of, is a variable of the thread's own or a part of
// one and the thread is visible at e.
func (r *fileRewriter) own(e, x ast.Expr, call string, f *fn) {
	if links, base := r.chain(x); r.ownVar(f, links, base) == "" || !r.visible(f.k, e.Pos()) {
		return
	}
	f.k.used = true
	r.wrap(e, r.names.probe+"."+call+"("+f.k.name+", ", ")")
}
