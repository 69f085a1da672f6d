// micro.cu measures, on a real GPU, three figures package gpu's timing
// model takes from its preset or from G80: the latency of a dependent
// global load that hits L1, L2 or DRAM, the cost of __syncthreads for one
// block of 32 to 1024 threads, and the time of an empty kernel launch.
// docs/tutorials/timing.md holds them against the presets; nothing is
// fitted to them.
//
//	nvcc -O2 -arch=native -o micro micro.cu
//	./micro > micro_<gpu>.txt
//
// Loads: one thread follows a random cyclic chain (Sattolo's shuffle) of
// 128-byte slots over a region of 16 KiB (L1), 8 MiB (L2) or 256 MiB
// (DRAM, five times an H100's L2), 200000 loads, after one untimed pass
// over the two smaller regions to warm the caches; cycles per load by
// clock64. Barriers: one block on one SM runs 4096 __syncthreads, each
// thread adding to a register between them;
// cycles per barrier by thread 0's clock64, less the same loop without
// barriers. Launches: 2000 launches of an empty kernel<<<1, 32>>> between
// two CUDA events, after 100 untimed.
//
// Output: comment lines starting with '#', then
//
//	load <bytes> : <cycles per load>
//	barrier <threads> : <cycles per barrier>
//	launch : <µs per launch>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <random>
#include <vector>

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "micro: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

const int slotWords = 32; // 128 bytes of unsigned

// chase follows the chain steps times from slot 0 and returns the cycles
// per load in *cycles; *sink keeps the chain live.
__global__ void chase(const unsigned *next, long steps, double *cycles, unsigned *sink)
{
	unsigned p = 0;
	long long t0 = clock64();
	for (long i = 0; i < steps; i++)
		p = next[p];
	long long t1 = clock64();
	*cycles = (double)(t1 - t0) / steps;
	*sink = p;
}

// barriers runs iters iterations of an add, with a __syncthreads after
// each when sync is set, and thread 0 writes the cycles they took.
__global__ void barriers(int iters, bool sync, long long *cycles, int *sink)
{
	int acc = threadIdx.x;
	__syncthreads();
	long long t0 = clock64();
	for (int i = 0; i < iters; i++) {
		acc = acc * 3 + i;
		if (sync)
			__syncthreads();
	}
	long long t1 = clock64();
	if (threadIdx.x == 0)
		*cycles = t1 - t0;
	if (acc == 12345)
		*sink = acc;
}

__global__ void empty() {}

static void measureLoad(size_t bytes)
{
	size_t slots = bytes / (slotWords * sizeof(unsigned));
	std::vector<unsigned> order(slots);
	for (size_t i = 0; i < slots; i++)
		order[i] = (unsigned)i;
	std::mt19937_64 rng(1);
	for (size_t i = slots - 1; i > 0; i--) // Sattolo: one cycle through all
		std::swap(order[i], order[std::uniform_int_distribution<size_t>(0, i - 1)(rng)]);
	std::vector<unsigned> next(slots * slotWords, 0);
	for (size_t i = 0; i < slots; i++)
		next[(size_t)order[i] * slotWords] = order[(i + 1) % slots] * slotWords;
	unsigned *d, *sink;
	double *cycles;
	check(cudaMalloc(&d, next.size() * sizeof(unsigned)), "cudaMalloc");
	check(cudaMalloc(&sink, sizeof(unsigned)), "cudaMalloc");
	check(cudaMalloc(&cycles, sizeof(double)), "cudaMalloc");
	check(cudaMemcpy(d, next.data(), next.size() * sizeof(unsigned), cudaMemcpyHostToDevice), "cudaMemcpy");
	long steps = 200000; // the chain is a cycle: a small region is walked many times
	if (bytes <= (8u << 20))
		chase<<<1, 1>>>(d, slots, cycles, sink); // warm: every slot once
	chase<<<1, 1>>>(d, steps, cycles, sink);
	check(cudaGetLastError(), "chase launch");
	double c;
	check(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost), "cudaMemcpy");
	printf("load %zu : %.1f\n", bytes, c);
	check(cudaFree(d), "cudaFree");
	check(cudaFree(sink), "cudaFree");
	check(cudaFree(cycles), "cudaFree");
}

static void measureBarrier(int threads)
{
	const int iters = 4096;
	long long *cycles, with, without;
	int *sink;
	check(cudaMalloc(&cycles, sizeof(long long)), "cudaMalloc");
	check(cudaMalloc(&sink, sizeof(int)), "cudaMalloc");
	barriers<<<1, threads>>>(iters, true, cycles, sink); // warm
	barriers<<<1, threads>>>(iters, true, cycles, sink);
	check(cudaMemcpy(&with, cycles, sizeof with, cudaMemcpyDeviceToHost), "cudaMemcpy");
	barriers<<<1, threads>>>(iters, false, cycles, sink);
	check(cudaMemcpy(&without, cycles, sizeof without, cudaMemcpyDeviceToHost), "cudaMemcpy");
	printf("barrier %d : %.1f\n", threads, (double)(with - without) / iters);
	check(cudaFree(cycles), "cudaFree");
	check(cudaFree(sink), "cudaFree");
}

static void measureLaunch()
{
	const int n = 2000;
	cudaEvent_t a, b;
	check(cudaEventCreate(&a), "cudaEventCreate");
	check(cudaEventCreate(&b), "cudaEventCreate");
	for (int i = 0; i < 100; i++)
		empty<<<1, 32>>>();
	check(cudaEventRecord(a), "cudaEventRecord");
	for (int i = 0; i < n; i++)
		empty<<<1, 32>>>();
	check(cudaEventRecord(b), "cudaEventRecord");
	check(cudaEventSynchronize(b), "cudaEventSynchronize");
	float ms;
	check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
	printf("launch : %.2f\n", ms * 1000 / n);
}

int main()
{
	int dev = 0, runtime = 0, clockKHz = 0, memKHz = 0;
	cudaDeviceProp prop;
	check(cudaGetDevice(&dev), "cudaGetDevice");
	check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
	check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
	check(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, dev), "cudaDeviceGetAttribute");
	check(cudaDeviceGetAttribute(&memKHz, cudaDevAttrMemoryClockRate, dev), "cudaDeviceGetAttribute");
	printf("# gocuda timing-model microbenchmarks\n");
	printf("# device: %s (compute capability %d.%d), %d SMs, SM clock %d MHz, memory clock %d MHz, L2 %d KiB\n",
		prop.name, prop.major, prop.minor, prop.multiProcessorCount, clockKHz / 1000, memKHz / 1000,
		prop.l2CacheSize / 1024);
	printf("# CUDA runtime %d\n", runtime);
	for (size_t bytes : {(size_t)16 << 10, (size_t)8 << 20, (size_t)256 << 20})
		measureLoad(bytes);
	for (int threads = 32; threads <= 1024; threads *= 2)
		measureBarrier(threads);
	measureLaunch();
	check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
	return 0;
}
