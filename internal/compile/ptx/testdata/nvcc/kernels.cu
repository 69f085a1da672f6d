// The kernels the GPU benchmarks (bench_test.go) time against gocuda's
// PTX: CUDA C translations of package kernels' Go kernels, line for line,
// with Go's int as long long, so that both sides do the same work. Built
// with nvcc -ptx where nvcc exists; never needed by the tests.
//
// Sources: SAXPY from Harris, "An Easy Introduction to CUDA C and C++";
// the grid-stride reduction is Harris's "Optimizing Parallel Reduction in
// CUDA" kernel 7; the tiled matrix product is the CUDA Programming Guide's
// shared-memory tiling (Ryoo et al.); the tiled n-body is GPU Gems 3
// chapter 31.

#define TILE 16
#define NBODY_TILE 2048

extern "C" __global__ void saxpy(float a, const float *x, long long xlen, float *y, long long ylen)
{
	long long n = xlen;
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

// reduceLastWarp and the tree follow kernels/reduce_variants.go.
template <typename T>
__device__ void reduceLastWarp(T *sdata, long long tid)
{
	T v = sdata[tid];
	for (long long offset = 32; offset > 0; offset /= 2) {
		v += sdata[tid + offset];
		__syncwarp();
		sdata[tid] = v;
		__syncwarp();
	}
}

template <typename T>
__device__ void reduceGridStride(const T *in, long long n, T *partial)
{
	extern __shared__ unsigned char smem[];
	T *sdata = (T *)smem;
	long long tid = threadIdx.x, b = blockDim.x;
	long long gridSize = 2 * b * gridDim.x;
	T v = 0;
	for (long long i = blockIdx.x * 2 * b + tid; i < n; i += gridSize) {
		v += in[i];
		if (i + b < n)
			v += in[i + b];
	}
	sdata[tid] = v;
	__syncthreads();
	for (long long s = b / 2; s > 32; s /= 2) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid < 32)
		reduceLastWarp(sdata, tid);
	if (tid == 0)
		partial[blockIdx.x] = sdata[0];
}

extern "C" __global__ void reduceGridStride_float32(const float *in, long long inlen, float *partial, long long plen)
{
	reduceGridStride(in, inlen, partial);
}

extern "C" __global__ void reduceGridStride_int32(const int *in, long long inlen, int *partial, long long plen)
{
	reduceGridStride(in, inlen, partial);
}

// matMulTiled follows kernels/matmul.go, matmulLoad inlined.
extern "C" __global__ void matMulTiled(const float *a, long long alen, const float *b, long long blen,
	float *c, long long clen, long long m, long long k, long long n)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	long long tx = threadIdx.x, ty = threadIdx.y;
	long long row = blockIdx.y * TILE + ty;
	long long col = blockIdx.x * TILE + tx;
	float sum = 0;
	for (long long p = 0; p < k; p += TILE) {
		float av = 0, bv = 0;
		if (row < m && p + tx < k)
			av = a[row * k + p + tx];
		if (p + ty < k && col < n)
			bv = b[(p + ty) * n + col];
		as[ty][tx] = av;
		bs[ty][tx] = bv;
		__syncthreads();
		for (int q = 0; q < TILE; q++)
			sum += as[ty][q] * bs[q][tx];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}

// nBodyTiled follows kernels/nbody.go.
__device__ void nbodyInteract(float &ax, float &ay, float &az, float xi, float yi, float zi,
	float xj, float yj, float zj, float mj, float eps2)
{
	float dx = xj - xi, dy = yj - yi, dz = zj - zi;
	float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + eps2);
	float s = mj * inv * inv * inv;
	ax += dx * s;
	ay += dy * s;
	az += dz * s;
}

extern "C" __global__ void nBodyTiled(const float4 *bodies, long long nbodies, float *acc, long long nacc, float eps2)
{
	__shared__ float4 tile[NBODY_TILE];
	long long n = nbodies;
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	float xi = 0, yi = 0, zi = 0;
	if (i < n) {
		xi = bodies[i].x;
		yi = bodies[i].y;
		zi = bodies[i].z;
	}
	float ax = 0, ay = 0, az = 0;
	for (long long start = 0; start < n; start += NBODY_TILE) {
		for (long long k = threadIdx.x; k < NBODY_TILE && start + k < n; k += blockDim.x)
			tile[k] = bodies[start + k];
		__syncthreads();
		long long m = n - start < NBODY_TILE ? n - start : NBODY_TILE;
		for (long long j = 0; j < m; j++) {
			float4 bj = tile[j];
			nbodyInteract(ax, ay, az, xi, yi, zi, bj.x, bj.y, bj.z, bj.w, eps2);
		}
		__syncthreads();
	}
	if (i < n) {
		acc[3 * i] = ax;
		acc[3 * i + 1] = ay;
		acc[3 * i + 2] = az;
	}
}
