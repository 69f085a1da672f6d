package ptx_test

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/internal/cudrv"
)

// A gpuBench is one kernel timed on the GPU: gocuda's PTX beside nvcc's
// of the same kernel in CUDA C (testdata/nvcc/kernels.cu), with the same
// arguments and launch shape.
type gpuBench struct {
	name         string
	entry        string
	grid, block  [3]uint32
	shared       uint32
	args         func(gpu *cudrv.Context, b *testing.B) []any
	bytes, flops float64 // per launch, for the metrics
}

// deviceBuffer allocates n bytes on the GPU filled from host data (or
// zero), freed when b ends.
func deviceBuffer(gpu *cudrv.Context, b *testing.B, data unsafe.Pointer, n int) cudrv.Ptr {
	p, err := gpu.Alloc(n)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { gpu.Free(p) })
	if data != nil {
		if err := gpu.CopyToDevice(p, data, n); err != nil {
			b.Fatal(err)
		}
	} else if err := gpu.Memset8(p, 0, n); err != nil {
		b.Fatal(err)
	}
	return p
}

func floatsOnDevice(gpu *cudrv.Context, b *testing.B, n int, seed uint64) cudrv.Ptr {
	s := randFloats(n, seed)
	return deviceBuffer(gpu, b, unsafe.Pointer(&s[0]), 4*n)
}

func gpuBenches() []gpuBench {
	const saxpyN = 1 << 26
	const reduceN = 1 << 26
	const mm = 2048
	const bodies = 1 << 15
	return []gpuBench{
		{name: "SAXPY", entry: "saxpy", grid: [3]uint32{saxpyN / 256, 1, 1}, block: [3]uint32{256, 1, 1},
			bytes: 12 * saxpyN, flops: 2 * saxpyN,
			args: func(gpu *cudrv.Context, b *testing.B) []any {
				return []any{float32(2.5), floatsOnDevice(gpu, b, saxpyN, 1), uint64(saxpyN), floatsOnDevice(gpu, b, saxpyN, 2), uint64(saxpyN)}
			}},
		{name: "ReduceGridStride", entry: "reduceGridStride_float32", grid: [3]uint32{132 * 8, 1, 1}, block: [3]uint32{256, 1, 1}, shared: 256 * 4,
			bytes: 4 * reduceN, flops: reduceN,
			args: func(gpu *cudrv.Context, b *testing.B) []any {
				return []any{floatsOnDevice(gpu, b, reduceN, 3), uint64(reduceN), deviceBuffer(gpu, b, nil, 4*132*8), uint64(132 * 8)}
			}},
		{name: "MatMulTiled", entry: "matMulTiled", grid: [3]uint32{mm / 16, mm / 16, 1}, block: [3]uint32{16, 16, 1},
			bytes: 12 * mm * mm, flops: 2 * mm * mm * mm,
			args: func(gpu *cudrv.Context, b *testing.B) []any {
				return []any{floatsOnDevice(gpu, b, mm*mm, 4), uint64(mm * mm), floatsOnDevice(gpu, b, mm*mm, 5), uint64(mm * mm),
					deviceBuffer(gpu, b, nil, 4*mm*mm), uint64(mm * mm), int64(mm), int64(mm), int64(mm)}
			}},
		{name: "NBodyTiled", entry: "nBodyTiled", grid: [3]uint32{bodies / 256, 1, 1}, block: [3]uint32{256, 1, 1},
			bytes: 28 * bodies, flops: 20 * bodies * bodies,
			args: func(gpu *cudrv.Context, b *testing.B) []any {
				bs := randBodies(bodies)
				return []any{deviceBuffer(gpu, b, unsafe.Pointer(&bs[0]), 16*bodies), uint64(bodies),
					deviceBuffer(gpu, b, nil, 12*bodies), uint64(bodies), float32(0.01)}
			}},
	}
}

// BenchmarkGPU times each kernel's launches with events: gocuda's PTX,
// and nvcc's where GOCUDA_NVCC_PTX names the PTX nvcc wrote from
// testdata/nvcc/kernels.cu (GOCUDA_NVCC_PTX_NOFMA, that of nvcc
// --fmad=false).
func BenchmarkGPU(b *testing.B) {
	gpu := openGPU(b)
	for _, bench := range gpuBenches() {
		b.Run(bench.name, func(b *testing.B) {
			b.Run("gocuda", func(b *testing.B) {
				text, err := os.ReadFile(filepath.Join(goldenDir, bench.entry+".ptx"))
				if err != nil {
					b.Fatal(err)
				}
				timeLaunches(b, gpu, string(text), bench)
			})
			for _, v := range []struct{ name, env string }{{"nvcc", "GOCUDA_NVCC_PTX"}, {"nvccNoFMA", "GOCUDA_NVCC_PTX_NOFMA"}} {
				b.Run(v.name, func(b *testing.B) {
					path := os.Getenv(v.env)
					if path == "" {
						b.Skipf("%s is not set", v.env)
					}
					text, err := os.ReadFile(path)
					if err != nil {
						b.Fatal(err)
					}
					timeLaunches(b, gpu, string(text), bench)
				})
			}
		})
	}
}

// timeLaunches loads module text and times bench's launches between two
// events, reporting the GPU's time per launch and the rates it gives.
func timeLaunches(b *testing.B, gpu *cudrv.Context, text string, bench gpuBench) {
	m, err := gpu.LoadModule(text)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Unload()
	f, err := m.Function(bench.entry)
	if err != nil {
		b.Fatal(err)
	}
	args := bench.args(gpu, b)
	launch := func() {
		if err := gpu.Launch(f, bench.grid, bench.block, bench.shared, args...); err != nil {
			b.Fatal(err)
		}
	}
	launch() // warm: the JIT and the caches
	if err := gpu.Synchronize(); err != nil {
		b.Fatal(err)
	}
	start, _ := gpu.NewEvent()
	end, _ := gpu.NewEvent()
	defer start.Destroy()
	defer end.Destroy()
	start.Record()
	n := 0
	for b.Loop() {
		launch()
		n++
	}
	end.Record()
	end.Synchronize()
	d, err := gpu.Elapsed(start, end)
	if err != nil {
		b.Fatal(err)
	}
	per := d.Seconds() / float64(n)
	b.ReportMetric(per*1e6, "gpu-µs/launch")
	b.ReportMetric(bench.bytes/per/1e9, "GB/s")
	b.ReportMetric(bench.flops/per/1e9, "GFLOP/s")
}
