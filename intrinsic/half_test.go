package intrinsic_test

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// halfValue decodes a non-NaN Half by the definition of binary16, without
// the package: (-1)^s × 2^(E-15) × 1.f, or (-1)^s × 2^-14 × 0.f.
func halfValue(h uint16) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e, f := int(h>>10&0x1f), float64(h&0x3ff)
	switch e {
	case 0x1f:
		return math.Inf(int(s))
	case 0:
		return s * math.Ldexp(f/1024, -14)
	}
	return s * math.Ldexp(1+f/1024, e-15)
}

func TestHalfFloat32Exhaustive(t *testing.T) {
	for i := range 1 << 16 {
		h := intrinsic.Half(i)
		got := h.Float32()
		if h.IsNaN() {
			if bits32(got) != 0x7fffffff {
				t.Errorf("Half(%#04x).Float32() = %#08x, want the canonical NaN", i, bits32(got))
			}
			if bits32(intrinsic.Half2Float(h)) != 0x7fffffff {
				t.Errorf("Half2Float(%#04x) is not the canonical NaN", i)
			}
			continue
		}
		want := halfValue(uint16(i))
		if float64(got) != want || math.Signbit(float64(got)) != math.Signbit(want) {
			t.Errorf("Half(%#04x).Float32() = %g, want %g", i, got, want)
		}
		if bits32(intrinsic.Half2Float(h)) != bits32(got) {
			t.Errorf("Half2Float(%#04x) differs from Float32", i)
		}
	}
}

// Every Half survives Half → float32 → Half exactly in every mode (a
// representable value is its own rounding); NaNs stay NaN.
func TestHalfRoundTripExhaustive(t *testing.T) {
	for i := range 1 << 16 {
		h := intrinsic.Half(i)
		f := h.Float32()
		for _, m := range modes {
			back := intrinsic.Float2Half(f, m)
			if h.IsNaN() {
				if back != intrinsic.HalfNaN || !back.IsNaN() {
					t.Errorf("NaN %#04x came back as %#04x in %v, want HalfNaN", i, uint16(back), m)
				}
				continue
			}
			if back != h {
				t.Errorf("Half %#04x (%v) came back as %#04x in %v", i, h, uint16(back), m)
			}
		}
	}
}

func TestFloat2HalfEdges(t *testing.T) {
	const (
		inf    = 0x7c00
		max    = 0x7bff
		negInf = 0xfc00
		negMax = 0xfbff
	)
	tests := []struct {
		f              float32
		rn, rz, ru, rd uint16
	}{
		{0, 0, 0, 0, 0},
		{float32(math.Copysign(0, -1)), 0x8000, 0x8000, 0x8000, 0x8000},
		{1, 0x3c00, 0x3c00, 0x3c00, 0x3c00},
		{65504, max, max, max, max},
		{-65504, negMax, negMax, negMax, negMax},
		{65519, max, max, inf, max}, // below the halfway point to 65536
		{65520, inf, max, inf, max}, // the halfway point: ties to even, which is Inf
		{-65520, negInf, negMax, negMax, negInf},
		{65535, inf, max, inf, max},
		{1e6, inf, max, inf, max},
		{-1e6, negInf, negMax, negMax, negInf},
		{math.MaxFloat32, inf, max, inf, max},
		{float32(math.Inf(1)), inf, inf, inf, inf},
		{float32(math.Inf(-1)), negInf, negInf, negInf, negInf},
		{0x1p-24, 1, 1, 1, 1},                      // the smallest subnormal Half
		{0x1p-25, 0, 0, 1, 0},                      // half of it: ties to even, 0
		{-0x1p-25, 0x8000, 0x8000, 0x8000, 0x8001}, // negative: signed zero
		{0x1.8p-25, 1, 0, 1, 0},                    // above the tie
		{0x1p-26, 0, 0, 1, 0},
		{f32(1), 0, 0, 1, 0}, // the smallest float32
		{-f32(1), 0x8000, 0x8000, 0x8000, 0x8001},
		{0x1.8p-24, 2, 1, 2, 1},                         // 1.5 quanta: tie, to even 2
		{0x1.4p-23, 2, 2, 3, 2},                         // 2.5 quanta: tie, to even 2
		{0x1.ff8p-15, 0x03ff, 0x03ff, 0x03ff, 0x03ff},   // the largest subnormal
		{0x1.ffcp-15, 0x0400, 0x03ff, 0x0400, 0x03ff},   // tie between it and 2^-14
		{0x1p-14, 0x0400, 0x0400, 0x0400, 0x0400},       // the smallest normal
		{1 + 0x1p-11, 0x3c00, 0x3c00, 0x3c01, 0x3c00},   // tie, to even 1
		{1 + 0x1.8p-10, 0x3c02, 0x3c01, 0x3c02, 0x3c01}, // tie, to even 0x3c02
		{1 + 0x1p-11 + 0x1p-23, 0x3c01, 0x3c00, 0x3c01, 0x3c00},
		{-1 - 0x1p-11, 0xbc00, 0xbc00, 0xbc00, 0xbc01},
		{0.1, 0x2e66, 0x2e66, 0x2e67, 0x2e66},
		{-0.1, 0xae66, 0xae66, 0xae66, 0xae67},
		{2049, 0x6800, 0x6800, 0x6801, 0x6800},            // tie, to even 2048
		{2051, 0x6802, 0x6801, 0x6802, 0x6801},            // tie, to even 2052
		{f32(0x7fc00000), 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // NaNs: canonical, as CUDA
		{f32(0xffc00000), 0x7fff, 0x7fff, 0x7fff, 0x7fff},
		{f32(0x7f800001), 0x7fff, 0x7fff, 0x7fff, 0x7fff}, // signaling
		{f32(0x7fbfe000), 0x7fff, 0x7fff, 0x7fff, 0x7fff},
	}
	for _, tt := range tests {
		for i, want := range []uint16{tt.rn, tt.rz, tt.ru, tt.rd} {
			m := modes[i]
			if got := intrinsic.Float2Half(tt.f, m); uint16(got) != want {
				t.Errorf("Float2Half(%g (%#08x), %v) = %#04x, want %#04x", tt.f, bits32(tt.f), m, uint16(got), want)
			}
		}
		named := []intrinsic.Half{intrinsic.Float2HalfRN(tt.f), intrinsic.Float2HalfRZ(tt.f), intrinsic.Float2HalfRU(tt.f), intrinsic.Float2HalfRD(tt.f)}
		for i, h := range named {
			if h != intrinsic.Float2Half(tt.f, modes[i]) {
				t.Errorf("Float2Half%v(%g) disagrees with Float2Half", modes[i], tt.f)
			}
		}
	}
}

// refFloat2Half rounds with the math/big reference.
func refFloat2Half(f float32, m intrinsic.RoundingMode) (v float64, nan bool) {
	switch {
	case isNaN(f):
		return 0, true
	case isInf(f), f == 0:
		return float64(f), false
	}
	r := ref16.roundRat(ratOf(f), m)
	return float64(r.float32()), false
}

func TestFloat2HalfRandom(t *testing.T) {
	r := newRand(16)
	n := samples(40000)
	for i := range n {
		var f float32
		switch i % 4 {
		case 0:
			f = f32(r.Uint32())
		case 1: // the Half range and just around it
			f = withExp(r, r.IntN(2) == 0, r.IntN(46)-28)
		case 2: // near ties: a Half with one more bit, nudged
			h := intrinsic.Half(r.Uint32() & 0x7bff)
			f = nudge(h.Float32()+float32(math.Ldexp(1, expOf(h.Float32())-11)), r.IntN(5)-2)
		case 3: // the subnormal and overflow ends
			f = withExp(r, r.IntN(2) == 0, []int{-25, -24, -26, -15, -14, 15, 16}[r.IntN(7)])
		}
		for _, m := range modes {
			got := intrinsic.Float2Half(f, m)
			want, nan := refFloat2Half(f, m)
			if nan {
				if got != intrinsic.HalfNaN {
					t.Fatalf("Float2Half(NaN %#08x, %v) = %#04x", bits32(f), m, uint16(got))
				}
				continue
			}
			gv := float64(got.Float32())
			if gv != want || math.Signbit(gv) != math.Signbit(want) {
				t.Fatalf("Float2Half(%g (%#08x), %v) = %v (%#04x), want %g", f, bits32(f), m, got, uint16(got), want)
			}
		}
	}
}

// nextUp returns the Half just above h (by value; Inf above 65504).
func nextUp(h intrinsic.Half) intrinsic.Half {
	switch {
	case h == 0x8000:
		return 1
	case h&0x8000 != 0:
		return h - 1
	}
	return h + 1
}

// A sweep over every 997th float32 bit pattern checks the four modes
// against each other and the definition: RD ≤ f ≤ RU with nothing between,
// RZ is RD or RU by sign, RN is the nearer with ties to even.
func TestFloat2HalfSweep(t *testing.T) {
	step := uint64(997)
	if raceEnabled {
		step = 9973
	}
	for b := uint64(0); b < 1<<32; b += step {
		f := f32(uint32(b))
		if isNaN(f) {
			continue
		}
		rn, rz := intrinsic.Float2HalfRN(f), intrinsic.Float2HalfRZ(f)
		ru, rd := intrinsic.Float2HalfRU(f), intrinsic.Float2HalfRD(f)
		vu, vd, v := float64(ru.Float32()), float64(rd.Float32()), float64(f)
		if vd > v || vu < v {
			t.Fatalf("%g: RD %v and RU %v do not bracket it", f, rd, ru)
		}
		if vd == v && (ru != rd || rn != rd || rz != rd) {
			t.Fatalf("%g is a Half, yet RN %v RZ %v RU %v RD %v", f, rn, rz, ru, rd)
		}
		if vd == v {
			continue
		}
		if nextUp(rd) != ru {
			t.Fatalf("%g: RD %v and RU %v are not neighbours", f, rd, ru)
		}
		if wantZ := map[bool]intrinsic.Half{false: rd, true: ru}[f < 0]; rz != wantZ {
			t.Fatalf("%g: RZ %v, want %v", f, rz, wantZ)
		}
		var wantN intrinsic.Half
		switch a := math.Abs(v); {
		case a >= 65520:
			wantN = map[bool]intrinsic.Half{false: 0x7c00, true: 0xfc00}[f < 0]
		case a > 65504:
			wantN = map[bool]intrinsic.Half{false: 0x7bff, true: 0xfbff}[f < 0]
		case v-vd < vu-v:
			wantN = rd
		case v-vd > vu-v:
			wantN = ru
		case rd&1 == 0:
			wantN = rd
		default:
			wantN = ru
		}
		if rn != wantN {
			t.Fatalf("%g: RN %v, want %v (RD %v, RU %v)", f, rn, wantN, rd, ru)
		}
	}
}

func TestHalfMethods(t *testing.T) {
	tests := []struct {
		h          intrinsic.Half
		str        string
		nan        bool
		pinf, ninf bool
	}{
		{0x0000, "0", false, false, false},
		{0x8000, "-0", false, false, false},
		{0x3c00, "1", false, false, false},
		{0x7bff, "65504", false, false, false},
		{0x0001, "5.9604645e-08", false, false, false},
		{0x3555, "0.33325195", false, false, false},
		{0x7c00, "+Inf", false, true, false},
		{0xfc00, "-Inf", false, false, true},
		{0x7e00, "NaN", true, false, false},
		{0xfc01, "NaN", true, false, false},
		{intrinsic.HalfNaN, "NaN", true, false, false},
	}
	for _, tt := range tests {
		if got := tt.h.String(); got != tt.str {
			t.Errorf("Half(%#04x).String() = %q, want %q", uint16(tt.h), got, tt.str)
		}
		if tt.h.IsNaN() != tt.nan {
			t.Errorf("Half(%#04x).IsNaN() = %v", uint16(tt.h), !tt.nan)
		}
		if tt.h.IsInf(1) != tt.pinf || tt.h.IsInf(-1) != tt.ninf || tt.h.IsInf(0) != (tt.pinf || tt.ninf) {
			t.Errorf("Half(%#04x).IsInf wrong", uint16(tt.h))
		}
	}
}
