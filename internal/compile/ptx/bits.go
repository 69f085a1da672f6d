package ptx

import (
	"go/ast"
	"go/types"
)

// Package math/bits and the exact integer intrinsics of package intrinsic
// (whose bodies are math/bits and plain arithmetic) are PTX instructions:
// popc, clz, brev, mul.hi, mul24 compute exactly what they do.

// bitsCall evaluates a call of package math/bits or intrinsic, or reports
// false for a function it does not know.
func (e *emitter) bitsCall(x *ast.CallExpr, fn *types.Func) (*val, bool) {
	op, ok := bitsOps[fn.Pkg().Path()+"."+fn.Name()]
	if !ok {
		return nil, false
	}
	var args []string
	for i, a := range x.Args {
		s := e.scalarType(x.Args[i])
		args = append(args, e.inReg(e.expr(a).reg, s))
	}
	t := e.typeOf(x)
	rs := e.scalarType(x)
	return &val{t: t, reg: op(e, args, rs)}, true
}

// A bitsOp writes an operation on its arguments' registers and returns
// its result as scalar rs.
type bitsOp func(e *emitter, args []string, rs scalar) string

// count writes a counting instruction (popc, clz) of type typ, whose
// result is a .u32, then adds add and converts to rs.
func count(instr string, add int) bitsOp {
	return func(e *emitter, args []string, rs scalar) string {
		c := e.reg(u32T)
		e.line("%s %s, %s;", instr, c, args[0])
		if add != 0 {
			e.line("add.s32 %s, %s, %d;", c, c, add)
		}
		return e.convertReg(c, u32T, rs)
	}
}

// trailing writes the trailing zeros of a width-bit value: the leading
// zeros of its reverse (width for 0, as Go's).
func trailing(wide bool) bitsOp {
	return func(e *emitter, args []string, rs scalar) string {
		s, b := u32T, "b32"
		if wide {
			s, b = u64T, "b64"
		}
		r, c := e.reg(s), e.reg(u32T)
		e.line("brev.%s %s, %s;", b, r, args[0])
		e.line("clz.%s %s, %s;", b, c, r)
		return e.convertReg(c, u32T, rs)
	}
}

// length writes bits.Len: width less the leading zeros.
func length(wide bool) bitsOp {
	return func(e *emitter, args []string, rs scalar) string {
		b, w := "b32", 32
		if wide {
			b, w = "b64", 64
		}
		c := e.reg(u32T)
		e.line("clz.%s %s, %s;", b, c, args[0])
		e.line("sub.s32 %s, %d, %s;", c, w, c)
		return e.convertReg(c, u32T, rs)
	}
}

// binary writes a two-operand instruction whose result is of the result
// type.
func binary(instr string) bitsOp {
	return func(e *emitter, args []string, rs scalar) string {
		d := e.reg(rs)
		e.line("%s %s, %s, %s;", instr, d, args[0], args[1])
		return d
	}
}

// unary writes a one-operand instruction whose result is of the result
// type.
func unary(instr string) bitsOp {
	return func(e *emitter, args []string, rs scalar) string {
		d := e.reg(rs)
		e.line("%s %s, %s;", instr, d, args[0])
		return d
	}
}

// ffs writes __ffs: 0 for 0, else the trailing zeros plus one.
func ffs(wide bool) bitsOp {
	tz := trailing(wide)
	return func(e *emitter, args []string, rs scalar) string {
		t := tz(e, args, s32T)
		d, p := e.reg(s32T), e.reg(predT)
		e.line("add.s32 %s, %s, 1;", d, t)
		if wide {
			e.line("setp.eq.u64 %s, %s, 0;", p, args[0])
		} else {
			e.line("setp.eq.u32 %s, %s, 0;", p, args[0])
		}
		e.line("selp.s32 %s, 0, %s, %s;", d, d, p)
		return e.convertReg(d, s32T, rs)
	}
}

var bitsOps = map[string]bitsOp{
	"math/bits.OnesCount32":     count("popc.b32", 0),
	"math/bits.OnesCount64":     count("popc.b64", 0),
	"math/bits.LeadingZeros32":  count("clz.b32", 0),
	"math/bits.LeadingZeros64":  count("clz.b64", 0),
	"math/bits.TrailingZeros32": trailing(false),
	"math/bits.TrailingZeros64": trailing(true),
	"math/bits.Len32":           length(false),
	"math/bits.Len64":           length(true),
	"math/bits.Reverse32":       unary("brev.b32"),
	"math/bits.Reverse64":       unary("brev.b64"),

	intrinsicPath + ".Popc":   count("popc.b32", 0),
	intrinsicPath + ".Popcll": count("popc.b64", 0),
	intrinsicPath + ".Clz":    count("clz.b32", 0),
	intrinsicPath + ".Clzll":  count("clz.b64", 0),
	intrinsicPath + ".Brev":   unary("brev.b32"),
	intrinsicPath + ".Brevll": unary("brev.b64"),
	intrinsicPath + ".Ffs":    ffs(false),
	intrinsicPath + ".Ffsll":  ffs(true),
	intrinsicPath + ".Mulhi":  binary("mul.hi.s32"),
	intrinsicPath + ".Umulhi": binary("mul.hi.u32"),
	intrinsicPath + ".Mul24":  binary("mul24.lo.s32"),
	intrinsicPath + ".Umul24": binary("mul24.lo.u32"),
	intrinsicPath + ".Rsqrtf": rsqrtf,
}

// rsqrtf writes intrinsic.Rsqrtf as package intrinsic computes it: 1/√x
// in float64 rounded once to float32; ±0 give ±Inf, NaN and negative
// numbers intrinsic's NaN.
func rsqrtf(e *emitter, args []string, rs scalar) string {
	x := args[0]
	d64, d, bits, p := e.reg(f64T), e.reg(f32T), e.reg(u32T), e.reg(predT)
	e.line("cvt.f64.f32 %s, %s;", d64, x)
	e.line("sqrt.rn.f64 %s, %s;", d64, d64)
	e.line("div.rn.f64 %s, %s, %s;", d64, f64(1), d64)
	e.line("cvt.rn.f32.f64 %s, %s;", d, d64)
	// ±0: the infinity of x's sign.
	e.line("mov.b32 %s, %s;", bits, x)
	e.line("and.b32 %s, %s, 2147483648;", bits, bits)
	e.line("or.b32 %s, %s, 2139095040;", bits, bits)
	inf := e.reg(f32T)
	e.line("mov.b32 %s, %s;", inf, bits)
	e.line("setp.eq.f32 %s, %s, 0f00000000;", p, x)
	e.line("selp.f32 %s, %s, %s, %s;", d, inf, d, p)
	// NaN, and below 0: intrinsic's NaN.
	e.line("setp.ltu.f32 %s, %s, 0f00000000;", p, x)
	e.line("selp.f32 %s, 0f7FFFFFFF, %s, %s;", d, d, p)
	return d
}

const intrinsicPath = "github.com/gocuda/gocuda/intrinsic"
