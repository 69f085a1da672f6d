package hecbenchltoz

import (
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// ldaEstepHost is EstepKernel run sequentially, block by block, in
// float64.
func ldaEstepHost(cols, indptr []int32, vali []bool, counts []float32, initGamma bool, numIndptr, numTopics, numIters, blocks int,
	alpha, beta, gamma, gradAlpha, newBeta, trainLosses, valiLosses []float32) {
	dg := func(x float32) float64 { return float64(digamma(x)) }
	for b := range blocks {
		for i := b; i < numIndptr; i += blocks {
			beg, end := int(indptr[i]), int(indptr[i+1])
			g := gamma[numTopics*i:]
			if initGamma {
				for j := range numTopics {
					g[j] = alpha[j] + float32((end-beg)/numTopics)
				}
			}
			newGamma := make([]float64, numTopics)
			valiSum := make([]float64, numTopics)
			phi := make([]float64, numTopics)
			for j := range numIters {
				clear(newGamma)
				for k := beg; k < end; k++ {
					w, v, c := int(cols[k]), vali[k], float64(counts[k])
					if !v || j+1 == numIters {
						s := 0.0
						for l := range numTopics {
							phi[l] = float64(beta[w*numTopics+l]) * float64(expf(digamma(g[l])))
							s += phi[l]
						}
						for l := range numTopics {
							phi[l] /= s
							if v {
								valiSum[l] += phi[l] * c
							} else {
								newGamma[l] += phi[l] * c
							}
						}
					}
					if j+1 == numIters {
						if !v {
							for l := range numTopics {
								newBeta[w*numTopics+l] += float32(phi[l] * c)
							}
						}
						loss := 0.0
						for l := range numTopics {
							loss += (float64(logf(fmaxf(beta[w*numTopics+l], ldaEps))) - float64(logf(fmaxf(float32(phi[l]), ldaEps)))) * phi[l]
						}
						if v {
							valiLosses[b] += float32(loss * c)
						} else {
							trainLosses[b] += float32(loss * c)
						}
					}
				}
				for k := range numTopics {
					g[k] = float32(newGamma[k]) + alpha[k]
				}
			}
			gs := float32(0)
			for j := range numTopics {
				gs += g[j]
			}
			tl, vl := 0.0, 0.0
			for j := range numTopics {
				e := dg(g[j]) - dg(gs)
				gradAlpha[numTopics*b+j] += float32(e)
				tl += newGamma[j] * e
				vl += valiSum[j] * e
			}
			trainLosses[b] += float32(tl)
			valiLosses[b] += float32(vl)
		}
	}
}

// TestLdaEstep runs lda-cuda's EstepKernel twice (init_gamma, then not)
// on 7 documents over 20 words and 40 topics, 3 iterations, with blocks
// of 64 and of 32 threads (where ReduceSum returns after its first
// barrier), 3 blocks contending for the word locks, against the kernel
// run sequentially. The collector is off during the launches: a block's
// thread 0 spins on a lock another block holds (see hecbenchml's repro r3).
func TestLdaEstep(t *testing.T) {
	const docs, words, topics, iters, blocks = 7, 20, 40, 3, 3
	r := rng(docs, words, topics)
	indptr := make([]int32, docs+1)
	var cols []int32
	var vali []bool
	var counts []float32
	for d := range docs {
		n := 3 + r.IntN(8)
		for range n {
			cols = append(cols, int32(r.IntN(words)))
			vali = append(vali, r.IntN(5) == 0)
			counts = append(counts, float32(1+r.IntN(3)))
		}
		indptr[d+1] = int32(len(cols))
	}
	alpha := make([]float32, topics)
	for i := range alpha {
		alpha[i] = 0.1 + r.Float32()
	}
	beta := make([]float32, words*topics)
	for i := range beta {
		beta[i] = 0.01 + r.Float32()
	}
	type state struct{ gamma, gradAlpha, newBeta, train, vali []float32 }
	fresh := func() state {
		return state{make([]float32, docs*topics), make([]float32, blocks*topics), make([]float32, words*topics), make([]float32, blocks), make([]float32, blocks)}
	}
	want := fresh()
	for rep := range 2 {
		ldaEstepHost(cols, indptr, vali, counts, rep == 0, docs, topics, iters, blocks, alpha, beta, want.gamma, want.gradAlpha, want.newBeta, want.train, want.vali)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	for _, bd := range []int{64, 32} {
		got := both(t, func(f form) (state, error) {
			s := fresh()
			locks := make([]int32, words)
			for rep := range 2 {
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bd}, SharedMem: 4 * topics * 4},
					EstepKernel(cols, indptr, vali, counts, rep == 0, len(cols), docs, topics, iters, alpha, beta, s.gamma, s.gradAlpha, s.newBeta, s.train, s.vali, locks))
				if err != nil {
					return s, err
				}
			}
			return s, nil
		})
		for i, g := range got {
			msg := forms[i].name
			nearSlice(t, want.gamma, g.gamma, 1e-3, "gamma %s %d", msg, bd)
			nearSlice(t, want.gradAlpha, g.gradAlpha, 1e-3, "grad_alpha %s %d", msg, bd)
			nearSlice(t, want.newBeta, g.newBeta, 1e-3, "new_beta %s %d", msg, bd)
			nearSlice(t, want.train, g.train, 1e-3, "train losses %s %d", msg, bd)
			nearSlice(t, want.vali, g.vali, 1e-3, "vali losses %s %d", msg, bd)
		}
	}
}
