// Package mathfn calls the functions of package math that the back end
// writes as Go's own code computes them (TestMathForms).
package mathfn

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

//gocuda:kernel TrigKernel
func trig(t *gocuda.Thread, in []float64, sin, cos, tanh []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(in) && i < len(sin) && i < len(cos) && i < len(tanh) {
		x := in[i]
		sin[i] = math.Sin(x)
		cos[i] = math.Cos(x)
		tanh[i] = math.Tanh(x)
	}
}

//gocuda:kernel PowKernel
func pow(t *gocuda.Thread, x, y, out []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) && i < len(y) && i < len(out) {
		out[i] = math.Pow(x[i], y[i])
	}
}
