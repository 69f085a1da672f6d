package ptx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// expSteps is amd64's math.Exp on a CPU with FMA (runtime/math's
// exp_amd64.s, its avxfma path), step for step as the back end writes it
// in PTX (mathExp): the test below checks the steps against math.Exp.
func expSteps(x float64) float64 {
	const (
		log2e    = 1.4426950408889634073599246810018920
		ln2u     = 0.69314718055966295651160180568695068359375
		ln2l     = 0.28235290563031577122588448175013436025525412068e-12
		overflow = 7.09782712893384e+02
	)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > overflow:
		return math.Inf(1)
	}
	k := int32(math.RoundToEven(log2e * x))
	if f := log2e * x; f >= 1<<31 || f < -(1<<31) {
		k = math.MinInt32 // CVTSD2SL's integer indefinite
	}
	fk := float64(k)
	r := math.FMA(-fk, ln2u, x)
	r = math.FMA(-fk, ln2l, r)
	r *= 0.0625
	p := 2.4801587301587301587e-5
	for _, c := range []float64{1.9841269841269841270e-4, 1.3888888888888888889e-3, 8.3333333333333333333e-3,
		4.1666666666666666667e-2, 1.6666666666666666667e-1, 0.5, 1.0} {
		p = math.FMA(p, r, c)
	}
	r *= p
	for range 3 {
		r *= r + 2
	}
	r = math.FMA(r, r+2, 1)
	e := int64(k) + 0x3FF
	switch {
	case e >= 0x7FF:
		return math.Inf(1)
	case e > 0:
		return r * math.Float64frombits(uint64(e)<<52)
	case e < -52:
		return 0
	}
	r *= math.Float64frombits(uint64(e+0x3FE) << 52)
	return r * math.Float64frombits(1<<52)
}

// TestExpSteps checks the steps mathExp writes against amd64's math.Exp,
// on a CPU whose math.Exp takes the FMA path.
func TestExpSteps(t *testing.T) {
	if !cpuid.CPU.Supports(cpuid.AVX, cpuid.FMA3) {
		t.Skip("math.Exp takes its FMA path only where the CPU has AVX and FMA")
	}
	r := rand.New(rand.NewPCG(1, 2))
	edge := []float64{0, math.Copysign(0, -1), 1, -1, 709.78, 709.79, 710, -745.1, -745.2, -744, -708.4, -708.39, -1022, -1e300, 1e-300, 0.5, -0.5, 88.7, -87.3, math.Inf(1), math.Inf(-1), math.NaN()}
	for i := range 2_000_000 {
		var x float64
		switch {
		case i < len(edge):
			x = edge[i]
		case i%2 == 0:
			x = (r.Float64()*2 - 1) * 750
		default:
			x = (r.Float64()*2 - 1) * 20
		}
		want, got := math.Exp(x), expSteps(x)
		if math.Float64bits(want) != math.Float64bits(got) && !(math.IsNaN(want) && math.IsNaN(got)) {
			t.Fatalf("Exp(%v) = %v (%#x), steps give %v (%#x)", x, want, math.Float64bits(want), got, math.Float64bits(got))
		}
	}
}

// logSteps is amd64's math.Log (math's log_amd64.s), step for step as the
// back end writes it in PTX (mathLog).
func logSteps(x float64) float64 {
	const (
		hsqrt2 = 7.07106781186547524401e-01
		ln2hi  = 6.93147180369123816490e-01
		ln2lo  = 1.90821492927058770002e-10
		l1     = 6.666666666666735130e-01
		l2     = 3.999999999940941908e-01
		l3     = 2.857142874366239149e-01
		l4     = 2.222219843214978396e-01
		l5     = 1.818357216161805012e-01
		l6     = 1.531383769920937332e-01
		l7     = 1.479819860511658591e-01
	)
	b := math.Float64bits(x)
	switch {
	case b&^(1<<63) == 0:
		return math.Inf(-1)
	case int64(b) < 0:
		return math.Float64frombits(0x7FF8000000000001)
	case int64(b) >= 0x7FF0000000000000:
		return x
	}
	f1 := math.Float64frombits(b&0x000FFFFFFFFFFFFF | 0x3FE0000000000000)
	k := float64(int32(b>>52&0x7FF) - 0x3FE)
	if f1 <= hsqrt2 {
		k--
		f1 *= 2
	}
	f := f1 - 1
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := s2 * (l1 + s4*(l3+s4*(l5+s4*l7)))
	t2 := s4 * (l2 + s4*(l4+s4*l6))
	r := t1 + t2
	hfsq := 0.5 * f * f
	return k*ln2hi - ((hfsq - (s*(hfsq+r) + k*ln2lo)) - f)
}

// TestLogSteps checks the steps mathLog writes against amd64's math.Log.
func TestLogSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	edge := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 2, math.E, 0x1p-1074, 0x1p-1030, math.MaxFloat64, math.SmallestNonzeroFloat64, 0.7071067811865476, 0.7071067811865475, math.Inf(1), math.Inf(-1), math.NaN()}
	for i := range 2_000_000 {
		var x float64
		switch {
		case i < len(edge):
			x = edge[i]
		case i%3 == 0:
			x = math.Float64frombits(r.Uint64() &^ (1 << 63))
		case i%3 == 1:
			x = r.Float64() * 4
		default:
			x = r.ExpFloat64()
		}
		want, got := math.Log(x), logSteps(x)
		if math.Float64bits(want) != math.Float64bits(got) && !(math.IsNaN(want) && math.IsNaN(got)) {
			t.Fatalf("Log(%v) = %v (%#x), steps give %v (%#x)", x, want, math.Float64bits(want), got, math.Float64bits(got))
		}
	}
}
