// ryoo_matmul.cu times the three matrix multiplies of Ryoo et al.,
// "Optimization Principles and Application Performance Evaluation of a
// Multithreaded GPU Using CUDA" (PPoPP 2008), as docs/tutorials/timing.md
// has them on the 8800 GTX (package kernels' MatMulNaiveKernel,
// MatMulTiledKernel and MatMulTiledUnrolledKernel): naive, one thread per
// element of C reading A and B from global memory; tiled, 16×16 tiles of
// A and B in shared memory; and tiled with the inner loop unrolled. Each
// size is timed as the median of 20 launches (CUDA events) after three
// not timed, and checked against a host reference at a few elements.
//
//	nvcc -O2 -arch=native -o ryoo ryoo_matmul.cu
//	./ryoo > ryoo_<gpu>.txt
//
// Output: comment lines starting with '#', then one line per case:
//
//	kernel n : median_ms min_ms GFLOPS
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define TILE 16

__global__ void naive(const float *a, const float *b, float *c, int n) {
	int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
	if (row >= n || col >= n) return;
	float sum = 0;
	for (int p = 0; p < n; p++) sum += a[row * n + p] * b[p * n + col];
	c[row * n + col] = sum;
}

__global__ void tiled(const float *a, const float *b, float *c, int n) {
	__shared__ float as[TILE][TILE], bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float sum = 0;
	for (int p = 0; p < n; p += TILE) {
		as[ty][tx] = row < n && p + tx < n ? a[row * n + p + tx] : 0;
		bs[ty][tx] = p + ty < n && col < n ? b[(p + ty) * n + col] : 0;
		__syncthreads();
		for (int q = 0; q < TILE; q++) sum += as[ty][q] * bs[q][tx];
		__syncthreads();
	}
	if (row < n && col < n) c[row * n + col] = sum;
}

__global__ void tiledUnrolled(const float *a, const float *b, float *c, int n) {
	__shared__ float as[TILE][TILE], bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float sum = 0;
	for (int p = 0; p < n; p += TILE) {
		as[ty][tx] = row < n && p + tx < n ? a[row * n + p + tx] : 0;
		bs[ty][tx] = p + ty < n && col < n ? b[(p + ty) * n + col] : 0;
		__syncthreads();
#pragma unroll
		for (int q = 0; q < TILE; q++) sum += as[ty][q] * bs[q][tx];
		__syncthreads();
	}
	if (row < n && col < n) c[row * n + col] = sum;
}

int main() {
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	int rt;
	cudaRuntimeGetVersion(&rt);
	printf("# device %s, compute capability %d.%d, %d SMs, runtime %d\n", p.name, p.major, p.minor,
	       p.multiProcessorCount, rt);
	printf("# tiled's inner loop as written is unrolled by nvcc -O2 too: the two differ only by the pragma\n");
	for (int n : {128, 512, 1024, 4096}) {
		std::vector<float> ha(n * n), hb(n * n), hc(n * n);
		for (int i = 0; i < n * n; i++) {
			ha[i] = (float)((i * 7) % 13) / 13.0f;
			hb[i] = (float)((i * 5) % 11) / 11.0f;
		}
		float *a, *b, *c;
		cudaMalloc(&a, n * n * 4);
		cudaMalloc(&b, n * n * 4);
		cudaMalloc(&c, n * n * 4);
		cudaMemcpy(a, ha.data(), n * n * 4, cudaMemcpyHostToDevice);
		cudaMemcpy(b, hb.data(), n * n * 4, cudaMemcpyHostToDevice);
		dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
		const char *names[] = {"naive", "tiled", "tiledUnrolled"};
		for (int k = 0; k < 3; k++) {
			auto launch = [&] {
				if (k == 0) naive<<<grid, block>>>(a, b, c, n);
				else if (k == 1) tiled<<<grid, block>>>(a, b, c, n);
				else tiledUnrolled<<<grid, block>>>(a, b, c, n);
			};
			cudaEvent_t start, stop;
			cudaEventCreate(&start);
			cudaEventCreate(&stop);
			std::vector<float> ms;
			for (int r = 0; r < 23; r++) {
				cudaEventRecord(start);
				launch();
				cudaEventRecord(stop);
				cudaEventSynchronize(stop);
				float t;
				cudaEventElapsedTime(&t, start, stop);
				if (r >= 3) ms.push_back(t);
			}
			if (cudaGetLastError() != cudaSuccess) {
				printf("# %s n=%d: %s\n", names[k], n, cudaGetErrorString(cudaGetLastError()));
				return 1;
			}
			cudaMemcpy(hc.data(), c, n * n * 4, cudaMemcpyDeviceToHost);
			bool ok = true;
			for (int s = 0; s < 16; s++) {
				int row = (s * 37) % n, col = (s * 91) % n;
				double want = 0;
				for (int q = 0; q < n; q++) want += (double)ha[row * n + q] * hb[q * n + col];
				ok &= std::fabs(hc[row * n + col] - want) <= 1e-3 * std::fabs(want) + 1e-3;
			}
			std::sort(ms.begin(), ms.end());
			double med = ms[ms.size() / 2];
			if (!ok) printf("# %s n=%d: WRONG RESULT\n", names[k], n);
			printf("%s %d : %.4f %.4f %.1f\n", names[k], n, med, ms[0], 2.0 * n * n * (double)n / (med * 1e6));
		}
		cudaFree(a);
		cudaFree(b);
		cudaFree(c);
	}
	return 0;
}
