package intrinsic

// The comparisons of cuda_fp16.h. The ordered ones (Heq, Hne, Hlt, Hle,
// Hgt, Hge) are false when either operand is a NaN; the unordered ones,
// with a U suffix as in CUDA (__hequ, ...), are true then. -0 equals +0.

// Heq is __heq: a == b, false for NaNs.
func Heq(a, b Half) bool { return a.Float32() == b.Float32() }

// Hne is __hne: a != b, false for NaNs (unlike Go's != on floats).
func Hne(a, b Half) bool { return !a.IsNaN() && !b.IsNaN() && a.Float32() != b.Float32() }

// Hlt is __hlt: a < b, false for NaNs.
func Hlt(a, b Half) bool { return a.Float32() < b.Float32() }

// Hle is __hle: a <= b, false for NaNs.
func Hle(a, b Half) bool { return a.Float32() <= b.Float32() }

// Hgt is __hgt: a > b, false for NaNs.
func Hgt(a, b Half) bool { return a.Float32() > b.Float32() }

// Hge is __hge: a >= b, false for NaNs.
func Hge(a, b Half) bool { return a.Float32() >= b.Float32() }

// Hequ is __hequ: a == b, true for NaNs.
func Hequ(a, b Half) bool { return unordered(a, b) || Heq(a, b) }

// Hneu is __hneu: a != b, true for NaNs.
func Hneu(a, b Half) bool { return unordered(a, b) || Hne(a, b) }

// Hltu is __hltu: a < b, true for NaNs.
func Hltu(a, b Half) bool { return unordered(a, b) || Hlt(a, b) }

// Hleu is __hleu: a <= b, true for NaNs.
func Hleu(a, b Half) bool { return unordered(a, b) || Hle(a, b) }

// Hgtu is __hgtu: a > b, true for NaNs.
func Hgtu(a, b Half) bool { return unordered(a, b) || Hgt(a, b) }

// Hgeu is __hgeu: a >= b, true for NaNs.
func Hgeu(a, b Half) bool { return unordered(a, b) || Hge(a, b) }

// Hisnan is __hisnan: whether a is a NaN.
func Hisnan(a Half) bool { return a.IsNaN() }

// Hisinf is __hisinf: -1 if a is -Inf, 1 if it is +Inf, else 0.
func Hisinf(a Half) int {
	switch a {
	case 0x7c00:
		return 1
	case 0xfc00:
		return -1
	}
	return 0
}

func unordered(a, b Half) bool { return a.IsNaN() || b.IsNaN() }
