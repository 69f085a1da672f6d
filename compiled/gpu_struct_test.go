package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/gpulink"
)

// An argsGPU records the arguments each launch hands the back end.
type argsGPU struct{ args [][]any }

func (g *argsGPU) Run(l gpulink.Launch) (*gpulink.Fault, error) {
	g.args = append(g.args, l.Args)
	return nil, nil
}
func (g *argsGPU) Name() string         { return "args" }
func (g *argsGPU) Props() gpulink.Props { return gpulink.Props{Major: 9} }
func (g *argsGPU) Close() error         { return nil }

// window and bounds are a host struct holding slices, a pointer and a
// nested struct, with unexported fields, as a port of CUDA's parameter
// structs has them.
type window struct {
	n     int32
	scale float32
	in    []float32
	sum   *float64
	b     bounds
	_     struct{}
	Last  bool
}

type bounds struct{ lo, hi int }

// TestGPULaunchFlattensStructs: a struct argument reaches the back end
// as its fields in order, nested structs' too, the way package ptx
// declares its parameters; its slices and pointers are the host's own
// memory (the back end copies them), and other arguments pass as they are.
func TestGPULaunchFlattensStructs(t *testing.T) {
	needCompiled(t)
	g := &argsGPU{}
	old := gpulink.Open
	gpulink.Open = func(int) (gpulink.Device, error) { return g, nil }
	t.Cleanup(func() { gpulink.Open = old })
	d := newDevice(t, gocuda.WithGPU(0))
	if d.RuntimePath() {
		t.Skip("an instrumented build runs a GPU device's launches on the CPU")
	}
	in, out, sum := make([]float32, 4), make([]float32, 4), 0.0
	w := window{n: 4, scale: 2, in: in, sum: &sum, b: bounds{1, 3}, Last: true}
	src, _ := currentSource(t)
	src.GPU(compiled.PTX{Entry: "win", Text: "text", Params: []string{"compiled_test.window", "[]float32"}})
	k := compiled.Kernel(src,
		func(th *gocuda.Thread) {
			if compiled.Probing(th) {
				compiled.ProbeArgs(th, w, out)
			}
		},
		func(*compiled.Block) {})
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}, k))
	require.Len(t, g.args, 1)
	got := g.args[0]
	require.Len(t, got, 8)
	assert.Equal(t, []any{int32(4), float32(2)}, got[:2])
	assert.Same(t, &in[0], &got[2].([]float32)[0], "the struct's slice is the host's memory")
	assert.Same(t, &sum, got[3].(*float64))
	assert.Equal(t, []any{1, 3, true}, got[4:7], "the nested struct's fields, the empty one none")
	assert.Same(t, &out[0], &got[7].([]float32)[0])
}
