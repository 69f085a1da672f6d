package ptx_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compile/ptx"
	"github.com/gocuda/gocuda/internal/cudrv"
	"github.com/gocuda/gocuda/kernels"
)

// A deviceCase is one launch run on the CPU and on the GPU with the same
// inputs: the slices it writes must come out equal bit for bit.
type deviceCase struct {
	name   string
	entry  string // the PTX entry, a file of goldenDir
	args   func() []any
	cfg    gocuda.Config
	shared int // dynamic shared bytes the GPU launch needs
	kernel func(args []any) func(*gocuda.Thread)
}

// openGPU opens the first GPU or skips the test, saying why.
func openGPU(t testing.TB) *cudrv.Context {
	t.Helper()
	c, err := cudrv.Open(0)
	if err != nil {
		t.Skipf("no CUDA device: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func randFloats(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	s := make([]float32, n)
	for i := range s {
		s[i] = r.Float32()*2 - 1
	}
	return s
}

func randInts(n int, seed uint64) []int32 {
	r := rand.New(rand.NewPCG(seed, 2))
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(r.IntN(2001) - 1000)
	}
	return s
}

func randBodies(n int) [][4]float32 {
	f := randFloats(4*n, 7)
	b := make([][4]float32, n)
	for i := range b {
		b[i] = [4]float32{f[4*i] * 10, f[4*i+1] * 10, f[4*i+2] * 10, f[4*i+3]*0.5 + 1}
	}
	return b
}

func dim1(grid, block int) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}
}

// deviceCases are the launches compared across devices.
func deviceCases() []deviceCase {
	const n = 100_003
	const mm, kk, nn = 100, 70, 90
	const bodies = 3000
	var cs []deviceCase
	saxpy := func(name, entry string, ctor func(float32, []float32, []float32) func(*gocuda.Thread), cfg gocuda.Config) {
		cs = append(cs, deviceCase{name: name, entry: entry, cfg: cfg,
			args:   func() []any { return []any{float32(2.5), randFloats(n, 1), randFloats(n, 2)} },
			kernel: func(a []any) func(*gocuda.Thread) { return ctor(a[0].(float32), a[1].([]float32), a[2].([]float32)) }})
	}
	saxpy("SAXPY", "saxpy", kernels.SAXPYKernel, dim1((n+255)/256, 256))
	saxpy("SAXPYGridStride", "saxpyGridStride", kernels.SAXPYGridStrideKernel, dim1(64, 256))
	saxpy("SAXPYCoarsened", "saxpyCoarsened", kernels.SAXPYCoarsenedKernel, dim1(8, 256))
	vecAdd := func(name, entry string, ctor func(a, b, c []int32) func(*gocuda.Thread), cfg gocuda.Config) {
		cs = append(cs, deviceCase{name: name, entry: entry, cfg: cfg,
			args:   func() []any { return []any{randInts(n, 3), randInts(n, 4), make([]int32, n)} },
			kernel: func(a []any) func(*gocuda.Thread) { return ctor(a[0].([]int32), a[1].([]int32), a[2].([]int32)) }})
	}
	vecAdd("VecAdd[int32]", "vecAdd_int32", kernels.VecAddKernel[int32], dim1((n+255)/256, 256))
	vecAdd("VecAddGridStride[int32]", "vecAddGridStride_int32", kernels.VecAddGridStrideKernel[int32], dim1(64, 256))
	vecAdd("VecAddCoarsened[int32]", "vecAddCoarsened_int32", kernels.VecAddCoarsenedKernel[int32], dim1(8, 256))
	cs = append(cs, reduceCases(n)...)
	for _, v := range []struct {
		name, entry string
		variant     kernels.MatMulVariant
		ctor        func(a, b, c []float32, m, k, n int) func(*gocuda.Thread)
	}{
		{"MatMulNaive", "matMulNaive", kernels.MatMulNaive, kernels.MatMulNaiveKernel},
		{"MatMulTiled", "matMulTiled", kernels.MatMulTiled, kernels.MatMulTiledKernel},
		{"MatMulTiledUnrolled", "matMulTiledUnrolled", kernels.MatMulTiledUnrolled, kernels.MatMulTiledUnrolledKernel},
		{"MatMulRegisterTiled", "matMulRegisterTiled", kernels.MatMulRegisterTiled, kernels.MatMulRegisterTiledKernel},
	} {
		cs = append(cs, deviceCase{name: v.name, entry: v.entry, cfg: kernels.MatMulConfig(v.variant, mm, nn),
			args: func() []any {
				return []any{randFloats(mm*kk, 5), randFloats(kk*nn, 6), make([]float32, mm*nn), mm, kk, nn}
			},
			kernel: func(a []any) func(*gocuda.Thread) {
				return v.ctor(a[0].([]float32), a[1].([]float32), a[2].([]float32), a[3].(int), a[4].(int), a[5].(int))
			}})
	}
	for _, v := range []struct {
		name, entry string
		variant     kernels.NBodyVariant
		ctor        func([][4]float32, [][3]float32, float32) func(*gocuda.Thread)
	}{
		{"NBodySimple", "nBodySimple", kernels.NBodySimple, kernels.NBodySimpleKernel},
		{"NBodyTiled", "nBodyTiled", kernels.NBodyTiled, kernels.NBodyTiledKernel},
		{"NBodyMultiThread", "nBodyMultiThread", kernels.NBodyMultiThread, kernels.NBodyMultiThreadKernel},
	} {
		cfg := kernels.NBodyConfig(v.variant, bodies)
		cs = append(cs, deviceCase{name: v.name, entry: v.entry, cfg: cfg,
			shared: cfg.Block.X * cfg.Block.Y * 12, // the multi-thread kernel's partial sums
			args:   func() []any { return []any{randBodies(bodies), make([][3]float32, bodies), float32(0.01)} },
			kernel: func(a []any) func(*gocuda.Thread) {
				return v.ctor(a[0].([][4]float32), a[1].([][3]float32), a[2].(float32))
			}})
	}
	for _, v := range []struct {
		name, entry string
		ctor        func(in, out []float32, rows, cols int) func(*gocuda.Thread)
	}{
		{"TransposeNaive", "transposeNaive", kernels.TransposeNaiveKernel},
		{"TransposeTiled", "transposeTiled", kernels.TransposeTiledKernel},
		{"TransposePadded", "transposePadded", kernels.TransposePaddedKernel},
	} {
		cs = append(cs, deviceCase{name: v.name, entry: v.entry, cfg: kernels.TransposeConfig(123, 77),
			args: func() []any { return []any{randFloats(123*77, 8), make([]float32, 123*77), 123, 77} },
			kernel: func(a []any) func(*gocuda.Thread) {
				return v.ctor(a[0].([]float32), a[1].([]float32), a[2].(int), a[3].(int))
			}})
	}
	return append(cs, moreCases()...)
}

// moreCases are the image, histogram, scan and sort kernels.
func moreCases() []deviceCase {
	const w, h, n = 97, 61, 20_011
	cs := []deviceCase{
		{name: "Blur", entry: "blur", cfg: kernels.BlurConfig(w, h),
			args: func() []any { return []any{randFloats(w*h, 12), make([]float32, w*h), w, h, 3} },
			kernel: func(a []any) func(*gocuda.Thread) {
				return kernels.BlurKernel(a[0].([]float32), a[1].([]float32), a[2].(int), a[3].(int), a[4].(int))
			}},
		{name: "BlurShared", entry: "blurShared", cfg: kernels.BlurConfig(w, h), shared: 48 << 10,
			args: func() []any { return []any{randFloats(w*h, 13), make([]float32, w*h), w, h, 3} },
			kernel: func(a []any) func(*gocuda.Thread) {
				return kernels.BlurSharedKernel(a[0].([]float32), a[1].([]float32), a[2].(int), a[3].(int), a[4].(int))
			}},
		{name: "Mandelbrot", entry: "mandelbrot", cfg: kernels.MandelbrotConfig(w, h),
			args: func() []any {
				return []any{float32(-2), float32(-1.2), float32(1), float32(1.2), w, h, int32(200), make([]int32, w*h)}
			},
			kernel: func(a []any) func(*gocuda.Thread) {
				return kernels.MandelbrotKernel(a[0].(float32), a[1].(float32), a[2].(float32), a[3].(float32), a[4].(int), a[5].(int), a[6].(int32), a[7].([]int32))
			}},
		{name: "Histogram", entry: "histogram", cfg: dim1(16, 256),
			args: func() []any {
				d := make([]byte, n)
				for i, v := range randInts(n, 14) {
					d[i] = byte(v)
				}
				return []any{d, make([]uint32, kernels.HistogramBins)}
			},
			kernel: func(a []any) func(*gocuda.Thread) { return kernels.HistogramKernel(a[0].([]byte), a[1].([]uint32)) }},
		{name: "BitonicStep[int32]", entry: "bitonicStepKernel_int32", cfg: dim1((n+255)/256, 256),
			args: func() []any { return []any{randInts(n, 15), 64, true} },
			kernel: func(a []any) func(*gocuda.Thread) {
				return kernels.BitonicStepKernel(a[0].([]int32), a[1].(int), a[2].(bool))
			}},
	}
	scan := func(name, entry string, ctor func(in, out, sums []int32, inclusive bool) func(*gocuda.Thread), perBlock int) {
		for _, inclusive := range []bool{false, true} {
			cfg := dim1((n+perBlock-1)/perBlock, 256)
			cs = append(cs, deviceCase{name: fmt.Sprintf("%s/inclusive=%v", name, inclusive), entry: entry, cfg: cfg, shared: 16 << 10,
				args: func() []any { return []any{randInts(n, 16), make([]int32, n), make([]int32, cfg.Grid.X), inclusive} },
				kernel: func(a []any) func(*gocuda.Thread) {
					return ctor(a[0].([]int32), a[1].([]int32), a[2].([]int32), a[3].(bool))
				}})
		}
	}
	scan("HillisSteeleScan[int32]", "hillisSteeleScan_int32", kernels.HillisSteeleScanKernel[int32], 256)
	scan("BlellochScan[int32]", "blellochScan_int32", kernels.BlellochScanKernel[int32], 512)
	scan("WarpShuffleScan[int32]", "warpShuffleScan_int32", kernels.WarpShuffleScanKernel[int32], 256)
	cs = append(cs, deviceCase{name: "NBodyIntegrate", entry: "nBodyIntegrate", cfg: kernels.NBodyConfig(kernels.NBodySimple, 3000),
		args: func() []any {
			acc := make([][3]float32, 3000)
			for i, b := range randBodies(3000) {
				acc[i] = [3]float32{b[0], b[1], b[2]}
			}
			return []any{randBodies(3000), make([][3]float32, 3000), acc, float32(0.01)}
		},
		kernel: func(a []any) func(*gocuda.Thread) {
			return kernels.NBodyIntegrateKernel(a[0].([][4]float32), a[1].([][3]float32), a[2].([][3]float32), a[3].(float32))
		}})
	return cs
}

// reduceCases are the reductions' first passes, float32 and int32.
func reduceCases(n int) []deviceCase {
	var cs []deviceCase
	type ctor[T any] func(in, partial []T) func(*gocuda.Thread)
	add := func(name, entry string, v kernels.ReduceVariant, f32 ctor[float32], i32 ctor[int32]) {
		cfg := kernels.ReduceConfig(nil, v, n)
		shared := cfg.Block.X * 8
		cs = append(cs,
			deviceCase{name: name + "[float32]", entry: entry + "_float32", cfg: cfg, shared: shared,
				args:   func() []any { return []any{randFloats(n, 9), make([]float32, cfg.Grid.X)} },
				kernel: func(a []any) func(*gocuda.Thread) { return f32(a[0].([]float32), a[1].([]float32)) }},
			deviceCase{name: name + "[int32]", entry: entry + "_int32", cfg: cfg, shared: shared,
				args:   func() []any { return []any{randInts(n, 10), make([]int32, cfg.Grid.X)} },
				kernel: func(a []any) func(*gocuda.Thread) { return i32(a[0].([]int32), a[1].([]int32)) }})
	}
	add("ReduceInterleaved", "reduceInterleaved", kernels.ReduceInterleaved, kernels.ReduceInterleavedKernel[float32], kernels.ReduceInterleavedKernel[int32])
	add("ReduceStridedIndex", "reduceStridedIndex", kernels.ReduceStridedIndex, kernels.ReduceStridedIndexKernel[float32], kernels.ReduceStridedIndexKernel[int32])
	add("ReduceSequential", "reduceSequential", kernels.ReduceSequential, kernels.ReduceSequentialKernel[float32], kernels.ReduceSequentialKernel[int32])
	add("ReduceFirstAdd", "reduceFirstAdd", kernels.ReduceFirstAdd, kernels.ReduceFirstAddKernel[float32], kernels.ReduceFirstAddKernel[int32])
	add("ReduceUnrolledWarp", "reduceUnrolledWarp", kernels.ReduceUnrolledWarp, kernels.ReduceUnrolledWarpKernel[float32], kernels.ReduceUnrolledWarpKernel[int32])
	add("ReduceWarpShuffle", "reduceWarpShuffleBlocks", kernels.ReduceWarpShuffle, kernels.ReduceWarpShuffleKernel[float32], kernels.ReduceWarpShuffleKernel[int32])
	add("ReduceGridStride", "reduceGridStride", kernels.ReduceGridStride, kernels.ReduceGridStrideKernel[float32], kernels.ReduceGridStrideKernel[int32])
	add("ReduceCoarsened", "reduceCoarsened", kernels.ReduceCoarsened, kernels.ReduceCoarsenedKernel[float32], kernels.ReduceCoarsenedKernel[int32])
	cs = append(cs, deviceCase{name: "ReduceAtomic[int32]", entry: "reduceAtomic_int32", cfg: kernels.ReduceConfig(nil, kernels.ReduceAtomic, n), shared: 256 * 4,
		args:   func() []any { return []any{randInts(n, 11), new(int32)} },
		kernel: func(a []any) func(*gocuda.Thread) { return kernels.ReduceAtomicKernel(a[0].([]int32), a[1].(*int32)) }})
	return cs
}

// TestDeviceMatchesCPU runs each case on the CPU (compiled) and on the
// GPU from the golden PTX, and compares every slice and pointer argument
// bit for bit.
func TestDeviceMatchesCPU(t *testing.T) {
	gpu := openGPU(t)
	dev, err := gocuda.NewDevice()
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for _, c := range deviceCases() {
		t.Run(c.name, func(t *testing.T) {
			cpuArgs, gpuArgs := c.args(), c.args()
			if err := dev.Launch(c.cfg, c.kernel(cpuArgs)); err != nil {
				t.Fatalf("CPU: %v", err)
			}
			if err := runPTX(gpu, c, gpuArgs); err != nil {
				t.Fatalf("GPU: %v", err)
			}
			for i := range cpuArgs {
				if d := firstDifference(cpuArgs[i], gpuArgs[i]); d != "" {
					t.Errorf("argument %d: %s", i, d)
				}
			}
		})
	}
}

// runPTX loads c's golden PTX and launches it with args, copying every
// slice and pointer in and out.
func runPTX(gpu *cudrv.Context, c deviceCase, args []any) error {
	text, err := os.ReadFile(filepath.Join(goldenDir, c.entry+".ptx"))
	if err != nil {
		return err
	}
	m, err := gpu.LoadModule(string(text))
	if err != nil {
		return err
	}
	defer m.Unload()
	f, err := m.Function(c.entry)
	if err != nil {
		return err
	}
	var launch []any
	var ptrs []cudrv.Ptr
	defer func() {
		for _, p := range ptrs {
			gpu.Free(p)
		}
	}()
	for _, a := range args {
		la, p, err := toDevice(gpu, a)
		if err != nil {
			return err
		}
		if p != 0 {
			ptrs = append(ptrs, p)
		}
		launch = append(launch, la...)
	}
	grid := [3]uint32{uint32(c.cfg.Grid.X), uint32(max(1, c.cfg.Grid.Y)), uint32(max(1, c.cfg.Grid.Z))}
	block := [3]uint32{uint32(c.cfg.Block.X), uint32(max(1, c.cfg.Block.Y)), uint32(max(1, c.cfg.Block.Z))}
	if err := gpu.Launch(f, grid, block, uint32(c.shared), launch...); err != nil {
		return err
	}
	if err := gpu.Synchronize(); err != nil {
		return err
	}
	if err := faultOf(gpu, m); err != nil {
		return err
	}
	k := 0
	for _, a := range args {
		if bytes := hostBytes(a); bytes != nil {
			if len(bytes) > 0 {
				if err := gpu.CopyFromDevice(unsafe.Pointer(&bytes[0]), ptrs[k], len(bytes)); err != nil {
					return err
				}
			}
			k++
		}
	}
	return nil
}

// hostBytes returns the memory of a slice or pointer argument, or nil.
func hostBytes(a any) []byte {
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Slice:
		n := v.Len() * int(v.Type().Elem().Size())
		if n == 0 {
			return []byte{}
		}
		return unsafe.Slice((*byte)(v.UnsafePointer()), n)
	case reflect.Pointer:
		return unsafe.Slice((*byte)(v.UnsafePointer()), int(v.Type().Elem().Size()))
	}
	return nil
}

// toDevice returns the launch arguments of Go argument a: a slice's
// device copy and length, a pointer's device copy, or a number as the
// entry's parameter takes it.
func toDevice(gpu *cudrv.Context, a any) ([]any, cudrv.Ptr, error) {
	if bytes := hostBytes(a); bytes != nil {
		p, err := gpu.Alloc(max(len(bytes), 1))
		if err != nil {
			return nil, 0, err
		}
		if len(bytes) > 0 {
			if err := gpu.CopyToDevice(p, unsafe.Pointer(&bytes[0]), len(bytes)); err != nil {
				return nil, p, err
			}
		}
		if reflect.ValueOf(a).Kind() == reflect.Slice {
			return []any{p, uint64(reflect.ValueOf(a).Len())}, p, nil
		}
		return []any{p}, p, nil
	}
	switch v := a.(type) {
	case int:
		return []any{int64(v)}, 0, nil
	case bool:
		if v {
			return []any{uint32(1)}, 0, nil
		}
		return []any{uint32(0)}, 0, nil
	}
	return []any{a}, 0, nil
}

// A gpuFault is a check that failed on the GPU, as the module's fault
// record (ptx.FaultSymbol) holds it.
type gpuFault struct {
	Code          uint32
	File, Line    uint32
	Block, Thread [3]uint32
	A, B          int64
}

func (f *gpuFault) Error() string {
	return fmt.Sprintf("GPU check %d failed at file %d line %d, block %v thread %v, operands %d %d",
		f.Code, f.File, f.Line, f.Block, f.Thread, f.A, f.B)
}

// faultOf reads the module's fault record and clears it: a check that
// failed on the GPU, as a *gpuFault.
func faultOf(gpu *cudrv.Context, m *cudrv.Module) error {
	p, _, err := m.Global(ptx.FaultSymbol)
	if err != nil {
		return err
	}
	var rec [64]byte
	if err := gpu.CopyFromDevice(unsafe.Pointer(&rec[0]), p, len(rec)); err != nil {
		return err
	}
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(rec[i:]) }
	if u(0) == 0 {
		return nil
	}
	if err := gpu.Memset8(p, 0, len(rec)); err != nil {
		return err
	}
	return &gpuFault{Code: u(4), File: u(8) >> 24, Line: u(8) & (1<<24 - 1),
		Block: [3]uint32{u(12), u(16), u(20)}, Thread: [3]uint32{u(24), u(28), u(32)},
		A: int64(binary.LittleEndian.Uint64(rec[40:])), B: int64(binary.LittleEndian.Uint64(rec[48:]))}
}

// TestDeviceFault checks that an index out of range fails the GPU launch
// at the thread, line and operands the CPU names, and that the module
// runs on after it.
func TestDeviceFault(t *testing.T) {
	gpu := openGPU(t)
	dev, err := gocuda.NewDevice()
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	const m, k, n = 40, 30, 50
	c := deviceCase{entry: "matMulNaive", cfg: kernels.MatMulConfig(kernels.MatMulNaive, m, n),
		args: func() []any { return []any{randFloats(m*k, 1), randFloats(k*n, 2), make([]float32, m*n-1), m, k, n} },
		kernel: func(a []any) func(*gocuda.Thread) {
			return kernels.MatMulNaiveKernel(a[0].([]float32), a[1].([]float32), a[2].([]float32), a[3].(int), a[4].(int), a[5].(int))
		}}
	cpuErr := dev.Launch(c.cfg, c.kernel(c.args()))
	var ke *gocuda.KernelError
	if !errors.As(cpuErr, &ke) || !errors.Is(cpuErr, gocuda.ErrIllegalAddress) {
		t.Fatalf("CPU: %v, want a *KernelError wrapping ErrIllegalAddress", cpuErr)
	}
	gpuErr := runPTX(gpu, c, c.args())
	var f *gpuFault
	if !errors.As(gpuErr, &f) {
		t.Fatalf("GPU: %v, want a fault", gpuErr)
	}
	want := gpuFault{Code: ptx.FaultIndex, Line: uint32(ke.Site.Line),
		Block:  [3]uint32{uint32(ke.Block.X), uint32(ke.Block.Y), uint32(ke.Block.Z)},
		Thread: [3]uint32{uint32(ke.Thread.X), uint32(ke.Thread.Y), uint32(ke.Thread.Z)},
		A:      m*n - 1, B: m*n - 1}
	f.File = 0
	if *f != want {
		t.Errorf("GPU fault %+v, want %+v (CPU: %v)", *f, want, cpuErr)
	}
	// The record is cleared: the next launch with good arguments passes.
	c.args = func() []any { return []any{randFloats(m*k, 1), randFloats(k*n, 2), make([]float32, m*n), m, k, n} }
	if err := runPTX(gpu, c, c.args()); err != nil {
		t.Errorf("GPU after a fault: %v", err)
	}
}

// firstDifference compares two arguments bit for bit, describing the
// first difference.
func firstDifference(a, b any) string {
	x, y := hostBytes(a), hostBytes(b)
	if x == nil {
		return ""
	}
	for i := range x {
		if x[i] != y[i] {
			v := reflect.ValueOf(a)
			size := int(v.Type().Elem().Size())
			if v.Kind() == reflect.Slice {
				el := i / size
				return fmt.Sprintf("element %d: CPU %v, GPU %v", el, v.Index(el), reflect.ValueOf(b).Index(el))
			}
			return fmt.Sprintf("CPU %v, GPU %v", v.Elem(), reflect.ValueOf(b).Elem())
		}
	}
	return ""
}
