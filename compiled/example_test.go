package compiled_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing/fstest"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// vecAdd is the kernel as written, per thread: c = a + b.
func vecAdd(t *gocuda.Thread, a, b, c []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(c) {
		c[i] = a[i] + b[i]
	}
}

// vecAddBody is what gocuda compile generates for vecAdd, which has no
// barriers: a loop over a worker's chunk of blocks around a loop over each
// block's threads, with the position stored for failure reports.
func vecAddBody(blk *compiled.Block, lo, hi int, a, b, c []float32) {
	pos := blk.Pos()
	n, dim := blk.Len(), blk.Dim().X
	for block := lo; block < hi; block++ {
		if blk.Stopped() {
			return
		}
		pos.Block = block // a 1D grid: the linear index is BlockIdx.X
		for tid := range n {
			pos.Thread = tid
			i := block*dim + tid
			if i < len(c) {
				c[i] = a[i] + b[i]
			}
		}
	}
}

// vecAddFiles stands for the source files a generated file embeds
// (//go:embed vecadd.go): the lines vecAdd was compiled from.
var vecAddFiles = fstest.MapFS{"vecadd.go": {Data: []byte(`func vecAdd(t *gocuda.Thread, a, b, c []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(c) {
		c[i] = a[i] + b[i]
	}
}
`)}}

// vecAddSrc names the lines vecAdd was compiled from and the hash the
// generator recorded of them: the SHA-256 of lines 1 to 6 of vecadd.go.
// Were they edited, the kernel would run on the runtime path.
var vecAddSrc = compiled.NewSource(vecAddFiles, "vecAdd", sha256Hex(vecAddFiles["vecadd.go"].Data), "vecadd.go:1-6")

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// VecAddKernel is the constructor a generated file declares: the launch
// site uses it as it would vecAdd.
func VecAddKernel(a, b, c []float32) func(*gocuda.Thread) {
	return compiled.GridKernel(vecAddSrc,
		func(t *gocuda.Thread) { vecAdd(t, a, b, c) },
		func(blk *compiled.Block, lo, hi int) { vecAddBody(blk, lo, hi, a, b, c) })
}

// A GridKernel runs a barrier-free kernel's compiled body once per chunk
// of blocks; with Config.RuntimePath the same kernel runs thread by
// thread, with the same result.
func Example() {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	if err != nil {
		panic(err)
	}
	defer d.Close()

	const n = 10
	a, b := make([]float32, n), make([]float32, n)
	for i := range n {
		a[i], b[i] = float32(i), float32(10*i)
	}
	for _, runtimePath := range []bool{false, true} {
		c := make([]float32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 4}, RuntimePath: runtimePath}
		if err := d.Launch(cfg, VecAddKernel(a, b, c)); err != nil {
			panic(err)
		}
		fmt.Println(c)
	}
	// Output:
	// [0 11 22 33 44 55 66 77 88 99]
	// [0 11 22 33 44 55 66 77 88 99]
}

// A PTXPack holds a generated file's PTX modules compressed, as gocuda
// compile -gpu writes it; a module is decompressed, with the whole pack,
// the first time one is asked for.
func ExamplePTXPack() {
	pack := compiled.NewPTXPack(`
eNqkzkEKwjAQheH9nOItuxoqSO1typgMJVjbkBel8fQSr+DuLR4f/3qEVzTkeiJbeOAitDM3TLMw2OZ9iL69MB07Zh1Fq5XV
K/hcbqOoxVicXJg+junaz4npvjnU91oaft7wp9FTBvkGAAD//wPBOCQ=
`)
	text, err := pack.Text("scale")
	fmt.Printf("%q %v\n", text, err)
	_, err = pack.Text("gemm")
	fmt.Println(err)
	// Output:
	// ".version 8.0\n.target sm_70\n.address_size 64\n\n.visible .entry scale(\n" <nil>
	// ptxpack: no module "gemm" in the pack
}
