package ptx

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// math.Sin, math.Cos and math.Tanh are Go's own code (math's sin.go,
// trig_reduce.go and tanh.go: no architecture has assembly for them but
// s390x), step for step, each multiply and add rounded on its own as Go
// computes them on amd64, so that the GPU's result is the CPU's bit for
// bit. sinSteps, cosSteps and tanhSteps in the tests are the same steps
// in Go, checked against package math.

// The constants of sin.go and tanh.go.
var (
	trigSin = []float64{1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
		-1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1}
	trigCos = []float64{-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
		2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2}
	tanhP = []float64{-9.64399179425052238628e-1, -9.92877231001918586564e1, -1.61468768441708447952e3}
	tanhQ = []float64{1.12811678491632931402e2, 2.23548839060100448583e3, 4.84406305325125486048e3}
	// mPi4 is 4/π in binary, trig_reduce.go's table for Payne and
	// Hanek's reduction.
	mPi4 = []uint64{
		0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083, 0xfca2c757bd778ac3,
		0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d, 0xd1046bea5d768909, 0xd338e04d68befc82,
		0x7323ac7306a673e9, 0x3908bf177bf25076, 0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e,
		0x9e8c7ecd3cbfd45a, 0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
	}
)

// goNaN is math.NaN()'s bits.
const goNaN = "0d7FF8000000000001"

// mathSinCos writes math.Sin (or with cos, math.Cos) of register x.
func (e *emitter) mathSinCos(x string, cos bool) string {
	ax, j, z := e.reg(f64T), e.reg(u64T), e.reg(f64T)
	e.line("abs.f64 %s, %s;", ax, x)
	big, join, p := e.label(), e.label(), e.reg(predT)
	e.line("setp.ge.f64 %s, %s, %s;", p, ax, f64(1<<29)) // reduceThreshold
	e.line("@%s bra %s;", p, big)
	e.trigSmall(ax, j, z)
	e.line("bra.uni %s;", join)
	e.place(big)
	e.trigReduce(ax, j, z)
	e.place(join)
	// The octant: j > 3 flips the sign and takes 4 off; for Cos, so does
	// j > 1 after that. Sin's sign starts as x's.
	sign, q, j4 := e.reg(predT), e.reg(predT), e.reg(u64T)
	if cos {
		e.line("setp.ne.u32 %s, 0, 0;", sign)
	} else {
		e.line("setp.lt.f64 %s, %s, 0d0000000000000000;", sign, x)
	}
	e.line("setp.gt.u64 %s, %s, 3;", q, j)
	e.line("xor.pred %s, %s, %s;", sign, sign, q)
	e.line("sub.u64 %s, %s, 4;", j4, j)
	e.line("selp.u64 %s, %s, %s, %s;", j, j4, j, q)
	if cos {
		e.line("setp.gt.u64 %s, %s, 1;", q, j)
		e.line("xor.pred %s, %s, %s;", sign, sign, q)
	}
	zz, ys, yc, t := e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("mul.rn.f64 %s, %s, %s;", zz, z, z)
	// z + z·zz·sin(zz), and 1 − 0.5·zz + zz·zz·cos(zz).
	e.horner(ys, zz, trigSin...)
	e.line("mul.rn.f64 %s, %s, %s;", t, z, zz)
	e.line("mul.rn.f64 %s, %s, %s;", ys, t, ys)
	e.line("add.rn.f64 %s, %s, %s;", ys, z, ys)
	e.horner(yc, zz, trigCos...)
	e.line("mul.rn.f64 %s, %s, %s;", t, zz, zz)
	e.line("mul.rn.f64 %s, %s, %s;", yc, t, yc)
	e.line("mul.rn.f64 %s, %s, %s;", t, f64(0.5), zz)
	e.line("sub.rn.f64 %s, %s, %s;", t, f64(1), t)
	e.line("add.rn.f64 %s, %s, %s;", yc, t, yc)
	// Octants 1 and 2 take the other polynomial.
	m, d := e.reg(u64T), e.reg(f64T)
	e.line("sub.u64 %s, %s, 1;", m, j)
	e.line("setp.lt.u64 %s, %s, 2;", q, m)
	if cos {
		e.line("selp.f64 %s, %s, %s, %s;", d, ys, yc, q)
	} else {
		e.line("selp.f64 %s, %s, %s, %s;", d, yc, ys, q)
	}
	e.line("neg.f64 %s, %s;", t, d)
	e.line("selp.f64 %s, %s, %s, %s;", d, t, d, sign)
	return e.trigSpecial(x, d, cos)
}

// trigSmall reduces ax below reduceThreshold as sin.go does: j the octant
// rounded up to even, z = ax − j·π/4 in three parts.
func (e *emitter) trigSmall(ax, j, z string) {
	y, t, odd := e.reg(f64T), e.reg(f64T), e.reg(u64T)
	e.line("mul.rn.f64 %s, %s, %s;", t, ax, f64(4/math.Pi))
	e.line("cvt.rzi.u64.f64 %s, %s;", j, t)
	e.line("and.b64 %s, %s, 1;", odd, j)
	e.line("add.u64 %s, %s, %s;", j, j, odd)
	e.line("cvt.rn.f64.u64 %s, %s;", y, j)
	e.line("and.b64 %s, %s, 7;", j, j)
	e.line("mov.f64 %s, %s;", z, ax)
	for _, c := range []float64{7.85398125648498535156e-1, 3.77489470793079817668e-8, 2.69515142907905952645e-15} {
		e.line("mul.rn.f64 %s, %s, %s;", t, y, f64(c))
		e.line("sub.rn.f64 %s, %s, %s;", z, z, t)
	}
}

// trigReduce reduces ax, at least reduceThreshold (or +Inf), as
// trig_reduce.go does: the mantissa times the three 64-bit digits of 4/π
// its exponent selects, j the product's top 3 bits and z its fraction,
// rounded up to an even octant and times π/4.
func (e *emitter) trigReduce(ax, j, z string) {
	ix, ex, tab := e.reg(u64T), e.reg(u64T), e.reg(u64T)
	e.line("mov.b64 %s, %s;", ix, ax)
	e.line("shr.u64 %s, %s, 52;", ex, ix)
	e.line("and.b64 %s, %s, 2047;", ex, ex)
	e.line("sub.u64 %s, %s, 1014;", ex, ex) // exp + 61
	e.line("and.b64 %s, %s, 4503599627370495;", ix, ix)
	e.line("or.b64 %s, %s, 4503599627370496;", ix, ix)
	bs, rs := e.reg(u32T), e.reg(u32T)
	e.line("cvt.u32.u64 %s, %s;", bs, ex)
	e.line("and.b32 %s, %s, 63;", bs, bs)
	e.line("sub.u32 %s, 64, %s;", rs, bs)
	e.line("shr.u64 %s, %s, 6;", ex, ex) // the digit
	e.line("mov.u64 %s, %s;", tab, e.mPi4())
	e.line("mad.lo.u64 %s, %s, 8, %s;", tab, ex, tab)
	var m [4]string
	for i := range m {
		m[i] = e.reg(u64T)
		e.line("ld.global.u64 %s, [%s+%d];", m[i], tab, 8*i)
	}
	var zs [3]string
	for i := range zs {
		zs[i] = e.reg(u64T)
		lo := e.reg(u64T)
		e.line("shl.b64 %s, %s, %s;", zs[i], m[i], bs)
		e.line("shr.u64 %s, %s, %s;", lo, m[i+1], rs)
		e.line("or.b64 %s, %s, %s;", zs[i], zs[i], lo)
	}
	hi, lo, z1hi, c := e.reg(u64T), e.reg(u64T), e.reg(u64T), e.reg(predT)
	e.line("mul.hi.u64 %s, %s, %s;", lo, zs[2], ix)
	e.line("mul.hi.u64 %s, %s, %s;", z1hi, zs[1], ix)
	e.line("mad.lo.u64 %s, %s, %s, %s;", lo, zs[1], ix, lo) // z1lo + z2hi
	e.line("mad.lo.u64 %s, %s, %s, %s;", hi, zs[0], ix, z1hi)
	e.line("mul.lo.u64 %s, %s, %s;", z1hi, zs[1], ix)
	e.line("setp.lt.u64 %s, %s, %s;", c, lo, z1hi) // the carry out of lo
	e.line("@%s add.u64 %s, %s, 1;", c, hi, hi)
	e.trigFraction(hi, lo, j, z)
}

// trigFraction sets j to the top 3 bits of the 128-bit hi:lo and z to the
// rest as a float64 fraction, then as trigReduce ends.
func (e *emitter) trigFraction(hi, lo, j, z string) {
	t, lz, sh, rs := e.reg(u64T), e.reg(u32T), e.reg(u32T), e.reg(u32T)
	e.line("shr.u64 %s, %s, 61;", j, hi)
	e.line("shl.b64 %s, %s, 3;", hi, hi)
	e.line("shr.u64 %s, %s, 61;", t, lo)
	e.line("or.b64 %s, %s, %s;", hi, hi, t)
	e.line("clz.b64 %s, %s;", lz, hi)
	e.line("add.u32 %s, %s, 1;", sh, lz)
	e.line("sub.u32 %s, 64, %s;", rs, sh)
	e.line("shl.b64 %s, %s, %s;", hi, hi, sh)
	e.line("shr.u64 %s, %s, %s;", t, lo, rs)
	e.line("or.b64 %s, %s, %s;", hi, hi, t)
	e.line("shr.u64 %s, %s, 12;", hi, hi)
	ex := e.reg(u64T)
	e.line("cvt.u64.u32 %s, %s;", ex, lz)
	e.line("sub.u64 %s, 1022, %s;", ex, ex) // bias − (lz + 1)
	e.line("shl.b64 %s, %s, 52;", ex, ex)
	e.line("or.b64 %s, %s, %s;", hi, hi, ex)
	e.line("mov.b64 %s, %s;", z, hi)
	odd, p, z1 := e.reg(u64T), e.reg(predT), e.reg(f64T)
	e.line("and.b64 %s, %s, 1;", odd, j)
	e.line("setp.ne.u64 %s, %s, 0;", p, odd)
	e.line("add.u64 %s, %s, %s;", j, j, odd)
	e.line("and.b64 %s, %s, 7;", j, j)
	e.line("sub.rn.f64 %s, %s, %s;", z1, z, f64(1))
	e.line("selp.f64 %s, %s, %s, %s;", z, z1, z, p)
	e.line("mul.rn.f64 %s, %s, %s;", z, z, f64(math.Pi/4))
}

// trigSpecial applies Sin's and Cos's special cases to their result d:
// NaN and ±Inf give NaN, and Sin(±0) and Sin(NaN) are x.
func (e *emitter) trigSpecial(x, d string, cos bool) string {
	p := e.reg(predT)
	e.line("testp.finite.f64 %s, %s;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, d, goNaN, p)
	if !cos {
		e.line("setp.equ.f64 %s, %s, 0d0000000000000000;", p, x) // zero or NaN
		e.line("selp.f64 %s, %s, %s, %s;", d, x, d, p)
	}
	return d
}

// mPi4 returns the module's copy of mPi4, declaring it the first time.
func (e *emitter) mPi4() string {
	var words []string
	for _, w := range mPi4 {
		words = append(words, fmt.Sprint(w))
	}
	decl := ".global .align 8 .u64 gc_mpi4[20] = {" + strings.Join(words, ", ") + "};"
	if !slices.Contains(e.statics, decl) {
		e.statics = append(e.statics, decl)
	}
	return "gc_mpi4"
}

// mathTanh writes math.Tanh of register x as tanh.go computes it: ±1
// past 44, 1 − 2/(Exp(2|x|)+1) from 0.625 (Exp as mathExp writes it),
// and a rational function below.
func (e *emitter) mathTanh(x string) string {
	z, t, p := e.reg(f64T), e.reg(f64T), e.reg(predT)
	e.line("abs.f64 %s, %s;", z, x)
	e.line("add.rn.f64 %s, %s, %s;", t, z, z) // 2·z
	s := e.mathExp(t)
	big, nb := e.reg(f64T), e.reg(f64T)
	e.line("add.rn.f64 %s, %s, %s;", big, s, f64(1))
	e.line("div.rn.f64 %s, %s, %s;", big, f64(2), big)
	e.line("sub.rn.f64 %s, %s, %s;", big, f64(1), big)
	neg := e.reg(predT)
	e.line("setp.lt.f64 %s, %s, 0d0000000000000000;", neg, x)
	e.line("neg.f64 %s, %s;", nb, big)
	e.line("selp.f64 %s, %s, %s, %s;", big, nb, big, neg)
	s2, num, den, d := e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("mul.rn.f64 %s, %s, %s;", s2, x, x)
	e.horner(num, s2, tanhP...)
	e.line("add.rn.f64 %s, %s, %s;", den, s2, f64(tanhQ[0]))
	for _, q := range tanhQ[1:] {
		e.line("mul.rn.f64 %s, %s, %s;", den, den, s2)
		e.line("add.rn.f64 %s, %s, %s;", den, den, f64(q))
	}
	e.line("mul.rn.f64 %s, %s, %s;", d, x, s2)
	e.line("mul.rn.f64 %s, %s, %s;", d, d, num)
	e.line("div.rn.f64 %s, %s, %s;", d, d, den)
	e.line("add.rn.f64 %s, %s, %s;", d, x, d)
	e.line("setp.eq.f64 %s, %s, 0d0000000000000000;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, x, d, p)
	e.line("setp.ge.f64 %s, %s, %s;", p, z, f64(0.625))
	e.line("selp.f64 %s, %s, %s, %s;", d, big, d, p)
	one := e.reg(f64T)
	e.line("selp.f64 %s, %s, %s, %s;", one, f64(-1), f64(1), neg)
	e.line("setp.gt.f64 %s, %s, %s;", p, z, f64(0.5*8.8029691931113054295988e+01))
	e.line("selp.f64 %s, %s, %s, %s;", d, one, d, p)
	return d
}
