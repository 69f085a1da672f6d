package intrinsic_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// ulp32 returns the spacing of float32 values at the magnitude of x (the
// subnormal spacing below the smallest normal).
func ulp32(x float64) float64 {
	_, e := math.Frexp(math.Abs(x)) // |x| in [2^(e-1), 2^e)
	return math.Ldexp(1, max(e-1, -126)-23)
}

// ulpErr returns |got - want| in ulps of want.
func ulpErr(got float32, want float64) float64 {
	return math.Abs(float64(got)-want) / ulp32(want)
}

// dense returns n float32s evenly spaced over [lo, hi], ends included.
func dense(lo, hi float64, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(lo + (hi-lo)*float64(i)/float64(n-1))
	}
	return out
}

// spread returns n float32s whose bit patterns are evenly spaced between
// those of the positive lo and hi: equal shares of every binade.
func spread(lo, hi float32, n int) []float32 {
	a, b := float64(bits32(lo)), float64(bits32(hi))
	out := make([]float32, n)
	for i := range out {
		out[i] = f32(uint32(a + (b-a)*float64(i)/float64(n-1)))
	}
	return out
}

// The documented bounds, from the CUDA C++ Programming Guide's table of
// single-precision intrinsic functions (and, for rsqrtf, its table of
// standard functions).
var (
	sinfAbsBound = math.Exp2(-21.41) // __sinf, x in [-π, π]
	cosfAbsBound = math.Exp2(-21.19) // __cosf, x in [-π, π]
	logfAbsBound = math.Exp2(-21.41) // __logf, x in [0.5, 2]
)

const (
	logfUlpBound     = 3 // __logf outside [0.5, 2]
	fdividefUlpBound = 2 // __fdividef, |y| in [2^-126, 2^126]
	rsqrtfUlpBound   = 2 // rsqrtf, full range
)

func expfUlpBound(x float32) float64 { return 2 + math.Floor(math.Abs(1.173*float64(x))) }

// n points per domain; 2^22 keeps the whole test near a second.
func fastN() int { return samples(1 << 22) }

func TestSinfCosfError(t *testing.T) {
	var maxSin, maxCos float64
	for _, x := range dense(-math.Pi, math.Pi, fastN()) {
		maxSin = max(maxSin, math.Abs(float64(intrinsic.Sinf(x))-math.Sin(float64(x))))
		maxCos = max(maxCos, math.Abs(float64(intrinsic.Cosf(x))-math.Cos(float64(x))))
	}
	t.Logf("__sinf on [-π, π]: max abs error 2^%.2f (CUDA: 2^-21.41)", math.Log2(maxSin))
	t.Logf("__cosf on [-π, π]: max abs error 2^%.2f (CUDA: 2^-21.19)", math.Log2(maxCos))
	if maxSin > sinfAbsBound {
		t.Errorf("Sinf's max error 2^%.2f exceeds CUDA's 2^-21.41", math.Log2(maxSin))
	}
	if maxCos > cosfAbsBound {
		t.Errorf("Cosf's max error 2^%.2f exceeds CUDA's 2^-21.19", math.Log2(maxCos))
	}
	// Outside [-π, π] CUDA promises only "larger"; this implementation
	// keeps its accuracy up to 2^20 and beyond.
	maxSin, maxCos = 0, 0
	for _, x := range append(spread(4, 1<<20, fastN()/4), spread(1<<20, 1e30, fastN()/16)...) {
		for _, v := range []float32{x, -x} {
			maxSin = max(maxSin, math.Abs(float64(intrinsic.Sinf(v))-math.Sin(float64(v))))
			maxCos = max(maxCos, math.Abs(float64(intrinsic.Cosf(v))-math.Cos(float64(v))))
		}
	}
	t.Logf("beyond π: max abs error sin 2^%.2f, cos 2^%.2f", math.Log2(maxSin), math.Log2(maxCos))
	if maxSin > sinfAbsBound || maxCos > cosfAbsBound {
		t.Errorf("beyond π: max abs errors sin 2^%.2f, cos 2^%.2f", math.Log2(maxSin), math.Log2(maxCos))
	}
}

func TestExpfError(t *testing.T) {
	var worst, worstX float64
	for _, x := range dense(-87.33, 88.72, fastN()) {
		want := math.Exp(float64(x))
		if want < 0x1p-126 || want > math.MaxFloat32 {
			continue
		}
		e := ulpErr(intrinsic.Expf(x), want)
		if e > expfUlpBound(x) {
			t.Fatalf("Expf(%g): %.2f ulps, over CUDA's %g", x, e, expfUlpBound(x))
		}
		if e > worst {
			worst, worstX = e, float64(x)
		}
	}
	t.Logf("__expf on [-87.33, 88.72]: max error %.3f ulps at %g (CUDA: 2 + floor(|1.173 x|))", worst, worstX)
}

func TestLogfError(t *testing.T) {
	var maxAbs float64
	for _, x := range dense(0.5, 2, fastN()) {
		maxAbs = max(maxAbs, math.Abs(float64(intrinsic.Logf(x))-math.Log(float64(x))))
	}
	t.Logf("__logf on [0.5, 2]: max abs error 2^%.2f (CUDA: 2^-21.41)", math.Log2(maxAbs))
	if maxAbs > logfAbsBound {
		t.Errorf("Logf's max abs error on [0.5, 2] is 2^%.2f, over CUDA's 2^-21.41", math.Log2(maxAbs))
	}
	var worst float64
	for _, x := range spread(0x1p-126, math.MaxFloat32, fastN()) {
		if x >= 0.5 && x <= 2 {
			continue
		}
		worst = max(worst, ulpErr(intrinsic.Logf(x), math.Log(float64(x))))
	}
	t.Logf("__logf elsewhere: max error %.3f ulps (CUDA: 3)", worst)
	if worst > logfUlpBound {
		t.Errorf("Logf's max error outside [0.5, 2] is %.3f ulps, over CUDA's 3", worst)
	}
}

// quoUlpErr measures got against the exact x / y.
func quoUlpErr(got, x, y float32) float64 {
	q := new(big.Rat).Quo(ratOf(x), ratOf(y))
	want, _ := q.Float64()
	d := new(big.Rat).Sub(ratOf(got), q)
	df, _ := d.Float64()
	return math.Abs(df) / ulp32(want)
}

func TestFdividefError(t *testing.T) {
	r := newRand(11)
	var worst float64
	n := samples(1 << 18)
	for i := range n {
		y := withExp(r, r.IntN(2) == 0, r.IntN(252)-126) // |y| in [2^-126, 2^126)
		if i%1000 == 0 {
			y = float32(math.Copysign(0x1p126, float64(y)))
		}
		var x float32
		if i%2 == 0 {
			x = withExp(r, r.IntN(2) == 0, r.IntN(60)-30)
		} else {
			// Any x whose quotient stays a normal float32.
			x = withExp(r, r.IntN(2) == 0, max(-126, min(127, expOf(y)+r.IntN(253)-126)))
		}
		q := float64(x) / float64(y)
		if math.Abs(q) < 0x1p-126 || math.Abs(q) > 0x1p127 {
			continue
		}
		e := quoUlpErr(intrinsic.Fdividef(x, y), x, y)
		if e > fdividefUlpBound {
			t.Fatalf("Fdividef(%g, %g): %.3f ulps, over CUDA's 2", x, y, e)
		}
		worst = max(worst, e)
	}
	t.Logf("__fdividef, |y| in [2^-126, 2^126]: max error %.3f ulps (CUDA: 2)", worst)
}

func TestFdividefSpecial(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	tests := []struct {
		x, y float32
		want float32
	}{
		{1, 0x1.8p126, 0}, // 2^126 < |y| < 2^128: zero, where / gives 4.4e-39
		{-3, 0x1p127, negZero},
		{3, -math.MaxFloat32, negZero},
		{1e30, 0x1p127, 0},
		{6, 3, 2},
		{1, 0x1p126, 0x1p-126}, // the top of the documented range
		{1, float32(math.Inf(1)), 0},
		{0, 2, 0},
		{1, 0, float32(math.Inf(1))},
		{-1, 0, float32(math.Inf(-1))},
	}
	for _, tt := range tests {
		if got := intrinsic.Fdividef(tt.x, tt.y); bits32(got) != bits32(tt.want) {
			t.Errorf("Fdividef(%g, %g) = %g, want %g", tt.x, tt.y, got, tt.want)
		}
	}
	for _, c := range [][2]float32{
		{float32(math.Inf(1)), 0x1p127}, // Inf × 0: CUDA documents NaN
		{float32(math.Inf(-1)), -0x1.fp126},
		{float32(math.NaN()), 1},
		{0, 0},
		{float32(math.Inf(1)), float32(math.Inf(1))},
	} {
		if got := intrinsic.Fdividef(c[0], c[1]); bits32(got) != 0x7fffffff {
			t.Errorf("Fdividef(%g, %g) = %g (%#08x), want the canonical NaN", c[0], c[1], got, bits32(got))
		}
	}
}

func TestRsqrtfError(t *testing.T) {
	var worst float64
	for _, x := range spread(f32(1), math.MaxFloat32, fastN()) {
		e := ulpErr(intrinsic.Rsqrtf(x), 1/math.Sqrt(float64(x)))
		if e > rsqrtfUlpBound {
			t.Fatalf("Rsqrtf(%g): %.3f ulps, over CUDA's 2", x, e)
		}
		worst = max(worst, e)
	}
	t.Logf("rsqrtf over all positive float32s: max error %.3f ulps (CUDA: 2)", worst)
}

func TestFastMathSpecials(t *testing.T) {
	inf, negInf := float32(math.Inf(1)), float32(math.Inf(-1))
	nan := float32(math.NaN())
	negZero := float32(math.Copysign(0, -1))
	sub := f32(0x00400000)
	tests := []struct {
		name      string
		got, want float32
	}{
		{"Sinf(+0)", intrinsic.Sinf(0), 0},
		{"Sinf(-0)", intrinsic.Sinf(negZero), negZero},
		{"Sinf(subnormal) flushes", intrinsic.Sinf(-sub), negZero},
		{"Sinf(Inf)", intrinsic.Sinf(inf), nan},
		{"Sinf(NaN)", intrinsic.Sinf(nan), nan},
		{"Cosf(-0)", intrinsic.Cosf(negZero), 1},
		{"Cosf(subnormal)", intrinsic.Cosf(sub), 1},
		{"Cosf(-Inf)", intrinsic.Cosf(negInf), nan},
		{"Expf(0)", intrinsic.Expf(0), 1},
		{"Expf(subnormal)", intrinsic.Expf(-sub), 1},
		{"Expf(-Inf)", intrinsic.Expf(negInf), 0},
		{"Expf(Inf)", intrinsic.Expf(inf), inf},
		{"Expf(89) overflows", intrinsic.Expf(89), inf},
		{"Expf(88.8) overflows", intrinsic.Expf(88.8), inf},
		{"Expf(-90) flushes", intrinsic.Expf(-90), 0},
		{"Expf(-87.5) is subnormal, flushed", intrinsic.Expf(-87.5), 0},
		{"Expf(NaN)", intrinsic.Expf(nan), nan},
		{"Logf(1)", intrinsic.Logf(1), 0},
		{"Logf(+0)", intrinsic.Logf(0), negInf},
		{"Logf(-0)", intrinsic.Logf(negZero), negInf},
		{"Logf(subnormal) flushes", intrinsic.Logf(sub), negInf},
		{"Logf(-1)", intrinsic.Logf(-1), nan},
		{"Logf(Inf)", intrinsic.Logf(inf), inf},
		{"Logf(-Inf)", intrinsic.Logf(negInf), nan},
		{"Logf(NaN)", intrinsic.Logf(nan), nan},
		{"Rsqrtf(+0)", intrinsic.Rsqrtf(0), inf},
		{"Rsqrtf(-0)", intrinsic.Rsqrtf(negZero), negInf},
		{"Rsqrtf(Inf)", intrinsic.Rsqrtf(inf), 0},
		{"Rsqrtf(-1)", intrinsic.Rsqrtf(-1), nan},
		{"Rsqrtf(4)", intrinsic.Rsqrtf(4), 0.5},
		{"Rsqrtf(NaN)", intrinsic.Rsqrtf(nan), nan},
	}
	for _, tt := range tests {
		if !sameFloat(tt.got, tt.want) {
			t.Errorf("%s = %g (%#08x), want %g", tt.name, tt.got, bits32(tt.got), tt.want)
		}
	}
	// Subnormal results flush to zero: sin of the smallest normal is itself
	// (normal), exp never returns a subnormal.
	for x := float32(-87.5); x > -88; x -= 0.01 {
		if got := intrinsic.Expf(x); got != 0 {
			t.Errorf("Expf(%g) = %g, want a flushed 0", x, got)
		}
	}
}
