package intrinsic_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// hiBits returns floor(x×y / 2^n) of the exact product, as a big.Int
// (the upper half of a 2n-bit product, signed or not as x and y are).
func hiBits(x, y *big.Int, n uint) *big.Int {
	p := new(big.Int).Mul(x, y)
	return p.Rsh(p, n) // Rsh on a negative big.Int floors, as an arithmetic shift
}

func TestMulhi(t *testing.T) {
	for _, a := range u32s(4, samples(5000)) {
		for _, b := range u32s(uint64(a), 8) {
			x, y := int32(a), int32(b)
			if got, want := intrinsic.Mulhi(x, y), hiBits(big.NewInt(int64(x)), big.NewInt(int64(y)), 32).Int64(); int64(got) != want {
				t.Errorf("Mulhi(%d, %d) = %d, want %d", x, y, got, want)
			}
			if got, want := intrinsic.Umulhi(a, b), hiBits(new(big.Int).SetUint64(uint64(a)), new(big.Int).SetUint64(uint64(b)), 32).Uint64(); uint64(got) != want {
				t.Errorf("Umulhi(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestMul64hi(t *testing.T) {
	xs := u64s(5, samples(3000))
	for i, a := range xs {
		for _, b := range []uint64{xs[(i*7+3)%len(xs)], xs[(i*13+1)%len(xs)], a, 0, 1, math.MaxUint64, 1 << 63} {
			x, y := int64(a), int64(b)
			if got, want := intrinsic.Mul64hi(x, y), hiBits(big.NewInt(x), big.NewInt(y), 64).Int64(); got != want {
				t.Errorf("Mul64hi(%d, %d) = %d, want %d", x, y, got, want)
			}
			if got, want := intrinsic.Umul64hi(a, b), hiBits(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b), 64).Uint64(); got != want {
				t.Errorf("Umul64hi(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
	if got := intrinsic.Mul64hi(math.MinInt64, math.MinInt64); got != 1<<62 {
		t.Errorf("Mul64hi(MinInt64, MinInt64) = %d, want 2^62", got)
	}
	if got := intrinsic.Mul64hi(-1, 1); got != -1 {
		t.Errorf("Mul64hi(-1, 1) = %d, want -1", got)
	}
}

// low24 reads the low 24 bits of x as a signed or unsigned number.
func low24(x uint32, signed bool) *big.Int {
	v := int64(x & 0xffffff)
	if signed && v >= 1<<23 {
		v -= 1 << 24
	}
	return big.NewInt(v)
}

// low32 returns the low 32 bits of an integer's two's complement.
func low32(v *big.Int) uint32 {
	m := new(big.Int).Lsh(big.NewInt(1), 32)
	return uint32(new(big.Int).Mod(v, m).Uint64()) // Mod is Euclidean: never negative
}

func TestMul24(t *testing.T) {
	xs := u32s(6, samples(5000))
	xs = append(xs, 0x00800000, 0x007fffff, 0xff800000, 0x12ffffff)
	for i, a := range xs {
		for _, b := range []uint32{xs[(i*7+5)%len(xs)], 0x00800000, 0x00ffffff, 0x7f7fffff, a} {
			want := low32(new(big.Int).Mul(low24(a, true), low24(b, true)))
			if got := intrinsic.Mul24(int32(a), int32(b)); uint32(got) != want {
				t.Errorf("Mul24(%#x, %#x) = %#x, want %#x", a, b, uint32(got), want)
			}
			uwant := low32(new(big.Int).Mul(low24(a, false), low24(b, false)))
			if got := intrinsic.Umul24(a, b); got != uwant {
				t.Errorf("Umul24(%#x, %#x) = %#x, want %#x", a, b, got, uwant)
			}
		}
	}
	// The upper 8 bits are ignored; bit 23 is the sign of the signed form.
	if got := intrinsic.Mul24(0x7f000003, 0x01000005); got != 15 {
		t.Errorf("Mul24 with upper bits set = %d, want 15", got)
	}
	if got := intrinsic.Mul24(0x00ffffff, 2); got != -2 {
		t.Errorf("Mul24(-1 in 24 bits, 2) = %d, want -2", got)
	}
	if got := intrinsic.Umul24(0x00ffffff, 2); got != 0x1fffffe {
		t.Errorf("Umul24(0xffffff, 2) = %#x", got)
	}
}

func TestSad(t *testing.T) {
	xs := u32s(7, samples(5000))
	for i, a := range xs {
		b, z := xs[(i*11+3)%len(xs)], xs[(i*5+1)%len(xs)]
		for _, c := range [][3]uint32{{a, b, z}, {b, a, z}, {a, a, 0}, {a, b, 0}} {
			d := new(big.Int).Sub(big.NewInt(int64(int32(c[0]))), big.NewInt(int64(int32(c[1]))))
			want := low32(d.Abs(d).Add(d, big.NewInt(int64(c[2]))))
			if got := intrinsic.Sad(int32(c[0]), int32(c[1]), c[2]); got != want {
				t.Errorf("Sad(%d, %d, %d) = %d, want %d", int32(c[0]), int32(c[1]), c[2], got, want)
			}
			ud := new(big.Int).Sub(big.NewInt(int64(c[0])), big.NewInt(int64(c[1])))
			uwant := low32(ud.Abs(ud).Add(ud, big.NewInt(int64(c[2]))))
			if got := intrinsic.Usad(c[0], c[1], c[2]); got != uwant {
				t.Errorf("Usad(%d, %d, %d) = %d, want %d", c[0], c[1], c[2], got, uwant)
			}
		}
	}
	if got := intrinsic.Sad(math.MaxInt32, math.MinInt32, 0); got != math.MaxUint32 {
		t.Errorf("Sad(MaxInt32, MinInt32, 0) = %d, want 2^32-1", got)
	}
	if got := intrinsic.Sad(math.MinInt32, math.MaxInt32, 1); got != 0 {
		t.Errorf("Sad(MinInt32, MaxInt32, 1) = %d, want 0 (wraps)", got)
	}
}

func TestReinterpret(t *testing.T) {
	for _, b := range u32s(8, samples(2000)) {
		f := math.Float32frombits(b)
		if got := intrinsic.FloatAsUint(f); got != b {
			t.Errorf("FloatAsUint(%#08x bits) = %#08x", b, got)
		}
		if got := intrinsic.FloatAsInt(f); got != int32(b) {
			t.Errorf("FloatAsInt(%#08x bits) = %#08x", b, got)
		}
		if got := math.Float32bits(intrinsic.UintAsFloat(b)); got != b {
			t.Errorf("UintAsFloat(%#08x) has bits %#08x", b, got)
		}
		if got := math.Float32bits(intrinsic.IntAsFloat(int32(b))); got != b {
			t.Errorf("IntAsFloat(%#08x) has bits %#08x", b, got)
		}
	}
	for _, b := range u64s(9, samples(2000)) {
		if got := uint64(intrinsic.DoubleAsLonglong(math.Float64frombits(b))); got != b {
			t.Errorf("DoubleAsLonglong(%#016x bits) = %#016x", b, got)
		}
		if got := math.Float64bits(intrinsic.LonglongAsDouble(int64(b))); got != b {
			t.Errorf("LonglongAsDouble(%#016x) has bits %#016x", b, got)
		}
	}
	if got := intrinsic.FloatAsInt(1); got != 0x3f800000 {
		t.Errorf("FloatAsInt(1) = %#x", got)
	}
	if got := intrinsic.FloatAsInt(float32(math.Copysign(0, -1))); got != math.MinInt32 {
		t.Errorf("FloatAsInt(-0) = %#x", got)
	}
}

func TestClock(t *testing.T) {
	a := intrinsic.Clock64()
	c0 := intrinsic.Clock()
	for intrinsic.Clock64() == a {
	}
	b := intrinsic.Clock64()
	if b <= a || a < 0 {
		t.Errorf("Clock64 went from %d to %d", a, b)
	}
	if d := intrinsic.Clock() - c0; d <= 0 && b-a < 1<<31 {
		t.Errorf("Clock difference %d over %d ns", d, b-a)
	}
}
