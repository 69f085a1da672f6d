// conformance.cu asks a real GPU for its answers to edge cases of
// package atomic's operations (atomicAdd on float and double, atomicInc,
// atomicDec, atomicCAS on a float's bits, atomicExch; atomicMin and
// atomicMax on int, unsigned, long long and unsigned long long,
// atomicAnd, atomicOr, atomicXor and atomicSub; and, since CUDA C++ has
// no atomicMin or atomicMax on floats, fminf and fmaxf applied in a CAS
// loop, the form CUDA code writes them in), each once on global and once
// on shared memory, and prints them in the line format that atomic's
// golden test reads (atomic/golden_test.go).
//
//	nvcc -O2 -arch=native -o conformance conformance.cu
//	./conformance > golden.txt
//
// Do not compile it with --use_fast_math or -ftz=true.
//
// Output: lines "op space old val [cmp] = stored returned", space being
// global or shared, every number in lowercase hex of its bits (8 digits
// for 32-bit values, 16 for 64-bit ones). Lines starting with '#' are
// comments; the first names the device and the toolkit.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <cuda_runtime.h>

enum Op { ADDF, ADDD, INC, DEC, CASF, EXCHF, MINS, MAXS, MINU, MAXU, MINSLL, MAXSLL, MINULL, MAXULL, AND, OR, XOR, SUB, MINF, MAXF };

// wide reports whether op's values are 64 bits wide.
__host__ __device__ bool wide(Op op) { return op == ADDD || op == MINSLL || op == MAXSLL || op == MINULL || op == MAXULL; }

// casFloat applies f to the float at p and v atomically, by a CAS loop
// that stores only a changed value, and returns the old bits.
template <typename F>
__device__ uint32_t casFloat(uint32_t *p, uint32_t vb, F f) {
	uint32_t old = *p;
	for (;;) {
		float o, v;
		memcpy(&o, &old, 4);
		memcpy(&v, &vb, 4);
		float r = f(o, v);
		uint32_t rb;
		memcpy(&rb, &r, 4);
		if (rb == old) return old;
		uint32_t seen = atomicCAS((unsigned *)p, old, rb);
		if (seen == old) return old;
		old = seen;
	}
}

struct Case {
	Op op;
	uint64_t old, val, cmp;
};

__device__ void apply(const Case &c, void *p, uint64_t *ret) {
	switch (c.op) {
	case ADDF: {
		float v;
		uint32_t b = (uint32_t)c.val;
		memcpy(&v, &b, 4);
		float r = atomicAdd((float *)p, v);
		uint32_t rb;
		memcpy(&rb, &r, 4);
		*ret = rb;
		break;
	}
	case ADDD: {
		double v;
		memcpy(&v, &c.val, 8);
		double r = atomicAdd((double *)p, v);
		memcpy(ret, &r, 8);
		break;
	}
	case INC: *ret = atomicInc((unsigned *)p, (unsigned)c.val); break;
	case DEC: *ret = atomicDec((unsigned *)p, (unsigned)c.val); break;
	case CASF: *ret = atomicCAS((unsigned *)p, (unsigned)c.cmp, (unsigned)c.val); break;
	case EXCHF: {
		float v;
		uint32_t b = (uint32_t)c.val;
		memcpy(&v, &b, 4);
		float r = atomicExch((float *)p, v);
		uint32_t rb;
		memcpy(&rb, &r, 4);
		*ret = rb;
		break;
	}
	case MINS: *ret = (uint32_t)atomicMin((int *)p, (int)(uint32_t)c.val); break;
	case MAXS: *ret = (uint32_t)atomicMax((int *)p, (int)(uint32_t)c.val); break;
	case MINU: *ret = atomicMin((unsigned *)p, (unsigned)c.val); break;
	case MAXU: *ret = atomicMax((unsigned *)p, (unsigned)c.val); break;
	case MINSLL: *ret = (uint64_t)atomicMin((long long *)p, (long long)c.val); break;
	case MAXSLL: *ret = (uint64_t)atomicMax((long long *)p, (long long)c.val); break;
	case MINULL: *ret = atomicMin((unsigned long long *)p, (unsigned long long)c.val); break;
	case MAXULL: *ret = atomicMax((unsigned long long *)p, (unsigned long long)c.val); break;
	case AND: *ret = atomicAnd((unsigned *)p, (unsigned)c.val); break;
	case OR: *ret = atomicOr((unsigned *)p, (unsigned)c.val); break;
	case XOR: *ret = atomicXor((unsigned *)p, (unsigned)c.val); break;
	case SUB: *ret = (uint32_t)atomicSub((int *)p, (int)(uint32_t)c.val); break;
	case MINF: *ret = casFloat((uint32_t *)p, (uint32_t)c.val, [](float a, float b) { return fminf(a, b); }); break;
	case MAXF: *ret = casFloat((uint32_t *)p, (uint32_t)c.val, [](float a, float b) { return fmaxf(a, b); }); break;
	}
}

// run applies each case once to global memory and once to shared memory,
// one thread, storing what memory holds after and the returned value.
__global__ void run(const Case *cs, int n, uint64_t *global, uint64_t *out) {
	__shared__ uint64_t sh;
	for (int i = 0; i < n; i++) {
		for (int space = 0; space < 2; space++) {
			uint64_t *p = space == 0 ? &global[i] : &sh;
			*p = cs[i].old;
			__threadfence();
			uint64_t ret = 0;
			apply(cs[i], p, &ret);
			__threadfence();
			out[4 * i + 2 * space] = *p;
			out[4 * i + 2 * space + 1] = ret;
		}
	}
}

static uint32_t f32(float f) {
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

static uint64_t f64(double f) {
	uint64_t b;
	memcpy(&b, &f, 8);
	return b;
}

int main() {
	static Case cs[256];
	int n = 0;
	const uint32_t fl[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu, 0x00800000u, 0x3f800000u, 0xbf800000u,
	                       0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7fc00001u, 0x33800000u};
	const int nf = sizeof fl / sizeof fl[0];
	for (int a = 0; a < nf; a++)
		for (int b = 0; b < nf; b++) cs[n++] = {ADDF, fl[a], fl[b], 0};
	const uint64_t dl[] = {0, f64(4.9e-324), f64(-4.9e-324), f64(2.2250738585072014e-308), f64(1), f64(-1),
	                       0x7ff8000000000000ull};
	Case more[128];
	int m = 0;
	for (uint64_t a : dl)
		for (uint64_t b : dl) more[m++] = {ADDD, a, b, 0};
	const uint32_t lim[] = {0, 1, 5, 0xfffffffeu, 0xffffffffu};
	for (uint32_t l : lim) {
		const uint32_t olds[] = {0, 1, l - 1, l, l + 1, 0xfffffffeu, 0xffffffffu};
		for (uint32_t o : olds) {
			more[m++] = {INC, o, l, 0};
			more[m++] = {DEC, o, l, 0};
		}
	}
	more[m++] = {CASF, f32(1), f32(2), f32(1)};
	more[m++] = {CASF, 0x7fc00000u, f32(2), 0x7fc00000u};
	more[m++] = {CASF, 0x80000000u, f32(2), 0};
	more[m++] = {EXCHF, 0x7fc00001u, 0x80000000u, 0};
	static Case extra[2048];
	int x = 0;
	const uint32_t ints[] = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu, 0x12345678u, 0xedcba987u};
	for (uint32_t a : ints)
		for (uint32_t b : ints) {
			for (Op op : {MINS, MAXS, MINU, MAXU, AND, OR, XOR, SUB}) extra[x++] = {op, a, b, 0};
		}
	const uint64_t longs[] = {0, 1, 0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull,
	                          0x00000000ffffffffull, 0xffffffff00000000ull};
	for (uint64_t a : longs)
		for (uint64_t b : longs)
			for (Op op : {MINSLL, MAXSLL, MINULL, MAXULL}) extra[x++] = {op, a, b, 0};
	const uint32_t fm[] = {0, 0x80000000u, 1, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
	                       0xffc00001u, 0x7f800001u};
	for (uint32_t a : fm)
		for (uint32_t b : fm) {
			extra[x++] = {MINF, a, b, 0};
			extra[x++] = {MAXF, a, b, 0};
		}
	printf("# atomic conformance\n");
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	int rt;
	cudaRuntimeGetVersion(&rt);
	printf("# device: %s (compute capability %d.%d), CUDA runtime %d\n", p.name, p.major, p.minor, rt);
	const char *names[] = {"addf", "addd", "inc", "dec", "casf", "exchf", "mins", "maxs", "minu", "maxu",
	                       "minsll", "maxsll", "minull", "maxull", "and", "or", "xor", "sub", "minf", "maxf"};
	for (int part = 0; part < 3; part++) {
		Case *src = part == 0 ? cs : part == 1 ? more : extra;
		int k = part == 0 ? n : part == 1 ? m : x;
		Case *dcs;
		uint64_t *glob, *out;
		cudaMalloc(&dcs, k * sizeof(Case));
		cudaMalloc(&glob, k * 8);
		cudaMalloc(&out, k * 32);
		cudaMemcpy(dcs, src, k * sizeof(Case), cudaMemcpyHostToDevice);
		run<<<1, 1>>>(dcs, k, glob, out);
		static uint64_t h[4 * 2048];
		if (cudaMemcpy(h, out, k * 32, cudaMemcpyDeviceToHost) != cudaSuccess) {
			printf("# error: %s\n", cudaGetErrorString(cudaGetLastError()));
			return 1;
		}
		for (int i = 0; i < k; i++) {
			const Case &c = src[i];
			int w = wide(c.op) ? 16 : 8;
			for (int space = 0; space < 2; space++) {
				printf("%s %s %0*llx %0*llx", names[c.op], space == 0 ? "global" : "shared", w,
				       (unsigned long long)c.old, w, (unsigned long long)c.val);
				if (c.op == CASF) printf(" %08llx", (unsigned long long)c.cmp);
				uint64_t mask = w == 8 ? 0xffffffffull : ~0ull;
				printf(" = %0*llx %0*llx\n", w, (unsigned long long)(h[4 * i + 2 * space] & mask), w,
				       (unsigned long long)(h[4 * i + 2 * space + 1] & mask));
			}
		}
	}
	return 0;
}
