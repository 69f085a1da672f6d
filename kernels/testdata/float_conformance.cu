// float_conformance.cu asks a real GPU for its answers to float32 kernels
// of package kernels whose results turn on the order and rounding of their
// operations, among them the ones the SIMD build runs eight threads a
// step, and prints them in the line format that the package's golden test
// reads (kernels/float_golden_test.go):
//
//   - mandelbrot: MandelbrotKernel, ISPC's mandelbrot example (escape
//     counts; near the set's edge one rounding apart changes a count);
//   - stencil: StencilStepKernel, ISPC's 3D stencil, several time steps
//     over an n×n×n grid as Stencil runs them;
//   - nbody: NBodySimpleKernel, P&H Figure B.8.13's n-body accelerations
//     (the Go test also holds NBodyTiledKernel to it: the same additions in
//     the same order);
//   - reduce: one pass of the float32 reductions of Reduce but the atomic
//     one (Harris's kernels 1 to 5 and 7, the warp-shuffle and the
//     coarsened reductions), whose compiled forms regroup the trees'
//     steps (treefold, pairtree) and must still add in their order;
//   - matmul: the four matrix multiplies of MatMulVariant;
//   - blur: BlurKernel and BlurSharedKernel, the naive and tiled box blurs;
//   - spmv: the three CSR sparse matrix-vector products of SpMVVariant.
//
// The kernels below are line-for-line translations of the Go ones, so a
// GPU rounds the same float32 operations in the same order. Build with
// --fmad=false: nvcc contracts a multiply and an add into one fused
// multiply-add by default, which Go on amd64 does not (see
// docs/differences-from-cuda.md, "Floating point"):
//
//	cd kernels/testdata
//	nvcc -O2 -arch=native --fmad=false -o float_conformance float_conformance.cu
//	./float_conformance "nvcc -O2 -arch=native --fmad=false" > float_golden.txt
//
// The argument, if any, is printed as a comment naming the build.
//
// Division and square root are correctly rounded under nvcc's defaults
// (-prec-div=true, -prec-sqrt=true), as in Go; don't build with
// --use_fast_math. float_golden_fmad.txt is the same program built with
// nvcc's default --fmad=true, kept to show what fusion changes: the test
// requires gocuda to differ from it wherever it differs from the unfused
// results.
//
// Output: lines starting with '#' are comments (the device and toolkit
// first), then one line per case:
//
//	mandelbrot x0 y0 x1 y1 width height maxIter : count0 ... count(width*height-1)
//	stencil n t0 t1 seed : even0 ... | odd0 ...
//	nbody n eps2 seed : ax0 ay0 az0 ax1 ...
//	reduce kernel n grid block seed : partial0 partial1 ...
//	matmul variant m k n seed : c0 c1 ...
//	blur variant width height r seed : dst0 dst1 ...
//	spmv variant rows cols seed : y0 y1 ...
//
// Floats are the float32's bits in 8 lowercase hex digits, everything else
// decimal. Inputs come from inputValue below, which the Go test
// reimplements bit for bit.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "float_conformance: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

// floatHash is Chris Wellons's lowbias32 integer hash.
static uint32_t floatHash(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

// inputValue is input i of the case with seed seed: a float32 in [-1, 1)
// with 24 random bits, exact in any conversion.
static float inputValue(uint32_t seed, uint32_t i)
{
	uint32_t h = floatHash(floatHash(seed) + i);
	return (float)((int32_t)(h >> 8) - (1 << 23)) * 0x1p-23f;
}

static uint32_t bitsOf(float f)
{
	uint32_t b;
	memcpy(&b, &f, sizeof b);
	return b;
}

// mandel is kernels' mandel: ISPC's escape loop in float32.
__device__ int mandel(float cRe, float cIm, int count)
{
	float zRe = cRe, zIm = cIm;
	int i;
	for (i = 0; i < count; ++i) {
		if (zRe * zRe + zIm * zIm > 4.f)
			break;
		float newRe = zRe * zRe - zIm * zIm;
		float newIm = 2.f * zRe * zIm;
		zRe = cRe + newRe;
		zIm = cIm + newIm;
	}
	return i;
}

// mandelbrot is MandelbrotKernel.
__global__ void mandelbrot(float x0, float y0, float x1, float y1, int width, int height, int maxIter, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= width || j >= height)
		return;
	float dx = (x1 - x0) / (float)width;
	float dy = (y1 - y0) / (float)height;
	float x = x0 + (float)i * dx;
	float y = y0 + (float)j * dy;
	out[j * width + i] = mandel(x, y, maxIter);
}

// stencilStep is StencilStepKernel.
__global__ void stencilStep(int x0, int x1, int y0, int z0, int nx, int ny, const float *coef, const float *vsq,
	const float *ain, float *aout)
{
	int x = x0 + blockIdx.x * blockDim.x + threadIdx.x;
	if (x >= x1)
		return;
	int y = y0 + blockIdx.y, z = z0 + blockIdx.z;
	int nxy = nx * ny;
	int i = z * nxy + y * nx + x;
	float div = coef[0] * ain[i] +
		coef[1] * (ain[i + 1] + ain[i - 1] + ain[i + nx] + ain[i - nx] + ain[i + nxy] + ain[i - nxy]) +
		coef[2] * (ain[i + 2] + ain[i - 2] + ain[i + 2 * nx] + ain[i - 2 * nx] + ain[i + 2 * nxy] + ain[i - 2 * nxy]) +
		coef[3] * (ain[i + 3] + ain[i - 3] + ain[i + 3 * nx] + ain[i - 3 * nx] + ain[i + 3 * nxy] + ain[i - 3 * nxy]);
	aout[i] = 2.f * ain[i] - aout[i] + vsq[i] * div;
}

// nbodyInteract is kernels' nbodyInteract.
__device__ void nbodyInteract(float &ax, float &ay, float &az, float xi, float yi, float zi, float4 bj, float eps2)
{
	float dx = bj.x - xi, dy = bj.y - yi, dz = bj.z - zi;
	float inv = 1.f / sqrtf(dx * dx + dy * dy + dz * dz + eps2);
	float s = bj.w * inv * inv * inv;
	ax = ax + dx * s;
	ay = ay + dy * s;
	az = az + dz * s;
}

// nbodySimple is NBodySimpleKernel.
__global__ void nbodySimple(const float4 *bodies, float *acc, int n, float eps2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float xi = bodies[i].x, yi = bodies[i].y, zi = bodies[i].z;
	float ax = 0, ay = 0, az = 0;
	for (int j = 0; j < n; j++)
		nbodyInteract(ax, ay, az, xi, yi, zi, bodies[j], eps2);
	acc[3 * i] = ax;
	acc[3 * i + 1] = ay;
	acc[3 * i + 2] = az;
}

// The reductions of kernels/reduce.go and reduce_variants.go, one pass:
// each block writes its sum to partial[blockIdx.x]. Every addition is
// float32, in the Go kernels' order.

__device__ float reduceAt(const float *in, int n, int i)
{
	return i < n ? in[i] : 0.f;
}

// reduceSequentialTree is kernels' reduceSequentialTree.
__device__ void reduceSequentialTree(float *sdata, int stop)
{
	int tid = threadIdx.x;
	for (int s = blockDim.x / 2; s > stop; s /= 2) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
}

// reduceLastWarp is kernels' reduceLastWarp.
__device__ void reduceLastWarp(float *sdata)
{
	int tid = threadIdx.x;
	float v = sdata[tid];
	for (int offset = 32; offset > 0; offset /= 2) {
		v += sdata[tid + offset];
		__syncwarp();
		sdata[tid] = v;
		__syncwarp();
	}
}

// reduceWarpShuffle is kernels' reduceWarpShuffle.
__device__ float reduceWarpShuffle(float v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffffu, v, offset, 32);
	return v;
}

// reduceBlockShuffle is kernels' reduceBlockShuffle.
__device__ float reduceBlockShuffle(float v)
{
	__shared__ float warpSums[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	v = reduceWarpShuffle(v);
	if (lane == 0)
		warpSums[warp] = v;
	__syncthreads();
	if (warp == 0) {
		int warps = (blockDim.x + 31) / 32;
		v = reduceWarpShuffle(lane < warps ? warpSums[lane] : 0.f);
	}
	return v;
}

__global__ void reduceInterleaved(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x;
	sdata[tid] = reduceAt(in, n, blockIdx.x * blockDim.x + tid);
	__syncthreads();
	for (int s = 1; s < (int)blockDim.x; s *= 2) {
		if (tid % (2 * s) == 0)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

__global__ void reduceStridedIndex(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x;
	sdata[tid] = reduceAt(in, n, blockIdx.x * blockDim.x + tid);
	__syncthreads();
	for (int s = 1; s < (int)blockDim.x; s *= 2) {
		int index = 2 * s * tid;
		if (index < (int)blockDim.x)
			sdata[index] += sdata[index + s];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

__global__ void reduceSequential(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x;
	sdata[tid] = reduceAt(in, n, blockIdx.x * blockDim.x + tid);
	__syncthreads();
	reduceSequentialTree(sdata, 0);
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

__global__ void reduceFirstAdd(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x, i = blockIdx.x * 2 * blockDim.x + tid;
	sdata[tid] = reduceAt(in, n, i) + reduceAt(in, n, i + blockDim.x);
	__syncthreads();
	reduceSequentialTree(sdata, 0);
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

__global__ void reduceUnrolledWarp(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x, i = blockIdx.x * 2 * blockDim.x + tid;
	sdata[tid] = reduceAt(in, n, i) + reduceAt(in, n, i + blockDim.x);
	__syncthreads();
	reduceSequentialTree(sdata, 32);
	if (tid < 32)
		reduceLastWarp(sdata);
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

__global__ void reduceWarpShuffleBlocks(const float *in, int n, float *partial)
{
	int i = blockIdx.x * 2 * blockDim.x + threadIdx.x;
	float sum = reduceBlockShuffle(reduceAt(in, n, i) + reduceAt(in, n, i + blockDim.x));
	if (threadIdx.x == 0)
		partial[blockIdx.x] = sum;
}

__global__ void reduceGridStride(const float *in, int n, float *partial)
{
	extern __shared__ float sdata[];
	int tid = threadIdx.x, b = blockDim.x;
	int gridSize = 2 * b * gridDim.x;
	float v = 0;
	for (int i = blockIdx.x * 2 * b + tid; i < n; i += gridSize) {
		v += in[i];
		if (i + b < n)
			v += in[i + b];
	}
	sdata[tid] = v;
	__syncthreads();
	reduceSequentialTree(sdata, 32);
	if (tid < 32)
		reduceLastWarp(sdata);
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

// reduceSumRun is kernels' reduceSumRun: eight accumulators.
__device__ float reduceSumRun(const float *run, int len)
{
	float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	for (; len >= 8; run += 8, len -= 8) {
		s0 += run[0];
		s1 += run[1];
		s2 += run[2];
		s3 += run[3];
		s4 += run[4];
		s5 += run[5];
		s6 += run[6];
		s7 += run[7];
	}
	for (int k = 0; k < len; k++)
		s0 += run[k];
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
}

const int reduceRun = 4096; // kernels' reduceRun

__global__ void reduceCoarsened(const float *in, int n, float *partial)
{
	float v = 0;
	int stride = blockDim.x * gridDim.x * reduceRun;
	for (int lo = (blockIdx.x * blockDim.x + threadIdx.x) * reduceRun; lo < n; lo += stride)
		v += reduceSumRun(in + lo, (lo + reduceRun < n ? lo + reduceRun : n) - lo);
	float sum = reduceBlockShuffle(v);
	if (threadIdx.x == 0)
		partial[blockIdx.x] = sum;
}

// The matrix multiplies of kernels/matmul.go: each element of C sums its
// products in the order of k, zeros past k in the tiled forms.

const int matTile = 16; // kernels' MatMulTile

__global__ void matMulNaive(const float *a, const float *b, float *c, int m, int k, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
	if (row >= m || col >= n)
		return;
	float sum = 0;
	for (int p = 0; p < k; p++)
		sum += a[row * k + p] * b[p * n + col];
	c[row * n + col] = sum;
}

// matmulLoad is kernels' matmulLoad.
__device__ void matmulLoad(const float *a, const float *b, int row, int col, int ac, int br, int m, int k, int n,
	float &av, float &bv)
{
	av = 0;
	bv = 0;
	if (row < m && ac < k)
		av = a[row * k + ac];
	if (br < k && col < n)
		bv = b[br * n + col];
}

__global__ void matMulTiled(const float *a, const float *b, float *c, int m, int k, int n)
{
	__shared__ float as[matTile][matTile], bs[matTile][matTile];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * matTile + ty, col = blockIdx.x * matTile + tx;
	float sum = 0;
	for (int p = 0; p < k; p += matTile) {
		matmulLoad(a, b, row, col, p + tx, p + ty, m, k, n, as[ty][tx], bs[ty][tx]);
		__syncthreads();
		for (int q = 0; q < matTile; q++)
			sum += as[ty][q] * bs[q][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}

// matMulTiledUnrolled is matMulTiled with its inner loop unrolled, as
// Ryoo et al. and MatMulTiledUnrolledKernel: the same additions.
__global__ void matMulTiledUnrolled(const float *a, const float *b, float *c, int m, int k, int n)
{
	__shared__ float as[matTile][matTile], bs[matTile][matTile];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * matTile + ty, col = blockIdx.x * matTile + tx;
	float sum = 0;
	for (int p = 0; p < k; p += matTile) {
		matmulLoad(a, b, row, col, p + tx, p + ty, m, k, n, as[ty][tx], bs[ty][tx]);
		__syncthreads();
#pragma unroll
		for (int q = 0; q < matTile; q++)
			sum += as[ty][q] * bs[q][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}

__global__ void matMulRegisterTiled(const float *a, const float *b, float *c, int m, int k, int n)
{
	const int reg = 2 * matTile; // kernels' matmulRegTile
	__shared__ float as[reg][reg], bs[reg][reg];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row0 = blockIdx.y * reg, col0 = blockIdx.x * reg;
	float s00 = 0, s01 = 0, s10 = 0, s11 = 0;
	for (int p = 0; p < k; p += reg) {
		for (int i = 0; i < reg; i += matTile)
			for (int j = 0; j < reg; j += matTile)
				matmulLoad(a, b, row0 + ty + i, col0 + tx + j, p + tx + j, p + ty + i, m, k, n, as[ty + i][tx + j],
					bs[ty + i][tx + j]);
		__syncthreads();
		for (int q = 0; q < reg; q++) {
			float b0 = bs[q][2 * tx], b1 = bs[q][2 * tx + 1];
			s00 += as[2 * ty][q] * b0;
			s01 += as[2 * ty][q] * b1;
			s10 += as[2 * ty + 1][q] * b0;
			s11 += as[2 * ty + 1][q] * b1;
		}
		__syncthreads();
	}
	int row = row0 + 2 * ty, col = col0 + 2 * tx;
	if (row < m) {
		if (col < n)
			c[row * n + col] = s00;
		if (col + 1 < n)
			c[row * n + col + 1] = s01;
	}
	if (row + 1 < m) {
		if (col < n)
			c[(row + 1) * n + col] = s10;
		if (col + 1 < n)
			c[(row + 1) * n + col + 1] = s11;
	}
}

// The box blurs of kernels/blur.go: rows outer, columns inner, clamped.

__device__ int clampTo(int i, int n)
{
	return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
}

__device__ float blurScale(int r)
{
	return 1.f / (float)((2 * r + 1) * (2 * r + 1));
}

__global__ void blurNaive(const float *src, float *dst, int width, int height, int r)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= width || y >= height)
		return;
	float sum = 0;
	for (int dy = -r; dy <= r; dy++) {
		const float *row = src + clampTo(y + dy, height) * width;
		for (int dx = -r; dx <= r; dx++)
			sum += row[clampTo(x + dx, width)];
	}
	dst[y * width + x] = sum * blurScale(r);
}

__global__ void blurShared(const float *src, float *dst, int width, int height, int r)
{
	extern __shared__ float tile[];
	const int blurTile = 16; // kernels' BlurTile
	int side = blurTile + 2 * r;
	int x0 = blockIdx.x * blurTile - r, y0 = blockIdx.y * blurTile - r;
	for (int ty = threadIdx.y; ty < side; ty += blurTile) {
		const float *row = src + clampTo(y0 + ty, height) * width;
		for (int tx = threadIdx.x; tx < side; tx += blurTile)
			tile[ty * side + tx] = row[clampTo(x0 + tx, width)];
	}
	__syncthreads();
	int x = x0 + r + threadIdx.x, y = y0 + r + threadIdx.y;
	if (x >= width || y >= height)
		return;
	float sum = 0;
	for (int dy = 0; dy <= 2 * r; dy++) {
		const float *row = tile + (threadIdx.y + dy) * side;
		for (int dx = 0; dx <= 2 * r; dx++)
			sum += row[threadIdx.x + dx];
	}
	dst[y * width + x] = sum * blurScale(r);
}

// The sparse matrix-vector products of kernels/spmv.go (CSR).

__global__ void spMVScalar(const int *rowPtr, const int *cols, const float *vals, const float *x, float *y, int rows)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	if (row >= rows)
		return;
	float sum = 0;
	for (int j = rowPtr[row]; j < rowPtr[row + 1]; j++)
		sum += vals[j] * x[cols[j]];
	y[row] = sum;
}

__global__ void spMVCached(const int *rowPtr, const int *cols, const float *vals, const float *x, float *y, int rows,
	int xLen)
{
	extern __shared__ float cache[];
	int begin = blockIdx.x * blockDim.x;
	int end = begin + (int)blockDim.x < xLen ? begin + (int)blockDim.x : xLen;
	int row = begin + threadIdx.x;
	if (row < end)
		cache[threadIdx.x] = x[row];
	__syncthreads();
	if (row >= rows)
		return;
	float sum = 0;
	for (int j = rowPtr[row]; j < rowPtr[row + 1]; j++) {
		int c = cols[j];
		float xj = c >= begin && c < end ? cache[c - begin] : x[c];
		sum += vals[j] * xj;
	}
	y[row] = sum;
}

__global__ void spMVWarp(const int *rowPtr, const int *cols, const float *vals, const float *x, float *y, int rows)
{
	int lane = threadIdx.x % 32;
	int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	if (row >= rows)
		return;
	float sum = 0;
	for (int j = rowPtr[row] + lane; j < rowPtr[row + 1]; j += 32)
		sum += vals[j] * x[cols[j]];
	for (int offset = 16; offset > 0; offset /= 2)
		sum += __shfl_down_sync(0xffffffffu, sum, offset, 32);
	if (lane == 0)
		y[row] = sum;
}

static void runMandelbrot(float x0, float y0, float x1, float y1, int width, int height, int maxIter)
{
	int *d;
	size_t n = (size_t)width * height;
	check(cudaMalloc(&d, n * sizeof(int)), "cudaMalloc");
	check(cudaMemset(d, 0xff, n * sizeof(int)), "cudaMemset");
	dim3 block(32, 8), grid((width + 31) / 32, (height + 7) / 8);
	mandelbrot<<<grid, block>>>(x0, y0, x1, y1, width, height, maxIter, d);
	check(cudaGetLastError(), "mandelbrot launch");
	std::vector<int> out(n);
	check(cudaMemcpy(out.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(d), "cudaFree");
	printf("mandelbrot %08x %08x %08x %08x %d %d %d :", bitsOf(x0), bitsOf(y0), bitsOf(x1), bitsOf(y1), width,
		height, maxIter);
	for (int v : out)
		printf(" %d", v);
	printf("\n");
}

// runStencil runs steps t0 to t1 as kernels.Stencil does. The inputs are
// values 0-3 (coef), then n³ each of vsq, even and odd.
static void runStencil(int n, int t0, int t1, uint32_t seed)
{
	const int r = 3;
	size_t pts = (size_t)n * n * n;
	std::vector<float> host(4 + 3 * pts);
	for (size_t i = 0; i < host.size(); i++)
		host[i] = inputValue(seed, (uint32_t)i);
	float *d;
	check(cudaMalloc(&d, host.size() * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(d, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	float *coef = d, *vsq = d + 4, *even = vsq + pts, *odd = even + pts;
	int lo = r, hi = n - r;
	dim3 grid((hi - lo + 31) / 32, hi - lo, hi - lo);
	for (int t = t0; t < t1; t++) {
		float *in = (t & 1) ? odd : even, *out = (t & 1) ? even : odd;
		stencilStep<<<grid, 32>>>(lo, hi, lo, lo, n, n, coef, vsq, in, out);
		check(cudaGetLastError(), "stencil launch");
	}
	check(cudaMemcpy(host.data(), d, host.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(d), "cudaFree");
	printf("stencil %d %d %d %u :", n, t0, t1, seed);
	for (size_t i = 0; i < 2 * pts; i++) {
		if (i == pts)
			printf(" |");
		printf(" %08x", bitsOf(host[4 + pts + i]));
	}
	printf("\n");
}

// runNBody: body i is (x, y, z, m) from inputs 4i to 4i+3, the mass
// m = v/2 + 1 in [0.5, 1.5).
static void runNBody(int n, float eps2, uint32_t seed)
{
	std::vector<float4> bodies(n);
	for (int i = 0; i < n; i++) {
		float m = inputValue(seed, 4 * i + 3) * 0.5f;
		bodies[i] = make_float4(inputValue(seed, 4 * i), inputValue(seed, 4 * i + 1), inputValue(seed, 4 * i + 2),
			m + 1.f);
	}
	float4 *db;
	float *da;
	check(cudaMalloc(&db, n * sizeof(float4)), "cudaMalloc");
	check(cudaMalloc(&da, 3 * n * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(db, bodies.data(), n * sizeof(float4), cudaMemcpyHostToDevice), "cudaMemcpy");
	nbodySimple<<<(n + 255) / 256, 256>>>(db, da, n, eps2);
	check(cudaGetLastError(), "nbody launch");
	std::vector<float> acc(3 * n);
	check(cudaMemcpy(acc.data(), da, 3 * n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(db), "cudaFree");
	check(cudaFree(da), "cudaFree");
	printf("nbody %d %08x %u :", n, bitsOf(eps2), seed);
	for (float v : acc)
		printf(" %08x", bitsOf(v));
	printf("\n");
}

// runReduce launches kernel name once over n inputs of seed on grid
// blocks of block threads, as kernels' TestFloatGolden does, and prints
// the blocks' sums.
static void runReduce(const char *name, int n, int grid, int block, uint32_t seed)
{
	struct {
		const char *name;
		void (*kernel)(const float *, int, float *);
	} kernels[] = {
		{"interleaved", reduceInterleaved}, {"stridedIndex", reduceStridedIndex},
		{"sequential", reduceSequential}, {"firstAdd", reduceFirstAdd},
		{"unrolledWarp", reduceUnrolledWarp}, {"warpShuffle", reduceWarpShuffleBlocks},
		{"gridStride", reduceGridStride}, {"coarsened", reduceCoarsened},
	};
	void (*kernel)(const float *, int, float *) = nullptr;
	for (auto &k : kernels)
		if (strcmp(k.name, name) == 0)
			kernel = k.kernel;
	if (!kernel) {
		fprintf(stderr, "float_conformance: no reduction %s\n", name);
		exit(1);
	}
	std::vector<float> in(n), partial(grid);
	for (int i = 0; i < n; i++)
		in[i] = inputValue(seed, (uint32_t)i);
	float *din, *dpartial;
	check(cudaMalloc(&din, n * sizeof(float)), "cudaMalloc");
	check(cudaMalloc(&dpartial, grid * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemset(dpartial, 0xff, grid * sizeof(float)), "cudaMemset");
	kernel<<<grid, block, block * sizeof(float)>>>(din, n, dpartial);
	check(cudaGetLastError(), "reduce launch");
	check(cudaMemcpy(partial.data(), dpartial, grid * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(din), "cudaFree");
	check(cudaFree(dpartial), "cudaFree");
	printf("reduce %s %d %d %d %u :", name, n, grid, block, seed);
	for (float v : partial)
		printf(" %08x", bitsOf(v));
	printf("\n");
}

// runMatMul multiplies A (m×k, inputs 0 to m*k-1 of seed) by B (k×n,
// the inputs after) with variant name, as MatMulConfig launches it.
static void runMatMul(const char *name, int m, int k, int n, uint32_t seed)
{
	std::vector<float> host((size_t)m * k + (size_t)k * n), c((size_t)m * n);
	for (size_t i = 0; i < host.size(); i++)
		host[i] = inputValue(seed, (uint32_t)i);
	float *d, *dc;
	check(cudaMalloc(&d, host.size() * sizeof(float)), "cudaMalloc");
	check(cudaMalloc(&dc, c.size() * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(d, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemset(dc, 0xff, c.size() * sizeof(float)), "cudaMemset");
	bool reg = strcmp(name, "registerTiled") == 0;
	int side = reg ? 2 * matTile : matTile;
	dim3 grid((n + side - 1) / side, (m + side - 1) / side), block(matTile, matTile);
	if (strcmp(name, "naive") == 0)
		matMulNaive<<<grid, block>>>(d, d + (size_t)m * k, dc, m, k, n);
	else if (strcmp(name, "tiled") == 0)
		matMulTiled<<<grid, block>>>(d, d + (size_t)m * k, dc, m, k, n);
	else if (strcmp(name, "tiledUnrolled") == 0)
		matMulTiledUnrolled<<<grid, block>>>(d, d + (size_t)m * k, dc, m, k, n);
	else
		matMulRegisterTiled<<<grid, block>>>(d, d + (size_t)m * k, dc, m, k, n);
	check(cudaGetLastError(), "matmul launch");
	check(cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(d), "cudaFree");
	check(cudaFree(dc), "cudaFree");
	printf("matmul %s %d %d %d %u :", name, m, k, n, seed);
	for (float v : c)
		printf(" %08x", bitsOf(v));
	printf("\n");
}

// runBlur blurs a width×height image of seed's inputs with radius r, as
// BlurConfig launches it.
static void runBlur(const char *name, int width, int height, int r, uint32_t seed)
{
	size_t pts = (size_t)width * height;
	std::vector<float> src(pts), dst(pts);
	for (size_t i = 0; i < pts; i++)
		src[i] = inputValue(seed, (uint32_t)i);
	float *ds, *dd;
	check(cudaMalloc(&ds, pts * sizeof(float)), "cudaMalloc");
	check(cudaMalloc(&dd, pts * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(ds, src.data(), pts * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemset(dd, 0xff, pts * sizeof(float)), "cudaMemset");
	dim3 grid((width + 15) / 16, (height + 15) / 16), block(16, 16);
	if (strcmp(name, "naive") == 0)
		blurNaive<<<grid, block>>>(ds, dd, width, height, r);
	else
		blurShared<<<grid, block, (16 + 2 * r) * (16 + 2 * r) * sizeof(float)>>>(ds, dd, width, height, r);
	check(cudaGetLastError(), "blur launch");
	check(cudaMemcpy(dst.data(), dd, pts * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	check(cudaFree(ds), "cudaFree");
	check(cudaFree(dd), "cudaFree");
	printf("blur %s %d %d %d %u :", name, width, height, r, seed);
	for (float v : dst)
		printf(" %08x", bitsOf(v));
	printf("\n");
}

// runSpMV multiplies a rows×cols CSR matrix by x with variant name, as
// SpMVConfig launches it. Row r has floatHash(floatHash(seed^0x5bd1e995)+r)
// % 40 nonzeros; nonzero j's column is floatHash(floatHash(seed^0x27d4eb2f)+j)
// % cols and its value input j of seed; x is input i of seed+1.
static void runSpMV(const char *name, int rows, int cols, uint32_t seed)
{
	std::vector<int> rowPtr(rows + 1, 0), col;
	std::vector<float> vals, x(cols), y(rows);
	for (int r = 0; r < rows; r++)
		rowPtr[r + 1] = rowPtr[r] + (int)(floatHash(floatHash(seed ^ 0x5bd1e995u) + r) % 40);
	for (int j = 0; j < rowPtr[rows]; j++) {
		col.push_back((int)(floatHash(floatHash(seed ^ 0x27d4eb2fu) + j) % cols));
		vals.push_back(inputValue(seed, (uint32_t)j));
	}
	for (int i = 0; i < cols; i++)
		x[i] = inputValue(seed + 1, (uint32_t)i);
	int nnz = rowPtr[rows];
	int *dRowPtr, *dCols;
	float *dVals, *dx, *dy;
	check(cudaMalloc(&dRowPtr, (rows + 1) * sizeof(int)), "cudaMalloc");
	check(cudaMalloc(&dCols, (nnz + 1) * sizeof(int)), "cudaMalloc");
	check(cudaMalloc(&dVals, (nnz + 1) * sizeof(float)), "cudaMalloc");
	check(cudaMalloc(&dx, cols * sizeof(float)), "cudaMalloc");
	check(cudaMalloc(&dy, rows * sizeof(float)), "cudaMalloc");
	check(cudaMemcpy(dRowPtr, rowPtr.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemcpy(dCols, col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemcpy(dVals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemcpy(dx, x.data(), cols * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
	check(cudaMemset(dy, 0xff, rows * sizeof(float)), "cudaMemset");
	if (strcmp(name, "warp") == 0)
		spMVWarp<<<(rows + 3) / 4, 128>>>(dRowPtr, dCols, dVals, dx, dy, rows);
	else if (strcmp(name, "cached") == 0)
		spMVCached<<<(rows + 255) / 256, 256, 256 * sizeof(float)>>>(dRowPtr, dCols, dVals, dx, dy, rows, cols);
	else
		spMVScalar<<<(rows + 255) / 256, 256>>>(dRowPtr, dCols, dVals, dx, dy, rows);
	check(cudaGetLastError(), "spmv launch");
	check(cudaMemcpy(y.data(), dy, rows * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
	for (void *p : {(void *)dRowPtr, (void *)dCols, (void *)dVals, (void *)dx, (void *)dy})
		check(cudaFree(p), "cudaFree");
	printf("spmv %s %d %d %u :", name, rows, cols, seed);
	for (float v : y)
		printf(" %08x", bitsOf(v));
	printf("\n");
}

int main(int argc, char **argv)
{
	int dev = 0, runtime = 0, driver = 0;
	cudaDeviceProp prop;
	check(cudaGetDevice(&dev), "cudaGetDevice");
	check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
	check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
	check(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
	printf("# gocuda float32 multiply-add kernels conformance: golden vectors from real hardware\n");
	printf("# device: %s (compute capability %d.%d)\n", prop.name, prop.major, prop.minor);
	printf("# CUDA runtime %d, driver %d, CUDART_VERSION %d\n", runtime, driver, CUDART_VERSION);
	if (argc > 1)
		printf("# built with: %s\n", argv[1]);
	// The whole set, the seahorse valley at a zoom where counts run long,
	// and a thin image whose rows end inside a block.
	runMandelbrot(-2.f, -1.f, 1.f, 1.f, 96, 64, 256);
	runMandelbrot(-0.75f, 0.1f, -0.74f, 0.11f, 64, 64, 1024);
	runMandelbrot(-1.5f, -0.25f, 0.5f, 0.25f, 45, 7, 500);
	runStencil(12, 0, 4, 1);
	runStencil(19, 1, 4, 2); // rows of 13 interior points, odd first step
	runNBody(300, 0.01f, 3);
	runNBody(2100, 0.0001f, 4); // two tiles of NBodyTiledKernel's 2048
	// The reductions at ReduceConfig's shapes: one element a thread, or
	// two from firstAdd on; a last block part empty; the grid-stride
	// kernels on small grids, as on a machine of one to two workers.
	uint32_t seed = 5;
	for (const char *k : {"interleaved", "stridedIndex", "sequential"}) {
		runReduce(k, 1000, 4, 256, seed++);
		runReduce(k, 65553, 257, 256, seed++);
	}
	for (const char *k : {"firstAdd", "unrolledWarp", "warpShuffle"}) {
		runReduce(k, 1000, 2, 256, seed++);
		runReduce(k, 65553, 129, 256, seed++);
	}
	runReduce("gridStride", 100003, 8, 256, seed++);
	runReduce("gridStride", 1000, 3, 256, seed++);
	runReduce("coarsened", 300007, 4, 64, seed++);
	runReduce("coarsened", 5000, 2, 64, seed++);
	// The matrix multiplies on sides no tile divides, and on whole tiles.
	for (const char *v : {"naive", "tiled", "tiledUnrolled", "registerTiled"}) {
		runMatMul(v, 37, 70, 45, seed++);
		runMatMul(v, 64, 96, 32, seed++);
	}
	// The blurs: images no tile divides, a radius past the tile's edge.
	for (const char *v : {"naive", "shared"}) {
		runBlur(v, 45, 37, 2, seed++);
		runBlur(v, 40, 33, 5, seed++);
	}
	// The sparse products: square, so that the cached window holds the
	// diagonal's columns, and wider than tall.
	for (const char *v : {"scalar", "cached", "warp"}) {
		runSpMV(v, 300, 300, seed++);
		runSpMV(v, 77, 1000, seed++);
	}
	check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "float_conformance: writing the output failed\n");
		return 1;
	}
	return 0;
}
