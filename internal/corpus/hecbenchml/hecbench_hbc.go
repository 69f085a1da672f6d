package hecbenchml

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's hbc benchmark (zjin-lcf/HeCBench at
// f27000a, src/hbc-cuda/kernels.cu, McLaughlin and Bader's hybrid
// betweenness centrality): bc_kernel and its bitonic_sort. Each block
// takes sources from a global counter and runs Brandes' algorithm from
// each: a breadth-first search, work-efficient (a queue, threads taking
// frontier vertices from a shared counter) or, once the sampled diameters
// say the graph is small-world (*jia), edge-parallel for large frontiers,
// then the successor-method dependency accumulation, depth by depth.
// Shared scalars and shared pointers to the block's rows of the pitched
// arrays hold the state; the loops over sources, levels and depths test
// shared values, and some __shared__ declarations are inside them. A
// pitched row, (T*)((char*)p + blockIdx.x*pitch), is a subslice.

// hbcDiameterSamples is kernels.cu's DIAMETER_SAMPLES.
const hbcDiameterSamples = 512

// intMax is C's INT_MAX.
const intMax = math.MaxInt32

// pitchRow is (T*)((char*)p + row*pitch) for a pitch in bytes.
func pitchRow[T any](p []T, row, pitch int) []T {
	var zero T
	return p[row*pitch/int(unsafe.Sizeof(zero)):]
}

// bitonicSort is kernels.cu's bitonic_sort: the block sorts values[:N]
// (N a power of two) ascending.
func bitonicSort(t *gocuda.Thread, values []int32, N int) {
	idx := uint32(t.ThreadIdx.X)

	for k := 2; k <= N; k <<= 1 {
		for j := k >> 1; j > 0; j = j >> 1 {
			for idx < uint32(N) {
				ixj := int(idx) ^ j
				if uint32(ixj) > idx {
					if (int(idx)&k) == 0 && values[idx] > values[ixj] {
						//exchange(idx, ixj);
						tmp := values[idx]
						values[idx] = values[ixj]
						values[ixj] = tmp
					}
					if (int(idx)&k) != 0 && values[idx] < values[ixj] {
						//exchange(idx, ixj);
						tmp := values[idx]
						values[idx] = values[ixj]
						values[ixj] = tmp
					}
				}
				idx += uint32(t.BlockDim.X)
			}
			t.SyncThreads()
			idx = uint32(t.ThreadIdx.X)
		}
	}
}

// BcKernel is bc_kernel of hbc-cuda: it adds the dependencies of the
// sources start..end-1 (or of source_vertices[ind] when approx) to bc.
// Pitches are in bytes, as cudaMallocPitch gives them.
//
//gocuda:kernel BcKernel
func bcKernel(t *gocuda.Thread, bc []float32, R, C, F []int32, n, m int, d []int32, sigma []uint64, delta []float32, Q, Q2, S, endpoints, nextSource []int32,
	pitchD, pitchSigma, pitchDelta, pitchQ, pitchQ2, pitchS, pitchEndpoints int, start, end int, jia, diameters, sourceVertices []int32, approx bool) {
	ind := gocuda.Shared[int32](t, 1)
	i := gocuda.Shared[int32](t, 1)
	QRow := gocuda.Shared[[]int32](t, 1)
	Q2Row := gocuda.Shared[[]int32](t, 1)
	SRow := gocuda.Shared[[]int32](t, 1)
	endpointsRow := gocuda.Shared[[]int32](t, 1)

	j := t.ThreadIdx.X
	dRow := pitchRow(d, t.BlockIdx.X, pitchD)
	sigmaRow := pitchRow(sigma, t.BlockIdx.X, pitchSigma)
	deltaRow := pitchRow(delta, t.BlockIdx.X, pitchDelta)
	if j == 0 {
		ind[0] = int32(t.BlockIdx.X + start)
		if approx {
			i[0] = sourceVertices[ind[0]]
		} else {
			i[0] = ind[0]
		}
		QRow[0] = pitchRow(Q, t.BlockIdx.X, pitchQ)
		Q2Row[0] = pitchRow(Q2, t.BlockIdx.X, pitchQ2)
		SRow[0] = pitchRow(S, t.BlockIdx.X, pitchS)
		endpointsRow[0] = pitchRow(endpoints, t.BlockIdx.X, pitchEndpoints)
		jia[0] = 0
	}
	t.SyncThreads()

	if (ind[0] == 0) && (j < hbcDiameterSamples) {
		diameters[j] = intMax
	}
	t.SyncThreads()

	for int(ind[0]) < end {
		//Initialization
		for k := t.ThreadIdx.X; k < n; k += t.BlockDim.X {
			if k == int(i[0]) { //If k is the source node...
				dRow[k] = 0
				sigmaRow[k] = 1
			} else {
				dRow[k] = intMax
				sigmaRow[k] = 0
			}
			deltaRow[k] = 0
		}
		t.SyncThreads()

		//Shortest Path Calculation
		QLen := gocuda.Shared[int32](t, 1)
		Q2Len := gocuda.Shared[int32](t, 1)
		SLen := gocuda.Shared[int32](t, 1)
		currentDepth := gocuda.Shared[int32](t, 1)
		endpointsLen := gocuda.Shared[int32](t, 1)
		spCalcDone := gocuda.Shared[bool](t, 1)

		if j == 0 {
			QRow[0][0] = i[0]
			QLen[0] = 1
			Q2Len[0] = 0
			SRow[0][0] = i[0]
			SLen[0] = 1
			endpointsRow[0][0] = 0
			endpointsRow[0][1] = 1
			endpointsLen[0] = 2
			currentDepth[0] = 0
			spCalcDone[0] = false
		}
		t.SyncThreads()

		//Do first iteration separately since we already know the edges to traverse
		for r := t.ThreadIdx.X + int(R[i[0]]); r < int(R[i[0]+1]); r += t.BlockDim.X {
			w := C[r]
			//No multiple/self edges - each value of w is unique, so no need for atomics
			if dRow[w] == intMax {
				dRow[w] = 1
				tt := atomic.Add(&Q2Len[0], 1)
				Q2Row[0][tt] = w
			}
			if dRow[w] == (dRow[i[0]] + 1) {
				atomic.Add(&sigmaRow[w], 1)
			}
		}
		t.SyncThreads()

		if Q2Len[0] == 0 {
			spCalcDone[0] = true
		} else {
			for kk := t.ThreadIdx.X; kk < int(Q2Len[0]); kk += t.BlockDim.X {
				QRow[0][kk] = Q2Row[0][kk]
				SRow[0][kk+int(SLen[0])] = Q2Row[0][kk]
			}
			t.SyncThreads()
			if j == 0 {
				endpointsRow[0][endpointsLen[0]] = endpointsRow[0][endpointsLen[0]-1] + Q2Len[0]
				endpointsLen[0]++
				QLen[0] = Q2Len[0]
				SLen[0] += Q2Len[0]
				Q2Len[0] = 0
				currentDepth[0]++
			}
		}
		t.SyncThreads()

		for !spCalcDone[0] {
			if (jia[0] != 0) && (QLen[0] > 512) {
				for k := t.ThreadIdx.X; k < 2*m; k += t.BlockDim.X {
					v := F[k]
					if dRow[v] == currentDepth[0] {
						w := C[k]
						if atomic.CAS(&dRow[w], intMax, dRow[v]+1) == intMax {
							tt := atomic.Add(&Q2Len[0], 1)
							Q2Row[0][tt] = w
						}
						if dRow[w] == (dRow[v] + 1) {
							atomic.Add(&sigmaRow[w], sigmaRow[v])
						}
					}
				}
			} else {
				nextIndex := gocuda.Shared[int32](t, 1)
				if j == 0 {
					nextIndex[0] = int32(t.BlockDim.X)
				}
				t.SyncThreads()
				k := int32(t.ThreadIdx.X) //Initial vertices
				for k < QLen[0] {
					v := QRow[0][k]
					for r := R[v]; r < R[v+1]; r++ {
						w := C[r]
						//Use atomicCAS to prevent duplicates
						if atomic.CAS(&dRow[w], intMax, dRow[v]+1) == intMax {
							tt := atomic.Add(&Q2Len[0], 1)
							Q2Row[0][tt] = w
						}
						if dRow[w] == (dRow[v] + 1) {
							atomic.Add(&sigmaRow[w], sigmaRow[v])
						}
					}
					k = atomic.Add(&nextIndex[0], 1)
				}
			}
			t.SyncThreads()

			if Q2Len[0] == 0 { //If there is no additional work found, we're done
				break
			} else { //If there is additional work, transfer elements from Q2 to Q, reset lengths, and add vertices to the stack
				for kk := t.ThreadIdx.X; kk < int(Q2Len[0]); kk += t.BlockDim.X {
					QRow[0][kk] = Q2Row[0][kk]
					SRow[0][kk+int(SLen[0])] = Q2Row[0][kk]
				}
				t.SyncThreads()
				if j == 0 {
					endpointsRow[0][endpointsLen[0]] = endpointsRow[0][endpointsLen[0]-1] + Q2Len[0]
					endpointsLen[0]++
					QLen[0] = Q2Len[0]
					SLen[0] += Q2Len[0]
					Q2Len[0] = 0
					currentDepth[0]++
				}
				t.SyncThreads()
			}
		}

		//The elements at the end of the stack will have the largest distance from the source
		//Using the successor method, we can start from one depth earlier
		if j == 0 {
			currentDepth[0] = dRow[SRow[0][SLen[0]-1]] - 1
			if ind[0] < hbcDiameterSamples {
				diameters[ind[0]] = currentDepth[0] + 1
			}
		}
		t.SyncThreads()

		//Dependency Accumulation (Madduri/Ediger successor method)
		for currentDepth[0] > 0 {
			stackIterLen := endpointsRow[0][currentDepth[0]+1] - endpointsRow[0][currentDepth[0]]
			if (jia[0] != 0) && (stackIterLen > 512) {
				for kk := t.ThreadIdx.X; kk < 2*m; kk += t.BlockDim.X {
					w := F[kk]
					if dRow[w] == currentDepth[0] {
						v := C[kk]
						if dRow[v] == (dRow[w] + 1) {
							change := (float32(sigmaRow[w]) / float32(sigmaRow[v])) * (1.0 + deltaRow[v])
							atomic.Add(&deltaRow[w], change)
						}
					}
				}
			} else {
				for kk := t.ThreadIdx.X + int(endpointsRow[0][currentDepth[0]]); kk < int(endpointsRow[0][currentDepth[0]+1]); kk += t.BlockDim.X {
					w := SRow[0][kk]
					dsw := float32(0)
					sw := float32(sigmaRow[w])
					for z := R[w]; z < R[w+1]; z++ {
						v := C[z]
						if dRow[v] == (dRow[w] + 1) {
							dsw += (sw / float32(sigmaRow[v])) * (1.0 + deltaRow[v])
						}
					}
					deltaRow[w] = dsw
				}
			}
			t.SyncThreads()
			if j == 0 {
				currentDepth[0]--
			}
			t.SyncThreads()
		}

		for kk := t.ThreadIdx.X; kk < n; kk += t.BlockDim.X {
			atomic.Add(&bc[kk], deltaRow[kk]) //Would need to check that kk != i here, but delta_row[kk] is guaranteed to be 0.
		}

		if j == 0 {
			ind[0] = atomic.Add(&nextSource[0], 1)
			if approx {
				i[0] = sourceVertices[ind[0]]
			} else {
				i[0] = ind[0]
			}
		}
		t.SyncThreads()

		if ind[0] == 2*hbcDiameterSamples {
			diameterKeys := gocuda.Shared[int32](t, hbcDiameterSamples)
			for kk := t.ThreadIdx.X; kk < hbcDiameterSamples; kk += t.BlockDim.X {
				diameterKeys[kk] = diameters[kk]
			}
			t.SyncThreads()
			bitonicSort(t, diameterKeys, hbcDiameterSamples)
			t.SyncThreads()
			if j == 0 {
				log2n := 0
				tempn := n
				for {
					tempn >>= 1
					if tempn == 0 {
						break
					}
					log2n++
				}
				if diameterKeys[hbcDiameterSamples/2] < int32(4*log2n) { //Use the median
					jia[0] = 1
				}
			}
		}
		t.SyncThreads()
	}
}
