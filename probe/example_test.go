package probe_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/probe"
)

// sites is the table `gocuda check` and `gocuda profile` write for a
// rewritten file: one Site per instrumented place of its kernels.
var sites = probe.Register([]probe.Site{
	{Kind: probe.Branch, Func: "example.saxpy", File: "saxpy.go", Line: 3, Col: 5, Expr: "i < len(y)"},
	{Kind: probe.Write, Func: "example.saxpy", File: "saxpy.go", Line: 4, Col: 3, Expr: "y[i]"},
	{Kind: probe.Read, Func: "example.saxpy", File: "saxpy.go", Line: 4, Col: 12, Expr: "x[i]"},
	{Kind: probe.Read, Func: "example.saxpy", File: "saxpy.go", Line: 4, Col: 19, Expr: "y[i]"},
})

// saxpy is the kernel
//
//	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
//	if i < len(y) {
//		y[i] = a*x[i] + y[i]
//	}
//
// as the instrumenter rewrites it: every condition and access goes
// through the probe first.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if probe.Cond(t, &sites[0], i < len(y)) {
		probe.Store(t, &sites[1], y, i, a*(*probe.Index(t, &sites[2], x, i))+(*probe.Index(t, &sites[3], y, i)))
	}
}

// Without GOCUDA_PROBE in the environment (as `gocuda check` and `gocuda
// profile` set it), a rewritten kernel computes what the original does:
// the probe calls are the plain accesses.
func ExampleRegister() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	x, y := []float32{1, 2, 3, 4, 5}, []float32{10, 20, 30, 40, 50}
	err = dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) { saxpy(t, 2, x, y) })
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(y, sites[1].Kind, sites[1].Expr)
	// Output:
	// [12 24 36 48 60] write y[i]
}
