package ptx

// math.Exp is amd64's on a CPU with FMA (math's exp_amd64.s, the avxfma
// path), step for step, so that the GPU's result is the CPU's bit for bit
// on every x86 with AVX2: the exponent k = round(x·log2 e), the reduced
// argument r = (x − k·ln2)/16 in two fused steps, a Taylor polynomial by
// fused Horner steps, four squarings of (1 + r·p) as r·(r+2), and 2^k.
// expSteps in the tests is the same in Go, checked against math.Exp.

// f64 writes float64 constant v as a PTX immediate.
func f64(v float64) string { return floatImmediate(f64T, v) }

// mathExp writes math.Exp of register x and returns its register.
func (e *emitter) mathExp(x string) string {
	const (
		log2e    = 1.4426950408889634073599246810018920
		ln2u     = 0.69314718055966295651160180568695068359375
		ln2l     = 0.28235290563031577122588448175013436025525412068e-12
		overflow = 7.09782712893384e+02
	)
	f, fk, nfk, r, p, t := e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	k := e.reg(s32T)
	e.line("mul.rn.f64 %s, %s, %s;", f, f64(log2e), x)
	e.line("cvt.rni.s32.f64 %s, %s;", k, f) // saturating, as CVTSD2SL's indefinite is for large negative x
	e.line("cvt.rn.f64.s32 %s, %s;", fk, k)
	e.line("neg.f64 %s, %s;", nfk, fk)
	e.line("fma.rn.f64 %s, %s, %s, %s;", r, nfk, f64(ln2u), x)
	e.line("fma.rn.f64 %s, %s, %s, %s;", r, nfk, f64(ln2l), r)
	e.line("mul.rn.f64 %s, %s, %s;", r, r, f64(0.0625))
	e.line("mov.f64 %s, %s;", p, f64(2.4801587301587301587e-5))
	for _, c := range []float64{1.9841269841269841270e-4, 1.3888888888888888889e-3, 8.3333333333333333333e-3,
		4.1666666666666666667e-2, 1.6666666666666666667e-1, 0.5, 1.0} {
		e.line("fma.rn.f64 %s, %s, %s, %s;", p, p, r, f64(c))
	}
	e.line("mul.rn.f64 %s, %s, %s;", r, r, p)
	for range 3 {
		e.line("add.rn.f64 %s, %s, %s;", t, r, f64(2))
		e.line("mul.rn.f64 %s, %s, %s;", r, r, t)
	}
	e.line("add.rn.f64 %s, %s, %s;", t, r, f64(2))
	e.line("fma.rn.f64 %s, %s, %s, %s;", r, r, t, f64(1))
	return e.expScale(x, k, r, overflow)
}

// expScale multiplies r by 2^k as the assembly's ldexp does (denormal
// results in two steps), and applies the special cases: NaN and +Inf are
// themselves, −Inf gives 0, past overflow +Inf.
func (e *emitter) expScale(x, k, r string, overflow float64) string {
	ek, bits, scale, d, dd := e.reg(s64T), e.reg(u64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("cvt.s64.s32 %s, %s;", ek, k)
	e.line("add.s64 %s, %s, 1023;", ek, ek)
	// A normal result: r · 2^(e−1023).
	e.line("shl.b64 %s, %s, 52;", bits, ek)
	e.line("mov.b64 %s, %s;", scale, bits)
	e.line("mul.rn.f64 %s, %s, %s;", d, r, scale)
	// A denormal one: r · 2^(e−2) · 2^−1022.
	e.line("add.s64 %s, %s, 1022;", bits, ek)
	e.line("shl.b64 %s, %s, 52;", bits, bits)
	e.line("mov.b64 %s, %s;", scale, bits)
	e.line("mul.rn.f64 %s, %s, %s;", dd, r, scale)
	e.line("mul.rn.f64 %s, %s, %s;", dd, dd, f64(0x1p-1022))
	p := e.reg(predT)
	e.line("setp.le.s64 %s, %s, 0;", p, ek)
	e.line("selp.f64 %s, %s, %s, %s;", d, dd, d, p)
	e.line("setp.lt.s64 %s, %s, -52;", p, ek)
	e.line("selp.f64 %s, %s, %s, %s;", d, f64(0), d, p)
	e.line("setp.ge.s64 %s, %s, 2047;", p, ek)
	e.line("selp.f64 %s, %s, %s, %s;", d, "0d7FF0000000000000", d, p)
	e.line("setp.gt.f64 %s, %s, %s;", p, x, f64(overflow))
	e.line("selp.f64 %s, %s, %s, %s;", d, "0d7FF0000000000000", d, p)
	// Not finite: NaN and +Inf are x, −Inf is 0.
	e.line("testp.finite.f64 %s, %s;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, d, x, p)
	e.line("setp.eq.f64 %s, %s, 0dFFF0000000000000;", p, x)
	e.line("selp.f64 %s, %s, %s, %s;", d, f64(0), d, p)
	return d
}

// mathLog writes math.Log of register x as amd64 computes it (math's
// log_amd64.s, no FMA), step for step: the fraction and exponent from the
// bits (denormals as the assembly takes them), the fraction moved below
// √2/2 into range, and fdlibm's polynomial. logSteps in the tests is the
// same in Go, checked against math.Log.
func (e *emitter) mathLog(x string) string {
	const (
		hsqrt2 = 7.07106781186547524401e-01
		ln2hi  = 6.93147180369123816490e-01
		ln2lo  = 1.90821492927058770002e-10
	)
	b, fb, kb := e.reg(u64T), e.reg(u64T), e.reg(u64T)
	f1, k, one := e.reg(f64T), e.reg(f64T), e.reg(f64T)
	k32, p := e.reg(s32T), e.reg(predT)
	e.line("mov.b64 %s, %s;", b, x)
	e.line("and.b64 %s, %s, 4503599627370495;", fb, b)    // the fraction's bits
	e.line("or.b64 %s, %s, 4602678819172646912;", fb, fb) // and 0.5's exponent
	e.line("mov.b64 %s, %s;", f1, fb)
	e.line("shr.u64 %s, %s, 52;", kb, b)
	e.line("and.b64 %s, %s, 2047;", kb, kb)
	e.line("cvt.u32.u64 %s, %s;", k32, kb)
	e.line("sub.s32 %s, %s, 1022;", k32, k32)
	e.line("cvt.rn.f64.s32 %s, %s;", k, k32)
	e.line("setp.le.f64 %s, %s, %s;", p, f1, f64(hsqrt2))
	e.line("selp.f64 %s, %s, %s, %s;", one, f64(1), f64(0), p)
	e.line("sub.rn.f64 %s, %s, %s;", k, k, one)
	e.line("add.rn.f64 %s, %s, %s;", one, one, f64(1))
	e.line("mul.rn.f64 %s, %s, %s;", f1, f1, one)
	f, s, s2, s4, t1, t2 := e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("sub.rn.f64 %s, %s, %s;", f, f1, f64(1))
	e.line("add.rn.f64 %s, %s, %s;", s, f, f64(2))
	e.line("div.rn.f64 %s, %s, %s;", s, f, s)
	e.line("mul.rn.f64 %s, %s, %s;", s2, s, s)
	e.line("mul.rn.f64 %s, %s, %s;", s4, s2, s2)
	e.horner(t1, s4, 1.479819860511658591e-01, 1.818357216161805012e-01, 2.857142874366239149e-01, 6.666666666666735130e-01)
	e.line("mul.rn.f64 %s, %s, %s;", t1, s2, t1)
	e.horner(t2, s4, 1.531383769920937332e-01, 2.222219843214978396e-01, 3.999999999940941908e-01)
	e.line("mul.rn.f64 %s, %s, %s;", t2, s4, t2)
	r, h, u, d := e.reg(f64T), e.reg(f64T), e.reg(f64T), e.reg(f64T)
	e.line("add.rn.f64 %s, %s, %s;", r, t1, t2)
	e.line("mul.rn.f64 %s, %s, %s;", h, f64(0.5), f)
	e.line("mul.rn.f64 %s, %s, %s;", h, h, f)
	e.line("add.rn.f64 %s, %s, %s;", u, r, h)
	e.line("mul.rn.f64 %s, %s, %s;", u, s, u)
	e.line("mul.rn.f64 %s, %s, %s;", d, f64(ln2lo), k)
	e.line("add.rn.f64 %s, %s, %s;", u, u, d)
	e.line("sub.rn.f64 %s, %s, %s;", h, h, u)
	e.line("sub.rn.f64 %s, %s, %s;", h, h, f)
	e.line("mul.rn.f64 %s, %s, %s;", d, k, f64(ln2hi))
	e.line("sub.rn.f64 %s, %s, %s;", d, d, h)
	// Special cases, in the assembly's order: ±0, negative, +Inf or NaN.
	e.line("setp.ge.s64 %s, %s, 9218868437227405312;", p, b) // +Inf's bits or above: x
	e.line("selp.f64 %s, %s, %s, %s;", d, x, d, p)
	e.line("setp.lt.s64 %s, %s, 0;", p, b)
	e.line("selp.f64 %s, 0d7FF8000000000001, %s, %s;", d, d, p)
	e.line("and.b64 %s, %s, 9223372036854775807;", kb, b)
	e.line("setp.eq.u64 %s, %s, 0;", p, kb)
	e.line("selp.f64 %s, 0dFFF0000000000000, %s, %s;", d, d, p)
	return d
}

// horner writes d = c0 + s·(c1 + s·(…)) for coefficients given from the
// innermost, each step a multiply then an add, unfused.
func (e *emitter) horner(d, s string, cs ...float64) {
	e.line("mov.f64 %s, %s;", d, f64(cs[0]))
	for _, c := range cs[1:] {
		e.line("mul.rn.f64 %s, %s, %s;", d, d, s)
		e.line("add.rn.f64 %s, %s, %s;", d, d, f64(c))
	}
}
