package transformer

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestConjugateGradient solves the sample's system (genTridiag's random
// symmetric, diagonally dominant tridiagonal matrix, right-hand side 1)
// with one cooperative launch of gpuConjugateGradient (4 blocks of 128,
// a double per warp of dynamic shared memory), and checks the residual on
// the host as the sample does.
func TestConjugateGradient(t *testing.T) {
	const N = 1000
	r := rng(N)
	I := make([]int32, N+1)
	var J []int32
	var val []float32
	for i := range N {
		I[i] = int32(len(J))
		if i > 0 {
			J, val = append(J, int32(i-1)), append(val, 0)
		}
		J, val = append(J, int32(i)), append(val, 0)
		if i < N-1 {
			J, val = append(J, int32(i+1)), append(val, 0)
		}
	}
	I[N] = int32(len(J))
	// genTridiag: off-diagonals random in [0, 1), symmetric, diagonal
	// rand + 10 plus the row's neighbours.
	diag := make([]float32, N)
	off := make([]float32, N)
	for i := range N {
		diag[i] = r.Float32() + 10
		off[i] = r.Float32()
	}
	for i := range N {
		k := int(I[i])
		if i > 0 {
			val[k] = off[i-1]
			k++
		}
		val[k] = diag[i]
		k++
		if i < N-1 {
			val[k] = off[i]
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}, SharedMem: 128 / 32 * 8}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			x, Ax, p, rr := make([]float32, N), make([]float32, N), make([]float32, N), make([]float32, N)
			for i := range rr {
				rr[i] = 1
			}
			var dot float64
			cfg := cfg
			cfg.RuntimePath = f.runtime
			require.NoError(t, dev.LaunchCooperative(cfg, GpuConjugateGradientKernel(I, J, val, x, Ax, p, rr, &dot, len(J), N, 1e-5)))
			for i := range N {
				s := 0.0
				for k := I[i]; k < I[i+1]; k++ {
					s += float64(val[k]) * float64(x[J[k]])
				}
				require.InDelta(t, 1.0, s, 1e-4, "row %d", i)
			}
		})
	}
}

// TestJacobi runs jacobiCudaGraphs' JacobiMethod for a few iterations (64
// blocks of 256, the vectors swapped between launches) and finalError on
// the result, against the host's Jacobi iteration.
func TestJacobi(t *testing.T) {
	const n, iters = jacobiNRows, 6
	r := rng(n)
	A := make([]float32, n*n)
	b := make([]float64, n)
	for i := range n {
		for j := range n {
			A[i*n+j] = r.Float32()
		}
		A[i*n+i] = n + 1 // createLinearSystem's dominant diagonal
		b[i] = 2*float64(r.Float32()) - 1
	}
	// host
	hx, hxn := make([]float64, n), make([]float64, n)
	hsum := 0.0
	for range iters {
		hsum = 0
		for i := range n {
			s := b[i]
			for j := range n {
				s -= float64(A[i*n+j]) * hx[j]
			}
			dx := s / float64(A[i*n+i])
			hxn[i] = hx[i] + dx
			hsum += math.Abs(dx)
		}
		hx, hxn = hxn, hx
	}
	wantErr := 0.0
	for _, v := range hx {
		wantErr += math.Abs(v - 1)
	}
	type res struct {
		x        []float64
		sum, err float64
	}
	got := both(t, func(f form) (res, error) {
		x, xn := make([]float64, n), make([]float64, n)
		var sum float64
		for range iters {
			sum = 0
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / jacobiRowsPerCTA}, Block: gocuda.Dim3{X: 256}}, JacobiMethodKernel(A, b, 1e-4, x, xn, &sum)); err != nil {
				return res{}, err
			}
			x, xn = xn, x
		}
		var e float64
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 128}, SharedMem: 128 / 32 * 8}, FinalErrorKernel(x, &e))
		return res{x, sum, e}, err
	})
	for _, g := range got {
		nearSlice(t, hx, g.x, 1e-9, "x")
		require.InDelta(t, hsum, g.sum, 1e-9*max(1, hsum))
		require.InDelta(t, wantErr, g.err, 1e-9*wantErr)
	}
}

// fwtRef is fwtCPU of fastWalshTransform_gold.cpp: the in-place
// Walsh-Hadamard transform of each 2^log2N batch, in float64.
func fwtRef(data []float32, log2N int) []float64 {
	out := make([]float64, len(data))
	for i, v := range data {
		out[i] = float64(v)
	}
	N := 1 << log2N
	for base := 0; base < len(out); base += N {
		d := out[base : base+N]
		for stride := N / 2; stride >= 1; stride >>= 1 {
			for s := 0; s < N; s += 2 * stride {
				for j := s; j < s+stride; j++ {
					d[j], d[j+stride] = d[j]+d[j+stride], d[j]-d[j+stride]
				}
			}
		}
	}
	return out
}

// TestFastWalshTransform runs fwtBatchGPU's launches (fwtBatch2Kernel
// while log2N > 11, then fwtBatch1Kernel on N/4 threads) for a batch of
// 2^13 (both kernels, an odd power at the end) and of 2^10, and
// modulateKernel, against the host.
func TestFastWalshTransform(t *testing.T) {
	for _, tc := range []struct{ M, log2N int }{{1, 13}, {3, 10}} {
		r := rng(tc.M, tc.log2N)
		data := make([]float32, tc.M<<tc.log2N)
		for i := range data {
			data[i] = float32(r.IntN(16)) - 8 // exact in float32
		}
		want := fwtRef(data, tc.log2N)
		got := agree(t, func(f form) ([]float32, error) {
			d := append([]float32(nil), data...)
			const threadN = 256
			M, log2N := tc.M, tc.log2N
			N := 1 << log2N
			grid := gocuda.Dim3{X: (1 << log2N) / (4 * threadN), Y: M}
			for ; log2N > 11; log2N, N, M = log2N-2, N>>2, M<<2 {
				if err := f.launch(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: threadN}}, FwtBatch2Kernel(d, d, N/4)); err != nil {
					return nil, err
				}
			}
			return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: M}, Block: gocuda.Dim3{X: N / 4}, SharedMem: N * 4}, FwtBatch1Kernel(d, d, log2N))
		})
		for i := range want {
			require.Equal(t, want[i], float64(got[i]), "log2N %d: element %d", tc.log2N, i)
		}
	}
	const N = 5000
	r := rng(N)
	a, b := randF32(r, N), randF32(r, N)
	got := agree(t, func(f form) ([]float32, error) {
		d := append([]float32(nil), a...)
		return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 128}, Block: gocuda.Dim3{X: 256}}, ModulateKernel(d, b, N))
	})
	for i := range a {
		require.Equal(t, a[i]*(b[i]*(1.0/float32(N))), got[i])
	}
}

// TestDwtHaar1D decomposes signals of 2^9 and 2^10 values with one block
// of dwtHaar1D (the sample's launch for up to ten levels) after
// initValue, against the host's Haar decomposition.
func TestDwtHaar1D(t *testing.T) {
	for _, levels := range []int{9, 10} {
		n := 1 << levels
		r := rng(n)
		sig := randF32(r, n)
		want := make([]float64, n)
		a := make([]float64, n)
		for i, v := range sig {
			a[i] = float64(v)
		}
		for ln := n; ln > 1; ln /= 2 {
			for i := range ln / 2 {
				want[ln/2+i] = (a[2*i] - a[2*i+1]) * invSqrt2
				a[i] = (a[2*i] + a[2*i+1]) * invSqrt2
			}
		}
		type res struct{ od, approx []float32 }
		got := agree(t, func(f form) (res, error) {
			bs := n / 2
			od, approx := make([]float32, n), make([]float32, 1)
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, InitValueKernel(od, 7)); err != nil {
				return res{}, err
			}
			for i, v := range od {
				require.Equal(t, float32(7), v, "initValue: od[%d]", i)
			}
			mem := 2*bs*4 + (2*bs/numBanks)*4
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}, SharedMem: mem}, DwtHaar1DKernel(sig, od, approx, uint32(levels), uint32(bs), bs))
			return res{od, approx}, err
		})
		want32 := make([]float32, n)
		for i, v := range want {
			want32[i] = float32(v)
		}
		nearSlice(t, want32[1:], got.od[1:], 1e-5, "details")
		require.InDelta(t, a[0], float64(got.approx[0]), 1e-4)
	}
}

// TestBlackScholes prices 1000 options (two a thread, blocks of 128)
// against BlackScholes_gold.cpp's formulas in float64.
func TestBlackScholes(t *testing.T) {
	const optN, R, V = 1000, 0.02, 0.30
	r := rng(optN)
	S, X, T := make([]float2, optN/2), make([]float2, optN/2), make([]float2, optN/2)
	rnd := func(lo, hi float32) float32 { return lo + (hi-lo)*r.Float32() }
	for i := range S {
		S[i] = float2{rnd(5, 30), rnd(5, 30)}
		X[i] = float2{rnd(1, 100), rnd(1, 100)}
		T[i] = float2{rnd(0.25, 10), rnd(0.25, 10)}
	}
	type res struct{ call, put []float2 }
	got := agree(t, func(f form) (res, error) {
		c, p := make([]float2, optN/2), make([]float2, optN/2)
		return res{c, p}, f.launch(gocuda.Config{Grid: gocuda.Blocks(optN/2, 128), Block: gocuda.Dim3{X: 128}}, BlackScholesKernel(c, p, S, X, T, R, V, optN))
	})
	cnd := func(d float64) float64 {
		const A1, A2, A3, A4, A5, RSQRT2PI = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429, 0.39894228040143267793994605993438
		K := 1 / (1 + 0.2316419*math.Abs(d))
		c := RSQRT2PI * math.Exp(-0.5*d*d) * (K * (A1 + K*(A2+K*(A3+K*(A4+K*A5)))))
		if d > 0 {
			c = 1 - c
		}
		return c
	}
	bs := func(S, X, T float32) (float64, float64) {
		s, x, tt := float64(S), float64(X), float64(T)
		sqrtT := math.Sqrt(tt)
		d1 := (math.Log(s/x) + (R+0.5*V*V)*tt) / (V * sqrtT)
		d2 := d1 - V*sqrtT
		e := math.Exp(-R * tt)
		return s*cnd(d1) - x*e*cnd(d2), x*e*(1-cnd(d2)) - s*(1-cnd(d1))
	}
	for i := range S {
		c1, p1 := bs(S[i].x, X[i].x, T[i].x)
		c2, p2 := bs(S[i].y, X[i].y, T[i].y)
		for _, pr := range [][2]float64{{c1, float64(got.call[i].x)}, {p1, float64(got.put[i].x)}, {c2, float64(got.call[i].y)}, {p2, float64(got.put[i].y)}} {
			require.InDelta(t, pr[0], pr[1], 1e-4*max(1, math.Abs(pr[0])), "option pair %d", i)
		}
	}
}

// TestBinomialOptions prices three options with binomialOptionsKernel
// (one block of 128 an option), preprocessed as binomialOptions.cpp does,
// against the host's backward induction in float64.
func TestBinomialOptions(t *testing.T) {
	const n, R, V = 3, 0.06, 0.10
	r := rng(n)
	opts := make([]TOptionData, n)
	want := make([]float64, n)
	for i := range opts {
		S, X, T := 5+25*r.Float64(), 1+99*r.Float64(), 0.25+9.75*r.Float64()
		dt := T / binomialNumSteps
		vDt := V * math.Sqrt(dt)
		rDt := R * dt
		If, Df := math.Exp(rDt), math.Exp(-rDt)
		u, d := math.Exp(vDt), math.Exp(-vDt)
		pu := (If - d) / (u - d)
		pd := 1 - pu
		opts[i] = TOptionData{float32(S), float32(X), float32(vDt), float32(pu * Df), float32(pd * Df)}
		call := make([]float64, binomialNumSteps+1)
		for j := range call {
			call[j] = math.Max(S*math.Exp(vDt*(2*float64(j)-binomialNumSteps))-X, 0)
		}
		for k := binomialNumSteps; k > 0; k-- {
			for j := range k {
				call[j] = pu*Df*call[j+1] + pd*Df*call[j]
			}
		}
		want[i] = call[0]
	}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n}, Block: gocuda.Dim3{X: binomialThreadblockSize}}, BinomialOptionsKernel(opts, out))
	})
	for i := range want {
		require.InDelta(t, want[i], float64(got[i]), 2e-3*max(1, want[i]), "option %d", i)
	}
}

// TestFiniteDifferences runs FiniteDifferencesKernel over a 64×32×8 inner
// volume (blocks of 32×16) against FDTD3d's reference, computed in the
// kernel's order in float32.
func TestFiniteDifferences(t *testing.T) {
	const dimx, dimy, dimz, R = 64, 32, 8, fdtdRadius
	const sx, sy, sz = dimx + 2*R, dimy + 2*R, dimz + 2*R
	r := rng(dimx, dimy, dimz)
	input := randF32(r, sx*sy*sz)
	stencil := []float32{-0.9, 0.3, -0.1, 0.05, -0.01}
	want := make([]float32, len(input))
	at := func(x, y, z int) float32 { return input[(z*sy+y)*sx+x] }
	for z := R; z < R+dimz; z++ {
		for y := R; y < R+dimy; y++ {
			for x := R; x < R+dimx; x++ {
				v := stencil[0] * at(x, y, z)
				for i := 1; i <= R; i++ {
					v += stencil[i] * (at(x, y, z+i) + at(x, y, z-i) + at(x, y-i, z) + at(x, y+i, z) + at(x-i, y, z) + at(x+i, y, z))
				}
				want[(z*sy+y)*sx+x] = v
			}
		}
	}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, len(input))
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: dimx / fdtdBlockDimX, Y: dimy / fdtdBlockDimMaxY}, Block: gocuda.Dim3{X: fdtdBlockDimX, Y: fdtdBlockDimMaxY}}, FiniteDifferencesKernel(out, input, dimx, dimy, dimz, stencil))
	})
	nearSlice(t, want, got, 1e-5, "output")
}

// TestFlashForward runs flash-attention-minimal's forward_kernel as its
// forward() launches it (Bc = Br = 32, a block a (batch, head)) against
// the host's softmax(QKᵀ/√d)V.
func TestFlashForward(t *testing.T) {
	const B, nh, N, d, Bc, Br = 2, 3, 64, 16, 32, 32
	const Tc, Tr = (N + Bc - 1) / Bc, (N + Br - 1) / Br
	scale := float32(1 / math.Sqrt(d))
	r := rng(B, nh, N, d)
	Q, K, V := randF32(r, B*nh*N*d), randF32(r, B*nh*N*d), randF32(r, B*nh*N*d)
	got := agree(t, func(f form) ([]float32, error) {
		O, l, m := make([]float32, B*nh*N*d), make([]float32, B*nh*N), make([]float32, B*nh*N)
		for i := range m {
			m[i] = float32(math.Inf(-1))
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: B, Y: nh}, Block: gocuda.Dim3{X: Bc}, SharedMem: 3*Bc*d*4 + Bc*Br*4}
		return O, f.launch(cfg, FlashForwardKernel(Q, K, V, N, d, Tc, Tr, Bc, Br, scale, l, m, O))
	})
	want := make([]float32, B*nh*N*d)
	for bh := range B * nh {
		base := bh * N * d
		for i := range N {
			s := make([]float64, N)
			mx := math.Inf(-1)
			for j := range N {
				v := 0.0
				for x := range d {
					v += float64(Q[base+i*d+x]) * float64(K[base+j*d+x])
				}
				s[j] = v * float64(scale)
				mx = math.Max(mx, s[j])
			}
			sum := 0.0
			for j := range s {
				s[j] = math.Exp(s[j] - mx)
				sum += s[j]
			}
			for x := range d {
				o := 0.0
				for j := range N {
					o += s[j] / sum * float64(V[base+j*d+x])
				}
				want[base+i*d+x] = float32(o)
			}
		}
	}
	nearSlice(t, want, got, 1e-5, "O")
}
