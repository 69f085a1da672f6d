package transformer

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// FlashForwardKernel is forward_kernel of tspeterkim/flash-attention-minimal
// at 00f8f46, flash.cu: FlashAttention's forward pass in one kernel, one
// block a (batch, head), one thread a row of the Bc×d tiles of Q, K and V
// held in dynamic shared memory with the Bc×Br scores, the running max m
// and sum l kept in global memory between the outer loop's trips (a
// barrier after loading Kj and Vj, and one at the end of each trip).
//
//gocuda:kernel FlashForwardKernel
func flashForwardKernel(t *gocuda.Thread, Q, K, V []float32, N, d, Tc, Tr, Bc, Br int, softmaxScale float32, l, m, O []float32) {
	tx := t.ThreadIdx.X
	bx := t.BlockIdx.X
	by := t.BlockIdx.Y

	qkvOffset := (bx * t.GridDim.Y * N * d) + (by * N * d)
	lmOffset := (bx * t.GridDim.Y * N) + (by * N)

	sram := gocuda.DynamicShared[float32](t)
	tileSize := Bc * d
	Qi := sram
	Kj := sram[tileSize:]
	Vj := sram[tileSize*2:]
	S := sram[tileSize*3:]

	for j := 0; j < Tc; j++ {
		for x := 0; x < d; x++ {
			Kj[(tx*d)+x] = K[qkvOffset+(tileSize*j)+(tx*d)+x]
			Vj[(tx*d)+x] = V[qkvOffset+(tileSize*j)+(tx*d)+x]
		}
		t.SyncThreads()

		for i := 0; i < Tr; i++ {
			for x := 0; x < d; x++ {
				Qi[(tx*d)+x] = Q[qkvOffset+(tileSize*i)+(tx*d)+x]
			}
			rowMPrev := m[lmOffset+(Br*i)+tx]
			rowLPrev := l[lmOffset+(Br*i)+tx]

			rowM := float32(math.Inf(-1))
			for y := 0; y < Bc; y++ {
				sum := float32(0)
				for x := 0; x < d; x++ {
					sum += Qi[(tx*d)+x] * Kj[(y*d)+x]
				}
				sum *= softmaxScale
				S[(Bc*tx)+y] = sum

				if sum > rowM {
					rowM = sum
				}
			}

			rowL := float32(0)
			for y := 0; y < Bc; y++ {
				S[(Bc*tx)+y] = expf(S[(Bc*tx)+y] - rowM)
				rowL += S[(Bc*tx)+y]
			}

			rowMNew := max(rowMPrev, rowM)
			rowLNew := (expf(rowMPrev-rowMNew) * rowLPrev) + (expf(rowM-rowMNew) * rowL)

			for x := 0; x < d; x++ {
				pv := float32(0)
				for y := 0; y < Bc; y++ {
					pv += S[(Bc*tx)+y] * Vj[(y*d)+x]
				}
				O[qkvOffset+(tileSize*i)+(tx*d)+x] = (1 / rowLNew) *
					((rowLPrev * expf(rowMPrev-rowMNew) * O[qkvOffset+(tileSize*i)+(tx*d)+x]) +
						(expf(rowM-rowMNew) * pv))
			}
			m[lmOffset+(Br*i)+tx] = rowMNew
			l[lmOffset+(Br*i)+tx] = rowLNew
		}
		t.SyncThreads()
	}
}
