package ptx

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// hornerSteps is horner's steps: d = c0, then d = d·s + c, each rounded.
func hornerSteps(s float64, cs ...float64) float64 {
	d := cs[0]
	for _, c := range cs[1:] {
		d = float64(d*s) + c
	}
	return d
}

// sinCosSteps is math.Sin (math.Cos with cos) as mathSinCos writes it in
// PTX, step for step: both reductions' and both polynomials' steps,
// selected as the PTX selects them. The explicit conversions round each
// product, as PTX's mul.rn does, where a compiler could fuse.
func sinCosSteps(x float64, cos bool) float64 {
	ax := math.Abs(x)
	var j uint64
	var z float64
	if ax >= 1<<29 {
		j, z = trigReduceSteps(ax)
	} else {
		j = uint64(float64(ax * (4 / math.Pi)))
		j += j & 1
		y := float64(j)
		j &= 7
		z = ax
		for _, c := range []float64{7.85398125648498535156e-1, 3.77489470793079817668e-8, 2.69515142907905952645e-15} {
			z -= float64(y * c)
		}
	}
	sign := !cos && x < 0
	if j > 3 {
		sign = !sign
		j -= 4
	}
	if cos && j > 1 {
		sign = !sign
	}
	zz := float64(z * z)
	ys := z + float64(float64(z*zz)*hornerSteps(zz, trigSin...))
	yc := (1 - float64(0.5*zz)) + float64(float64(zz*zz)*hornerSteps(zz, trigCos...))
	d := ys
	if (j-1 < 2) != cos {
		d = yc
	}
	if sign {
		d = -d
	}
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x) && cos:
		return math.NaN()
	case !cos && (x == 0 || math.IsNaN(x)):
		return x
	}
	return d
}

// trigReduceSteps is trigReduce's steps (mathtrig.go), for ax at least
// 2^29 or +Inf.
func trigReduceSteps(ax float64) (uint64, float64) {
	ix := math.Float64bits(ax)
	e61 := (ix>>52)&2047 - 1014
	bs := uint32(e61) & 63
	rs := 64 - bs
	d := e61 >> 6
	var zs [3]uint64
	for i := range zs {
		zs[i] = mPi4[d+uint64(i)]<<bs | mPi4[d+uint64(i)+1]>>rs
	}
	ix = ix&(1<<52-1) | 1<<52
	z2hi, _ := bits.Mul64(zs[2], ix)
	z1hi, z1lo := bits.Mul64(zs[1], ix)
	lo := z1lo + z2hi
	hi := zs[0]*ix + z1hi
	if lo < z1lo {
		hi++
	}
	j := hi >> 61
	hi = hi<<3 | lo>>61
	lz := uint32(bits.LeadingZeros64(hi))
	hi = (hi<<(lz+1) | lo>>(64-(lz+1))) >> 12
	hi |= (1022 - uint64(lz)) << 52
	z := math.Float64frombits(hi)
	if j&1 == 1 {
		z = z - 1
	}
	j = (j + j&1) & 7
	return j, float64(z * (math.Pi / 4))
}

// tanhSteps is math.Tanh as mathTanh writes it: both branches, selected.
func tanhSteps(x float64) float64 {
	z := math.Abs(x)
	big := 1 - 2/(expSteps(z+z)+1)
	if x < 0 {
		big = -big
	}
	s2 := float64(x * x)
	den := s2 + tanhQ[0]
	for _, q := range tanhQ[1:] {
		den = float64(den*s2) + q
	}
	d := x + float64(float64(x*s2)*hornerSteps(s2, tanhP...))/den
	if x == 0 {
		d = x
	}
	if z >= 0.625 {
		d = big
	}
	if z > 0.5*8.8029691931113054295988e+01 {
		d = 1
		if x < 0 {
			d = -1
		}
	}
	return d
}

// trigArgs returns the arguments the tests below try: edges, then
// arguments near zero, within a few turns, up to reduceThreshold, past it
// and any finite float64 at all.
func trigArgs(seed uint64, n int, each func(x float64)) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	edge := []float64{0, math.Copysign(0, -1), 1, -1, math.Pi, -math.Pi, math.Pi / 4, math.Pi / 2, 1 << 29, 1<<29 - 1, 0x1p29 + 0.5,
		0.625, -0.625, 44.014845965556525, 44.01484596555653, 22, -22, 1e-300, 0x1p-1074, math.MaxFloat64, -math.MaxFloat64,
		1e22, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}
	for i := range n {
		var x float64
		switch {
		case i < len(edge):
			x = edge[i]
		case i%5 == 0:
			x = (r.Float64()*2 - 1) * 1e-4
		case i%5 == 1:
			x = (r.Float64()*2 - 1) * 20
		case i%5 == 2:
			x = (r.Float64()*2 - 1) * (1 << 29)
		case i%5 == 3:
			x = (r.Float64()*2 - 1) * 1e12
		default:
			x = math.Float64frombits(r.Uint64())
		}
		each(x)
	}
}

// sameBits reports whether a and b are the same float64, any NaN being
// any other.
func sameBits(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// TestSinCosSteps checks the steps mathSinCos writes against math.Sin and
// math.Cos, Go's own code, which amd64 computes without fusing.
func TestSinCosSteps(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("elsewhere Go may fuse math.Sin's multiplies and adds")
	}
	trigArgs(5, 3_000_000, func(x float64) {
		if want, got := math.Sin(x), sinCosSteps(x, false); !sameBits(want, got) {
			t.Fatalf("Sin(%v) = %v (%#x), steps give %v (%#x)", x, want, math.Float64bits(want), got, math.Float64bits(got))
		}
		if want, got := math.Cos(x), sinCosSteps(x, true); !sameBits(want, got) {
			t.Fatalf("Cos(%v) = %v (%#x), steps give %v (%#x)", x, want, math.Float64bits(want), got, math.Float64bits(got))
		}
	})
}

// TestTanhSteps checks the steps mathTanh writes against math.Tanh, whose
// math.Exp takes its FMA path (as mathExp's does) where the CPU has one.
func TestTanhSteps(t *testing.T) {
	if runtime.GOARCH != "amd64" || !cpuid.CPU.Supports(cpuid.AVX, cpuid.FMA3) {
		t.Skip("math.Exp takes its FMA path only on amd64 with AVX and FMA")
	}
	trigArgs(7, 2_000_000, func(x float64) {
		if want, got := math.Tanh(x), tanhSteps(x); !sameBits(want, got) {
			t.Fatalf("Tanh(%v) = %v (%#x), steps give %v (%#x)", x, want, math.Float64bits(want), got, math.Float64bits(got))
		}
	})
}
