package teaching

import (
	"fmt"
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// softmaxRef is the host's softmax of rows of x (ne01 rows × ne02 heads ×
// ne03), scaled, with an ALiBi-sloped mask of ne01 rows and per-head
// sinks when given, in float64.
func softmaxRef(x, mask, sinks []float32, p softMaxParams) []float32 {
	ncols := int(p.ncols)
	out := make([]float32, len(x))
	for i03 := range int(p.ne03) {
		for i02 := range int(p.ne02) {
			slope := float64(getAlibiSlope(p.maxBias, uint32(i02), p.nHeadLog2, p.m0, p.m1))
			for i01 := range int(p.ne01) {
				row := (i03*int(p.ne02)+i02)*int(p.ne01) + i01
				v := make([]float64, ncols)
				m := math.Inf(-1)
				if sinks != nil {
					m = float64(sinks[i02])
				}
				for c := range ncols {
					v[c] = float64(x[row*ncols+c]) * float64(p.scale)
					if mask != nil {
						v[c] += slope * float64(mask[i01*ncols+c])
					}
					m = math.Max(m, v[c])
				}
				var s float64
				for c := range v {
					v[c] = math.Exp(v[c] - m)
					s += v[c]
				}
				if sinks != nil {
					s += math.Exp(float64(sinks[i02]) - m)
				}
				for c := range v {
					out[row*ncols+c] = float32(v[c] / s)
				}
			}
		}
	}
	return out
}

// TestGgmlSoftMax runs soft_max_f32 as soft_max_f32_cuda launches it: the
// block the smallest power of two from 32 covering the row (at most
// 1024), the row length a template constant for 32, 64, ..., 4096 and 0
// otherwise, the row cached in shared memory, or not when the row does not
// fit (use_shared false, 0, 0); with and without a mask, ALiBi and sinks.
func TestGgmlSoftMax(t *testing.T) {
	cases := []struct {
		ncols     int
		useShared bool
		masked    bool
	}{{100, true, true}, {256, true, false}, {2048, true, true}, {1000, false, true}, {40, false, false}}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.ncols, "/shared=", c.useShared, "/mask=", c.masked), func(t *testing.T) {
			const ne01, ne02, ne03 = 3, 4, 2
			n := c.ncols * ne01 * ne02 * ne03
			r := rng(c.ncols, ne01)
			x := randF32(r, n)
			var mask, sinks []float32
			p := softMaxParams{ncols: int64(c.ncols), ne01: ne01, ne02: ne02, ne03: ne03, ne12: 1, ne13: 1, scale: 0.7}
			if c.masked {
				mask = randF32(r, c.ncols*ne01)
				p.nb11 = int64(c.ncols * 4)
				p.nb12 = int64(c.ncols * ne01 * 4)
				p.nb13 = p.nb12
				sinks = randF32(r, ne02)
				p.maxBias = 8
				p.nHeadLog2 = 4 // 1 << floor(log2(ne02))
				p.m0 = float32(math.Pow(2, -float64(p.maxBias)/float64(p.nHeadLog2)))
				p.m1 = float32(math.Pow(2, -float64(p.maxBias)/2/float64(p.nHeadLog2)))
			}
			nth := ggmlWarpSize
			for nth < c.ncols && nth < 1024 {
				nth *= 2
			}
			ncolsTemplate, blockTemplate := 0, 0
			for _, k := range []int{32, 64, 128, 256, 512, 1024, 2048, 4096} {
				if c.useShared && c.ncols == k {
					ncolsTemplate, blockTemplate = k, min(k, 1024)
				}
			}
			shared := ggmlWarpSize * 4
			if c.useShared {
				shared = ((c.ncols+ggmlWarpSize-1)/ggmlWarpSize*ggmlWarpSize + ggmlWarpSize) * 4
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: ne01, Y: ne02, Z: ne03}, Block: gocuda.Dim3{X: nth}, SharedMem: shared}
			got := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, n)
				return dst, f.launch(cfg, SoftMaxF32Kernel(x, mask, sinks, dst, p, c.useShared, ncolsTemplate, blockTemplate))
			})
			nearSlice(t, softmaxRef(x, mask, sinks, p), got, 1e-5, "softmax")
		})
	}
}

// TestGgmlSoftMaxParallelizeCols runs the cooperative
// soft_max_f32_parallelize_cols over long rows with blocks of 256 (as
// soft_max_f32_cuda launches it, 8 warps), and soft_max_back_f32 on its
// result, against the host. It runs on one block: the source launches a
// block a multiprocessor, but with more than one block it races, on both
// paths as on a GPU: after the first grid-wide barrier each block reads
// every block's maximum from tmp_vals, then writes its sum of
// exponentials into its own slot with no grid-wide barrier between, so a
// block still reading the maxima can read another's sum instead (seen
// here on 4 blocks: maxima of 1447 where 0.9999 was due).
func TestGgmlSoftMaxParallelizeCols(t *testing.T) {
	const ncols, rows, grid = 9000, 3, 1
	x := randF32(rng(ncols, rows), ncols*rows)
	p := softMaxParams{ncols: ncols, ne01: rows, ne02: 1, ne03: 1, ne12: 1, ne13: 1, scale: 1}
	got := agree(t, func(f form) ([]float32, error) {
		dst := make([]float32, ncols*rows)
		tmp := make([]float32, grid)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: ggmlWarpSize * 8}, RuntimePath: f.runtime}
		return dst, dev.LaunchCooperative(cfg, SoftMaxF32ParallelizeColsKernel(x, dst, tmp, p))
	})
	want := softmaxRef(x, nil, nil, p)
	nearSlice(t, want, got, 1e-5, "softmax")

	grad := randF32(rng(ncols, 9), ncols*rows)
	const scale = 1.5
	back := agree(t, func(f form) ([]float32, error) {
		dst := make([]float32, ncols*rows)
		return dst, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: rows}, Block: gocuda.Dim3{X: ggmlWarpSize}}, SoftMaxBackF32Kernel(grad, want, dst, ncols, scale))
	})
	wantBack := make([]float32, ncols*rows)
	for row := range rows {
		var dot float64
		for c := range ncols {
			dot += float64(want[row*ncols+c]) * float64(grad[row*ncols+c])
		}
		for c := range ncols {
			i := row*ncols + c
			wantBack[i] = float32(scale * (float64(grad[i]) - dot) * float64(want[i]))
		}
	}
	nearSlice(t, wantBack, back, 1e-4, "softmax back")
}
