package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDwconv1d runs cuda_forward's and cuda_backward's launches (grid
// (1, B·C/BF or BB), blocks of T/4) with B = 8 and 16, C = 3 and T = 44
// and 128 (T a multiple of 4, B of BF and BB, as run.py checks) against
// run.py's RUN_NAIVE formula and its gradients, computed in float64.
func TestDwconv1d(t *testing.T) {
	const eps = float32(0.1)
	for _, c := range [][3]int{{8, 3, 44}, {16, 3, 128}} {
		B, C, T := c[0], c[1], c[2]
		name := fmt.Sprintf("B=%d C=%d T=%d", B, C, T)
		r := rng(B, C, T)
		rnd := func(n int) []float32 {
			s := make([]float32, n)
			for i := range s {
				s[i] = r.Float32()
			}
			return s
		}
		w, k, gwk := rnd(C*T), rnd(B*C*T), rnd(B*C*T)
		wantX, wantGw, wantGk := make([]float32, B*C*T), make([]float32, B*C*T), make([]float32, B*C*T)
		for b := range B {
			for ch := range C {
				row := (b*C + ch) * T
				for tt := range T {
					s := float64(eps)
					for u := 0; u <= tt; u++ {
						s += float64(w[ch*T+(T-1)-(tt-u)]) * float64(k[row+u])
					}
					wantX[row+tt] = float32(s)
				}
				// gw[s'] sums gwk[t]·k[u] over T−1−(t−u) = s'; gk[u] sums
				// gwk[t]·w[T−1−(t−u)] over t >= u.
				gw, gk := make([]float64, T), make([]float64, T)
				for tt := range T {
					for u := 0; u <= tt; u++ {
						gw[T-1-(tt-u)] += float64(gwk[row+tt]) * float64(k[row+u])
						gk[u] += float64(gwk[row+tt]) * float64(w[ch*T+T-1-(tt-u)])
					}
				}
				for i := range T {
					wantGw[row+i], wantGk[row+i] = float32(gw[i]), float32(gk[i])
				}
			}
		}
		block := gocuda.Dim3{X: T >> 2}
		x := agree(t, func(f form) ([]float32, error) {
			x := make([]float32, B*C*T)
			return x, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: B * C / dwBF}, Block: block},
				DwconvForwardKernel(w, k, x, eps, int32(B), int32(C), int32(T)))
		})
		nearSlice(t, wantX, x, 1e-5, "forward, %s", name)
		grads := agree(t, func(f form) ([2][]float32, error) {
			gw, gk := make([]float32, B*C*T), make([]float32, B*C*T)
			return [2][]float32{gw, gk}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: B * C / dwBB}, Block: block},
				DwconvBackwardKernel(w, k, gwk, gw, gk, int32(B), int32(C), int32(T)))
		})
		nearSlice(t, wantGw, grads[0], 1e-5, "gw, %s", name)
		nearSlice(t, wantGk, grads[1], 1e-5, "gk, %s", name)
	}
}
