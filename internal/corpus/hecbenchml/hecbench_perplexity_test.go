package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSigmas runs sigmas_kernel on 300 rows of 20 neighbour distances in
// [0, 10) with blocks of 128 (the last partial), perplexity 5, 100 epochs
// and tolerance 1e-5, against perplexity-cuda's reference.cpp (the same
// single-precision steps, so the bisections end at the same epoch).
func TestSigmas(t *testing.T) {
	const n, k, epochs, tol, perplexity = 300, 20, 100, 1e-5, 5
	r := rng(n, k)
	dist := make([]float32, n*k)
	for i := range dist {
		dist[i] = 10 * r.Float32()
	}
	desired := logf(perplexity)
	want := make([]float32, n*k)
	for i := range n {
		betaMin, betaMax, beta := math.Inf(-1), math.Inf(1), float32(1)
		for range epochs {
			sum := fltEpsilon
			for j := range k {
				want[i*k+j] = expf(-dist[i*k+j] * beta)
				sum += want[i*k+j]
			}
			sd := float32(0)
			div := 1 / sum
			for j := range k {
				want[i*k+j] *= div
				sd += dist[i*k+j] * want[i*k+j]
			}
			diff := logf(sum) + beta*sd - desired
			if fabsf(diff) <= tol {
				break
			}
			if diff > 0 {
				betaMin = float64(beta)
				if math.IsInf(betaMax, 0) {
					beta *= 2
				} else {
					beta = (beta + float32(betaMax)) * 0.5
				}
			} else {
				betaMax = float64(beta)
				if math.IsInf(betaMin, 0) {
					beta *= 0.5
				} else {
					beta = (beta + float32(betaMin)) * 0.5
				}
			}
		}
	}
	got := agree(t, func(f form) ([]float32, error) {
		P := make([]float32, n*k)
		return P, f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 128), Block: gocuda.Dim3{X: 128}},
			SigmasKernel(dist, P, perplexity, desired, epochs, tol, n, k))
	})
	nearSlice(t, want, got, 1e-6, "sigmas_kernel")
}
