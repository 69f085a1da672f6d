package llmcrodinia

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// The launches below follow the launchers of train_gpt2_fp32.cu (block
// sizes and grids), at small sizes; the host references are the
// arithmetic of llm.c's CPU code (train_gpt2.c) in float64.

// ceilDiv is CEIL_DIV.
func ceilDiv(m, n int) int { return (m + n - 1) / n }

func TestLLMCEncoder(t *testing.T) {
	const B, T, C, V = 2, 5, 12, 7
	r := rng(B, T, C)
	wte, wpe := randF32(r, V*C), randF32(r, T*C)
	inp := make([]int32, B*T)
	for i := range inp {
		inp[i] = r.Int32N(V)
	}
	out := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, B*T*C)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(B*T*C/4, 512)}, Block: gocuda.Dim3{X: 512}},
			EncoderForwardKernel(toFloat4s(out), inp, toFloat4s(wte), toFloat4s(wpe), B, T, C))
		return out, err
	})
	dout := randF32(r, B*T*C)
	wantDwte, wantDwpe := make([]float64, V*C), make([]float64, T*C)
	for b := range B {
		for tt := range T {
			ix := int(inp[b*T+tt])
			for c := range C {
				require.Equal(t, wte[ix*C+c]+wpe[tt*C+c], out[(b*T+tt)*C+c])
				wantDwte[ix*C+c] += float64(dout[(b*T+tt)*C+c])
				wantDwpe[tt*C+c] += float64(dout[(b*T+tt)*C+c])
			}
		}
	}
	// atomics: the order of the additions differs
	got := both(t, func(f form) ([2][]float32, error) {
		dwte, dwpe := make([]float32, V*C), make([]float32, T*C)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(B*T*C, 256)}, Block: gocuda.Dim3{X: 256}},
			EncoderBackwardKernel(dwte, dwpe, dout, inp, B, T, C))
		return [2][]float32{dwte, dwpe}, err
	})
	for i, f := range forms {
		nearSlice(t, f64to32(wantDwte), got[i][0], 1e-5, "dwte %s", f.name)
		nearSlice(t, f64to32(wantDwpe), got[i][1], 1e-5, "dwpe %s", f.name)
	}
}

// f64to32 rounds s to float32s.
func f64to32(s []float64) []float32 {
	out := make([]float32, len(s))
	for i, v := range s {
		out[i] = float32(v)
	}
	return out
}

// layernormRef is layernorm_forward of train_gpt2.c.
func layernormRef(inp, weight, bias []float32, N, C int) (out, mean, rstd []float32) {
	out, mean, rstd = make([]float32, N*C), make([]float32, N), make([]float32, N)
	for i := range N {
		x := inp[i*C : (i+1)*C]
		var m, v float64
		for _, xi := range x {
			m += float64(xi)
		}
		m /= float64(C)
		for _, xi := range x {
			v += (float64(xi) - m) * (float64(xi) - m)
		}
		s := 1 / math.Sqrt(v/float64(C)+1e-5)
		for c, xi := range x {
			out[i*C+c] = float32(s*(float64(xi)-m)*float64(weight[c]) + float64(bias[c]))
		}
		mean[i], rstd[i] = float32(m), float32(s)
	}
	return out, mean, rstd
}

func TestLLMCLayernorm(t *testing.T) {
	for _, c := range []struct{ B, T, C int }{{1, 3, 8}, {2, 9, 70}, {2, 8, 48}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			B, T, C := c.B, c.T, c.C
			N := B * T
			r := rng(B, T, C)
			inp, weight, bias := randF32(r, N*C), randF32(r, C), randF32(r, C)
			wantOut, wantMean, wantRstd := layernormRef(inp, weight, bias, N, C)
			got := agree(t, func(f form) ([3][]float32, error) {
				out, mean, rstd := make([]float32, N*C), make([]float32, N), make([]float32, N)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(N*32, 512)}, Block: gocuda.Dim3{X: 512}},
					LayernormForwardKernel(out, mean, rstd, inp, weight, bias, N, C))
				return [3][]float32{out, mean, rstd}, err
			})
			nearSlice(t, wantOut, got[0], 1e-4, "out")
			nearSlice(t, wantMean, got[1], 1e-5, "mean")
			nearSlice(t, wantRstd, got[2], 1e-4, "rstd")
			// nullptr mean and rstd
			out := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, N*C)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(N*32, 128)}, Block: gocuda.Dim3{X: 128}},
					LayernormForwardKernel(out, nil, nil, inp, weight, bias, N, C))
				return out, err
			})
			require.Equal(t, got[0], out)

			if N*32%512 != 0 {
				// the kernel leaves the shared sums of the warps of a
				// partial last block unzeroed and unwritten
				return
			}
			dout := randF32(r, N*C)
			dinp0 := randF32(r, N*C)
			wantDinp, wantDweight, wantDbias := make([]float64, N*C), make([]float64, C), make([]float64, C)
			for i := range N {
				var dnormMean, dnormNormMean float64
				for c := range C {
					norm := (float64(inp[i*C+c]) - float64(wantMean[i])) * float64(wantRstd[i])
					dnorm := float64(weight[c]) * float64(dout[i*C+c])
					dnormMean += dnorm
					dnormNormMean += dnorm * norm
				}
				dnormMean /= float64(C)
				dnormNormMean /= float64(C)
				for c := range C {
					norm := (float64(inp[i*C+c]) - float64(wantMean[i])) * float64(wantRstd[i])
					dnorm := float64(weight[c]) * float64(dout[i*C+c])
					wantDbias[c] += float64(dout[i*C+c])
					wantDweight[c] += norm * float64(dout[i*C+c])
					wantDinp[i*C+c] = float64(dinp0[i*C+c]) + (dnorm-dnormMean-norm*dnormNormMean)*float64(wantRstd[i])
				}
			}
			grads := both(t, func(f form) ([3][]float32, error) {
				dinp, dweight, dbias := append([]float32(nil), dinp0...), make([]float32, C), make([]float32, C)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(32*N, 512)}, Block: gocuda.Dim3{X: 512}, SharedMem: 2 * C * 4},
					LayernormBackwardKernel(dinp, dweight, dbias, dout, inp, weight, wantMean, wantRstd, B, T, C))
				return [3][]float32{dinp, dweight, dbias}, err
			})
			for i, f := range forms {
				nearSlice(t, f64to32(wantDinp), grads[i][0], 1e-4, "dinp %s", f.name)
				nearSlice(t, f64to32(wantDweight), grads[i][1], 1e-4, "dweight %s", f.name)
				nearSlice(t, f64to32(wantDbias), grads[i][2], 1e-4, "dbias %s", f.name)
			}
		})
	}
}

func TestLLMCPermute(t *testing.T) {
	const B, N, NH, d = 2, 5, 3, 4
	inp := randF32(rng(B, N, NH, d), B*N*3*NH*d)
	got := agree(t, func(f form) ([3][]float32, error) {
		q, k, v := make([]float32, B*NH*N*d), make([]float32, B*NH*N*d), make([]float32, B*NH*N*d)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(B*NH*N*d, 256)}, Block: gocuda.Dim3{X: 256}},
			PermuteKernel(q, k, v, inp, B, N, NH, d))
		return [3][]float32{q, k, v}, err
	})
	back := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, B*N*NH*d)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(B*NH*N*d, 256)}, Block: gocuda.Dim3{X: 256}},
			UnpermuteKernel(got[1], out, B, N, NH, d))
		return out, err
	})
	for b := range B {
		for h := range NH {
			for n := range N {
				for e := range d {
					for part := range 3 {
						require.Equal(t, inp[(((b*N+n)*3+part)*NH+h)*d+e], got[part][((b*NH+h)*N+n)*d+e])
					}
					require.Equal(t, got[1][((b*NH+h)*N+n)*d+e], back[((b*N+n)*NH+h)*d+e])
				}
			}
		}
	}
}

// softmaxBackwardRef is the backward pass of the causal softmax of each
// row of att: scale * att * (datt - sum(att * datt)), in float64.
func softmaxBackwardRef(att, datt []float32, N, T int, scale float64) []float32 {
	want := make([]float32, N*T*T)
	for row := range N * T {
		own := row % T
		var s float64
		for i := 0; i <= own; i++ {
			s += float64(att[row*T+i]) * float64(datt[row*T+i])
		}
		for i := 0; i <= own; i++ {
			want[row*T+i] = float32(scale * float64(att[row*T+i]) * (float64(datt[row*T+i]) - s))
		}
	}
	return want
}

// TestLLMCSoftmaxForward runs softmax_forward_kernel5 as attention_forward
// launches it (one warp per row, blocks of 256, so that with N*T = 4 rows
// warps past the last row return before reading inp) and compares with
// the host's causal softmax of each row scaled by inv_temperature, in
// float64. Where rows are at most 32 long (see TestLLMCSoftmaxBackward)
// its output feeds softmax_autoregressive_backward_kernel, compared with
// the host's backward pass of that output.
func TestLLMCSoftmaxForward(t *testing.T) {
	for _, c := range []struct{ N, T int }{{1, 4}, {3, 12}, {2, 40}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			N, T := c.N, c.T
			r := rng(N, T)
			inp := randF32(r, N*T*T)
			for i := range inp {
				inp[i] *= 4
			}
			const inv = 0.7
			out := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, N*T*T)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(N*T*32, 256)}, Block: gocuda.Dim3{X: 256}},
					SoftmaxForwardKernel(out, inv, inp, N, T))
				return out, err
			})
			want := make([]float64, N*T*T)
			for row := range N * T {
				x := inp[row*T : row*T+row%T+1]
				mx := math.Inf(-1)
				for _, v := range x {
					mx = math.Max(mx, float64(v))
				}
				var sum float64
				for _, v := range x {
					sum += math.Exp(float64(inv) * (float64(v) - mx))
				}
				for i, v := range x {
					want[row*T+i] = math.Exp(float64(inv)*(float64(v)-mx)) / sum
				}
			}
			nearSlice(t, f64to32(want), out, 1e-5, "out")
			if T > 32 {
				return
			}
			datt := randF32(r, N*T*T)
			const scale = 0.3
			dpreatt := agree(t, func(f form) ([]float32, error) {
				dpreatt := make([]float32, N*T*T)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: T / 4, Y: N}, Block: gocuda.Dim3{X: 256}},
					SoftmaxAutoregressiveBackwardKernel(dpreatt, datt, out, N, T, 0, scale))
				return dpreatt, err
			})
			nearSlice(t, softmaxBackwardRef(out, datt, N, T, scale), dpreatt, 1e-5, "dpreatt")
		})
	}
}

// TestLLMCSoftmaxBackward runs softmax_autoregressive_backward_kernel on
// rows of causal softmaxes. Rows are at most 32 long: the kernel reads
// block_acc in one row's second cg::reduce and writes it for the next row
// with no barrier between, so with longer rows a warp that runs ahead
// clobbers the partial sum another warp has yet to read (the compiled form,
// which runs the warps of a block one after another, always does). Up to
// 32 only warp 0 has elements and the other warps write zeros.
func TestLLMCSoftmaxBackward(t *testing.T) {
	for _, c := range []struct{ N, T int }{{1, 4}, {3, 12}, {2, 32}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			N, T := c.N, c.T
			r := rng(N, T)
			att := make([]float32, N*T*T)
			for row := range N * T {
				own := row % T
				x := randF32(r, own+1)
				mx := math.Inf(-1)
				for _, v := range x {
					mx = math.Max(mx, float64(v))
				}
				var sum float64
				for _, v := range x {
					sum += math.Exp(float64(v) - mx)
				}
				for i, v := range x {
					att[row*T+i] = float32(math.Exp(float64(v)-mx) / sum)
				}
			}
			datt := randF32(r, N*T*T)
			const scale = 0.3
			got := agree(t, func(f form) ([]float32, error) {
				dpreatt := make([]float32, N*T*T)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: T / 4, Y: N}, Block: gocuda.Dim3{X: 256}},
					SoftmaxAutoregressiveBackwardKernel(dpreatt, datt, att, N, T, 0, scale))
				return dpreatt, err
			})
			nearSlice(t, softmaxBackwardRef(att, datt, N, T, scale), got, 1e-5, "dpreatt")
		})
	}
}

func TestLLMCGelu(t *testing.T) {
	const N = 1000
	r := rng(N)
	inp, dout := randF32(r, N), randF32(r, N)
	for i := range inp {
		inp[i] *= 4
	}
	got := agree(t, func(f form) ([2][]float32, error) {
		out, dinp := make([]float32, N), make([]float32, N)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(N, 128)}, Block: gocuda.Dim3{X: 128}}
		if err := f.launch(cfg, GeluForwardKernel(out, inp, N)); err != nil {
			return [2][]float32{}, err
		}
		err := f.launch(cfg, GeluBackwardKernel(dinp, inp, dout, N))
		return [2][]float32{out, dinp}, err
	})
	s := math.Sqrt(2 / math.Pi)
	want, wantD := make([]float32, N), make([]float32, N)
	for i, xf := range inp {
		x := float64(xf)
		arg := s * (x + 0.044715*x*x*x)
		want[i] = float32(0.5 * x * (1 + math.Tanh(arg)))
		sech := 1 / (math.Cosh(arg) * math.Cosh(arg))
		wantD[i] = float32((0.5*(1+math.Tanh(arg)) + x*0.5*sech*s*(1+3*0.044715*x*x)) * float64(dout[i]))
	}
	nearSlice(t, want, got[0], 1e-5, "gelu")
	nearSlice(t, wantD, got[1], 1e-5, "gelu backward")
}

func TestLLMCMatmul(t *testing.T) {
	for _, c := range []struct{ BT, C, OC int }{{128, 32, 128}, {256, 64, 128}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			BT, C, OC := c.BT, c.C, c.OC
			r := rng(BT, C, OC)
			inp, weight, bias := randF32(r, BT*C), randF32(r, OC*C), randF32(r, OC)
			for _, withBias := range []bool{true, false} {
				b := bias
				if !withBias {
					b = nil
				}
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, BT*OC)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(BT, 128), Y: ceilDiv(OC, 128)}, Block: gocuda.Dim3{X: 16, Y: 16}},
						MatmulForwardKernel(out, inp, weight, b, C, OC))
					return out, err
				})
				want := make([]float32, BT*OC)
				for i := range BT {
					for o := range OC {
						var s float64
						if withBias {
							s = float64(bias[o])
						}
						for k := range C {
							s += float64(inp[i*C+k]) * float64(weight[o*C+k])
						}
						want[i*OC+o] = float32(s)
					}
				}
				nearSlice(t, want, got, 1e-4, "bias %v", withBias)
			}

			// dbias += the column sums of dout, as matmul_backward does
			// (B*T rows of OC)
			dbias0 := randF32(r, OC)
			dout := randF32(r, BT*OC)
			got := agree(t, func(f form) ([]float32, error) {
				dbias := append([]float32(nil), dbias0...)
				const blockSize = 256
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: OC / 32}, Block: gocuda.Dim3{X: blockSize}, SharedMem: blockSize * 4},
					MatmulBackwardBiasKernel(dbias, dout, 1, BT, OC))
				return dbias, err
			})
			want := make([]float32, OC)
			for o := range OC {
				s := float64(dbias0[o])
				for i := range BT {
					s += float64(dout[i*OC+o])
				}
				want[o] = float32(s)
			}
			nearSlice(t, want, got, 1e-4, "dbias")
		})
	}
}

func TestLLMCAdamW(t *testing.T) {
	const n = 777
	r := rng(n)
	params, grads, m0, v0 := randF32(r, n), randF32(r, n), randF32(r, n), randF32(r, n)
	for i := range v0 {
		v0[i] = v0[i] * v0[i]
	}
	const lr, beta1, beta2, eps, wd = 1e-3, 0.9, 0.999, 1e-8, 0.01
	const step = 3
	c1, c2 := float32(1-math.Pow(beta1, step)), float32(1-math.Pow(beta2, step))
	got := agree(t, func(f form) ([3][]float32, error) {
		p, m, v := append([]float32(nil), params...), append([]float32(nil), m0...), append([]float32(nil), v0...)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ceilDiv(n, 512)}, Block: gocuda.Dim3{X: 512}},
			AdamWKernel(p, grads, m, v, n, lr, beta1, beta2, c1, c2, eps, wd))
		return [3][]float32{p, m, v}, err
	})
	wantP, wantM, wantV := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range n {
		g := float64(grads[i])
		m := beta1*float64(m0[i]) + (1-beta1)*g
		v := beta2*float64(v0[i]) + (1-beta2)*g*g
		wantM[i], wantV[i] = float32(m), float32(v)
		mh, vh := m/float64(c1), v/float64(c2)
		wantP[i] = float32(float64(params[i]) - lr*(mh/(math.Sqrt(vh)+eps)+wd*float64(params[i])))
	}
	nearSlice(t, wantM, got[1], 1e-5, "m")
	nearSlice(t, wantV, got[2], 1e-5, "v")
	nearSlice(t, wantP, got[0], 1e-5, "params")
}

func TestLLMCFusedClassifier(t *testing.T) {
	const B, T, V, P = 2, 3, 50, 64
	r := rng(B, T, V)
	logits0 := randF32(r, B*T*P)
	for i := range logits0 {
		logits0[i] *= 5
	}
	targets := make([]int32, B*T)
	for i := range targets {
		targets[i] = r.Int32N(V)
	}
	dlosses := randF32(r, B*T)
	for _, withD := range []bool{true, false} {
		dl := dlosses
		if !withD {
			dl = nil
		}
		got := both(t, func(f form) ([3][]float32, error) {
			logits, losses, probs := append([]float32(nil), logits0...), make([]float32, B*T), make([]float32, B*T*P)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: B * T}, Block: gocuda.Dim3{X: 256}},
				FusedClassifierKernel(logits, losses, probs, dl, targets, B, T, V, P))
			return [3][]float32{logits, losses, probs}, err
		})
		wantLogits, wantLosses, wantProbs := append([]float32(nil), logits0...), make([]float64, B*T), make([]float32, B*T*P)
		raced := make([]float64, B*T)
		for row := range B * T {
			x := logits0[row*P:]
			mx := math.Inf(-1)
			for i := range V {
				mx = math.Max(mx, float64(x[i]))
			}
			var sum float64
			for i := range V {
				sum += math.Exp(float64(x[i]) - mx)
			}
			dloss := 1.0 / float64(B*T)
			if withD {
				dloss = float64(dlosses[row])
			}
			for i := range V {
				p := math.Exp(float64(x[i])-mx) / sum
				wantProbs[row*P+i] = float32(p)
				ind := 0.0
				if i == int(targets[row]) {
					ind = 1
					wantLosses[row] = -math.Log(p)
					// the loss from the target's gradient, if its
					// thread overwrote it before thread 0 read it
					raced[row] = -((p-1)*dloss - mx - math.Log(sum))
				}
				wantLogits[row*P+i] = float32((p - ind) * dloss)
			}
		}
		for i, f := range forms {
			nearSlice(t, wantLogits, got[i][0], 1e-5, "logits %s", f.name)
			nearSlice(t, wantProbs, got[i][2], 1e-5, "probs %s", f.name)
			// thread 0 reads the target's logit while the target's thread
			// overwrites it with its gradient, with no barrier between
			// them: the loss comes from either
			for row, l := range got[i][1] {
				near := func(want float64) bool { return math.Abs(float64(l)-want) <= 1e-5*max(1, math.Abs(want)) }
				require.True(t, near(wantLosses[row]) || near(raced[row]), "%s: loss %d: %v, want %v (or %v from the raced read)", f.name, row, l, wantLosses[row], raced[row])
			}
		}
	}
}
