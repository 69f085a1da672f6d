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
