package transformer

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// softmaxRef is softmax_forward_cpu of softmax_forward.cu, in float64.
func softmaxRef(inp []float32, N, C int) []float32 {
	out := make([]float32, N*C)
	for i := range N {
		row := inp[i*C : (i+1)*C]
		mx := math.Inf(-1)
		for _, v := range row {
			mx = math.Max(mx, float64(v))
		}
		sum := 0.0
		for _, v := range row {
			sum += math.Exp(float64(v) - mx)
		}
		for j, v := range row {
			out[i*C+j] = float32(math.Exp(float64(v)-mx) / sum)
		}
	}
	return out
}

// TestLlmcSoftmax runs softmax_forward.cu's eight kernels with the
// launches of its softmax_forwardN functions (block size 128 but for
// kernel3's 32) on rows of C=300, against the host.
func TestLlmcSoftmax(t *testing.T) {
	const N, C, bs = 37, 300, 128
	inp := softmaxInput(N, C)
	want := softmaxRef(inp, N, C)
	kernels := softmaxLaunches(N, bs)
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, N*C)
				return out, f.launch(k.cfg, k.k(out, inp, N, C))
			})
			nearSlice(t, want, got, 1e-5, k.name)
		})
	}
}

// softmaxInput returns N rows of C logits, uniform in [-4, 4).
func softmaxInput(N, C int) []float32 {
	inp := randF32(rng(N, C), N*C)
	for i := range inp {
		inp[i] *= 4
	}
	return inp
}

// A softmaxLaunch is one of softmax_forward.cu's kernels with the launch
// its softmax_forwardN function gives it.
type softmaxLaunch struct {
	name string
	cfg  gocuda.Config
	k    func(out, inp []float32, N, C int) func(*gocuda.Thread)
}

// softmaxLaunches returns softmax_forward.cu's eight kernels launched
// over N rows with blocks of bs threads (kernel3's of 32).
func softmaxLaunches(N, bs int) []softmaxLaunch {
	cdiv := func(a, b int) int { return (a + b - 1) / b }
	return []softmaxLaunch{
		{"kernel1", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForward1Kernel},
		{"kernel2", gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: bs * 4}, SoftmaxForward2Kernel},
		{"kernel3", gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: 32}, SharedMem: 32 * 4}, SoftmaxForward3Kernel},
		{"kernel4", gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: bs / 32 * 4}, SoftmaxForward4Kernel},
		{"online1", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline1Kernel},
		{"online2", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N*32, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline2Kernel},
		{"kernel7", gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: 2 * bs / 32 * 4}, SoftmaxForward7Kernel},
		{"online8", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N*32, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline8Kernel},
	}
}

// layernormRef is layernorm_forward_cpu of layernorm_forward.cu, in
// float64.
func layernormRef(inp, weight, bias []float32, N, C int) (out, mean, rstd []float32) {
	out, mean, rstd = make([]float32, N*C), make([]float32, N), make([]float32, N)
	for i := range N {
		x := inp[i*C : (i+1)*C]
		m := 0.0
		for _, v := range x {
			m += float64(v)
		}
		m /= float64(C)
		vr := 0.0
		for _, v := range x {
			vr += (float64(v) - m) * (float64(v) - m)
		}
		vr /= float64(C)
		s := 1 / math.Sqrt(vr+1e-5)
		for j, v := range x {
			out[i*C+j] = float32(s*(float64(v)-m)*float64(weight[j]) + float64(bias[j]))
		}
		mean[i], rstd[i] = float32(m), float32(s)
	}
	return out, mean, rstd
}

// TestLlmcLayernorm runs layernorm_forward.cu's kernels as its
// layernorm_forwardN functions launch them, against the host.
func TestLlmcLayernorm(t *testing.T) {
	const B, T, C, bs = 3, 13, 256, 128
	const N = B * T
	r := rng(N, C)
	inp, weight, bias := randF32(r, N*C), randF32(r, C), randF32(r, C)
	wOut, wMean, wRstd := layernormRef(inp, weight, bias, N, C)
	type res struct{ out, mean, rstd []float32 }
	check := func(t *testing.T, got res, stats bool) {
		nearSlice(t, wOut, got.out, 1e-4, "out")
		if stats {
			nearSlice(t, wMean, got.mean, 1e-4, "mean")
			nearSlice(t, wRstd, got.rstd, 1e-4, "rstd")
		}
	}
	run := func(t *testing.T, stats bool, launch func(f form, g res) error) {
		got := agree(t, func(f form) (res, error) {
			g := res{make([]float32, N*C), make([]float32, N), make([]float32, N)}
			if !stats {
				g.mean, g.rstd = nil, nil
			}
			return g, launch(f, g)
		})
		check(t, got, stats)
	}
	t.Run("kernel1", func(t *testing.T) {
		run(t, true, func(f form, g res) error {
			return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (N + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}, LayernormForward1Kernel(g.out, g.mean, g.rstd, inp, weight, bias, N, C))
		})
	})
	t.Run("kernel2", func(t *testing.T) {
		run(t, true, func(f form, g res) error {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: bs * 4}
			if err := f.launch(cfg, MeanKernel(g.mean, inp, N, C, bs)); err != nil {
				return err
			}
			if err := f.launch(cfg, RstdKernel(g.rstd, inp, g.mean, N, C, bs)); err != nil {
				return err
			}
			return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: N * C / 256}, Block: gocuda.Dim3{X: 256}}, NormalizationKernel(g.out, inp, g.mean, g.rstd, weight, bias, B, T, C))
		})
	})
	for _, stats := range []bool{true, false} {
		t.Run("kernel4", func(t *testing.T) {
			run(t, stats, func(f form, g res) error {
				return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (N*32 + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}, LayernormForward4Kernel(g.out, g.mean, g.rstd, inp, weight, bias, N, C))
			})
		})
		t.Run("kernel5", func(t *testing.T) {
			run(t, stats, func(f form, g res) error {
				return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}}, LayernormForward5Kernel(g.out, g.mean, g.rstd, inp, weight, bias, N, C))
			})
		})
	}
}

// TestLlmcCrossentropy runs crossentropy_forward_kernel1 and
// crossentropy_softmax_backward_kernel1 against the host.
func TestLlmcCrossentropy(t *testing.T) {
	const B, T, V = 2, 7, 50
	r := rng(B, T, V)
	logits := randF32(r, B*T*V)
	probs := softmaxRef(logits, B*T, V)
	targets := make([]int32, B*T)
	for i := range targets {
		targets[i] = int32(r.IntN(V))
	}
	dlosses := randF32(r, B*T)
	losses := agree(t, func(f form) ([]float32, error) {
		l := make([]float32, B*T)
		return l, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 128}}, CrossentropyForward1Kernel(l, probs, targets, B, T, V))
	})
	wantL := make([]float32, B*T)
	for i := range wantL {
		wantL[i] = -float32(math.Log(float64(probs[i*V+int(targets[i])])))
	}
	nearSlice(t, wantL, losses, 1e-6, "losses")
	dl0 := randF32(r, B*T*V)
	dlogits := agree(t, func(f form) ([]float32, error) {
		d := append([]float32(nil), dl0...)
		return d, f.launch(gocuda.Config{Grid: gocuda.Blocks(B*T*V, 256), Block: gocuda.Dim3{X: 256}}, CrossentropySoftmaxBackward1Kernel(d, dlosses, probs, targets, B, T, V))
	})
	want := make([]float32, B*T*V)
	for i := range want {
		ind := float32(0)
		if i%V == int(targets[i/V]) {
			ind = 1
		}
		want[i] = dl0[i] + (probs[i]-ind)*dlosses[i/V]
	}
	nearSlice(t, want, dlogits, 1e-6, "dlogits")
}

// TestLlmcMatmulBackwardBias runs matmul_backward_bias.cu's kernels 1 to 3
// as its launchers do (block size 128; kernel2 a warp a channel), adding
// into a nonzero dbias, against the host.
func TestLlmcMatmulBackwardBias(t *testing.T) {
	const B, T, OC, bs = 4, 33, 70, 128
	r := rng(B, T, OC)
	dout := randF32(r, B*T*OC)
	dbias0 := randF32(r, OC)
	want := make([]float32, OC)
	for o := range OC {
		sum := 0.0
		for i := range B * T {
			sum += float64(dout[i*OC+o])
		}
		want[o] = float32(float64(dbias0[o]) + sum)
	}
	kernels := []struct {
		name string
		cfg  gocuda.Config
		k    func(dbias, dout []float32, B, T, OC int) func(*gocuda.Thread)
	}{
		{"kernel1", gocuda.Config{Grid: gocuda.Dim3{X: OC}, Block: gocuda.Dim3{X: bs}, SharedMem: bs * 4}, MatmulBackwardBias1Kernel},
		{"kernel2", gocuda.Config{Grid: gocuda.Dim3{X: (OC*32 + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}, MatmulBackwardBias2Kernel},
		{"kernel3", gocuda.Config{Grid: gocuda.Dim3{X: OC}, Block: gocuda.Dim3{X: bs}}, MatmulBackwardBias3Kernel},
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				d := append([]float32(nil), dbias0...)
				return d, f.launch(k.cfg, k.k(d, dout, B, T, OC))
			})
			nearSlice(t, want, got, 1e-5, k.name)
		})
	}
}

// TestLlmcGlobalNorm runs global_norm.cu's norm_kernel1 and norm_kernel2,
// each over float32 and float64 data, against the host's sum of squares.
func TestLlmcGlobalNorm(t *testing.T) {
	const count = 100003
	r := rng(count)
	d32 := randF32(r, count)
	d64 := make([]float64, count)
	want := 0.0
	for i, v := range d32 {
		d64[i] = float64(v)
		want += float64(v) * float64(v)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 24}, Block: gocuda.Dim3{X: 256}}
	check := func(t *testing.T, got [2]float32) {
		for _, g := range got {
			require.InDelta(t, want, float64(g), want*1e-5)
		}
	}
	t.Run("kernel1/float32", func(t *testing.T) {
		check(t, both(t, func(f form) (float32, error) {
			var out float32
			return out, f.launch(cfg, NormKernel1(&out, d32, count))
		}))
	})
	t.Run("kernel1/float64", func(t *testing.T) {
		check(t, both(t, func(f form) (float32, error) {
			var out float32
			return out, f.launch(cfg, NormKernel1(&out, d64, count))
		}))
	})
	t.Run("kernel2/float32", func(t *testing.T) {
		check(t, both(t, func(f form) (float32, error) {
			var out float32
			return out, f.launch(cfg, NormKernel2(&out, d32, count))
		}))
	})
	t.Run("kernel2/float64", func(t *testing.T) {
		check(t, both(t, func(f form) (float32, error) {
			var out float32
			return out, f.launch(cfg, NormKernel2(&out, d64, count))
		}))
	})
}

// TestLlmcAttention runs attention_forward.cu's first attention (query-key,
// softmax, value kernels, block size 256) against the host's causal
// attention.
func TestLlmcAttention(t *testing.T) {
	const B, T, C, NH, bs = 2, 9, 48, 4, 256
	const hs = C / NH
	r := rng(B, T, C)
	inp := randF32(r, B*T*3*C)
	type res struct{ preatt, att, out []float32 }
	got := agree(t, func(f form) (res, error) {
		g := res{make([]float32, B*NH*T*T), make([]float32, B*NH*T*T), make([]float32, B*T*C)}
		if err := f.launch(gocuda.Config{Grid: gocuda.Blocks(B*NH*T*T, bs), Block: gocuda.Dim3{X: bs}}, AttentionQueryKey1Kernel(g.preatt, inp, B, T, C, NH)); err != nil {
			return g, err
		}
		cfg := gocuda.Config{Grid: gocuda.Blocks(B*T*NH, bs), Block: gocuda.Dim3{X: bs}}
		if err := f.launch(cfg, AttentionSoftmax1Kernel(g.att, g.preatt, B, T, NH)); err != nil {
			return g, err
		}
		return g, f.launch(cfg, AttentionValue1Kernel(g.out, g.att, inp, B, T, C, NH))
	})
	want := make([]float32, B*T*C)
	scale := 1 / math.Sqrt(hs)
	for b := range B {
		for tt := range T {
			for h := range NH {
				q := inp[b*T*3*C+tt*3*C+h*hs:]
				att := make([]float64, tt+1)
				mx := math.Inf(-1)
				for t2 := 0; t2 <= tt; t2++ {
					k := inp[b*T*3*C+t2*3*C+h*hs+C:]
					v := 0.0
					for i := range hs {
						v += float64(q[i]) * float64(k[i])
					}
					att[t2] = v * scale
					mx = math.Max(mx, att[t2])
				}
				sum := 0.0
				for t2 := range att {
					att[t2] = math.Exp(att[t2] - mx)
					sum += att[t2]
				}
				for i := range hs {
					o := 0.0
					for t2 := range att {
						o += att[t2] / sum * float64(inp[b*T*3*C+t2*3*C+h*hs+2*C+i])
					}
					want[b*T*C+tt*C+h*hs+i] = float32(o)
				}
			}
		}
	}
	nearSlice(t, want, got.out, 1e-5, "out")
	for i, v := range got.preatt {
		if i%T > (i/T)%T {
			require.True(t, math.IsInf(float64(v), -1), "preatt[%d] above the diagonal", i)
			require.Zero(t, got.att[i])
		}
	}
}
