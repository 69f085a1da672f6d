package samplesbooks

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// ggmlUnaryOps are the operations the tests pass, with their definitions
// in float64 from the activations' formulas.
var ggmlUnaryOps = []struct {
	name string
	op   func(float32) float32
	ref  func(float64) float64
}{
	{"relu", opRelu, func(x float64) float64 { return max(x, 0) }},
	{"sigmoid", opSigmoid, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }},
	{"hardswish", opHardswish, func(x float64) float64 { return x * min(1, max(0, (x+3)/6)) }},
	{"softplus", opSoftplus, func(x float64) float64 { return math.Log1p(math.Exp(x)) }},
	{"elu", opElu, func(x float64) float64 {
		if x > 0 {
			return x
		}
		return math.Exp(x) - 1
	}},
	{"gelu_quick", opGeluQuick, func(x float64) float64 { return x / (1 + math.Exp(-1.702*x)) }},
}

// TestGgmlUnary runs unary_op_kernel and unary_op_kernel_strided (on a
// 5×4×3×2 tensor read transposed in its first two dimensions and written
// contiguously) for each operation, over inputs in [-4, 4), blocks of 256
// (CUDA_NEG_BLOCK_SIZE) with a partial last block.
func TestGgmlUnary(t *testing.T) {
	const ne0, ne1, ne2, ne3 = 5, 4, 3, 2
	const k = ne0 * ne1 * ne2 * ne3
	x := randF32(rng(k, 4), 1000)
	for i := range x {
		x[i] *= 4
	}
	for _, o := range ggmlUnaryOps {
		t.Run(o.name, func(t *testing.T) {
			want := make([]float32, len(x))
			for i, v := range x {
				want[i] = float32(o.ref(float64(v)))
			}
			got := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, len(x))
				err := f.launch(gocuda.Config{Grid: gocuda.Blocks(len(x), 256), Block: gocuda.Dim3{X: 256}},
					UnaryOpKernel(o.op, x, dst, len(x)))
				return dst, err
			})
			nearSlice(t, want, got, 1e-5, "unary_op_kernel")

			// x is read as ne1×ne0 planes stored column-major: element
			// (i0, i1, i2, i3) at i1 + i0·ne1 + i2·ne01 + i3·ne012.
			wantS := make([]float32, k)
			for i3 := range ne3 {
				for i2 := range ne2 {
					for i1 := range ne1 {
						for i0 := range ne0 {
							src := i1 + i0*ne1 + i2*ne0*ne1 + i3*ne0*ne1*ne2
							wantS[i0+i1*ne0+i2*ne0*ne1+i3*ne0*ne1*ne2] = float32(o.ref(float64(x[src])))
						}
					}
				}
			}
			gotS := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, k)
				err := f.launch(gocuda.Config{Grid: gocuda.Blocks(k, 256), Block: gocuda.Dim3{X: 256}},
					UnaryOpKernelStrided(o.op, x, dst, ne0, ne1, ne2, ne3, k,
						ne1, 1, ne0*ne1, ne0*ne1*ne2, 1, ne0, ne0*ne1, ne0*ne1*ne2))
				return dst, err
			})
			nearSlice(t, wantS, gotS, 1e-5, "unary_op_kernel_strided")
		})
	}
}

// TestGgmlUnaryGated runs unary_gated_op_kernel for reglu and geglu_quick
// on 7 rows of 40 (blocks of 256, CUDA_GLU_BLOCK_SIZE): once with the
// gate in the second half of each 80-wide row of x (ggml's single-tensor
// form), once with a separate gate tensor.
func TestGgmlUnaryGated(t *testing.T) {
	const rows, nc = 7, 40
	r := rng(rows, nc)
	x, gate := randF32(r, rows*2*nc), randF32(r, rows*nc)
	for _, o := range ggmlUnaryOps {
		if o.name != "relu" && o.name != "gelu_quick" {
			continue
		}
		t.Run(o.name, func(t *testing.T) {
			for _, split := range []bool{true, false} {
				g, o1 := gate, int64(nc)
				if split {
					g, o1 = x[nc:], 2*nc
				}
				want := make([]float32, rows*nc)
				for row := range rows {
					for c := range nc {
						want[row*nc+c] = float32(o.ref(float64(x[row*2*nc+c])) * float64(g[row*int(o1)+c]))
					}
				}
				got := agree(t, func(f form) ([]float32, error) {
					dst := make([]float32, rows*nc)
					err := f.launch(gocuda.Config{Grid: gocuda.Blocks(rows*nc, 256), Block: gocuda.Dim3{X: 256}},
						UnaryGatedOpKernel(o.op, x, g, dst, rows*nc, nc, 2*nc, o1))
					return dst, err
				})
				nearSlice(t, want, got, 1e-5, "split %v", split)
			}
		})
	}
}
