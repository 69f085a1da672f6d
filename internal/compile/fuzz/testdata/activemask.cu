// activemask.cu asks a real GPU what __activemask returns in the kernel of
// the fuzzer's known bug "activemask-reconverge" (testdata/bugs/
// activemaskafterif.go.txt): once inside an if taken by lanes with
// lane%3 == 1, once after it. CUDA promises neither answer (convergence
// is not guaranteed); this records what nvcc and one GPU do.
//
//	nvcc -O2 -arch=native -o activemask activemask.cu && ./activemask
//
// activemask_h200.txt is its output on an NVIDIA H200 (CUDA 13.0).
//
// Output: per variant and block size, one line per warp (then, for loop,
// one line per lane: its trips' masks and the mask after the loop):
// "variant threads warp : inner after" in hex, inner and after being lane
// 1's (the first lane that takes the if) and lane 0's values; then whether
// every lane of the warp saw the same after.
#include <cstdio>

__global__ void plain(unsigned *out) {
	unsigned lane = threadIdx.x % 32, inner = 0;
	if (lane % 3 == 1) inner = __activemask();
	unsigned after = __activemask();
	out[2 * threadIdx.x] = inner;
	out[2 * threadIdx.x + 1] = after;
}

// work keeps the if from being predicated: a call the compiler keeps.
__device__ __noinline__ unsigned work(unsigned x) {
	for (int i = 0; i < 8; i++) x = x * 2654435761u + 1;
	return x;
}

__global__ void called(unsigned *out, unsigned *sink) {
	unsigned lane = threadIdx.x % 32, inner = 0;
	if (lane % 3 == 1) {
		sink[threadIdx.x] = work(lane);
		inner = __activemask();
	}
	unsigned after = __activemask();
	out[2 * threadIdx.x] = inner;
	out[2 * threadIdx.x + 1] = after;
}

// loop runs lane%4 trips of a loop calling __activemask, then calls it
// after the loop: out[4*lane+k] is trip k's mask, out[4*lane+3] the
// mask after (TestActiveMaskReconvergesAfterLoop in package gocuda).
__global__ void loop(unsigned *out) {
	unsigned lane = threadIdx.x % 32;
	for (unsigned k = 0; k < lane % 4; k++) out[4 * threadIdx.x + k] = __activemask();
	out[4 * threadIdx.x + 3] = __activemask();
}

int main() {
	unsigned *out, *sink;
	cudaMalloc(&out, 2 * 64 * sizeof(unsigned));
	cudaMalloc(&sink, 64 * sizeof(unsigned));
	for (int variant = 0; variant < 2; variant++) {
		for (int threads : {64, 48}) {
			cudaMemset(out, 0, 2 * 64 * sizeof(unsigned));
			if (variant == 0) plain<<<1, threads>>>(out);
			else called<<<1, threads>>>(out, sink);
			unsigned h[128];
			cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
			for (int w = 0; w * 32 < threads; w++) {
				bool same = true;
				int lanes = threads - 32 * w < 32 ? threads - 32 * w : 32;
				for (int l = 0; l < lanes; l++) same &= h[2 * (32 * w + l) + 1] == h[2 * 32 * w + 1];
				printf("%s %d %d : %08x %08x %s\n", variant ? "called" : "plain", threads, w,
				       h[2 * (32 * w + 1)], h[2 * 32 * w + 1], same ? "same" : "differs");
				if (!same)
					for (int l = 0; l < lanes; l++) printf("  lane %d after %08x\n", l, h[2 * (32 * w + l) + 1]);
			}
		}
	}
	unsigned *lo;
	cudaMalloc(&lo, 4 * 32 * sizeof(unsigned));
	cudaMemset(lo, 0, 4 * 32 * sizeof(unsigned));
	loop<<<1, 32>>>(lo);
	unsigned hl[128];
	cudaMemcpy(hl, lo, sizeof hl, cudaMemcpyDeviceToHost);
	for (int l = 0; l < 32; l++) {
		printf("loop 32 lane %d :", l);
		for (int k = 0; k < l % 4; k++) printf(" %08x", hl[4 * l + k]);
		printf(" after %08x\n", hl[4 * l + 3]);
	}
	printf("# %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
