package ptx

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/gocuda/gocuda/internal/kapi"
)

// call evaluates a call: a conversion, a builtin, the kernel API, package
// math, or a helper of the kernel's package, which is inlined.
func (e *emitter) call(x *ast.CallExpr) *val {
	if tv := e.src.Info.Types[x.Fun]; tv.IsType() {
		if v := e.sqrt32(x); v != nil {
			return v
		}
		return e.convert(x, e.expr(x.Args[0]), e.typeOf(x))
	}
	id := calleeIdent(x.Fun)
	if id == nil {
		e.refuse(x, "calls of function values have no GPU form")
	}
	switch obj := e.src.Info.Uses[id].(type) {
	case *types.Builtin:
		return e.builtin(x, obj.Name())
	case *types.Func:
		if entry, ok := kapi.Lookup(obj); ok {
			return e.api(x, entry)
		}
		if obj.Pkg() != nil && obj.Pkg().Path() == "math" {
			return e.math(x, obj.Name())
		}
		if obj.Pkg() != nil {
			if v, ok := e.bitsCall(x, obj); ok {
				return v
			}
		}
		if obj.Pkg() != nil && obj.Pkg().Path() == "sync/atomic" {
			return e.syncAtomic(x, obj)
		}
		if obj.FullName() == "runtime.Gosched" {
			return &val{t: types.Typ[types.Invalid]} // a spinning thread yields nothing on a GPU: warps run side by side
		}
		if decl := e.src.Decls[obj.Origin()]; decl != nil {
			return e.inlineCall(x, id, obj, decl)
		}
		e.refuse(x, "call of %s, whose body is outside the kernel's package, has no GPU form", obj.FullName())
	}
	e.refuse(x, "call of %s has no GPU form", exprString(x.Fun))
	return nil
}

// calleeIdent returns the identifier naming a call's function: f, pkg.f,
// x.m, f[T].
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}

// builtin evaluates len, min, max and panic.
func (e *emitter) builtin(x *ast.CallExpr, name string) *val {
	switch name {
	case "len":
		v := e.expr(x.Args[0])
		if v.len == "" {
			e.refuse(x, "len of %s has no GPU form", v.t)
		}
		return &val{t: e.typeOf(x), reg: v.len}
	case "min", "max":
		return e.minMax(x, name)
	case "Slice":
		return e.unsafeSlice(x)
	case "Sizeof":
		// Constant but for a type parameter's value, whose type the
		// instantiation fixes.
		size, _, err := sizeOf(e.typeOf(x.Args[0]))
		if err != nil {
			e.refuse(x, "%v", err)
		}
		return &val{t: e.typeOf(x), reg: strconv.FormatInt(size, 10)}
	case "SliceData":
		s := e.expr(x.Args[0])
		return &val{t: e.typeOf(x), ptr: s.ptr, space: s.space}
	case "panic":
		p := e.reg(predT)
		e.line("setp.eq.u32 %s, 0, 0;", p)
		e.check(p, x, FaultPanic, "", "")
		return &val{t: types.Typ[types.Invalid]}
	}
	e.refuse(x, "builtin %s has no GPU form yet", name)
	return nil
}

// minMax evaluates min or max as Go defines them: for floats, NaN if any
// operand is NaN.
func (e *emitter) minMax(x *ast.CallExpr, name string) *val {
	t := e.typeOf(x)
	s, ok := scalarOf(t)
	if !ok || s.class == "pred" {
		e.refuse(x, "%s of %s has no GPU form", name, t)
	}
	acc := e.inReg(e.convert(x.Args[0], e.expr(x.Args[0]), t).reg, s)
	for _, arg := range x.Args[1:] {
		b := e.inReg(e.convert(arg, e.expr(arg), t).reg, s)
		d := e.reg(s)
		e.line("%s.%s %s, %s, %s;", name, s.op, d, acc, b)
		if s.float() {
			p, nan := e.reg(predT), e.reg(s)
			e.line("setp.nan.%s %s, %s, %s;", s.op, p, acc, b)
			e.line("add.rn.%s %s, %s, %s;", s.op, nan, acc, b)
			e.line("selp.%s %s, %s, %s, %s;", s.op, d, nan, d, p)
		}
		ka, oka := e.width(acc)
		kb, okb := e.width(b)
		switch {
		case s.float() || !oka || !okb:
		case name == "min":
			e.setWidth(d, min(ka, kb))
		default:
			e.setWidth(d, max(ka, kb))
		}
		acc = d
	}
	return &val{t: t, reg: acc}
}

// math evaluates the functions of package math that PTX computes
// exactly as Go does.
func (e *emitter) math(x *ast.CallExpr, name string) *val {
	t := e.typeOf(x)
	arg := func(i int) string { return e.inReg(e.expr(x.Args[i]).reg, f64T) }
	d := e.reg(f64T)
	switch name {
	case "Sqrt":
		e.line("sqrt.rn.f64 %s, %s;", d, arg(0))
	case "Abs":
		e.line("abs.f64 %s, %s;", d, arg(0))
	case "Floor":
		e.line("cvt.rmi.f64.f64 %s, %s;", d, arg(0))
	case "Ceil":
		e.line("cvt.rpi.f64.f64 %s, %s;", d, arg(0))
	case "Trunc":
		e.line("cvt.rzi.f64.f64 %s, %s;", d, arg(0))
	case "FMA":
		e.line("fma.rn.f64 %s, %s, %s, %s;", d, arg(0), arg(1), arg(2))
	case "Max", "Min":
		return e.mathMaxMin(x, name, arg(0), arg(1))
	case "Exp":
		return &val{t: t, reg: e.mathExp(arg(0))}
	case "Log":
		return &val{t: t, reg: e.mathLog(arg(0))}
	case "Sin", "Cos":
		return &val{t: t, reg: e.mathSinCos(arg(0), name == "Cos")}
	case "Tanh":
		return &val{t: t, reg: e.mathTanh(arg(0))}
	case "Pow":
		return &val{t: t, reg: e.mathPow(arg(0), arg(1))}
	case "IsNaN":
		p := e.reg(predT)
		e.line("testp.notanumber.f64 %s, %s;", p, arg(0))
		return &val{t: t, reg: p}
	case "IsInf":
		return e.isInf(x)
	case "Inf":
		sign, ok := constantInt(e.src.Info.Types[x.Args[0]])
		if !ok {
			e.refuse(x, "math.Inf with a sign known only at run time has no GPU form yet")
		}
		if sign >= 0 {
			return &val{t: t, reg: "0d7FF0000000000000"}
		}
		return &val{t: t, reg: "0dFFF0000000000000"}
	default:
		e.refuse(x, "math.%s has no exact GPU form yet", name)
	}
	return &val{t: t, reg: d}
}

// isInf evaluates math.IsInf(f, sign).
func (e *emitter) isInf(x *ast.CallExpr) *val {
	f := e.inReg(e.expr(x.Args[0]).reg, f64T)
	sign, ok := constantInt(e.src.Info.Types[x.Args[1]])
	if !ok {
		e.refuse(x, "math.IsInf with a sign known only at run time has no GPU form yet")
	}
	p := e.reg(predT)
	switch {
	case sign > 0:
		e.line("setp.eq.f64 %s, %s, 0d7FF0000000000000;", p, f)
	case sign < 0:
		e.line("setp.eq.f64 %s, %s, 0dFFF0000000000000;", p, f)
	default:
		e.line("testp.infinite.f64 %s, %s;", p, f)
	}
	return &val{t: e.typeOf(x), reg: p}
}

// inlineCall writes a call of a helper of the kernel's package in place:
// its arguments evaluated and copied, as Go passes them, its returns
// branches to its end.
func (e *emitter) inlineCall(x *ast.CallExpr, id *ast.Ident, fn *types.Func, decl *ast.FuncDecl) *val {
	for _, fr := range e.inline {
		if fr.decl == decl {
			e.refuse(x, "recursive call of %s has no GPU form", fn.Name())
		}
	}
	var recv *val
	if decl.Recv != nil {
		recv = e.receiverOf(x, fn)
	}
	var args []*val
	for _, a := range x.Args {
		args = append(args, e.copyVal(e.expr(a)))
	}
	fr := &frame{decl: decl, end: e.label(), subst: map[*types.TypeParam]types.Type{}}
	tps := fn.Origin().Signature().TypeParams()
	if inst, ok := e.src.Info.Instances[id]; ok {
		for i := range tps.Len() {
			fr.subst[tps.At(i)] = e.subst(inst.TypeArgs.At(i))
		}
	}
	// An instantiated kernel's copied calls may lack their records: the
	// arguments' types give the type arguments.
	params := fn.Origin().Signature().Params()
	for i := range min(params.Len(), len(args)) {
		if !args[i].thread {
			unify(params.At(i).Type(), args[i].t, fr.subst)
		}
	}
	if recv != nil {
		unify(fn.Origin().Signature().Recv().Type(), recv.t, fr.subst)
	}
	e.inline = append(e.inline, fr)
	if recv != nil && len(decl.Recv.List[0].Names) > 0 {
		name := decl.Recv.List[0].Names[0]
		if obj := e.src.Info.Defs[name]; obj != nil && !e.bindMemory(name, obj, recv) {
			e.vars[obj] = recv
		}
	}
	k := 0
	for _, field := range decl.Type.Params.List {
		if _, ok := field.Type.(*ast.Ellipsis); ok {
			e.refuse(x, "variadic helpers have no GPU form yet")
		}
		for _, name := range field.Names {
			if obj := e.src.Info.Defs[name]; obj != nil && !e.bindMemory(name, obj, args[k]) {
				e.vars[obj] = args[k]
			}
			k++
		}
	}
	if decl.Type.Results != nil {
		for _, field := range decl.Type.Results.List {
			t := e.subst(e.src.Info.TypeOf(field.Type))
			if len(field.Names) == 0 {
				fr.results = append(fr.results, e.fresh(field, t, ""))
			}
			for _, name := range field.Names {
				v := e.fresh(name, t, "")
				e.setZero(v)
				if obj := e.src.Info.Defs[name]; obj != nil {
					e.vars[obj] = v
				}
				fr.results = append(fr.results, v)
			}
		}
	}
	e.stmts(decl.Body.List)
	e.place(fr.end)
	e.inline = e.inline[:len(e.inline)-1]
	switch len(fr.results) {
	case 0:
		return &val{t: types.Typ[types.Invalid]}
	case 1:
		return fr.results[0]
	}
	return &val{tuple: fr.results}
}

// unify records in m the type arguments that make parameter type p the
// argument type a.
func unify(p, a types.Type, m map[*types.TypeParam]types.Type) {
	switch pt := p.(type) {
	case *types.TypeParam:
		if _, ok := m[pt]; !ok || hasTypeParam(m[pt]) {
			m[pt] = a
		}
	case *types.Slice:
		if at, ok := a.Underlying().(*types.Slice); ok {
			unify(pt.Elem(), at.Elem(), m)
		}
	case *types.Pointer:
		if at, ok := a.Underlying().(*types.Pointer); ok {
			unify(pt.Elem(), at.Elem(), m)
		}
	case *types.Array:
		if at, ok := a.Underlying().(*types.Array); ok {
			unify(pt.Elem(), at.Elem(), m)
		}
	case *types.Named:
		if an, ok := types.Unalias(a).(*types.Named); ok && an.Origin() == pt.Origin() {
			for i := range min(pt.TypeArgs().Len(), an.TypeArgs().Len()) {
				unify(pt.TypeArgs().At(i), an.TypeArgs().At(i), m)
			}
		}
	}
}

// hasTypeParam reports whether t is or holds a type parameter.
func hasTypeParam(t types.Type) bool {
	switch u := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Slice:
		return hasTypeParam(u.Elem())
	case *types.Pointer:
		return hasTypeParam(u.Elem())
	case *types.Array:
		return hasTypeParam(u.Elem())
	}
	return false
}

// sqrt32 writes float32(math.Sqrt(float64(f))), f a float32, as one
// float32 square root: rounding the float64 root to float32 gives the
// correctly rounded float32 root (53 >= 2*24+2 bits), which sqrt.rn.f32
// computes.
func (e *emitter) sqrt32(x *ast.CallExpr) *val {
	if s, _ := scalarOf(e.typeOf(x)); s.op != "f32" {
		return nil
	}
	call, ok := ast.Unparen(x.Args[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	id := calleeIdent(call.Fun)
	fn, ok := e.src.Info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "math" || fn.Name() != "Sqrt" {
		return nil
	}
	conv, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !e.src.Info.Types[conv.Fun].IsType() {
		return nil
	}
	if s, _ := scalarOf(e.typeOf(conv.Args[0])); s.op != "f32" {
		return nil
	}
	d := e.reg(f32T)
	e.line("sqrt.rn.f32 %s, %s;", d, e.inReg(e.expr(conv.Args[0]).reg, f32T))
	return &val{t: e.typeOf(x), reg: d}
}

// unsafeSlice evaluates unsafe.Slice(p, n): the n elements from p, which
// Go does not check but for a negative n.
func (e *emitter) unsafeSlice(x *ast.CallExpr) *val {
	p := e.expr(x.Args[0])
	n := e.convertReg(e.expr(x.Args[1]).reg, e.scalarType(x.Args[1]), s64T)
	q := e.reg(predT)
	e.line("setp.lt.s64 %s, %s, 0;", q, e.inReg(n, s64T))
	e.check(q, x, FaultSlice, n, "0")
	v := &val{t: e.typeOf(x), ptr: p.ptr, len: e.reg(s64T), space: p.space}
	e.line("mov.u64 %s, %s;", v.len, n)
	return v
}

// mathMaxMin evaluates math.Max and math.Min with Go's special cases, in
// its order: an infinity of the operation's sign wins, then NaN, then of
// two zeros the one of the operation's sign (+0 for Max).
func (e *emitter) mathMaxMin(x *ast.CallExpr, name, a, b string) *val {
	inf, cmp := "0d7FF0000000000000", "gt"
	if name == "Min" {
		inf, cmp = "0dFFF0000000000000", "lt"
	}
	d, p, q := e.reg(f64T), e.reg(predT), e.reg(predT)
	// x > y ? x : y (< for Min).
	e.line("setp.%s.f64 %s, %s, %s;", cmp, p, a, b)
	e.line("selp.f64 %s, %s, %s, %s;", d, a, b, p)
	// Two zeros: the one of the operation's sign.
	e.line("setp.eq.f64 %s, %s, 0d0000000000000000;", p, a)
	e.line("setp.eq.f64 %s, %s, 0d0000000000000000;", q, b)
	e.line("and.pred %s, %s, %s;", p, p, q)
	z, bits := e.reg(u64T), e.reg(u64T)
	e.line("mov.b64 %s, %s;", z, a)
	e.line("mov.b64 %s, %s;", bits, b)
	if name == "Max" {
		e.line("and.b64 %s, %s, %s;", z, z, bits) // +0 unless both are -0
	} else {
		e.line("or.b64 %s, %s, %s;", z, z, bits) // -0 if either is
	}
	zf := e.reg(f64T)
	e.line("mov.b64 %s, %s;", zf, z)
	e.line("selp.f64 %s, %s, %s, %s;", d, zf, d, p)
	// NaN, then the infinity, which Go checks first.
	e.line("setp.nan.f64 %s, %s, %s;", p, a, b)
	e.line("selp.f64 %s, 0d7FF8000000000001, %s, %s;", d, d, p)
	e.line("setp.eq.f64 %s, %s, %s;", p, a, inf)
	e.line("setp.eq.f64 %s, %s, %s;", q, b, inf)
	e.line("or.pred %s, %s, %s;", p, p, q)
	e.line("selp.f64 %s, %s, %s, %s;", d, inf, d, p)
	return &val{t: e.typeOf(x), reg: d}
}

// syncAtomic evaluates the methods of package sync/atomic's integer
// types: sequentially consistent in Go, so each is fenced on both sides
// where it orders memory (loads and stores), as CUDA's look-back idiom of
// volatile accesses and __threadfence is.
func (e *emitter) syncAtomic(x *ast.CallExpr, fn *types.Func) *val {
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	recv := fn.Signature().Recv()
	if !ok || recv == nil {
		e.refuse(x, "sync/atomic's functions have no GPU form yet (its types' methods do)")
	}
	a, ok := e.addr(sel.X)
	if !ok {
		e.refuse(x, "an atomic value not in memory has no GPU form")
	}
	var s scalar
	switch types.Unalias(recv.Type()).(*types.Pointer).Elem().(*types.Named).Obj().Name() {
	case "Int32":
		s = s32T
	case "Uint32":
		s = u32T
	case "Int64":
		s = s64T
	case "Uint64":
		s = u64T
	default:
		e.refuse(x, "%s has no GPU form yet", fn.FullName())
	}
	arg := func(i int) string { return e.inReg(e.expr(x.Args[i]).reg, s) }
	t := e.typeOf(x)
	d := e.reg(s)
	switch fn.Name() {
	case "Load":
		e.line("ld.volatile.%s.%s %s, [%s];", a.space, s.op, d, a.addr)
		e.line("membar.gl;")
	case "Store":
		v := arg(0)
		e.line("membar.gl;")
		e.line("st.volatile.%s.%s [%s], %s;", a.space, s.op, a.addr, v)
		return &val{t: types.Typ[types.Invalid]}
	case "Add":
		v := arg(0)
		typ := s.op
		if typ == "s64" {
			typ = "u64"
		}
		e.line("atom.%s.add.%s %s, [%s], %s;", a.space, typ, d, a.addr, v)
		e.line("add.%s %s, %s, %s;", s.op, d, d, v) // Go's Add returns the new value
	case "Swap":
		e.line("atom.%s.exch.%s %s, [%s], %s;", a.space, s.bitOp(), d, a.addr, arg(0))
	case "CompareAndSwap":
		old, nv := arg(0), arg(1)
		e.line("atom.%s.cas.%s %s, [%s], %s, %s;", a.space, s.bitOp(), d, a.addr, old, nv)
		p := e.reg(predT)
		e.line("setp.eq.%s %s, %s, %s;", s.op, p, d, old)
		return &val{t: t, reg: p}
	default:
		e.refuse(x, "%s has no GPU form yet", fn.FullName())
	}
	return &val{t: t, reg: d}
}

// receiverOf evaluates the receiver of a method call of the kernel's
// package: the value (a copy), or for a pointer receiver the pointer or
// the address of the addressable operand, as Go takes it.
func (e *emitter) receiverOf(x *ast.CallExpr, fn *types.Func) *val {
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || e.src.Info.Selections[sel] == nil || e.src.Info.Selections[sel].Kind() != types.MethodVal || len(e.src.Info.Selections[sel].Index()) != 1 {
		e.refuse(x, "method values and promoted methods have no GPU form yet")
	}
	want := e.subst(fn.Signature().Recv().Type())
	have := e.typeOf(sel.X)
	switch {
	case isPointer(want) && isPointer(have):
		return e.expr(sel.X)
	case isPointer(want):
		a, ok := e.addr(sel.X)
		if !ok {
			e.refuse(x, "a pointer method of a value not in memory has no GPU form yet")
		}
		return &val{t: types.NewPointer(have), ptr: a.addr, space: a.space}
	case isPointer(have):
		p := e.expr(sel.X)
		e.nilCheck(x, p)
		return e.load(p.ptr, p.space, have.Underlying().(*types.Pointer).Elem())
	}
	return e.copyVal(e.expr(sel.X))
}
