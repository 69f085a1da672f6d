// conformance.cu asks a real GPU for its answers to the conformance cases of
// gocuda's package intrinsic, and prints them in the line format that the
// package's golden test reads (intrinsic/golden_test.go).
//
// Build and run it on a machine with an NVIDIA GPU and the CUDA toolkit, and
// keep its output beside it as golden.txt:
//
//	nvcc -O2 -arch=native -o conformance conformance.cu
//	./conformance > golden.txt
//
// Do not compile it with --use_fast_math or -ftz=true: they flush the
// subnormal operands and results of __fadd_rn and its kin to zero, which the
// package (like CUDA's default, -ftz=false) does not.
//
// Output: lines "op arg... = result", every number in lowercase hex without
// a prefix: integers as their two's complement bits, floats as their IEEE
// bits (8 digits for float32, 4 for half, 16 for 64-bit integers). Lines
// starting with '#' are comments; the first ones name the device and the
// toolkit. The cases are the package's edge cases and a fixed pseudo-random
// sample (splitmix64, seed 1), so every run prints the same cases. The
// half-precision arithmetic (__hadd to __habs2) comes last: cases added
// later go after it, so that the sample of the earlier ones stays the same.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <vector>

// The operations, with their argument count and the hex widths of their
// arguments and result. Names are CUDA's, without the leading underscores.
#define OPS(X)                           \
	X(popc, 1, 8, 8)                     \
	X(popcll, 1, 16, 8)                  \
	X(clz, 1, 8, 8)                      \
	X(clzll, 1, 16, 8)                   \
	X(ffs, 1, 8, 8)                      \
	X(ffsll, 1, 16, 8)                   \
	X(brev, 1, 8, 8)                     \
	X(brevll, 1, 16, 16)                 \
	X(byte_perm, 3, 8, 8)                \
	X(funnelshift_l, 3, 8, 8)            \
	X(funnelshift_lc, 3, 8, 8)           \
	X(funnelshift_r, 3, 8, 8)            \
	X(funnelshift_rc, 3, 8, 8)           \
	X(mulhi, 2, 8, 8)                    \
	X(umulhi, 2, 8, 8)                   \
	X(mul64hi, 2, 16, 16)                \
	X(umul64hi, 2, 16, 16)               \
	X(mul24, 2, 8, 8)                    \
	X(umul24, 2, 8, 8)                   \
	X(sad, 3, 8, 8)                      \
	X(usad, 3, 8, 8)                     \
	X(float2half_rn, 1, 8, 4)            \
	X(float2half_rz, 1, 8, 4)            \
	X(float2half_ru, 1, 8, 4)            \
	X(float2half_rd, 1, 8, 4)            \
	X(half2float, 1, 4, 8)               \
	X(fadd_rn, 2, 8, 8)                  \
	X(fadd_rz, 2, 8, 8)                  \
	X(fadd_ru, 2, 8, 8)                  \
	X(fadd_rd, 2, 8, 8)                  \
	X(fsub_rn, 2, 8, 8)                  \
	X(fsub_rz, 2, 8, 8)                  \
	X(fsub_ru, 2, 8, 8)                  \
	X(fsub_rd, 2, 8, 8)                  \
	X(fmul_rn, 2, 8, 8)                  \
	X(fmul_rz, 2, 8, 8)                  \
	X(fmul_ru, 2, 8, 8)                  \
	X(fmul_rd, 2, 8, 8)                  \
	X(fmaf_rn, 3, 8, 8)                  \
	X(fmaf_rz, 3, 8, 8)                  \
	X(fmaf_ru, 3, 8, 8)                  \
	X(fmaf_rd, 3, 8, 8)                  \
	X(fdiv_rn, 2, 8, 8)                  \
	X(fdiv_rz, 2, 8, 8)                  \
	X(fdiv_ru, 2, 8, 8)                  \
	X(fdiv_rd, 2, 8, 8)                  \
	X(frcp_rn, 1, 8, 8)                  \
	X(frcp_rz, 1, 8, 8)                  \
	X(frcp_ru, 1, 8, 8)                  \
	X(frcp_rd, 1, 8, 8)                  \
	X(fsqrt_rn, 1, 8, 8)                 \
	X(fsqrt_rz, 1, 8, 8)                 \
	X(fsqrt_ru, 1, 8, 8)                 \
	X(fsqrt_rd, 1, 8, 8)                 \
	X(sinf, 1, 8, 8)                     \
	X(cosf, 1, 8, 8)                     \
	X(expf, 1, 8, 8)                     \
	X(logf, 1, 8, 8)                     \
	X(fdividef, 2, 8, 8)                 \
	X(rsqrtf, 1, 8, 8)                   \
	X(hadd, 2, 4, 4)                     \
	X(hsub, 2, 4, 4)                     \
	X(hmul, 2, 4, 4)                     \
	X(hfma, 3, 4, 4)                     \
	X(hneg, 1, 4, 4)                     \
	X(habs, 1, 4, 4)                     \
	X(hmax, 2, 4, 4)                     \
	X(hmin, 2, 4, 4)                     \
	X(heq, 2, 4, 1)                      \
	X(hne, 2, 4, 1)                      \
	X(hlt, 2, 4, 1)                      \
	X(hle, 2, 4, 1)                      \
	X(hgt, 2, 4, 1)                      \
	X(hge, 2, 4, 1)                      \
	X(hequ, 2, 4, 1)                     \
	X(hneu, 2, 4, 1)                     \
	X(hltu, 2, 4, 1)                     \
	X(hleu, 2, 4, 1)                     \
	X(hgtu, 2, 4, 1)                     \
	X(hgeu, 2, 4, 1)                     \
	X(hisnan, 1, 4, 1)                   \
	X(hisinf, 1, 4, 8)                   \
	X(hadd2, 2, 8, 8)                    \
	X(hsub2, 2, 8, 8)                    \
	X(hmul2, 2, 8, 8)                    \
	X(hfma2, 3, 8, 8)                    \
	X(hneg2, 1, 8, 8)                    \
	X(habs2, 1, 8, 8)

enum Op {
#define ENUM(name, nargs, argw, resw) OP_##name,
	OPS(ENUM)
#undef ENUM
	NUM_OPS
};

struct OpInfo {
	const char *name;
	int nargs, argw, resw;
};

static const OpInfo opInfo[] = {
#define INFO(name, nargs, argw, resw) {#name, nargs, argw, resw},
	OPS(INFO)
#undef INFO
};

struct Case {
	int op;
	unsigned long long a, b, c;
};

__device__ __forceinline__ float F(unsigned long long x) { return __uint_as_float((unsigned)x); }
__device__ __forceinline__ unsigned long long B(float x) { return __float_as_uint(x); }
__device__ __forceinline__ unsigned long long H(__half h) { return __half_as_ushort(h); }
__device__ __forceinline__ __half U(unsigned x) { return __ushort_as_half((unsigned short)x); }
// A half2's bits: its low half (.x) in bits 0-15, as in memory.
__device__ __forceinline__ __half2 U2(unsigned x) { return __halves2half2(U(x & 0xffff), U(x >> 16)); }
__device__ __forceinline__ unsigned long long H2(__half2 h) { return H(__low2half(h)) | H(__high2half(h)) << 16; }

// run evaluates one case per thread.
__global__ void run(const Case *cases, unsigned long long *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	Case k = cases[i];
	unsigned a = (unsigned)k.a, b = (unsigned)k.b, c = (unsigned)k.c;
	unsigned long long r = 0;
	switch (k.op) {
	case OP_popc: r = (unsigned)__popc(a); break;
	case OP_popcll: r = (unsigned)__popcll(k.a); break;
	case OP_clz: r = (unsigned)__clz((int)a); break;
	case OP_clzll: r = (unsigned)__clzll((long long)k.a); break;
	case OP_ffs: r = (unsigned)__ffs((int)a); break;
	case OP_ffsll: r = (unsigned)__ffsll((long long)k.a); break;
	case OP_brev: r = __brev(a); break;
	case OP_brevll: r = __brevll(k.a); break;
	case OP_byte_perm: r = __byte_perm(a, b, c); break;
	case OP_funnelshift_l: r = __funnelshift_l(a, b, c); break;
	case OP_funnelshift_lc: r = __funnelshift_lc(a, b, c); break;
	case OP_funnelshift_r: r = __funnelshift_r(a, b, c); break;
	case OP_funnelshift_rc: r = __funnelshift_rc(a, b, c); break;
	case OP_mulhi: r = (unsigned)__mulhi((int)a, (int)b); break;
	case OP_umulhi: r = __umulhi(a, b); break;
	case OP_mul64hi: r = (unsigned long long)__mul64hi((long long)k.a, (long long)k.b); break;
	case OP_umul64hi: r = __umul64hi(k.a, k.b); break;
	case OP_mul24: r = (unsigned)__mul24((int)a, (int)b); break;
	case OP_umul24: r = __umul24(a, b); break;
	case OP_sad: r = __sad((int)a, (int)b, c); break;
	case OP_usad: r = __usad(a, b, c); break;
	case OP_float2half_rn: r = H(__float2half_rn(F(a))); break;
	case OP_float2half_rz: r = H(__float2half_rz(F(a))); break;
	case OP_float2half_ru: r = H(__float2half_ru(F(a))); break;
	case OP_float2half_rd: r = H(__float2half_rd(F(a))); break;
	case OP_half2float: r = B(__half2float(__ushort_as_half((unsigned short)a))); break;
	case OP_fadd_rn: r = B(__fadd_rn(F(a), F(b))); break;
	case OP_fadd_rz: r = B(__fadd_rz(F(a), F(b))); break;
	case OP_fadd_ru: r = B(__fadd_ru(F(a), F(b))); break;
	case OP_fadd_rd: r = B(__fadd_rd(F(a), F(b))); break;
	case OP_fsub_rn: r = B(__fsub_rn(F(a), F(b))); break;
	case OP_fsub_rz: r = B(__fsub_rz(F(a), F(b))); break;
	case OP_fsub_ru: r = B(__fsub_ru(F(a), F(b))); break;
	case OP_fsub_rd: r = B(__fsub_rd(F(a), F(b))); break;
	case OP_fmul_rn: r = B(__fmul_rn(F(a), F(b))); break;
	case OP_fmul_rz: r = B(__fmul_rz(F(a), F(b))); break;
	case OP_fmul_ru: r = B(__fmul_ru(F(a), F(b))); break;
	case OP_fmul_rd: r = B(__fmul_rd(F(a), F(b))); break;
	case OP_fmaf_rn: r = B(__fmaf_rn(F(a), F(b), F(c))); break;
	case OP_fmaf_rz: r = B(__fmaf_rz(F(a), F(b), F(c))); break;
	case OP_fmaf_ru: r = B(__fmaf_ru(F(a), F(b), F(c))); break;
	case OP_fmaf_rd: r = B(__fmaf_rd(F(a), F(b), F(c))); break;
	case OP_fdiv_rn: r = B(__fdiv_rn(F(a), F(b))); break;
	case OP_fdiv_rz: r = B(__fdiv_rz(F(a), F(b))); break;
	case OP_fdiv_ru: r = B(__fdiv_ru(F(a), F(b))); break;
	case OP_fdiv_rd: r = B(__fdiv_rd(F(a), F(b))); break;
	case OP_frcp_rn: r = B(__frcp_rn(F(a))); break;
	case OP_frcp_rz: r = B(__frcp_rz(F(a))); break;
	case OP_frcp_ru: r = B(__frcp_ru(F(a))); break;
	case OP_frcp_rd: r = B(__frcp_rd(F(a))); break;
	case OP_fsqrt_rn: r = B(__fsqrt_rn(F(a))); break;
	case OP_fsqrt_rz: r = B(__fsqrt_rz(F(a))); break;
	case OP_fsqrt_ru: r = B(__fsqrt_ru(F(a))); break;
	case OP_fsqrt_rd: r = B(__fsqrt_rd(F(a))); break;
	case OP_sinf: r = B(__sinf(F(a))); break;
	case OP_cosf: r = B(__cosf(F(a))); break;
	case OP_expf: r = B(__expf(F(a))); break;
	case OP_logf: r = B(__logf(F(a))); break;
	case OP_fdividef: r = B(__fdividef(F(a), F(b))); break;
	case OP_rsqrtf: r = B(rsqrtf(F(a))); break;
	case OP_hadd: r = H(__hadd(U(a), U(b))); break;
	case OP_hsub: r = H(__hsub(U(a), U(b))); break;
	case OP_hmul: r = H(__hmul(U(a), U(b))); break;
	case OP_hfma: r = H(__hfma(U(a), U(b), U(c))); break;
	case OP_hneg: r = H(__hneg(U(a))); break;
	case OP_habs: r = H(__habs(U(a))); break;
	case OP_hmax: r = H(__hmax(U(a), U(b))); break;
	case OP_hmin: r = H(__hmin(U(a), U(b))); break;
	case OP_heq: r = __heq(U(a), U(b)); break;
	case OP_hne: r = __hne(U(a), U(b)); break;
	case OP_hlt: r = __hlt(U(a), U(b)); break;
	case OP_hle: r = __hle(U(a), U(b)); break;
	case OP_hgt: r = __hgt(U(a), U(b)); break;
	case OP_hge: r = __hge(U(a), U(b)); break;
	case OP_hequ: r = __hequ(U(a), U(b)); break;
	case OP_hneu: r = __hneu(U(a), U(b)); break;
	case OP_hltu: r = __hltu(U(a), U(b)); break;
	case OP_hleu: r = __hleu(U(a), U(b)); break;
	case OP_hgtu: r = __hgtu(U(a), U(b)); break;
	case OP_hgeu: r = __hgeu(U(a), U(b)); break;
	case OP_hisnan: r = __hisnan(U(a)); break;
	case OP_hisinf: r = (unsigned)__hisinf(U(a)); break;
	case OP_hadd2: r = H2(__hadd2(U2(a), U2(b))); break;
	case OP_hsub2: r = H2(__hsub2(U2(a), U2(b))); break;
	case OP_hmul2: r = H2(__hmul2(U2(a), U2(b))); break;
	case OP_hfma2: r = H2(__hfma2(U2(a), U2(b), U2(c))); break;
	case OP_hneg2: r = H2(__hneg2(U2(a))); break;
	case OP_habs2: r = H2(__habs2(U2(a))); break;
	}
	out[i] = r;
}

// splitmix64: the fixed pseudo-random sequence of the sample.
static unsigned long long rng = 1;
static unsigned long long next64()
{
	unsigned long long z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
static unsigned next32() { return (unsigned)(next64() >> 32); }
static int below(int n) { return (int)(next64() % (unsigned long long)n); }

static unsigned fbits(float f)
{
	unsigned u;
	memcpy(&u, &f, sizeof u);
	return u;
}

// withExp returns the bits of a float32 with a random significand, the
// given sign and unbiased exponent; below -126 a subnormal of that size,
// above 127 the largest finite float.
static unsigned withExp(bool neg, int e)
{
	unsigned b;
	if (e > 127)
		b = 0x7f7fffffu;
	else if (e >= -126)
		b = (unsigned)(e + 127) << 23 | (next32() & 0x7fffffu);
	else if (e >= -149) {
		unsigned lead = 1u << (e + 149);
		b = lead | (next32() & (lead - 1));
	} else
		b = 0;
	return b | (neg ? 0x80000000u : 0);
}

static unsigned anyFinite()
{
	for (;;) {
		unsigned b = next32();
		if ((b & 0x7f800000u) != 0x7f800000u)
			return b;
	}
}

static std::vector<Case> cases;
static void add(int op, unsigned long long a, unsigned long long b = 0, unsigned long long c = 0)
{
	cases.push_back(Case{op, a, b, c});
}

static const unsigned edgeU32[] = {
	0, 1, 2, 3, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
	0x00ff00ff, 0x0f0f0f0f, 0x55555555, 0xaaaaaaaa, 0x12345678, 0x80000000,
	0x80000001, 0x7fffffff, 0xfffffffe, 0xffffffff, 0xdeadbeef, 0x00800000,
	0xff800000, 0x00ffffff, 0x01000000,
};
static const int nEdgeU32 = sizeof edgeU32 / sizeof edgeU32[0];

// Float32 edge cases (bits): zeros, subnormals, the normal range's ends,
// values around 1, far-apart powers of two, Inf and NaNs; with negatives.
static std::vector<unsigned> edgeF32()
{
	const unsigned pos[] = {
		0x00000000, 0x00000001, 0x00000003, 0x00400000, 0x007fffff,
		0x00800000, 0x00800001, 0x3f800000, 0x3f800001, 0x3f7fffff,
		0x3fc00000, 0x40400000, 0x3dcccccd, 0x3eaaaaab, 0x30800000,
		0x1f800000, 0x4e800000, 0x5f800000, 0x4b7fffff, 0x4b800000,
		0x7f000000, 0x7f7ffffe, 0x7f7fffff, 0x7f800000,
	};
	std::vector<unsigned> v;
	for (unsigned p : pos) {
		v.push_back(p);
		v.push_back(p | 0x80000000u);
	}
	v.push_back(0x7fc00000u);
	v.push_back(0x7f800001u);
	v.push_back(0xffc00123u);
	return v;
}

// The smaller edge set tried in all pairs: the same kinds of values.
static const unsigned edgePair[] = {
	0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x3f800000,
	0xbf800000, 0x3f800001, 0xbf7fffff, 0x40400000, 0x3dcccccd, 0xbeaaaaab,
	0x30800000, 0xa0000000, 0x4b800000, 0xdf800000, 0x7f000000, 0xff7fffff,
	0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
};

// A random float32 operand pair (and third operand) for op kind k: 0 add,
// 1 mul, 2 div, 3 fma, 4 sqrt.
static void randomOperands(int k, unsigned &x, unsigned &y, unsigned &z)
{
	auto sgn = [] { return below(2) == 0; };
	switch (below(5)) {
	case 0:
		x = anyFinite(), y = anyFinite(), z = anyFinite();
		break;
	case 1: {
		int e = below(280) - 150;
		x = withExp(sgn(), e), y = withExp(sgn(), e + below(61) - 30), z = withExp(sgn(), e + below(61) - 30);
		break;
	}
	case 2: { // results near the underflow threshold
		int e = below(50) - 175, ex = below(200) - 100;
		if (k == 2)
			x = withExp(sgn(), e + ex), y = withExp(sgn(), ex);
		else
			x = withExp(sgn(), ex), y = withExp(sgn(), e - ex);
		z = withExp(sgn(), e + below(10) - 5);
		break;
	}
	case 3: { // results near the overflow threshold
		int e = below(8) + 124, ex = below(120);
		if (k == 2)
			x = withExp(sgn(), e - ex + 60), y = withExp(sgn(), -ex + 60);
		else
			x = withExp(sgn(), ex), y = withExp(sgn(), e - ex);
		z = withExp(sgn(), e + below(5) - 3);
		break;
	}
	default: // subnormal operands
		x = withExp(sgn(), -130 - below(20)), y = withExp(sgn(), below(60) - 30), z = withExp(sgn(), -140 + below(20));
		break;
	}
	if (k == 4)
		x &= 0x7fffffffu;
}

// Half edge cases (bits): zeros, subnormals, the normal range's ends,
// values around 1, Inf and NaNs (quiet, signalling, negative, with a
// payload); with negatives.
static const unsigned edgeHalf[] = {
	0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x0401,
	0x3c00, 0xbc00, 0x3c01, 0xbbff, 0x3555, 0xb555, 0x4200, 0x7800, 0x5bff, 0x1400,
	0x7bff, 0xfbff, 0x7bfe, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff, 0xfe12,
};
static const int nEdgeHalf = sizeof edgeHalf / sizeof edgeHalf[0];

// halfWithExp returns the bits of a half with a random significand, the
// given sign and unbiased exponent; below -14 a subnormal of that size
// (zero below -24), above 15 the largest finite half.
static unsigned halfWithExp(bool neg, int e)
{
	unsigned b;
	if (e > 15)
		b = 0x7bff;
	else if (e >= -14)
		b = (unsigned)(e + 15) << 10 | (next32() & 0x3ffu);
	else if (e >= -24) {
		unsigned lead = 1u << (e + 24);
		b = lead | (next32() & (lead - 1));
	} else
		b = 0;
	return b | (neg ? 0x8000u : 0);
}

static unsigned anyHalf() { return next32() >> 16; }

// randomHalves draws three half operands: any bits, close exponents (sums
// that cancel or round), or products near the underflow or the overflow
// threshold.
static void randomHalves(unsigned &x, unsigned &y, unsigned &z)
{
	auto sgn = [] { return below(2) == 0; };
	switch (below(4)) {
	case 0:
		x = anyHalf(), y = anyHalf(), z = anyHalf();
		break;
	case 1: {
		int e = below(30) - 14;
		x = halfWithExp(sgn(), e), y = halfWithExp(sgn(), e + below(13) - 6), z = halfWithExp(sgn(), e + below(13) - 6);
		break;
	}
	case 2: {
		int e = below(20) - 30, ex = below(20) - 10;
		x = halfWithExp(sgn(), ex), y = halfWithExp(sgn(), e - ex), z = halfWithExp(sgn(), e + below(6) - 3);
		break;
	}
	default: {
		int e = below(4) + 14, ex = below(16);
		x = halfWithExp(sgn(), ex), y = halfWithExp(sgn(), e - ex), z = halfWithExp(sgn(), e + below(3) - 1);
		break;
	}
	}
}

// halfCases adds the half-precision cases, after all others so that the
// earlier cases' pseudo-random sample stays what it was.
static void halfCases()
{
	const int binary[] = {OP_hadd, OP_hsub, OP_hmul, OP_hmax, OP_hmin, OP_heq, OP_hne, OP_hlt, OP_hle,
		OP_hgt, OP_hge, OP_hequ, OP_hneu, OP_hltu, OP_hleu, OP_hgtu, OP_hgeu};
	const int unary[] = {OP_hneg, OP_habs, OP_hisnan, OP_hisinf};
	for (int i = 0; i < nEdgeHalf; i++)
		for (int j = 0; j < nEdgeHalf; j++)
			for (int op : binary)
				add(op, edgeHalf[i], edgeHalf[j]);
	for (int i = 0; i < 1000; i++) {
		unsigned x, y, z;
		randomHalves(x, y, z);
		for (int op : binary)
			add(op, x, y);
	}
	const unsigned fe[] = {0x0000, 0x8000, 0x0001, 0x83ff, 0x3c00, 0xbc01, 0x4200, 0x1400, 0xd800,
		0x7bff, 0x7c00, 0x7e00};
	for (unsigned x : fe)
		for (unsigned y : fe)
			for (unsigned z : fe)
				add(OP_hfma, x, y, z);
	for (int i = 0; i < 1500; i++) {
		unsigned x, y, z;
		randomHalves(x, y, z);
		add(OP_hfma, x, y, z);
	}
	// hfma: products of few significant bits, so that many are ties or
	// near them, plus a small addend: a single rounding or two differ.
	for (int i = 0; i < 500; i++) {
		unsigned x = halfWithExp(below(2) == 0, below(20) - 10) & ~0x1fu;
		unsigned y = halfWithExp(below(2) == 0, below(20) - 10) & ~0x1fu;
		int ex = (int)(x >> 10 & 0x1f) - 15, ey = (int)(y >> 10 & 0x1f) - 15;
		add(OP_hfma, x, y, halfWithExp(below(2) == 0, ex + ey - 11 - below(8)));
	}
	std::vector<unsigned> hs(edgeHalf, edgeHalf + nEdgeHalf);
	for (unsigned h = 0; h < 0x10000; h += 37)
		hs.push_back(h);
	for (unsigned h = 0x7c01; h < 0x8000; h += 29)
		hs.push_back(h), hs.push_back(h | 0x8000);
	for (unsigned h : hs)
		for (int op : unary)
			add(op, h);
	// half2: the lanes are independent; edge pairs in both lanes, then a
	// random sample.
	for (int i = 0; i < nEdgeHalf; i++)
		for (int j = 0; j < nEdgeHalf; j++) {
			unsigned a = edgeHalf[i] | edgeHalf[j] << 16, b = edgeHalf[j] | edgeHalf[(i + j) % nEdgeHalf] << 16;
			unsigned c = edgeHalf[(i * j) % nEdgeHalf] | edgeHalf[i] << 16;
			add(OP_hadd2, a, b), add(OP_hsub2, a, b), add(OP_hmul2, a, b), add(OP_hfma2, a, b, c);
			add(OP_hneg2, a), add(OP_habs2, b);
		}
	for (int i = 0; i < 400; i++) {
		unsigned x, y, z, x2, y2, z2;
		randomHalves(x, y, z);
		randomHalves(x2, y2, z2);
		unsigned a = x | x2 << 16, b = y | y2 << 16, c = z | z2 << 16;
		add(OP_hadd2, a, b), add(OP_hsub2, a, b), add(OP_hmul2, a, b), add(OP_hfma2, a, b, c);
		add(OP_hneg2, a), add(OP_habs2, b);
	}
}

static void buildCases()
{
	// Bit counts and reversals.
	for (int i = 0; i < nEdgeU32; i++) {
		unsigned x = edgeU32[i];
		unsigned long long w[] = {x, (unsigned long long)x << 32, (unsigned long long)x << 32 | x, ~(unsigned long long)x};
		for (int op : {OP_popc, OP_clz, OP_ffs, OP_brev})
			add(op, x);
		for (unsigned long long v : w)
			for (int op : {OP_popcll, OP_clzll, OP_ffsll, OP_brevll})
				add(op, v);
	}
	for (int i = 0; i < 100; i++) {
		unsigned x = next32();
		unsigned long long v = next64();
		for (int op : {OP_popc, OP_clz, OP_ffs, OP_brev})
			add(op, x);
		for (int op : {OP_popcll, OP_clzll, OP_ffsll, OP_brevll})
			add(op, v);
	}

	// __byte_perm: every value of every selector nibble, on inputs whose
	// bytes differ and have their sign bits both set and clear.
	const unsigned bx[] = {0x03020100, 0x8381f07f, 0xdeadbeef}, by[] = {0x07060504, 0xc7a6e5d4, 0x01234567};
	for (int p = 0; p < 3; p++) {
		for (int n = 0; n < 4; n++)
			for (unsigned v = 0; v < 16; v++) {
				unsigned s = (0x3210u & ~(0xfu << 4 * n)) | v << 4 * n;
				add(OP_byte_perm, bx[p], by[p], s);
				add(OP_byte_perm, bx[p], by[p], s | 0xabcd0000u);
			}
		for (int i = 0; i < 100; i++)
			add(OP_byte_perm, bx[p], by[p], next32());
	}

	// Funnel shifts at the wrap and clamp boundaries.
	const unsigned shifts[] = {0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100, 1000, 0x80000000u, 0xffffffffu};
	unsigned lo[24] = {0x12345678, 0xffffffff, 0, 1}, hi[24] = {0x9abcdef0, 0, 0xffffffff, 0x80000000};
	for (int i = 4; i < 24; i++)
		lo[i] = next32(), hi[i] = next32();
	for (int i = 0; i < 24; i++)
		for (unsigned s : shifts)
			for (int op : {OP_funnelshift_l, OP_funnelshift_lc, OP_funnelshift_r, OP_funnelshift_rc})
				add(op, lo[i], hi[i], s);

	// Multiplications and sums of absolute differences.
	for (int i = 0; i < nEdgeU32; i++)
		for (int j = 0; j < nEdgeU32; j++) {
			unsigned x = edgeU32[i], y = edgeU32[j];
			for (int op : {OP_mulhi, OP_umulhi, OP_mul24, OP_umul24})
				add(op, x, y);
			add(OP_mul64hi, (unsigned long long)x << 32 | y, ~(unsigned long long)y << 16 ^ x);
			add(OP_umul64hi, (unsigned long long)x << 32 | y, ~(unsigned long long)y << 16 ^ x);
			add(OP_sad, x, y, edgeU32[(i + j) % nEdgeU32]);
			add(OP_usad, x, y, edgeU32[(i * j) % nEdgeU32]);
		}
	for (int i = 0; i < 150; i++) {
		unsigned x = next32(), y = next32(), z = next32();
		for (int op : {OP_mulhi, OP_umulhi, OP_mul24, OP_umul24})
			add(op, x, y);
		add(OP_mul64hi, next64(), next64());
		add(OP_umul64hi, next64(), next64());
		add(OP_sad, x, y, z);
		add(OP_usad, x, y, z);
	}

	// float <-> half.
	const float f2h[] = {
		0.0f, -0.0f, 1.0f, 65504.0f, -65504.0f, 65519.0f, 65520.0f, -65520.0f, 65535.0f,
		1e6f, -1e6f, 0x1p-24f, 0x1p-25f, -0x1p-25f, 0x1.8p-25f, 0x1p-26f, 0x1p-149f, -0x1p-149f,
		0x1.8p-24f, 0x1.4p-23f, 0x1.ff8p-15f, 0x1.ffcp-15f, 0x1p-14f, 1 + 0x1p-11f, 1 + 0x1.8p-10f,
		1 + 0x1p-11f + 0x1p-23f, -1 - 0x1p-11f, 0.1f, -0.1f, 2049.0f, 2051.0f,
	};
	const int halfEnds[] = {-25, -24, -26, -15, -14, 15, 16};
	std::vector<unsigned> hv;
	for (float f : f2h)
		hv.push_back(fbits(f));
	for (unsigned b : edgeF32())
		hv.push_back(b);
	hv.push_back(0x7fbfe000u);
	for (int i = 0; i < 1200; i++) {
		switch (i % 3) {
		case 0: hv.push_back(next32()); break;
		case 1: hv.push_back(withExp(below(2) == 0, below(46) - 28)); break;
		default: hv.push_back(withExp(below(2) == 0, halfEnds[below(7)])); break;
		}
	}
	for (unsigned b : hv)
		for (int op : {OP_float2half_rn, OP_float2half_rz, OP_float2half_ru, OP_float2half_rd})
			add(op, b);
	for (unsigned h = 0; h < 0x10000; h += 13)
		add(OP_half2float, h);
	for (unsigned h : {0x7c01u, 0x7e00u, 0x7fffu, 0xfc01u, 0xfe00u, 0xffffu, 0x0001u, 0x8001u, 0x03ffu, 0x7bffu, 0x7c00u, 0xfc00u, 0x8000u})
		add(OP_half2float, h);

	// Rounded arithmetic: the edge cases in all combinations (triples of a
	// smaller set for fmaf), then the random sample.
	std::vector<unsigned> e = edgeF32();
	const int add4[] = {OP_fadd_rn, OP_fadd_rz, OP_fadd_ru, OP_fadd_rd};
	const int sub4[] = {OP_fsub_rn, OP_fsub_rz, OP_fsub_ru, OP_fsub_rd};
	const int mul4[] = {OP_fmul_rn, OP_fmul_rz, OP_fmul_ru, OP_fmul_rd};
	const int div4[] = {OP_fdiv_rn, OP_fdiv_rz, OP_fdiv_ru, OP_fdiv_rd};
	const int fma4[] = {OP_fmaf_rn, OP_fmaf_rz, OP_fmaf_ru, OP_fmaf_rd};
	const int rcp4[] = {OP_frcp_rn, OP_frcp_rz, OP_frcp_ru, OP_frcp_rd};
	const int sqrt4[] = {OP_fsqrt_rn, OP_fsqrt_rz, OP_fsqrt_ru, OP_fsqrt_rd};
	for (unsigned x : e)
		for (int m = 0; m < 4; m++)
			add(rcp4[m], x), add(sqrt4[m], x);
	for (unsigned x : edgePair)
		for (unsigned y : edgePair)
			for (int m = 0; m < 4; m++)
				add(add4[m], x, y), add(sub4[m], x, y), add(mul4[m], x, y), add(div4[m], x, y);
	const unsigned fe[] = {0x00000000, 0x80000000, 0x00000001, 0x3f800000, 0xbf800001,
		0x40400000, 0x1c800000, 0xdf800000, 0x7f7fffff, 0x7f800000};
	for (unsigned x : fe)
		for (unsigned y : fe)
			for (unsigned z : fe)
				for (int m = 0; m < 4; m++)
					add(fma4[m], x, y, z);
	for (int i = 0; i < 300; i++) {
		unsigned x, y, z;
		for (int m = 0; m < 4; m++) {
			randomOperands(0, x, y, z), add(add4[m], x, y), add(sub4[m], x, y);
			randomOperands(1, x, y, z), add(mul4[m], x, y);
			randomOperands(2, x, y, z), add(div4[m], x, y), add(rcp4[m], y);
			randomOperands(3, x, y, z), add(fma4[m], x, y, z);
			randomOperands(4, x, y, z), add(sqrt4[m], x);
		}
	}
	// fmaf: products that are float32 ties, plus a tiny addend.
	for (int i = 0; i < 250; i++) {
		unsigned x = withExp(below(2) == 0, below(100) - 50) & ~0x3ffu;
		unsigned y = withExp(below(2) == 0, below(100) - 50) & ~0x3ffu;
		int ex = (int)(x >> 23 & 0xff) - 127, ey = (int)(y >> 23 & 0xff) - 127;
		unsigned z = withExp(below(2) == 0, ex + ey - 30 - below(60));
		for (int m = 0; m < 4; m++)
			add(fma4[m], x, y, z);
	}

	// Fast approximate functions, inside the domains CUDA documents bounds
	// for: __sinf and __cosf on [-pi, pi], __expf where the result is a
	// normal float, __logf on [0.5, 2] and all positive normals,
	// __fdividef for |y| in [2^-126, 2^126] and its zero range above.
	for (int i = 0; i < 1000; i++) {
		float x = (float)(-3.14159265358979 + 6.28318530717959 * i / 999);
		add(OP_sinf, fbits(x));
		add(OP_cosf, fbits(x));
	}
	for (int i = 0; i < 500; i++) {
		add(OP_expf, fbits((float)(-87.0 + 175.5 * i / 499)));
		add(OP_logf, fbits((float)(0.5 + 1.5 * i / 499)));
		add(OP_logf, 0x00800000u + (unsigned)((0x7f7fffffu - 0x00800000u) / 499.0 * i));
		add(OP_rsqrtf, 1u + (unsigned)((0x7f7fffffu - 1u) / 499.0 * i));
		unsigned y = withExp(below(2) == 0, below(252) - 126);
		int ey = (int)(y >> 23 & 0xff) - 127;
		int ex = ey + below(60) - 30;
		ex = ex < -100 ? -100 : ex > 100 ? 100 : ex;
		add(OP_fdividef, withExp(below(2) == 0, ex), y);
	}
	for (unsigned y : {0x7e800000u, 0x7f000000u, 0xfe800001u, 0x7f7fffffu, 0x7e7fffffu, 0x7f800000u})
		for (unsigned x : {0x3f800000u, 0xc0400000u, 0x7f800000u, 0x00000000u, 0x7f7fffffu})
			add(OP_fdividef, x, y);
	halfCases();
}

static void check(cudaError_t err, const char *what)
{
	if (err != cudaSuccess) {
		fprintf(stderr, "conformance: %s: %s\n", what, cudaGetErrorString(err));
		exit(1);
	}
}

int main()
{
	buildCases();
	int n = (int)cases.size();

	int dev = 0, runtime = 0, driver = 0;
	cudaDeviceProp prop;
	check(cudaGetDevice(&dev), "cudaGetDevice");
	check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
	check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
	check(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");

	Case *dcases;
	unsigned long long *dout;
	check(cudaMalloc(&dcases, n * sizeof(Case)), "cudaMalloc");
	check(cudaMalloc(&dout, n * sizeof(unsigned long long)), "cudaMalloc");
	check(cudaMemcpy(dcases, cases.data(), n * sizeof(Case), cudaMemcpyHostToDevice), "cudaMemcpy");
	run<<<(n + 255) / 256, 256>>>(dcases, dout, n);
	check(cudaGetLastError(), "launch");
	std::vector<unsigned long long> out(n);
	check(cudaMemcpy(out.data(), dout, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost), "cudaMemcpy");

	printf("# gocuda intrinsic conformance: golden vectors from real hardware\n");
	printf("# device: %s (compute capability %d.%d)\n", prop.name, prop.major, prop.minor);
	printf("# CUDA runtime %d, driver %d\n", runtime, driver);
	printf("# cases: %d\n", n);
	for (int i = 0; i < n; i++) {
		const OpInfo &op = opInfo[cases[i].op];
		unsigned long long args[3] = {cases[i].a, cases[i].b, cases[i].c};
		printf("%s", op.name);
		for (int j = 0; j < op.nargs; j++)
			printf(" %0*llx", op.argw, args[j]);
		printf(" = %0*llx\n", op.resw, out[i]);
	}
	return 0;
}
