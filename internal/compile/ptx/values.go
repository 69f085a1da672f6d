package ptx

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"
)

// fresh returns registers of their own for a value of type t; space is
// the address space of a slice or pointer.
func (e *emitter) fresh(n ast.Node, t types.Type, space string) *val {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return &val{t: t, ptr: e.reg(u64T), len: e.reg(s64T), space: space}
	case *types.Pointer:
		return &val{t: t, ptr: e.reg(u64T), space: space}
	case *types.Array:
		v := &val{t: t}
		for range u.Len() {
			v.elems = append(v.elems, e.fresh(n, u.Elem(), space))
		}
		return v
	case *types.Struct:
		v := &val{t: t, elems: []*val{}}
		for i := range u.NumFields() {
			v.elems = append(v.elems, e.fresh(n, u.Field(i).Type(), space))
		}
		return v
	}
	s, ok := scalarOf(t)
	if !ok {
		e.refuse(n, "values of type %s have no GPU form yet", t)
	}
	return &val{t: t, reg: e.reg(s)}
}

// move copies v into the registers of dst.
func (e *emitter) move(n ast.Node, dst, v *val) {
	switch {
	case dst.elems != nil:
		for i := range dst.elems {
			e.move(n, dst.elems[i], v.elems[i])
		}
	case dst.ptr != "":
		if dst.space == "" {
			dst.space = v.space // a helper's result takes its first return's space
		}
		if v.space != dst.space && v.ptr != "0" {
			e.refuse(n, "a variable holding both global and shared memory has no GPU form yet")
		}
		e.line("mov.u64 %s, %s;", dst.ptr, v.ptr)
		e.mutable[dst.ptr] = true
		if dst.len != "" {
			e.line("mov.u64 %s, %s;", dst.len, v.len)
			e.mutable[dst.len] = true
		}
	default:
		s, _ := scalarOf(dst.t)
		if immediate(dst.reg) {
			e.refuse(n, "internal error: an assignment to a variable taken as written once")
		}
		e.line("mov.%s %s, %s;", movType(s), dst.reg, v.reg)
		e.mutable[dst.reg] = true
	}
}

// movType is the type mov is written with for s's registers.
func movType(s scalar) string {
	switch s.class {
	case "pred":
		return "pred"
	case "b32":
		return "b32"
	case "b64":
		return "b64"
	}
	return s.op
}

// copyVal returns v in registers of its own, so that an assignment of
// several values reads every right-hand side before it writes any.
func (e *emitter) copyVal(v *val) *val {
	if v.thread || v.tuple != nil || v.group != "" {
		return v
	}
	c := e.fresh(nil, v.t, v.space)
	e.move(nil, c, v)
	return c
}

// zero returns a new variable of type t holding its zero value.
func (e *emitter) zero(n ast.Node, t types.Type) *val {
	v := e.fresh(n, t, "global")
	e.setZero(v)
	return v
}

func (e *emitter) setZero(v *val) {
	switch {
	case v.elems != nil:
		for _, el := range v.elems {
			e.setZero(el)
		}
	case v.ptr != "":
		e.line("mov.u64 %s, 0;", v.ptr)
		if v.len != "" {
			e.line("mov.u64 %s, 0;", v.len)
		}
	default:
		s, _ := scalarOf(v.t)
		if s.class == "pred" {
			e.line("setp.ne.u32 %s, 0, 0;", v.reg)
			return
		}
		e.line("mov.%s %s, %s;", movType(s), v.reg, zeroImm(s))
	}
}

func zeroImm(s scalar) string {
	if s.float() {
		return floatImmediate(s, 0)
	}
	return "0"
}

// constant returns number c of type t as an immediate.
func (e *emitter) constant(t types.Type, c int64) *val {
	s, _ := scalarOf(t)
	if s.float() {
		return &val{t: t, reg: floatImmediate(s, float64(c))}
	}
	return &val{t: t, reg: strconv.FormatInt(c, 10)}
}

// constVal returns the constant value cv of type t: an immediate, or a
// predicate register for a bool.
func (e *emitter) constVal(n ast.Node, t types.Type, cv constant.Value) *val {
	s, ok := scalarOf(t)
	if !ok {
		e.refuse(n, "constant of type %s has no GPU form", t)
	}
	switch {
	case s.class == "pred":
		p := e.reg(predT)
		if constant.BoolVal(cv) {
			e.line("setp.eq.u32 %s, 0, 0;", p)
		} else {
			e.line("setp.ne.u32 %s, 0, 0;", p)
		}
		return &val{t: t, reg: p}
	case s.float():
		f, _ := constant.Float64Val(constant.ToFloat(cv))
		return &val{t: t, reg: floatImmediate(s, f)}
	}
	iv := constant.ToInt(cv)
	if i, ok := constant.Int64Val(iv); ok {
		return &val{t: t, reg: intImmediate(s, i)}
	}
	u, _ := constant.Uint64Val(iv)
	return &val{t: t, reg: strconv.FormatUint(u, 10)}
}

// intImmediate writes i for s: unsigned types take their bits.
func intImmediate(s scalar, i int64) string {
	if !s.signed() && i < 0 {
		if s.wide() {
			return strconv.FormatUint(uint64(i), 10)
		}
		return strconv.FormatUint(uint64(uint32(i)), 10)
	}
	return strconv.FormatInt(i, 10)
}

// immediate reports whether operand r is a constant rather than a
// register.
func immediate(r string) bool { return !strings.HasPrefix(r, "%") }

// inReg returns operand r of s in a register, for instructions that take
// no immediate there.
func (e *emitter) inReg(r string, s scalar) string {
	if !immediate(r) {
		return r
	}
	d := e.reg(s)
	e.line("mov.%s %s, %s;", movType(s), d, r)
	if k, ok := e.width(r); ok && !s.float() {
		e.setWidth(d, k)
	}
	return d
}

// exprString is x as source, for refusals.
func exprString(x ast.Expr) string { return types.ExprString(x) }
