package ptx

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
)

// A memAddr is an address in memory: a register or symbol plus offset.
type memAddr struct {
	addr  string
	space string
}

// addr returns the address of x where x lies in memory: an element of a
// slice, of an array in memory or behind a pointer, or *p. The index is
// checked as Go checks it.
func (e *emitter) addr(x ast.Expr) (memAddr, bool) {
	x = ast.Unparen(x)
	if a, ok := e.prepared[x]; ok {
		delete(e.prepared, x)
		return a, true
	}
	switch x := x.(type) {
	case *ast.Ident:
		if v, ok := e.vars[e.object(x)]; ok && v.mem != "" {
			return memAddr{v.mem, "local"}, true
		}
		return memAddr{}, false
	case *ast.SelectorExpr:
		return e.fieldAddr(x)
	case *ast.StarExpr:
		p := e.expr(x.X)
		e.nilCheck(x, p)
		return memAddr{p.ptr, p.space}, true
	case *ast.IndexExpr:
		bt := e.typeOf(x.X)
		switch u := bt.Underlying().(type) {
		case *types.Slice:
			s := e.expr(x.X)
			i := e.index(x.Index, s.len, x)
			return memAddr{e.elemAddr(x, s, i), s.space}, true
		case *types.Pointer:
			p := e.expr(x.X)
			e.nilCheck(x, p)
			arr := u.Elem().Underlying().(*types.Array)
			i := e.index(x.Index, intImmediate(s64T, arr.Len()), x)
			return memAddr{e.offset(x, p.ptr, i, arr.Elem()), p.space}, true
		case *types.Array:
			base, ok := e.addr(x.X)
			if !ok {
				return memAddr{}, false
			}
			i := e.index(x.Index, intImmediate(s64T, u.Len()), x)
			return memAddr{e.offset(x, base.addr, i, u.Elem()), base.space}, true
		}
	}
	return memAddr{}, false
}

// index evaluates index x as an int and checks it against length n: a
// negative index fails too, as the unsigned comparison sees it as large.
func (e *emitter) index(x ast.Expr, n string, at ast.Node) string {
	v := e.expr(x)
	s := e.scalarType(x)
	i := e.convertReg(v.reg, s, s64T)
	if immediate(i) && immediate(n) {
		return i // the type checker proved constant indexes of arrays in range
	}
	if e.inRange(i, n) || e.checkedBefore(n, i) {
		return i
	}
	p := e.reg(predT)
	e.line("setp.ge.u64 %s, %s, %s;", p, e.inReg(i, s64T), n)
	e.check(p, at, FaultIndex, i, n)
	return i
}

// nilCheck fails where pointer p is nil.
func (e *emitter) nilCheck(n ast.Node, p *val) {
	if e.nonNil[p.ptr] && !e.mutable[p.ptr] {
		return
	}
	q := e.reg(predT)
	e.line("setp.eq.u64 %s, %s, 0;", q, p.ptr)
	e.check(q, n, FaultNil, "", "")
}

// elemAddr returns the address of element i of slice s.
func (e *emitter) elemAddr(n ast.Node, s *val, i string) string {
	return e.offset(n, s.ptr, i, s.t.Underlying().(*types.Slice).Elem())
}

// offset returns base + i*sizeof(elem).
func (e *emitter) offset(n ast.Node, base, i string, elem types.Type) string {
	size, _, err := sizeOf(elem)
	if err != nil {
		e.refuse(n, "%v", err)
	}
	d := e.reg(u64T)
	if immediate(i) {
		e.line("add.s64 %s, %s, %s;", d, base, mulImm(i, size))
		return d
	}
	e.line("mad.lo.s64 %s, %s, %d, %s;", d, i, size, base)
	return d
}

// mulImm multiplies decimal immediate i by size.
func mulImm(i string, size int64) string {
	n, _ := strconv.ParseInt(i, 10, 64)
	return intImmediate(s64T, n*size)
}

// load reads a value of type t at a.
func (e *emitter) load(a string, space string, t types.Type) *val {
	if arr, ok := t.Underlying().(*types.Array); ok {
		v := &val{t: t}
		es, _, _ := sizeOf(arr.Elem())
		for k := range arr.Len() {
			ea := e.reg(u64T)
			e.line("add.s64 %s, %s, %d;", ea, a, k*es)
			v.elems = append(v.elems, e.load(ea, space, arr.Elem()))
		}
		return v
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		v := &val{t: t, elems: []*val{}}
		for k := range st.NumFields() {
			ea := e.reg(u64T)
			e.line("add.s64 %s, %s, %d;", ea, a, fieldOffset(st, k))
			v.elems = append(v.elems, e.load(ea, space, st.Field(k).Type()))
		}
		return v
	}
	if _, ok := t.Underlying().(*types.Slice); ok {
		return e.loadSlice(a, space, t)
	}
	s, ok := scalarOf(t)
	if !ok {
		e.refuse(nil, "loads of %s have no GPU form yet", t)
	}
	if s.class == "pred" {
		r, p := e.reg(u32T), e.reg(predT)
		e.line("ld.%s.u8 %s, [%s];", space, r, a)
		e.line("setp.ne.u32 %s, %s, 0;", p, r)
		return &val{t: t, reg: p}
	}
	d := e.reg(s)
	e.line("ld.%s.%s %s, [%s];", space, s.mem, d, a)
	return &val{t: t, reg: d}
}

// loadSlice loads a slice of type t at a, in global or local memory: its
// address and length (its capacity is not read). Only a launch writes
// slices in global memory, copying a host struct's or slice's slices to
// the device, and a kernel only slices of global memory in its local
// memory (storeSlice), so the slice is of global memory, below 2^48 long.
func (e *emitter) loadSlice(a, space string, t types.Type) *val {
	if space != "global" && space != "local" {
		e.refuse(nil, "loads of %s from %s memory have no GPU form yet", t, space)
	}
	v := &val{t: t, ptr: e.reg(u64T), len: e.reg(s64T), space: "global"}
	e.line("ld.%s.u64 %s, [%s];", space, v.ptr, a)
	if space == "global" {
		e.line("cvta.to.global.u64 %s, %s;", v.ptr, v.ptr)
	}
	e.line("ld.%s.u64 %s, [%s+8];", space, v.len, a)
	e.setWidth(v.len, maxLenBits)
	return v
}

// storeSlice writes slice v at a in local memory, its capacity its length
// (as on the device). A slice of shared memory, or a store to global
// memory (whose slices the host keeps its own of), is refused.
func (e *emitter) storeSlice(a, space string, t types.Type, v *val) {
	if space != "local" || (v.space != "global" && v.ptr != "0") {
		e.refuse(nil, "stores of %s to %s memory have no GPU form yet", t, space)
	}
	e.line("st.local.u64 [%s], %s;", a, v.ptr)
	e.line("st.local.u64 [%s+8], %s;", a, v.len)
	e.line("st.local.u64 [%s+16], %s;", a, v.len)
}

// storeAt writes v of type t at a.
func (e *emitter) storeAt(a string, space string, t types.Type, v *val) {
	if _, ok := t.Underlying().(*types.Slice); ok {
		e.storeSlice(a, space, t, v)
		return
	}
	if arr, ok := t.Underlying().(*types.Array); ok {
		es, _, _ := sizeOf(arr.Elem())
		for k := range arr.Len() {
			ea := e.reg(u64T)
			e.line("add.s64 %s, %s, %d;", ea, a, k*es)
			e.storeAt(ea, space, arr.Elem(), v.elems[k])
		}
		return
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for k := range st.NumFields() {
			ea := e.reg(u64T)
			e.line("add.s64 %s, %s, %d;", ea, a, fieldOffset(st, k))
			e.storeAt(ea, space, st.Field(k).Type(), v.elems[k])
		}
		return
	}
	s, _ := scalarOf(t)
	if s.class == "pred" {
		r := e.reg(u32T)
		e.line("selp.u32 %s, 1, 0, %s;", r, v.reg)
		e.line("st.%s.u8 [%s], %s;", space, a, r)
		return
	}
	e.line("st.%s.%s [%s], %s;", space, s.mem, a, v.reg)
}

// store assigns v to lvalue x.
func (e *emitter) store(x ast.Expr, v *val) {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		dst, ok := e.vars[e.object(id)]
		if !ok {
			e.refuse(x, "assignment to %s, which is not a variable of the kernel", id.Name)
		}
		if dst.mem != "" {
			e.storeAt(dst.mem, "local", dst.t, v)
			return
		}
		e.kill(dst)
		e.move(x, dst, v)
		e.wrote(dst, v)
		return
	}
	if a, ok := e.addr(x); ok {
		e.storeAt(a.addr, a.space, e.typeOf(x), v)
		return
	}
	var dst *val
	if sel, ok := x.(*ast.SelectorExpr); ok {
		dst = e.registerField(sel)
	} else {
		dst = e.registerIndex(x)
	}
	if root := rootIdent(x); root != nil {
		if rv, ok := e.vars[e.object(root)]; ok {
			e.kill(rv)
		}
	}
	e.move(x, dst, v)
}

// slice evaluates s[lo:hi] of a slice, or of an array behind a pointer.
func (e *emitter) slice(x *ast.SliceExpr) *val {
	b := e.expr(x.X)
	var n string // the capacity the bounds are checked against
	var elem types.Type
	switch u := b.t.Underlying().(type) {
	case *types.Slice:
		n, elem = b.len, u.Elem()
	case *types.Pointer:
		arr := u.Elem().Underlying().(*types.Array)
		e.nilCheck(x, b)
		n, elem = intImmediate(s64T, arr.Len()), arr.Elem()
	default:
		e.refuse(x, "slicing %s has no GPU form yet", b.t)
	}
	lo, hi := "0", n
	if x.Low != nil {
		lo = e.convertReg(e.expr(x.Low).reg, e.scalarType(x.Low), s64T)
	}
	if x.High != nil {
		hi = e.convertReg(e.expr(x.High).reg, e.scalarType(x.High), s64T)
	}
	if x.Max != nil {
		// The GPU form's slices have no capacity past their length: the
		// launch copies only that far.
		m := e.convertReg(e.expr(x.Max).reg, e.scalarType(x.Max), s64T)
		p := e.reg(predT)
		e.line("setp.gt.u64 %s, %s, %s;", p, e.inReg(m, s64T), n)
		e.check(p, x, FaultSlice, m, n)
		n = m
	}
	// 0 <= lo <= hi <= n, as unsigned comparisons.
	p := e.reg(predT)
	e.line("setp.gt.u64 %s, %s, %s;", p, e.inReg(hi, s64T), n)
	e.check(p, x, FaultSlice, hi, n)
	q := e.reg(predT)
	e.line("setp.gt.u64 %s, %s, %s;", q, e.inReg(lo, s64T), hi)
	e.check(q, x, FaultSlice, lo, hi)
	v := &val{t: e.typeOf(x), ptr: e.offset(x, b.ptr, lo, elem), len: e.reg(s64T), space: b.space}
	e.line("sub.s64 %s, %s, %s;", v.len, e.inReg(hi, s64T), lo)
	if k, ok := e.width(n); ok {
		e.setWidth(v.len, k) // lo <= hi <= n
	}
	return v
}

// convertOther converts between a slice and an array pointer: the one
// conversion of non-numbers the back end writes.
func (e *emitter) convertOther(n ast.Expr, v *val, t types.Type) *val {
	if isUnsafePointer(t) && v.ptr != "" && v.len == "" || isUnsafePointer(v.t) && isPointer(t) {
		// A reinterpretation: the same address, seen as another type.
		return &val{t: t, ptr: v.ptr, space: v.space}
	}
	p, ok := t.Underlying().(*types.Pointer)
	if _, isSlice := v.t.Underlying().(*types.Slice); ok && isSlice {
		arr := p.Elem().Underlying().(*types.Array)
		q := e.reg(predT)
		e.line("setp.lt.s64 %s, %s, %d;", q, v.len, arr.Len())
		e.check(q, n, FaultConvert, v.len, intImmediate(s64T, arr.Len()))
		return &val{t: t, ptr: v.ptr, space: v.space}
	}
	e.refuse(n, "conversion of %s to %s has no GPU form yet", v.t, t)
	return nil
}

// composite evaluates an array literal.
func (e *emitter) composite(x *ast.CompositeLit) *val {
	t := e.typeOf(x)
	if st, ok := t.Underlying().(*types.Struct); ok {
		return e.structLit(x, t, st)
	}
	arr, ok := t.Underlying().(*types.Array)
	if !ok {
		e.refuse(x, "composite literals of %s have no GPU form yet", t)
	}
	v := e.zero(x, t)
	k := int64(0)
	for _, el := range x.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			i, _ := constantInt(e.src.Info.Types[kv.Key])
			k = i
			el = kv.Value
		}
		if k >= arr.Len() {
			e.refuse(x, "literal index out of range")
		}
		e.move(el, v.elems[k], e.expr(el))
		k++
	}
	return v
}

// constantInt returns the integer value of a constant expression.
func constantInt(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}

// isUnsafePointer reports whether t is unsafe.Pointer.
func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// isPointer reports whether t is a pointer type (false for no type).
func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// fieldAddr returns the address of field selection x where its struct
// lies in memory: behind a pointer, or itself an element in memory.
func (e *emitter) fieldAddr(x *ast.SelectorExpr) (memAddr, bool) {
	sel := e.src.Info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
		return memAddr{}, false
	}
	i := sel.Index()[0]
	bt := e.typeOf(x.X)
	var base memAddr
	if p, ok := bt.Underlying().(*types.Pointer); ok {
		pv := e.expr(x.X)
		e.nilCheck(x, pv)
		base, bt = memAddr{pv.ptr, pv.space}, p.Elem()
	} else {
		b, ok := e.addr(x.X)
		if !ok {
			return memAddr{}, false
		}
		base = b
	}
	st := bt.Underlying().(*types.Struct)
	d := e.reg(u64T)
	e.line("add.s64 %s, %s, %d;", d, base.addr, fieldOffset(st, i))
	return memAddr{d, base.space}, true
}

// structLit evaluates a struct literal: keyed or positional fields, the
// others zero.
func (e *emitter) structLit(x *ast.CompositeLit, t types.Type, st *types.Struct) *val {
	v := e.zero(x, t)
	for k, el := range x.Elts {
		i := k
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			name := kv.Key.(*ast.Ident).Name
			for f := range st.NumFields() {
				if st.Field(f).Name() == name {
					i = f
				}
			}
			el = kv.Value
		}
		e.move(el, v.elems[i], e.expr(el))
	}
	return v
}

// rootIdent returns the variable an lvalue of fields and constant
// indexes starts from, or nil.
func rootIdent(x ast.Expr) *ast.Ident {
	for {
		switch y := ast.Unparen(x).(type) {
		case *ast.Ident:
			return y
		case *ast.SelectorExpr:
			x = y.X
		case *ast.IndexExpr:
			x = y.X
		default:
			return nil
		}
	}
}
