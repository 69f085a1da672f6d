// micro.cu measures, on a real GPU, figures package gpu's timing model
// takes from its preset or from G80: the latency of a dependent global
// load that hits L1, L2 or DRAM, the cost of __syncthreads for one block
// of 32 to 1024 threads, Hong and Kim's departure delays (how much later
// the last of several warps' loads completes than the first's), the cost
// of a shared-memory bank conflict, and the time of an empty kernel
// launch. docs/tutorials/timing.md holds them against the presets;
// nothing is fitted to them.
//
//	nvcc -O2 -arch=native -o micro micro.cu
//	./micro > micro_<gpu>.txt
//
// Loads: one thread follows a random cyclic chain (Sattolo's shuffle) of
// 128-byte slots over a region of 16 KiB (L1), 8 MiB (L2) or 256 MiB
// (DRAM, five times an H100's L2), 200000 loads, after one untimed pass
// over the two smaller regions to warm the caches; cycles per load by
// clock64.
//
// Barriers: one block on one SM runs 4096 __syncthreads, each thread
// adding to a register between them; cycles per barrier by thread 0's
// clock64, less the same loop without barriers.
//
// Departures: one block of 1 to 32 warps, 64 rounds; in each, between two
// barriers, every lane loads one word from DRAM (__ldcg, an address used
// once; 128 MiB written before the launch evicts the L2), its 32 lanes in
// one 128-byte line (coalesced) or in 32 lines (uncoalesced). The median
// round's cycles less the median round of the barriers alone: the slope
// over the warps is the departure delay per request (coalesced) or per
// transaction (uncoalesced).
//
// Banks: one warp reads volatile shared memory 1024 times at a stride of
// 1 to 32 words (1- to 32-way bank conflicts); cycles per read.
//
// Launches: 2000 launches of an empty kernel<<<1, 32>>> between two CUDA
// events, after 100 untimed.
//
// Output: comment lines starting with '#', then
//
//	load <bytes> : <cycles per load>
//	barrier <threads> : <cycles per barrier>
//	departure coalesced|uncoalesced <warps> : <cycles of a round>
//	banks <stride> : <cycles per read>
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

// departure has each of the block's warps load one word per lane from
// DRAM, each address used once in the whole run, between two barriers,
// round after round; thread 0 times each round. coalesced: a warp's lanes
// read one 128-byte line; otherwise each lane its own line. load == false
// times the barriers alone.
__global__ void departure(const unsigned *buf, int rounds, bool coalesced, bool load, long long *cycles,
	unsigned *sink)
{
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
	unsigned acc = 0;
	for (int r = 0; r < rounds; r++) {
		size_t line = (size_t)r * warps * 32 + (coalesced ? warp : warp * 32 + lane); // 128-byte lines
		__syncthreads();
		long long t0 = clock64();
		if (load) {
			unsigned x = __ldcg(buf + line * 32 + (coalesced ? lane : 0));
			if (x == 0xdeadbeef) // a store the barrier cannot pass: the load completes before it
				*sink = x;
			acc += x;
		}
		__syncthreads();
		long long t1 = clock64();
		if (threadIdx.x == 0)
			cycles[r] = t1 - t0;
	}
	if (acc == 0xdeadbeef)
		*sink = acc;
}

// banks has one warp read shared memory at a stride of stride words, a
// stride-way bank conflict for a power of two up to 32: 1024 reads per
// lane, timed.
__global__ void banks(int stride, long long *cycles, unsigned *sink)
{
	__shared__ unsigned sh[32 * 32];
	for (int i = threadIdx.x; i < 32 * 32; i += 32)
		sh[i] = i;
	__syncwarp();
	volatile unsigned *v = sh;
	unsigned acc = 0, at = (threadIdx.x * stride) % (32 * 32);
	long long t0 = clock64();
	for (int i = 0; i < 1024; i++)
		acc += v[at];
	long long t1 = clock64();
	if (threadIdx.x == 0)
		*cycles = t1 - t0;
	if (acc == 0xdeadbeef)
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

// medianOf returns the median of v.
static long long medianOf(std::vector<long long> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

// measureDeparture prints, for blocks of 1 to 32 warps, the median cycles
// of a round of one load per lane between barriers, less a round of the
// barriers alone.
static void measureDeparture(bool coalesced)
{
	const int rounds = 64;
	const size_t flushBytes = (size_t)128 << 20; // written before each launch: twice the L2
	size_t lines = (size_t)rounds * 32 * 32;    // every round of the largest block, a line a lane
	unsigned *buf, *flush, *sink;
	long long *cycles;
	check(cudaMalloc(&buf, lines * 128), "cudaMalloc");
	check(cudaMemset(buf, 1, lines * 128), "cudaMemset");
	check(cudaMalloc(&flush, flushBytes), "cudaMalloc");
	check(cudaMalloc(&sink, sizeof(unsigned)), "cudaMalloc");
	check(cudaMalloc(&cycles, rounds * sizeof(long long)), "cudaMalloc");
	std::vector<long long> with(rounds), without(rounds);
	for (int warps = 1; warps <= 32; warps *= 2) {
		departure<<<1, 32 * warps>>>(buf, rounds, coalesced, false, cycles, sink);
		check(cudaMemcpy(without.data(), cycles, rounds * sizeof(long long), cudaMemcpyDeviceToHost), "cudaMemcpy");
		check(cudaMemset(flush, warps, flushBytes), "cudaMemset");
		departure<<<1, 32 * warps>>>(buf, rounds, coalesced, true, cycles, sink);
		check(cudaGetLastError(), "departure launch");
		check(cudaMemcpy(with.data(), cycles, rounds * sizeof(long long), cudaMemcpyDeviceToHost), "cudaMemcpy");
		printf("departure %s %d : %lld\n", coalesced ? "coalesced" : "uncoalesced", warps,
			medianOf(with) - medianOf(without));
	}
	check(cudaFree(buf), "cudaFree");
	check(cudaFree(flush), "cudaFree");
	check(cudaFree(sink), "cudaFree");
	check(cudaFree(cycles), "cudaFree");
}

// measureBanks prints the cycles per warp-wide shared read at strides of
// 1 to 32 words (1- to 32-way bank conflicts).
static void measureBanks()
{
	long long *cycles, c;
	unsigned *sink;
	check(cudaMalloc(&cycles, sizeof(long long)), "cudaMalloc");
	check(cudaMalloc(&sink, sizeof(unsigned)), "cudaMalloc");
	for (int stride = 1; stride <= 32; stride *= 2) {
		banks<<<1, 32>>>(stride, cycles, sink); // warm
		banks<<<1, 32>>>(stride, cycles, sink);
		check(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost), "cudaMemcpy");
		printf("banks %d : %.1f\n", stride, c / 1024.0);
	}
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
	measureDeparture(true);
	measureDeparture(false);
	measureBanks();
	measureLaunch();
	check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
	return 0;
}
