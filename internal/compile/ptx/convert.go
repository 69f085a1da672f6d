package ptx

import (
	"go/ast"
	"go/types"
)

// Conversions between Go's numeric types, and the narrowing that keeps
// 8- and 16-bit integers at their width in 32-bit registers.

// negOp is the type neg is written with for s: PTX negates only signed
// and float types, and two's complement negation is the same bits for
// unsigned ones.
func negOp(s scalar) string {
	switch {
	case s.float(), s.signed():
		return s.op
	case s.wide():
		return "s64"
	}
	return "s32"
}

// narrow wraps register r to the width of s's Go type: 8- and 16-bit
// integers live sign- or zero-extended in 32-bit registers.
func (e *emitter) narrow(s scalar, r string) {
	if s.bits != 8 && s.bits != 16 {
		return
	}
	if s.signed() {
		e.line("shl.b32 %s, %s, %d;", r, r, 32-s.bits)
		e.line("shr.s32 %s, %s, %d;", r, r, 32-s.bits)
		return
	}
	e.line("and.b32 %s, %s, %d;", r, r, 1<<s.bits-1)
}

// convertReg converts register r from scalar from to scalar to.
func (e *emitter) convertReg(r string, from, to scalar) string {
	if from == to || (from.class == to.class && from.bits == to.bits && !from.float()) {
		return r
	}
	d := e.reg(to)
	r = e.inReg(r, from)
	switch {
	case from.float() && to.float():
		if to.op == "f64" {
			e.line("cvt.f64.f32 %s, %s;", d, r)
		} else {
			e.line("cvt.rn.f32.f64 %s, %s;", d, r)
		}
	case from.float():
		e.line("cvt.rzi.%s.%s %s, %s;", wideOp(to), from.op, d, r)
	case to.float():
		e.line("cvt.rn.%s.%s %s, %s;", to.op, from.op, d, r)
	case from.class == to.class:
		e.line("mov.%s %s, %s;", movType(to), d, r)
	default:
		e.line("cvt.%s.%s %s, %s;", wideOp(to), from.op, d, r)
	}
	e.narrow(to, d)
	if k, ok := e.width(r); ok && !from.float() && !to.float() && k < to.bits {
		e.setWidth(d, k)
	}
	return d
}

// wideOp is s's arithmetic type, which conversions write into.
func wideOp(s scalar) string { return s.op }

// convert converts v to type t.
func (e *emitter) convert(n ast.Expr, v *val, t types.Type) *val {
	if types.Identical(v.t.Underlying(), t.Underlying()) {
		nv := *v
		nv.t = t
		return &nv
	}
	from, ok1 := scalarOf(v.t)
	to, ok2 := scalarOf(t)
	if !ok1 || !ok2 || from.class == "pred" || to.class == "pred" {
		return e.convertOther(n, v, t)
	}
	return &val{t: t, reg: e.convertReg(v.reg, from, to)}
}

// value returns v's value: a variable in memory is loaded.
func (e *emitter) value(v *val) *val {
	if v.mem == "" {
		return v
	}
	return e.load(v.mem, "local", v.t)
}

// object returns the object identifier id uses or defines.
func (e *emitter) object(id *ast.Ident) types.Object {
	if obj := e.src.Info.Uses[id]; obj != nil {
		return obj
	}
	return e.src.Info.Defs[id]
}
