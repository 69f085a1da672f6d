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
