package compiled_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/gpulink"
	"github.com/gocuda/gocuda/internal/ptxpack"
)

// A loadingGPU is a GPU back end that loads each launch's module as
// package nvidia does (gpulink.Module.PTX), and records its text.
type loadingGPU struct {
	mu    sync.Mutex
	texts []string
}

func (g *loadingGPU) Run(l gpulink.Launch) (*gpulink.Fault, error) {
	text, err := l.Module.PTX()
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.texts = append(g.texts, text)
	return nil, nil
}
func (g *loadingGPU) Name() string         { return "loading" }
func (g *loadingGPU) Props() gpulink.Props { return gpulink.Props{Major: 9} }
func (g *loadingGPU) Close() error         { return nil }

// gpuDevice returns a device whose launches go to a loadingGPU.
func gpuDevice(t *testing.T) (*gocuda.Device, *loadingGPU) {
	g := &loadingGPU{}
	old := gpulink.Open
	gpulink.Open = func(int) (gpulink.Device, error) { return g, nil }
	t.Cleanup(func() { gpulink.Open = old })
	d := newDevice(t, gocuda.WithGPU(0))
	if d.RuntimePath() {
		t.Skip("an instrumented build runs a GPU device's launches on the CPU")
	}
	return d, g
}

// packedKernel returns a compiled kernel writing 1 to x[i] for each
// thread i whose GPU form is entry of pack.
func packedKernel(t *testing.T, pack *compiled.PTXPack, entry string, x []float32) func(*gocuda.Thread) {
	src, _ := currentSource(t)
	src.GPU(compiled.PTX{Entry: entry, Pack: pack, Params: []string{"[]float32"}})
	return compiled.GridKernel(src,
		func(th *gocuda.Thread) {
			if compiled.Probing(th) {
				compiled.ProbeArgs(th, x)
				return
			}
			x[th.BlockIdx.X*th.BlockDim.X+th.ThreadIdx.X] = 1
		},
		func(b *compiled.Block, lo, hi int) {
			for i := lo * b.Len(); i < hi*b.Len(); i++ {
				x[i] = 1
			}
		})
}

// TestGPULaunchFromPack: a GPU launch loads its form's module from the
// pack, decompressed then, however many launches race to be first.
func TestGPULaunchFromPack(t *testing.T) {
	needCompiled(t)
	d, g := gpuDevice(t)
	want := ".version 8.0\n.visible .entry fill(\n"
	enc, err := ptxpack.Encode([]ptxpack.Module{{Entry: "other", Text: "x"}, {Entry: "fill", Text: want}})
	require.NoError(t, err)
	pack := compiled.NewPTXPack(enc)
	x := make([]float32, 64)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { assert.NoError(t, d.Launch(cfg, packedKernel(t, pack, "fill", x))) })
	}
	wg.Wait()
	require.Len(t, g.texts, 8)
	for _, text := range g.texts {
		assert.Equal(t, want, text)
	}
	assert.Zero(t, x[0], "the fake GPU ran nothing")
}

// TestGPULaunchCorruptPack: a launch whose form's pack is corrupt fails
// with ErrNoKernelImage, every time, and a CPU launch of the same kernel,
// which never reads the pack, runs.
func TestGPULaunchCorruptPack(t *testing.T) {
	needCompiled(t)
	d, g := gpuDevice(t)
	enc, err := ptxpack.Encode([]ptxpack.Module{{Entry: "fill", Text: "text"}})
	require.NoError(t, err)
	pack := compiled.NewPTXPack(enc[:len(enc)/2] + "AAAA" + enc[len(enc)/2+4:])
	x := make([]float32, 32)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}
	for range 2 {
		err := d.Launch(cfg, packedKernel(t, pack, "fill", x))
		assert.ErrorIs(t, err, gocuda.ErrNoKernelImage)
		assert.NotErrorIs(t, err, gocuda.ErrLaunchFailure)
		assert.Contains(t, err.Error(), "corrupt pack")
	}
	assert.Empty(t, g.texts)

	cpu := newDevice(t)
	require.NoError(t, cpu.Launch(cfg, packedKernel(t, pack, "fill", x)))
	assert.Equal(t, float32(1), x[31])
}

// TestGPULaunchText: a hand-written form's Text is its module, with no
// pack.
func TestGPULaunchText(t *testing.T) {
	needCompiled(t)
	d, g := gpuDevice(t)
	src, _ := currentSource(t)
	x := make([]float32, 32)
	src.GPU(compiled.PTX{Entry: "fill", Text: "plain", Params: []string{"[]float32"}})
	k := compiled.GridKernel(src,
		func(th *gocuda.Thread) {
			if compiled.Probing(th) {
				compiled.ProbeArgs(th, x)
			}
		},
		func(*compiled.Block, int, int) {})
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}, k))
	assert.Equal(t, []string{"plain"}, g.texts)
}
