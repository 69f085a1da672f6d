package ptx

// math.Pow is Go's own code (math's pow.go, with its Modf, Frexp and
// Ldexp, all Go on amd64; its Log and Exp those mathLog and mathExp
// write), step for step: the integer part of |y| by repeated squaring of
// Frexp's fraction, its exponent kept apart, the fraction of y by
// Exp(yf·Log(x)), then Ldexp; the special cases selected after, the
// first of pow.go's switch last. powSteps in the tests is the same in Go.

// mathPow writes math.Pow of registers x and y.
func (e *emitter) mathPow(x, y string) string {
	ay, yi, yf := e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("abs.f64 %s, %s;", ay, y)
	e.line("cvt.rzi.f64.f64 %s, %s;", yi, ay)
	e.line("sub.rn.f64 %s, %s, %s;", yf, ay, yi)
	// yf > 0.5: yf−1 and yi+1; a1 = Exp(yf·Log(x)) where yf ≠ 0.
	p, hasF := e.reg(predT), e.reg(predT)
	e.line("setp.ne.f64 %s, %s, 0d0000000000000000;", hasF, yf)
	e.line("setp.gt.f64 %s, %s, %s;", p, yf, f64(0.5))
	yf2, yi2 := e.reg(f64T), e.reg(f64T)
	e.line("sub.rn.f64 %s, %s, %s;", yf2, yf, f64(1))
	e.line("add.rn.f64 %s, %s, %s;", yi2, yi, f64(1))
	e.line("selp.f64 %s, %s, %s, %s;", yf2, yf2, yf, p)
	e.line("selp.f64 %s, %s, %s, %s;", yi2, yi2, yi, p)
	l := e.mathLog(x)
	t := e.reg(f64T)
	e.line("mul.rn.f64 %s, %s, %s;", t, yf2, l)
	a1 := e.mathExp(t)
	e.line("selp.f64 %s, %s, %s, %s;", a1, a1, f64(1), hasF)
	i, ae := e.reg(s64T), e.reg(s64T)
	e.line("cvt.rzi.s64.f64 %s, %s;", i, yi2)
	e.line("mov.s64 %s, 0;", ae)
	e.powSquare(x, i, a1, ae)
	// y < 0: 1/a1 and −ae.
	neg, r := e.reg(predT), e.reg(f64T)
	e.line("setp.lt.f64 %s, %s, 0d0000000000000000;", neg, y)
	e.line("div.rn.f64 %s, %s, %s;", r, f64(1), a1)
	e.line("selp.f64 %s, %s, %s, %s;", a1, r, a1, neg)
	nae := e.reg(s64T)
	e.line("neg.s64 %s, %s;", nae, ae)
	e.line("selp.s64 %s, %s, %s, %s;", ae, nae, ae, neg)
	d := e.ldexp(a1, ae)
	e.powLarge(x, y, yi, yf, d)
	return e.powSpecial(x, y, d)
}

// powSquare multiplies a1 by x^i as pow.go does: x = x1·2^xe (Frexp),
// then for each bit of i from the lowest a1 and ae take x1 and xe where
// the bit is set, x1 is squared and kept in [0.5, 1), and an exponent
// past ±4096 ends the loop, added to ae.
func (e *emitter) powSquare(x, i, a1, ae string) {
	x1, xe := e.frexp(x)
	top, done := e.label(), e.label()
	p, q, t := e.reg(predT), e.reg(predT), e.reg(s64T)
	e.place(top)
	e.line("setp.eq.s64 %s, %s, 0;", p, i)
	e.line("@%s bra %s;", p, done)
	e.line("setp.lt.s64 %s, %s, -4096;", p, xe)
	e.line("setp.gt.s64 %s, %s, 4096;", q, xe)
	e.line("or.pred %s, %s, %s;", p, p, q)
	e.line("@%s add.s64 %s, %s, %s;", p, ae, ae, xe)
	e.line("@%s bra %s;", p, done)
	e.line("and.b64 %s, %s, 1;", t, i)
	e.line("setp.ne.s64 %s, %s, 0;", p, t)
	e.line("@%s mul.rn.f64 %s, %s, %s;", p, a1, a1, x1)
	e.line("@%s add.s64 %s, %s, %s;", p, ae, ae, xe)
	e.line("mul.rn.f64 %s, %s, %s;", x1, x1, x1)
	e.line("shl.b64 %s, %s, 1;", xe, xe)
	e.line("setp.lt.f64 %s, %s, %s;", p, x1, f64(0.5))
	e.line("@%s add.rn.f64 %s, %s, %s;", p, x1, x1, x1)
	e.line("@%s sub.s64 %s, %s, 1;", p, xe, xe)
	e.line("shr.s64 %s, %s, 1;", i, i)
	e.line("bra.uni %s;", top)
	e.place(done)
}

// frexp returns registers holding math.Frexp of finite, non-zero x: the
// fraction in [0.5, 1) and the exponent, a denormal normalized first.
func (e *emitter) frexp(x string) (frac, exp string) {
	ax, xn, p := e.reg(f64T), e.reg(f64T), e.reg(predT)
	e.line("abs.f64 %s, %s;", ax, x)
	e.line("setp.lt.f64 %s, %s, %s;", p, ax, f64(0x1p-1022))
	e.line("mul.rn.f64 %s, %s, %s;", xn, x, f64(0x1p52))
	e.line("selp.f64 %s, %s, %s, %s;", xn, xn, x, p)
	b, xe, frac := e.reg(u64T), e.reg(s64T), e.reg(f64T)
	e.line("mov.b64 %s, %s;", b, xn)
	e.line("shr.u64 %s, %s, 52;", xe, b)
	e.line("and.b64 %s, %s, 2047;", xe, xe)
	e.line("sub.s64 %s, %s, 1022;", xe, xe)
	n := e.reg(s64T)
	e.line("sub.s64 %s, %s, 52;", n, xe)
	e.line("selp.s64 %s, %s, %s, %s;", xe, n, xe, p)
	e.line("and.b64 %s, %s, -9218868437227405313;", b, b) // clear the exponent
	e.line("or.b64 %s, %s, 4602678819172646912;", b, b)   // 0.5's
	e.line("mov.b64 %s, %s;", frac, b)
	return frac, xe
}

// ldexp returns a register holding math.Ldexp(frac, exp): zero, ±Inf and
// NaN are frac; a denormal frac is normalized; the result underflows to
// a signed zero, overflows to a signed Inf, or is denormal by a multiply.
func (e *emitter) ldexp(frac, exp string) string {
	af, fn, p := e.reg(f64T), e.reg(f64T), e.reg(predT)
	e.line("abs.f64 %s, %s;", af, frac)
	e.line("setp.lt.f64 %s, %s, %s;", p, af, f64(0x1p-1022))
	e.line("mul.rn.f64 %s, %s, %s;", fn, frac, f64(0x1p52))
	e.line("selp.f64 %s, %s, %s, %s;", fn, fn, frac, p)
	b, ex, t := e.reg(u64T), e.reg(s64T), e.reg(s64T)
	e.line("mov.b64 %s, %s;", b, fn)
	e.line("shr.u64 %s, %s, 52;", t, b)
	e.line("and.b64 %s, %s, 2047;", t, t)
	e.line("add.s64 %s, %s, %s;", ex, exp, t)
	e.line("sub.s64 %s, %s, 1023;", ex, ex)
	e.line("sub.s64 %s, %s, 52;", t, ex)
	e.line("selp.s64 %s, %s, %s, %s;", ex, t, ex, p)
	// Denormal: 53 more, then times 2^−53.
	m, q := e.reg(f64T), e.reg(predT)
	e.line("setp.lt.s64 %s, %s, -1022;", q, ex)
	e.line("add.s64 %s, %s, 53;", t, ex)
	e.line("selp.s64 %s, %s, %s, %s;", t, t, ex, q)
	e.line("selp.f64 %s, %s, %s, %s;", m, f64(0x1p-53), f64(1), q)
	e.line("add.s64 %s, %s, 1023;", t, t)
	e.line("shl.b64 %s, %s, 52;", t, t)
	e.line("and.b64 %s, %s, -9218868437227405313;", b, b)
	e.line("or.b64 %s, %s, %s;", b, b, t)
	d, s := e.reg(f64T), e.reg(f64T)
	e.line("mov.b64 %s, %s;", d, b)
	e.line("mul.rn.f64 %s, %s, %s;", d, m, d)
	// Underflow and overflow, signed as frac; then zero, Inf and NaN.
	e.line("setp.lt.s64 %s, %s, -1075;", q, ex)
	e.line("copysign.f64 %s, %s, 0d0000000000000000;", s, fn)
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, q)
	e.line("setp.gt.s64 %s, %s, 1023;", q, ex)
	e.line("copysign.f64 %s, %s, 0d7FF0000000000000;", s, fn)
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, q)
	e.line("testp.normal.f64 %s, %s;", q, frac)
	e.line("testp.subnormal.f64 %s, %s;", p, frac)
	e.line("or.pred %s, %s, %s;", q, q, p)
	e.line("selp.f64 %s, %s, %s, %s;", d, d, frac, q)
	return d
}

// powLarge applies pow.go's cases past its special ones to d: a negative
// x to a power with a fraction is NaN, and where yi is 2^63 or more, the
// result is 1 (x = −1), 0 or +Inf.
func (e *emitter) powLarge(x, y, yi, yf, d string) {
	p, q := e.reg(predT), e.reg(predT)
	e.line("setp.ne.f64 %s, %s, 0d0000000000000000;", p, yf)
	e.line("setp.lt.f64 %s, %s, 0d0000000000000000;", q, x)
	e.line("and.pred %s, %s, %s;", p, p, q)
	e.line("selp.f64 %s, %s, %s, %s;", d, goNaN, d, p)
	big, ax := e.reg(f64T), e.reg(f64T)
	e.line("abs.f64 %s, %s;", ax, x)
	e.line("setp.lt.f64 %s, %s, %s;", p, ax, f64(1))
	e.line("setp.gt.f64 %s, %s, 0d0000000000000000;", q, y)
	e.line("xor.pred %s, %s, %s;", p, p, q)
	e.line("selp.f64 %s, 0d7FF0000000000000, %s, %s;", big, f64(0), p)
	e.line("setp.eq.f64 %s, %s, %s;", p, x, f64(-1))
	e.line("selp.f64 %s, %s, %s, %s;", big, f64(1), big, p)
	e.line("setp.ge.f64 %s, %s, %s;", p, yi, f64(0x1p63))
	e.line("selp.f64 %s, %s, %s, %s;", d, big, d, p)
}

// powSpecial applies the special cases of pow.go's switch to d, the last
// case first, so that the first that holds decides.
func (e *emitter) powSpecial(x, y, d string) string {
	p, q, odd := e.reg(predT), e.reg(predT), e.oddInt(y)
	s, t := e.reg(f64T), e.reg(f64T)
	// y = ±0.5: Sqrt(x), 1/Sqrt(x).
	e.line("sqrt.rn.f64 %s, %s;", s, x)
	e.line("setp.eq.f64 %s, %s, %s;", p, y, f64(0.5))
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, p)
	e.line("div.rn.f64 %s, %s, %s;", s, f64(1), s)
	e.line("setp.eq.f64 %s, %s, %s;", p, y, f64(-0.5))
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, p)
	// x = ±Inf: +Inf or 0 as y's sign, negated for −Inf to an odd power.
	e.line("setp.gt.f64 %s, %s, 0d0000000000000000;", p, y)
	e.line("selp.f64 %s, 0d7FF0000000000000, %s, %s;", s, f64(0), p)
	e.line("setp.eq.f64 %s, %s, 0dFFF0000000000000;", p, x)
	e.line("and.pred %s, %s, %s;", p, p, odd)
	e.line("neg.f64 %s, %s;", t, s)
	e.line("selp.f64 %s, %s, %s, %s;", s, t, s, p)
	e.line("testp.infinite.f64 %s, %s;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, p)
	// y = ±Inf: 1 for x = −1, else 0 or +Inf.
	ax := e.reg(f64T)
	e.line("abs.f64 %s, %s;", ax, x)
	e.line("setp.lt.f64 %s, %s, %s;", p, ax, f64(1))
	e.line("setp.eq.f64 %s, %s, 0d7FF0000000000000;", q, y)
	e.line("xor.pred %s, %s, %s;", p, p, q)
	e.line("selp.f64 %s, 0d7FF0000000000000, %s, %s;", s, f64(0), p)
	e.line("setp.eq.f64 %s, %s, %s;", p, x, f64(-1))
	e.line("selp.f64 %s, %s, %s, %s;", s, f64(1), s, p)
	e.line("testp.infinite.f64 %s, %s;", p, y)
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, p)
	// x = ±0: +Inf or 0 as y's sign, negated for −0 to an odd power.
	b := e.reg(s64T)
	e.line("setp.lt.f64 %s, %s, 0d0000000000000000;", p, y)
	e.line("selp.f64 %s, 0d7FF0000000000000, %s, %s;", s, f64(0), p)
	e.line("mov.b64 %s, %s;", b, x)
	e.line("setp.lt.s64 %s, %s, 0;", p, b)
	e.line("and.pred %s, %s, %s;", p, p, odd)
	e.line("neg.f64 %s, %s;", t, s)
	e.line("selp.f64 %s, %s, %s, %s;", s, t, s, p)
	e.line("setp.eq.f64 %s, %s, 0d0000000000000000;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, s, d, p)
	// NaN; y = 1; y = 0 or x = 1.
	e.line("setp.nan.f64 %s, %s, %s;", p, x, y)
	e.line("selp.f64 %s, %s, %s, %s;", d, goNaN, d, p)
	e.line("setp.eq.f64 %s, %s, %s;", p, y, f64(1))
	e.line("selp.f64 %s, %s, %s, %s;", d, x, d, p)
	e.line("setp.eq.f64 %s, %s, 0d0000000000000000;", p, y)
	e.line("setp.eq.f64 %s, %s, %s;", q, x, f64(1))
	e.line("or.pred %s, %s, %s;", p, p, q)
	e.line("selp.f64 %s, %s, %s, %s;", d, f64(1), d, p)
	return d
}

// oddInt returns a predicate holding pow.go's isOddInt(y): below 2^53 in
// magnitude, an integer, and odd.
func (e *emitter) oddInt(y string) string {
	p, q, ay, yt := e.reg(predT), e.reg(predT), e.reg(f64T), e.reg(f64T)
	i := e.reg(s64T)
	e.line("abs.f64 %s, %s;", ay, y)
	e.line("setp.lt.f64 %s, %s, %s;", p, ay, f64(0x1p53))
	e.line("cvt.rzi.f64.f64 %s, %s;", yt, y)
	e.line("setp.eq.f64 %s, %s, %s;", q, yt, y)
	e.line("and.pred %s, %s, %s;", p, p, q)
	e.line("cvt.rzi.s64.f64 %s, %s;", i, yt)
	e.line("and.b64 %s, %s, 1;", i, i)
	e.line("setp.ne.s64 %s, %s, 0;", q, i)
	e.line("and.pred %s, %s, %s;", p, p, q)
	return p
}
