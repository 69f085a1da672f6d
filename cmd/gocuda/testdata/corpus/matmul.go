package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file ports llm.c's matmul_forward_kernel4 (karpathy/llm.c,
// dev/cuda/matmul_forward.cu), scaled down: out = inp · weightᵀ, each
// 16×16 block computing a 64×64 tile of out and each thread a 4×4 block
// of it in registers (vals), staged through shared tiles of 64×16 with
// four-wide vector loads (ld_vec and st_vec, helpers that take no
// thread), and a register array of weights (rhs) declared in the loop
// that holds the barriers.

// ldVec loads four consecutive floats from s at i (llm.c's ld_vec).
func ldVec(s []float32, i int) [4]float32 {
	return [4]float32{s[i], s[i+1], s[i+2], s[i+3]}
}

// stVec stores v at s[i:i+4] (llm.c's st_vec).
func stVec(s []float32, i int, v [4]float32) {
	s[i], s[i+1], s[i+2], s[i+3] = v[0], v[1], v[2], v[3]
}

// MatMul returns the kernel for out (b×oc) = inp (b×c) · weight (oc×c)ᵀ;
// b and oc are multiples of 64, c of 16. Launch it with 16×16 blocks on a
// grid of b/64 × oc/64.
func MatMul(out, inp, weight []float32, c, oc int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
		lhsS := gocuda.Shared[[16]float32](t, 64)
		rhsS := gocuda.Shared[[16]float32](t, 64)
		row0, col0 := 64*t.BlockIdx.X, 64*t.BlockIdx.Y
		var vals [4][4]float32
		for so := 0; so < c; so += 16 {
			t.SyncThreads()
			// 256 threads load 64 rows of 16 floats of each operand, four at a time.
			y, xo := (16*ty+tx)/4, 4*((16*ty+tx)%4)
			stVec(lhsS[y][:], xo, ldVec(inp, (row0+y)*c+so+xo))
			stVec(rhsS[y][:], xo, ldVec(weight, (col0+y)*c+so+xo))
			t.SyncThreads()
			for si := 0; si < 16; si += 4 {
				var rhs [4][4]float32
				for u := range 4 {
					rhs[u] = ldVec(rhsS[4*ty+u][:], si)
				}
				for ii := range 4 {
					lhs := ldVec(lhsS[4*tx+ii][:], si)
					for ji := range 4 {
						for k := range 4 {
							vals[ii][ji] += lhs[k] * rhs[ji][k]
						}
					}
				}
			}
		}
		for ii := range 4 {
			stVec(out, (row0+4*tx+ii)*oc+col0+4*ty, vals[ii])
		}
	}
}
