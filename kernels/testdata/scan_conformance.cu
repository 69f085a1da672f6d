// scan_conformance.cu asks a real GPU for its answers to the float32 block
// scans of package kernels (kernels/scan_block.go), and prints them in the
// line format that the package's golden test reads
// (kernels/scan_golden_test.go). The three kernels below are line-for-line
// translations of the Go ones, so a GPU adds the same float32 values in the
// same order, and the golden test requires gocuda's results to be
// bit-identical:
//
//   - hillisSteele: HillisSteeleScanKernel, the Hillis–Steele block scan of
//     P&H Appendix B, Figure B.8.7 (plus_scan), one element per thread;
//   - blelloch: BlellochScanKernel, Blelloch's work-efficient up-sweep and
//     down-sweep of GPU Gems 3, chapter 39 (Example 39-2, without the
//     bank-conflict padding), two elements per thread, power-of-two blocks;
//   - warpShuffle: WarpShuffleScanKernel, the CUDA samples' shfl_scan: warp
//     scans with __shfl_up_sync, one warp scans the warp totals, one element
//     per thread.
//
// Build and run it on a machine with an NVIDIA GPU (compute capability 7.0
// or later, for the *_sync shuffles) and the CUDA toolkit, and keep its
// output beside it as scan_golden.txt:
//
//	cd kernels/testdata
//	nvcc -O2 -arch=native -o scan_conformance scan_conformance.cu
//	./scan_conformance > scan_golden.txt
//
// No kernel multiplies a value: every floating-point operation is one
// float32 addition, so nvcc has nothing to contract into an FMA and
// -fmad=false is not needed. No input, and no partial sum other than an
// exact zero, is subnormal (inputs are 0 or at least 2^-20 in magnitude,
// and every sum is a multiple of 2^-43), so flush-to-zero cannot change a
// result either. Don't build with --use_fast_math all the same.
//
// Each case is one launch <<<ceil(n/per), block, shared>>> of one kernel
// over n inputs, per being the elements a block covers (block, or 2*block
// for blelloch), with a block-sums array of one element per block (the
// multi-block driver's sums). Output elements start as ffffffff bits, so an
// element a kernel never writes shows. Output: one line per case,
//
//	kernel inclusive n block seed : out0 out1 ... out(n-1) | sum0 ... sum(blocks-1)
//
// kernel is one of the names above, inclusive 1 or 0, n, block and seed in
// decimal, and every out and sum the float32's bits in 8 lowercase hex
// digits. Lines starting with '#' are comments; the first ones name the
// device and the toolkit.
//
// Input i of a case is inputBits(seed, i) below, which the Go test
// reimplements bit for bit: random signs, 23 random mantissa bits and 32
// binades of exponent (2^-20 to 2^11), with about one value in 16 a -0, so
// that almost every addition rounds and a different order of additions
// shows as different bits.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define WARP 32
#define FULL_MASK 0xffffffffu

enum Kernel { HILLIS_STEELE, BLELLOCH, WARP_SHUFFLE, NUM_KERNELS };
static const char *kernelName[NUM_KERNELS] = {"hillisSteele", "blelloch", "warpShuffle"};

// scanHillisSteele is Figure B.8.7's plus_scan: the inclusive scan in place
// of x[0..len), one element per thread. It returns x[i] for the calling
// thread i.
__device__ float scanHillisSteele(float *x, int len)
{
	int i = threadIdx.x;
	for (int offset = 1; offset < len; offset *= 2) {
		float y = 0;
		if (i >= offset)
			y = x[i - offset];
		__syncthreads(); // every read of this step before any write
		if (i >= offset)
			x[i] = y + x[i];
		__syncthreads(); // every write of this step before the next reads
	}
	return x[i];
}

// hillisSteeleScan is HillisSteeleScanKernel: each block scans the
// blockDim.x elements it covers, elements past n counting as zero, and
// leaves its total in sums[blockIdx.x]. Dynamic shared memory: blockDim.x
// floats.
__global__ void hillisSteeleScan(const float *in, float *out, float *sums, int n, bool inclusive)
{
	extern __shared__ float x[];
	int b = blockDim.x, i = threadIdx.x;
	int g = blockIdx.x * b + i;
	float v = 0;
	if (g < n)
		v = in[g];
	x[i] = v;
	__syncthreads();
	float incl = scanHillisSteele(x, b);
	if (g < n) {
		if (inclusive)
			out[g] = incl;
		else if (i > 0)
			out[g] = x[i - 1]; // final: plus_scan ends at a barrier
		else
			out[g] = 0;
	}
	if (sums != NULL && i == b - 1)
		sums[blockIdx.x] = incl;
}

// blellochScan is BlellochScanKernel: each block scans the 2*blockDim.x
// elements it covers, two per thread, by an up-sweep and a down-sweep over
// a tree in shared memory; blockDim.x must be a power of two (the Go kernel
// fails otherwise; this one traps). Dynamic shared memory: 2*blockDim.x
// floats.
__global__ void blellochScan(const float *in, float *out, float *sums, int n, bool inclusive)
{
	extern __shared__ float temp[];
	int b = blockDim.x, thid = threadIdx.x;
	if ((b & (b - 1)) != 0)
		__trap();
	int m = 2 * b;
	int g = blockIdx.x * m + 2 * thid;
	float a0 = 0, a1 = 0; // kept: the inclusive result adds them back
	if (g < n)
		a0 = in[g];
	if (g + 1 < n)
		a1 = in[g + 1];
	temp[2 * thid] = a0;
	temp[2 * thid + 1] = a1;
	int offset = 1;
	for (int d = m >> 1; d > 0; d >>= 1) { // up-sweep (reduce)
		__syncthreads();
		if (thid < d) {
			int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
			temp[bi] += temp[ai];
		}
		offset *= 2;
	}
	if (thid == 0) {
		if (sums != NULL)
			sums[blockIdx.x] = temp[m - 1];
		temp[m - 1] = 0; // clear the root: the scan is exclusive
	}
	for (int d = 1; d < m; d *= 2) { // down-sweep
		offset >>= 1;
		__syncthreads();
		if (thid < d) {
			int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
			float y = temp[ai];
			temp[ai] = temp[bi];
			temp[bi] += y;
		}
	}
	__syncthreads();
	float e0 = temp[2 * thid], e1 = temp[2 * thid + 1];
	if (inclusive) {
		e0 = e0 + a0;
		e1 = e1 + a1;
	}
	if (g < n)
		out[g] = e0;
	if (g + 1 < n)
		out[g + 1] = e1;
}

// scanWarpInclusive is the shuffle scan of the first lanes lanes of a warp
// (mask): after step d every lane holds the sum of the 2d values ending at
// it. Every warp takes the five steps of a full one; a partial warp's lanes
// ignore the steps past it.
__device__ float scanWarpInclusive(unsigned mask, int lanes, float v)
{
	int lane = threadIdx.x % WARP;
	for (int d = 1; d < WARP; d <<= 1) {
		float y = __shfl_up_sync(mask, v, d, WARP);
		if (lane >= d && d < lanes)
			v += y;
	}
	return v;
}

// scanLaneMask returns the mask of a warp's first lanes lanes.
__device__ unsigned scanLaneMask(int lanes)
{
	return lanes >= WARP ? FULL_MASK : (1u << lanes) - 1;
}

// scanBlockWarp scans v over the threads of a 1D block by warp shuffles and
// returns the calling thread's exclusive and inclusive prefixes in *excl
// and *incl. A block of one warp needs no shared memory and no barrier.
__device__ void scanBlockWarp(float v, float *exclOut, float *inclOut)
{
	__shared__ float totals[WARP];
	int b = blockDim.x, lane = threadIdx.x % WARP, warp = threadIdx.x / WARP;
	int lanes = min(WARP, b - warp * WARP); // the last warp may be partial
	unsigned mask = scanLaneMask(lanes);
	float incl = scanWarpInclusive(mask, lanes, v);
	float excl = __shfl_up_sync(mask, incl, 1, WARP); // exact, unlike incl-v
	if (lane == 0)
		excl = 0;
	if (b > WARP) {
		if (lane == lanes - 1)
			totals[warp] = incl;
		__syncthreads();
		if (warp == 0) { // a full warp, since b > WARP
			int warps = (b + WARP - 1) / WARP;
			float s = 0;
			if (lane < warps)
				s = totals[lane];
			totals[lane] = scanWarpInclusive(FULL_MASK, warps, s);
		}
		__syncthreads();
		if (warp > 0) {
			excl = excl + totals[warp - 1];
			incl = incl + totals[warp - 1];
		}
	}
	*exclOut = excl;
	*inclOut = incl;
}

// warpShuffleScan is WarpShuffleScanKernel: each block scans the blockDim.x
// elements it covers, one per thread, by scanBlockWarp.
__global__ void warpShuffleScan(const float *in, float *out, float *sums, int n, bool inclusive)
{
	int b = blockDim.x, i = threadIdx.x;
	int g = blockIdx.x * b + i;
	float v = 0;
	if (g < n)
		v = in[g];
	float excl, incl;
	scanBlockWarp(v, &excl, &incl);
	if (g < n)
		out[g] = inclusive ? incl : excl;
	if (sums != NULL && i == b - 1)
		sums[blockIdx.x] = incl;
}

// scanHash is Chris Wellons's lowbias32 integer hash.
static unsigned scanHash(unsigned x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

// inputBits is the float32 bits of input i of the case with seed seed:
// from h = scanHash(scanHash(seed) + i), -0 if h's top four bits are zero,
// else sign bit 31 of h, exponent 2^(((h >> 23) & 31) - 20) and mantissa
// the low 23 bits of h.
static unsigned inputBits(unsigned seed, unsigned i)
{
	unsigned h = scanHash(scanHash(seed) + i);
	if (h >> 28 == 0)
		return 0x80000000u;
	return (h & 0x80000000u) | (107u + ((h >> 23) & 31u)) << 23 | (h & 0x7fffffu);
}

struct Case {
	int kernel, n, block;
	bool inclusive;
	unsigned seed;
};

static void check(cudaError_t err, const char *what)
{
	if (err != cudaSuccess) {
		fprintf(stderr, "scan_conformance: %s: %s\n", what, cudaGetErrorString(err));
		exit(1);
	}
}

// perBlock is the number of elements a block of kernel k covers.
static int perBlock(int k, int block) { return k == BLELLOCH ? 2 * block : block; }

// buildCases returns the cases: each kernel, block size, length and
// inclusive/exclusive, with seeds 1, 2, .... The lengths are one full
// block, one partial block (an odd tail for blelloch), four blocks the last
// partial, and five full blocks. Blocks of 7 and 100 threads end in a
// partial warp; blelloch takes power-of-two blocks only.
static std::vector<Case> buildCases()
{
	static const int oneElement[] = {7, 32, 64, 100, 256, 1024, 0};
	static const int blelloch[] = {1, 32, 64, 256, 1024, 0};
	std::vector<Case> cases;
	unsigned seed = 1;
	for (int k = 0; k < NUM_KERNELS; k++) {
		for (const int *b = k == BLELLOCH ? blelloch : oneElement; *b != 0; b++) {
			int per = perBlock(k, *b);
			int ns[] = {per, per > 3 ? per - 3 : 1, 3 * per + 5, 5 * per};
			for (int n : ns)
				for (int inclusive = 1; inclusive >= 0; inclusive--)
					cases.push_back(Case{k, n, *b, inclusive != 0, seed++});
		}
	}
	return cases;
}

// runCase runs case c on the GPU and prints its line.
static void runCase(const Case &c)
{
	int per = perBlock(c.kernel, c.block), blocks = (c.n + per - 1) / per;
	std::vector<unsigned> in(c.n), out(c.n), sums(blocks);
	for (int i = 0; i < c.n; i++)
		in[i] = inputBits(c.seed, (unsigned)i);
	float *din, *dout, *dsums;
	check(cudaMalloc(&din, c.n * sizeof(float)), "cudaMalloc in");
	check(cudaMalloc(&dout, c.n * sizeof(float)), "cudaMalloc out");
	check(cudaMalloc(&dsums, blocks * sizeof(float)), "cudaMalloc sums");
	check(cudaMemcpy(din, in.data(), c.n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy in");
	check(cudaMemset(dout, 0xff, c.n * sizeof(float)), "cudaMemset out");
	check(cudaMemset(dsums, 0xff, blocks * sizeof(float)), "cudaMemset sums");
	size_t shared = per * sizeof(float);
	switch (c.kernel) {
	case HILLIS_STEELE: hillisSteeleScan<<<blocks, c.block, shared>>>(din, dout, dsums, c.n, c.inclusive); break;
	case BLELLOCH: blellochScan<<<blocks, c.block, shared>>>(din, dout, dsums, c.n, c.inclusive); break;
	case WARP_SHUFFLE: warpShuffleScan<<<blocks, c.block>>>(din, dout, dsums, c.n, c.inclusive); break;
	}
	check(cudaGetLastError(), "launch");
	check(cudaDeviceSynchronize(), "kernel");
	check(cudaMemcpy(out.data(), dout, c.n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy out");
	check(cudaMemcpy(sums.data(), dsums, blocks * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy sums");
	check(cudaFree(din), "cudaFree in");
	check(cudaFree(dout), "cudaFree out");
	check(cudaFree(dsums), "cudaFree sums");
	printf("%s %d %d %d %u :", kernelName[c.kernel], c.inclusive ? 1 : 0, c.n, c.block, c.seed);
	for (unsigned v : out)
		printf(" %08x", v);
	printf(" |");
	for (unsigned v : sums)
		printf(" %08x", v);
	printf("\n");
}

int main()
{
	std::vector<Case> cases = buildCases();
	int dev = 0, runtime = 0, driver = 0;
	cudaDeviceProp prop;
	check(cudaGetDevice(&dev), "cudaGetDevice");
	check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
	check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
	check(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
	if (prop.major < 7) {
		fprintf(stderr, "scan_conformance: %s has compute capability %d.%d; the *_sync shuffles need 7.0 or later\n",
			prop.name, prop.major, prop.minor);
		return 1;
	}
	printf("# gocuda float32 block scans conformance: golden vectors from real hardware\n");
	printf("# device: %s (compute capability %d.%d)\n", prop.name, prop.major, prop.minor);
	printf("# CUDA runtime %d, driver %d, CUDART_VERSION %d\n", runtime, driver, CUDART_VERSION);
	printf("# cases: %d\n", (int)cases.size());
	for (const Case &c : cases)
		runCase(c);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "scan_conformance: writing the output failed\n");
		return 1;
	}
	return 0;
}
