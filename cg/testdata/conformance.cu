// conformance.cu asks a real GPU for cooperative groups' reductions and
// scans (cg::reduce, cg::inclusive_scan, cg::exclusive_scan) over tiles
// of 1 to 32 threads, coalesced groups of divergent branches, and binary
// and labeled partitions, on float and int values, and prints them in the
// line format that package cg's golden test reads (cg/golden_test.go):
// package cg says it applies the operators in the order CUDA's headers
// do, so that float results match a GPU's bit for bit.
//
//	nvcc -O2 -arch=native -o conformance conformance.cu
//	./conformance > golden.txt
//
// Each case is one launch of one block of 64 threads. Output: one line
// per case, "op group param seed : r0 ... r63", each ri lane i's result
// as 8 hex digits of its bits, "-" for a thread outside the group. op is
// reduce_plus_f, reduce_plus_i, reduce_less_i, reduce_greater_f,
// iscan_plus_f, escan_plus_f or iscan_plus_i; group is tile (param its
// size), coalesced (param: 0 every lane, 1 lanes with lane%3 != 0, 2
// lanes below 20), binary (param: the predicate lane%3 != 0 of a 32-thread
// tile) or labeled (param: labels lane%param). Lines starting with '#'
// are comments.
//
// Values: valueF(seed, thread) and valueI(seed, thread) below, which the
// Go test reimplements bit for bit.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

__host__ __device__ unsigned mix(unsigned x) {
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

// valueF is a float of magnitude 2^-20 to 2^19, either sign: sums of such
// depend on their order.
__host__ __device__ float valueF(unsigned seed, unsigned thread) {
	unsigned h = mix(seed * 977u + thread * 131u + 7u);
	float m = 1.0f + (float)(h & 0xffffu) / 65536.0f;
	int e = (int)((h >> 16) % 40u) - 20;
	float v = ldexpf(m, e);
	return (h >> 31) ? -v : v;
}

__host__ __device__ int valueI(unsigned seed, unsigned thread) { return (int)mix(seed * 131u + thread * 977u + 3u); }

enum Op { REDUCE_PLUS_F, REDUCE_PLUS_I, REDUCE_LESS_I, REDUCE_GREATER_F, ISCAN_PLUS_F, ESCAN_PLUS_F, ISCAN_PLUS_I, NOPS };
const char *opNames[] = {"reduce_plus_f", "reduce_plus_i", "reduce_less_i", "reduce_greater_f",
                         "iscan_plus_f", "escan_plus_f", "iscan_plus_i"};

template <typename G> __device__ unsigned apply(const G &g, int op, unsigned seed) {
	unsigned t = threadIdx.x;
	float f = valueF(seed, t);
	int i = valueI(seed, t);
	float rf = 0;
	int ri = 0;
	switch (op) {
	case REDUCE_PLUS_F: rf = cg::reduce(g, f, cg::plus<float>()); break;
	case REDUCE_PLUS_I: ri = cg::reduce(g, i, cg::plus<int>()); break;
	case REDUCE_LESS_I: ri = cg::reduce(g, i, cg::less<int>()); break;
	case REDUCE_GREATER_F: rf = cg::reduce(g, f, cg::greater<float>()); break;
	case ISCAN_PLUS_F: rf = cg::inclusive_scan(g, f, cg::plus<float>()); break;
	case ESCAN_PLUS_F: rf = cg::exclusive_scan(g, f, cg::plus<float>()); break;
	case ISCAN_PLUS_I: ri = cg::inclusive_scan(g, i, cg::plus<int>()); break;
	}
	if (op == REDUCE_PLUS_I || op == REDUCE_LESS_I || op == ISCAN_PLUS_I) return (unsigned)ri;
	unsigned b;
	memcpy(&b, &rf, 4);
	return b;
}

template <unsigned S> __global__ void tile(unsigned *out, int op, unsigned seed) {
	auto g = cg::tiled_partition<S>(cg::this_thread_block());
	out[threadIdx.x] = apply(g, op, seed);
}

__global__ void coalesced(unsigned *out, int op, unsigned seed, int kind) {
	unsigned lane = threadIdx.x % 32;
	bool in = kind == 0 || (kind == 1 && lane % 3 != 0) || (kind == 2 && lane < 20);
	if (in) {
		auto g = cg::coalesced_threads();
		out[threadIdx.x] = apply(g, op, seed);
	}
}

__global__ void binary(unsigned *out, int op, unsigned seed) {
	auto t32 = cg::tiled_partition<32>(cg::this_thread_block());
	auto g = cg::binary_partition(t32, threadIdx.x % 32 % 3 != 0);
	out[threadIdx.x] = apply(g, op, seed);
}

__global__ void labeled(unsigned *out, int op, unsigned seed, int labels) {
	auto t32 = cg::tiled_partition<32>(cg::this_thread_block());
	auto g = cg::labeled_partition(t32, (int)(threadIdx.x % 32) % labels);
	out[threadIdx.x] = apply(g, op, seed);
}

static void print(const char *op, const char *group, int param, unsigned seed, const unsigned *h, const bool *in) {
	printf("%s %s %d %u :", op, group, param, seed);
	for (int i = 0; i < 64; i++) {
		if (in[i]) printf(" %08x", h[i]);
		else printf(" -");
	}
	printf("\n");
}

int main() {
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	int rt;
	cudaRuntimeGetVersion(&rt);
	printf("# cooperative groups conformance: %s (compute capability %d.%d), CUDA runtime %d\n", p.name, p.major,
	       p.minor, rt);
	unsigned *out, h[64];
	bool all[64], in[64];
	for (int i = 0; i < 64; i++) all[i] = true;
	cudaMalloc(&out, 64 * 4);
	for (unsigned seed = 1; seed <= 4; seed++) {
		for (int op = 0; op < NOPS; op++) {
			const int sizes[] = {1, 2, 4, 8, 16, 32};
			for (int s : sizes) {
				switch (s) {
				case 1: tile<1><<<1, 64>>>(out, op, seed); break;
				case 2: tile<2><<<1, 64>>>(out, op, seed); break;
				case 4: tile<4><<<1, 64>>>(out, op, seed); break;
				case 8: tile<8><<<1, 64>>>(out, op, seed); break;
				case 16: tile<16><<<1, 64>>>(out, op, seed); break;
				case 32: tile<32><<<1, 64>>>(out, op, seed); break;
				}
				cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
				print(opNames[op], "tile", s, seed, h, all);
			}
			for (int kind = 0; kind < 3; kind++) {
				cudaMemset(out, 0, 64 * 4);
				coalesced<<<1, 64>>>(out, op, seed, kind);
				cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
				for (int i = 0; i < 64; i++) {
					int lane = i % 32;
					in[i] = kind == 0 || (kind == 1 && lane % 3 != 0) || (kind == 2 && lane < 20);
				}
				print(opNames[op], "coalesced", kind, seed, h, in);
			}
			binary<<<1, 64>>>(out, op, seed);
			cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
			print(opNames[op], "binary", 3, seed, h, all);
			for (int labels : {2, 5}) {
				labeled<<<1, 64>>>(out, op, seed, labels);
				cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
				print(opNames[op], "labeled", labels, seed, h, all);
			}
		}
	}
	cudaError_t e = cudaGetLastError();
	printf("# %s\n", cudaGetErrorString(e));
	return e == cudaSuccess ? 0 : 1;
}
