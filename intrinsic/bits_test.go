package intrinsic_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// edgeU32 are 32-bit patterns worth trying in every bit operation.
var edgeU32 = []uint32{
	0, 1, 2, 3, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
	0x00ff00ff, 0x0f0f0f0f, 0x55555555, 0xaaaaaaaa, 0x12345678, 0x80000000,
	0x80000001, 0x7fffffff, 0xfffffffe, 0xffffffff, 0xdeadbeef, 0x00800000,
	0xff800000, 0x00ffffff, 0x01000000,
}

// u32s returns the edge patterns followed by n seeded random ones.
func u32s(seed uint64, n int) []uint32 {
	r := newRand(seed)
	out := append([]uint32{}, edgeU32...)
	for range n {
		out = append(out, r.Uint32())
	}
	return out
}

// u64s returns 64-bit edge patterns followed by n seeded random ones.
func u64s(seed uint64, n int) []uint64 {
	r := newRand(seed)
	var out []uint64
	for _, a := range edgeU32 {
		out = append(out, uint64(a), uint64(a)<<32, uint64(a)<<32|uint64(a), ^uint64(a))
	}
	out = append(out, 1<<63, 1<<63-1, 1<<63+1, math.MaxUint64)
	for range n {
		out = append(out, r.Uint64())
	}
	return out
}

// Slow, obviously correct references, bit by bit.

func refPopc(x uint64, n int) int {
	c := 0
	for i := range n {
		c += int(x >> i & 1)
	}
	return c
}

func refClz(x uint64, n int) int {
	for i := n - 1; i >= 0; i-- {
		if x>>i&1 == 1 {
			return n - 1 - i
		}
	}
	return n
}

func refFfs(x uint64, n int) int {
	for i := range n {
		if x>>i&1 == 1 {
			return i + 1
		}
	}
	return 0
}

func refBrev(x uint64, n int) uint64 {
	var r uint64
	for i := range n {
		r |= (x >> i & 1) << (n - 1 - i)
	}
	return r
}

func TestBitCounts32(t *testing.T) {
	for _, x := range u32s(1, samples(20000)) {
		if got, want := intrinsic.Popc(x), refPopc(uint64(x), 32); got != want {
			t.Errorf("Popc(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Clz(int32(x)), refClz(uint64(x), 32); got != want {
			t.Errorf("Clz(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Ffs(int32(x)), refFfs(uint64(x), 32); got != want {
			t.Errorf("Ffs(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Brev(x), uint32(refBrev(uint64(x), 32)); got != want {
			t.Errorf("Brev(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

func TestBitCounts64(t *testing.T) {
	for _, x := range u64s(2, samples(20000)) {
		if got, want := intrinsic.Popcll(x), refPopc(x, 64); got != want {
			t.Errorf("Popcll(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Clzll(int64(x)), refClz(x, 64); got != want {
			t.Errorf("Clzll(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Ffsll(int64(x)), refFfs(x, 64); got != want {
			t.Errorf("Ffsll(%#x) = %d, want %d", x, got, want)
		}
		if got, want := intrinsic.Brevll(x), refBrev(x, 64); got != want {
			t.Errorf("Brevll(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

func TestBitCountsDocumented(t *testing.T) {
	tests := []struct {
		name      string
		got, want int
	}{
		{"Clz(0)", intrinsic.Clz(0), 32},
		{"Clz(-1)", intrinsic.Clz(-1), 0},
		{"Clz(1)", intrinsic.Clz(1), 31},
		{"Clzll(0)", intrinsic.Clzll(0), 64},
		{"Clzll(1)", intrinsic.Clzll(1), 63},
		{"Ffs(0)", intrinsic.Ffs(0), 0},
		{"Ffs(1)", intrinsic.Ffs(1), 1},
		{"Ffs(MinInt32)", intrinsic.Ffs(math.MinInt32), 32},
		{"Ffsll(0)", intrinsic.Ffsll(0), 0},
		{"Ffsll(MinInt64)", intrinsic.Ffsll(math.MinInt64), 64},
		{"Popc(0xffffffff)", intrinsic.Popc(0xffffffff), 32},
		{"Popcll(all ones)", intrinsic.Popcll(math.MaxUint64), 64},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	if got := intrinsic.Brev(1); got != 0x80000000 {
		t.Errorf("Brev(1) = %#x", got)
	}
	if got := intrinsic.Brevll(0x1); got != 1<<63 {
		t.Errorf("Brevll(1) = %#x", got)
	}
}

// refBytePerm follows the documented definition: byte n of the result is
// input byte s<4n+2:4n>, inputs 0-3 being x's bytes and 4-7 y's.
func refBytePerm(x, y, s uint32) uint32 {
	in := [8]uint32{x & 0xff, x >> 8 & 0xff, x >> 16 & 0xff, x >> 24, y & 0xff, y >> 8 & 0xff, y >> 16 & 0xff, y >> 24}
	var r uint32
	for n := range 4 {
		r |= in[s>>(4*n)&7] << (8 * n)
	}
	return r
}

// Every selector: all 65536 values of its low 16 bits, on inputs whose
// bytes are all different and have their sign bits set and clear (so that
// a sign-replicating nibble, as in PTX's prmt, would show).
func TestBytePermEverySelector(t *testing.T) {
	inputs := [][2]uint32{{0x03020100, 0x07060504}, {0x8381f07f, 0xc7a6e5d4}, {0xdeadbeef, 0x01234567}}
	for _, in := range inputs {
		x, y := in[0], in[1]
		for s := range uint32(1 << 16) {
			if got, want := intrinsic.BytePerm(x, y, s), refBytePerm(x, y, s); got != want {
				t.Fatalf("BytePerm(%#08x, %#08x, %#04x) = %#08x, want %#08x", x, y, s, got, want)
			}
		}
	}
}

func TestBytePermDocumented(t *testing.T) {
	x, y := uint32(0x03020100), uint32(0x07060504)
	tests := []struct{ s, want uint32 }{
		{0x3210, 0x03020100},     // identity
		{0x7654, 0x07060504},     // y
		{0x0123, 0x00010203},     // byte swap
		{0x7531, 0x07050301},     // odd bytes
		{0x4444, 0x04040404},     // broadcast
		{0xba98, 0x03020100},     // the fourth bit of each nibble is ignored
		{0xffff3210, 0x03020100}, // and so are the upper 16 bits
		{0x8888, 0x00000000},
	}
	for _, tt := range tests {
		if got := intrinsic.BytePerm(x, y, tt.s); got != tt.want {
			t.Errorf("BytePerm(%#x, %#x, %#x) = %#08x, want %#08x", x, y, tt.s, got, tt.want)
		}
	}
	// A sign-replicating prmt would give 0x000000ff here; __byte_perm does not.
	if got := intrinsic.BytePerm(0x80, 0, 0x7658); got != 0x80 {
		t.Errorf("BytePerm(0x80, 0, 0x7658) = %#x, want 0x80", got)
	}
}

// refFunnel computes the funnel shifts with math/big on the 64-bit value
// hi:lo: left keeps bits 32-63 of the shifted value, right bits 0-31.
func refFunnel(lo, hi uint32, n uint, left bool) uint32 {
	v := new(big.Int).Lsh(new(big.Int).SetUint64(uint64(hi)), 32)
	v.Or(v, new(big.Int).SetUint64(uint64(lo)))
	mask := new(big.Int).SetUint64(math.MaxUint32)
	if left {
		v.Lsh(v, n).Rsh(v, 32)
	} else {
		v.Rsh(v, n)
	}
	return uint32(v.And(v, mask).Uint64())
}

func TestFunnelShifts(t *testing.T) {
	shifts := []uint32{0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100, 1000, 1 << 31, math.MaxUint32}
	pairs := [][2]uint32{{0x12345678, 0x9abcdef0}, {0xffffffff, 0}, {0, 0xffffffff}, {1, 0x80000000}}
	r := newRand(3)
	for range samples(400) {
		pairs = append(pairs, [2]uint32{r.Uint32(), r.Uint32()})
	}
	for range 50 {
		shifts = append(shifts, r.Uint32()&127)
	}
	for _, p := range pairs {
		lo, hi := p[0], p[1]
		for _, s := range shifts {
			wrap, clamp := uint(s&31), uint(min(s, 32))
			check := func(name string, got, want uint32) {
				if got != want {
					t.Errorf("%s(%#08x, %#08x, %d) = %#08x, want %#08x", name, lo, hi, s, got, want)
				}
			}
			check("FunnelShiftL", intrinsic.FunnelShiftL(lo, hi, s), refFunnel(lo, hi, wrap, true))
			check("FunnelShiftR", intrinsic.FunnelShiftR(lo, hi, s), refFunnel(lo, hi, wrap, false))
			check("FunnelShiftLC", intrinsic.FunnelShiftLC(lo, hi, s), refFunnel(lo, hi, clamp, true))
			check("FunnelShiftRC", intrinsic.FunnelShiftRC(lo, hi, s), refFunnel(lo, hi, clamp, false))
		}
	}
	// The documented ends: a shift of 0 returns hi (left) or lo (right); a
	// clamped shift of 32 or more returns lo (left) or hi (right); a
	// wrapped shift of 32 is a shift of 0.
	lo, hi := uint32(0x11111111), uint32(0x22222222)
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"L 0", intrinsic.FunnelShiftL(lo, hi, 0), hi},
		{"R 0", intrinsic.FunnelShiftR(lo, hi, 0), lo},
		{"L 32 wraps to 0", intrinsic.FunnelShiftL(lo, hi, 32), hi},
		{"R 33 wraps to 1", intrinsic.FunnelShiftR(lo, hi, 33), intrinsic.FunnelShiftR(lo, hi, 1)},
		{"LC 32", intrinsic.FunnelShiftLC(lo, hi, 32), lo},
		{"LC 1000", intrinsic.FunnelShiftLC(lo, hi, 1000), lo},
		{"RC 32", intrinsic.FunnelShiftRC(lo, hi, 32), hi},
		{"RC MaxUint32", intrinsic.FunnelShiftRC(lo, hi, math.MaxUint32), hi},
		{"L as rotate", intrinsic.FunnelShiftL(0x80000001, 0x80000001, 1), 0x00000003},
		{"R as rotate", intrinsic.FunnelShiftR(0x80000001, 0x80000001, 1), 0xc0000000},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %#08x, want %#08x", c.name, c.got, c.want)
		}
	}
}
