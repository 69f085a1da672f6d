package intrinsic

// A Half2 is CUDA's __half2: two Halves that the paired intrinsics
// (__hadd2, ...) operate on at once, each independently. X is the low
// 16 bits of the 32-bit pair and Y the high, as __half2's x and y; the zero
// value is two +0s. Being 4 bytes without pointers, a Half2 moves through
// the warp shuffles in one piece.
type Half2 struct{ X, Y Half }

// Halves2Half2 is __halves2half2: the pair with X = lo and Y = hi.
func Halves2Half2(lo, hi Half) Half2 { return Half2{lo, hi} }

// Half2Half2 is __half2half2: the pair with both halves h.
func Half2Half2(h Half) Half2 { return Half2{h, h} }

// Floats2Half2RN is __floats2half2_rn: lo and hi each rounded to nearest
// even, as Float2HalfRN.
func Floats2Half2RN(lo, hi float32) Half2 { return Half2{Float2HalfRN(lo), Float2HalfRN(hi)} }

// Low2Half is __low2half: h's low half, X.
func Low2Half(h Half2) Half { return h.X }

// High2Half is __high2half: h's high half, Y.
func High2Half(h Half2) Half { return h.Y }

// Low2Float is __low2float: h's low half as a float32, exactly.
func Low2Float(h Half2) float32 { return h.X.Float32() }

// High2Float is __high2float: h's high half as a float32, exactly.
func High2Float(h Half2) float32 { return h.Y.Float32() }

// Hadd2 is __hadd2: the pairwise sums, each as Hadd.
func Hadd2(a, b Half2) Half2 { return Half2{Hadd(a.X, b.X), Hadd(a.Y, b.Y)} }

// Hsub2 is __hsub2: the pairwise differences, each as Hsub.
func Hsub2(a, b Half2) Half2 { return Half2{Hsub(a.X, b.X), Hsub(a.Y, b.Y)} }

// Hmul2 is __hmul2: the pairwise products, each as Hmul.
func Hmul2(a, b Half2) Half2 { return Half2{Hmul(a.X, b.X), Hmul(a.Y, b.Y)} }

// Hfma2 is __hfma2: a × b + c pairwise, each fused and rounded once as
// Hfma.
func Hfma2(a, b, c Half2) Half2 { return Half2{Hfma(a.X, b.X, c.X), Hfma(a.Y, b.Y, c.Y)} }

// Hneg2 is __hneg2: both halves negated, as Hneg.
func Hneg2(a Half2) Half2 { return Half2{Hneg(a.X), Hneg(a.Y)} }

// Habs2 is __habs2: both halves' absolute values, as Habs.
func Habs2(a Half2) Half2 { return Half2{Habs(a.X), Habs(a.Y)} }

// String formats h as "(X, Y)".
func (h Half2) String() string { return "(" + h.X.String() + ", " + h.Y.String() + ")" }
