// harris_reduction.cu times Harris's seven reduction kernels ("Optimizing
// Parallel Reduction in CUDA", the CUDA SDK's reduction sample, kernels
// reduce0 to reduce6) on a real GPU, as docs/tutorials/timing.md's table
// has them on the 8800 GTX, so that package gpu's predictions for a modern
// preset can be held against a measurement.
//
//	nvcc -O2 -arch=native -o harris harris_reduction.cu
//	./harris > harris_<gpu>.txt
//
// Each kernel reduces n ints in passes, each pass's block sums becoming the
// next pass's input, until one value is left; the time is the median of 50
// runs of all the passes (CUDA events), after three runs not timed. Kernel
// 7 runs its first pass on a fixed number of blocks (the SDK's 64, and one
// that fills the GPU), each thread adding a grid-stride run first. Each
// run's sum is checked against the host's.
//
// The warp-synchronous tails (kernels 5 to 7) use volatile shared memory
// without __syncwarp, as Harris wrote them for GPUs whose warps run in
// lockstep; the sum check says whether this GPU still gives their result.
//
// Output: comment lines starting with '#', then one line per case:
//
//	kernel n threads blocks1 : median_ms min_ms GB/s
//
// blocks1 is the first pass's block count, GB/s is n*4 bytes over the
// median time.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                                  \
	do {                                                                          \
		cudaError_t e = (x);                                                      \
		if (e != cudaSuccess) {                                                   \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
			exit(1);                                                              \
		}                                                                         \
	} while (0)

// Kernel 1: interleaved addressing, divergent branching.
__global__ void reduce0(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Kernel 2: interleaved addressing, strided index (bank conflicts).
__global__ void reduce1(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		unsigned index = 2 * s * tid;
		if (index < blockDim.x) sdata[index] += sdata[index + s];
		__syncthreads();
	}
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Kernel 3: sequential addressing.
__global__ void reduce2(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s) sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Kernel 4: first add during global load.
__global__ void reduce3(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
	int sum = i < n ? in[i] : 0;
	if (i + blockDim.x < n) sum += in[i + blockDim.x];
	sdata[tid] = sum;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0) out[blockIdx.x] = sum;
}

__device__ void warpReduce(volatile int *sdata, unsigned tid, unsigned blockSize) {
	if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
	if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
	if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
	if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
	if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
	if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

// Kernel 5: unroll the last warp.
__global__ void reduce4(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
	int sum = i < n ? in[i] : 0;
	if (i + blockDim.x < n) sum += in[i + blockDim.x];
	sdata[tid] = sum;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
		__syncthreads();
	}
	if (tid < 32) warpReduce(sdata, tid, blockDim.x);
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <unsigned blockSize> __device__ void treeReduce(int *sdata, unsigned tid) {
	if (blockSize >= 512) {
		if (tid < 256) sdata[tid] += sdata[tid + 256];
		__syncthreads();
	}
	if (blockSize >= 256) {
		if (tid < 128) sdata[tid] += sdata[tid + 128];
		__syncthreads();
	}
	if (blockSize >= 128) {
		if (tid < 64) sdata[tid] += sdata[tid + 64];
		__syncthreads();
	}
	if (tid < 32) warpReduce(sdata, tid, blockSize);
}

// Kernel 6: completely unrolled (block size a template parameter).
template <unsigned blockSize> __global__ void reduce5(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * (blockSize * 2) + threadIdx.x;
	int sum = i < n ? in[i] : 0;
	if (i + blockSize < n) sum += in[i + blockSize];
	sdata[tid] = sum;
	__syncthreads();
	treeReduce<blockSize>(sdata, tid);
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Kernel 7: multiple elements per thread (a grid-stride run of pairs).
template <unsigned blockSize> __global__ void reduce6(const int *in, int *out, unsigned n) {
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x, i = blockIdx.x * (blockSize * 2) + threadIdx.x;
	unsigned gridSize = blockSize * 2 * gridDim.x;
	int sum = 0;
	while (i < n) {
		sum += in[i];
		if (i + blockSize < n) sum += in[i + blockSize];
		i += gridSize;
	}
	sdata[tid] = sum;
	__syncthreads();
	treeReduce<blockSize>(sdata, tid);
	if (tid == 0) out[blockIdx.x] = sdata[0];
}

typedef void (*kernelFn)(const int *, int *, unsigned);

static kernelFn pick(int k, unsigned threads) {
	static kernelFn plain[] = {reduce0, reduce1, reduce2, reduce3, reduce4};
	if (k < 5) return plain[k];
	if (k == 5) return threads == 128 ? reduce5<128> : reduce5<256>;
	return threads == 128 ? reduce6<128> : reduce6<256>;
}

// run reduces n ints of a into one, in passes, and returns where the sum
// is; blocks7 is kernel 7's first pass's block count.
static int *run(int k, unsigned threads, unsigned blocks7, int *a, int *b, unsigned n, unsigned *first) {
	int *in = a, *out = b;
	bool pass1 = true;
	while (n > 1) {
		unsigned per = k >= 3 ? threads * 2 : threads;
		unsigned blocks = (n + per - 1) / per;
		if (k == 6 && pass1) blocks = std::min(blocks, blocks7);
		if (pass1) *first = blocks;
		pick(k, threads)<<<blocks, threads, threads * sizeof(int)>>>(in, out, n);
		n = blocks;
		std::swap(in, out);
		pass1 = false;
	}
	return in;
}

int main() {
	cudaDeviceProp p;
	CHECK(cudaGetDeviceProperties(&p, 0));
	int rt;
	CHECK(cudaRuntimeGetVersion(&rt));
	printf("# device %s, compute capability %d.%d, %d SMs, runtime %d\n", p.name, p.major, p.minor,
	       p.multiProcessorCount, rt);
	const unsigned maxN = 1u << 24;
	std::vector<int> host(maxN);
	unsigned long long seed = 1;
	for (auto &v : host) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		v = (int)(seed >> 33) % 1000;
	}
	int *src, *a, *b;
	CHECK(cudaMalloc(&src, maxN * sizeof(int)));
	CHECK(cudaMalloc(&a, maxN * sizeof(int)));
	CHECK(cudaMalloc(&b, maxN * sizeof(int)));
	CHECK(cudaMemcpy(src, host.data(), maxN * sizeof(int), cudaMemcpyHostToDevice));
	cudaEvent_t start, stop;
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	unsigned fill = 4 * p.multiProcessorCount;
	for (unsigned logN : {22u, 24u}) {
		unsigned n = 1u << logN;
		int want = 0;
		for (unsigned i = 0; i < n; i++) want += host[i];
		for (unsigned threads : {128u, 256u}) {
			for (int k = 0; k < 7; k++) {
				for (unsigned blocks7 : {64u, fill}) {
					if (k < 6 && blocks7 != 64) continue;
					std::vector<float> ms;
					unsigned first = 0;
					bool ok = true;
					for (int r = 0; r < 53; r++) {
						// a keeps the input: the passes write b, then a.
						CHECK(cudaMemcpy(a, src, n * sizeof(int), cudaMemcpyDeviceToDevice));
						CHECK(cudaEventRecord(start));
						int *sum = run(k, threads, blocks7, a, b, n, &first);
						CHECK(cudaEventRecord(stop));
						CHECK(cudaEventSynchronize(stop));
						CHECK(cudaGetLastError());
						int got;
						CHECK(cudaMemcpy(&got, sum, sizeof(int), cudaMemcpyDeviceToHost));
						float t;
						CHECK(cudaEventElapsedTime(&t, start, stop));
						if (got != want) ok = false;
						if (r >= 3) ms.push_back(t);
					}
					std::sort(ms.begin(), ms.end());
					float med = ms[ms.size() / 2];
					if (!ok) printf("# kernel %d n 2^%u threads %u: WRONG SUM\n", k + 1, logN, threads);
					printf("%d %u %u %u : %.4f %.4f %.1f\n", k + 1, n, threads, first, med, ms[0],
					       n * 4.0 / (med * 1e6));
				}
			}
		}
	}
	return 0;
}
