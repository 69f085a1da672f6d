// Package intrinsic provides CUDA's device intrinsics as plain Go functions
// for use inside kernels: bit manipulation, wide and 24-bit multiplies, the
// binary16 Half type with conversions in every rounding mode and its
// arithmetic and comparisons (also on Half2 pairs), float32 arithmetic with
// an explicit rounding mode, the fast approximate math functions, and the
// clock counters.
//
//	n := intrinsic.Popc(mask)                       // __popc(mask)
//	h := intrinsic.Float2HalfRN(x)                  // __float2half_rn(x)
//	s := intrinsic.FmaR(a, b, c, intrinsic.RZ)      // __fmaf_rz(a, b, c)
//	y := intrinsic.Expf(x)                          // __expf(x)
//
// The functions are pure: they need no thread context, keep no state
// (Clock and Clock64 read a clock) and are safe to call from any number of
// goroutines.
//
// # Names
//
// Each function is named after its CUDA intrinsic without the underscores,
// in Go's mixed caps: __funnelshift_lc is FunnelShiftLC, __umul64hi is
// Umul64hi, __float_as_int is FloatAsInt, __hfma2 is Hfma2,
// __halves2half2 is Halves2Half2. Intrinsics that CUDA spells once
// per rounding mode (__fadd_rn, __fadd_rz, __fadd_ru, __fadd_rd) have one
// function taking a RoundingMode (FaddR) and four named variants (FaddRN,
// FaddRZ, FaddRU, FaddRD). The fast approximate __sinf is Sinf, and so on.
//
// # Exactness
//
// The integer intrinsics and the reinterpretations are exact, bit for bit,
// to CUDA's documented definitions. The rounding arithmetic (Fadd, Fsub,
// Fmul, Fma, Fdiv, Frcp, Fsqrt) is correctly rounded in all four modes, with
// subnormal operands and results (CUDA's default -ftz=false), signed zeros
// by IEEE 754's rules, and overflow to Inf or to ±math.MaxFloat32 as the
// mode says. Float2Half is correctly rounded in the same way, and
// Half.Float32 is exact; both agree with the host conversions of CUDA's
// cuda_fp16.hpp. The Half arithmetic (Hadd, Hsub, Hmul, Hfma, and Hadd2 and
// the other Half2 pairs) is correctly rounded to nearest even, as CUDA's
// is, Hfma with a single rounding, with subnormals and overflow to Inf.
//
// NaNs follow CUDA rather than Go: a float32 NaN result is always the
// canonical NaN 0x7fffffff, and the conversions turn any NaN into the
// canonical NaN of the other format (HalfNaN, 0x7fff, and 0x7fffffff),
// dropping payload and sign, as CUDA's cuda_fp16.hpp does. Half arithmetic
// that yields a NaN (Hneg and Habs of a NaN included) returns HalfNaN.
//
// # Fast approximate functions
//
// Sinf, Cosf, Expf, Logf, Fdividef and Rsqrtf stand in for the GPU's
// special-function-unit approximations. No CPU computation can reproduce
// those bit for bit, so these compute in float64 (short polynomials; a
// root and a division for Rsqrtf; x times 1/y for Fdividef): they are cheap
// and at least as accurate as the GPU's, and each documents CUDA's maximum
// error next to its own measured one. As CUDA documents, Sinf, Cosf, Expf
// and Logf flush subnormal inputs and results to zeros of the same sign,
// and Fdividef returns 0 for 2^126 < |y| < 2^128; Rsqrtf, a standard
// function rather than an intrinsic, keeps subnormals.
//
// # Conformance
//
// The tests check every function against CUDA's documented behaviour and
// against independent references: math/bits and bit-by-bit loops for the
// integer intrinsics, exact rational arithmetic (math/big) rounded by
// definition for the rounding arithmetic and the conversions, all 65536
// Halves exhaustively, and the documented error bounds for the fast
// functions over dense samples of their domains.
//
// The same cases are written as a CUDA program, testdata/conformance.cu,
// which prints a GPU's answers in a line format the tests read.
// testdata/golden.txt holds an NVIDIA H200's answers (CUDA 13.0, 97645
// cases, the half-precision arithmetic, comparisons and half2 operations
// among them), and TestGolden compares this package with it line by line (or
// with the file named by the environment variable INTRINSIC_GOLDEN): exact
// functions bit for bit, the fast approximations within the documented
// bounds. To make one on another GPU, with the CUDA toolkit:
//
//	cd intrinsic/testdata
//	nvcc -O2 -arch=native -o conformance conformance.cu
//	./conformance > golden.txt
//
// # Not here
//
// Printf, Assert and Trap need the launch they run in, so they belong to
// the engine, not to this package.
package intrinsic
