package mem_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// SAXPY with device buffers: copy in, launch a kernel on the buffers'
// slices, copy out.
func Example() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	const n = 1000
	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i), 1
	}
	x, err := mem.Malloc[float32](dev, n) // cudaMalloc
	if err != nil {
		log.Fatal(err)
	}
	defer x.Free()
	y, err := mem.Malloc[float32](dev, n)
	if err != nil {
		log.Fatal(err)
	}
	defer y.Free()
	if err := x.CopyFromHost(hx); err != nil { // cudaMemcpy, host to device
		log.Fatal(err)
	}
	if err := y.CopyFromHost(hy); err != nil {
		log.Fatal(err)
	}

	xs, ys := x.Slice(), y.Slice() // the device pointers the kernel gets
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + 255) / 256}, Block: gocuda.Dim3{X: 256}}
	err = dev.Launch(cfg, func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			ys[i] = 2*xs[i] + ys[i]
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := y.CopyToHost(hy); err != nil { // cudaMemcpy, device to host
		log.Fatal(err)
	}
	fmt.Println(hy[:4], hy[n-1])
	// Output: [1 3 5 7] 1999
}

// A pitched 2D array: rows padded to 512 bytes, filled from a tightly
// packed host image, indexed by a 2D kernel with the pitch.
func ExampleMallocPitch() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	const w, h = 5, 3
	img, err := mem.MallocPitch[float32](dev, w, h)
	if err != nil {
		log.Fatal(err)
	}
	defer img.Free()
	fmt.Println("pitch:", img.Pitch(), "bytes,", img.PitchElems(), "elements")

	host := make([]float32, w*h)
	for i := range host {
		host[i] = float32(i)
	}
	if err := img.CopyFromHost2D(host, w, w, h); err != nil { // cudaMemcpy2D
		log.Fatal(err)
	}
	data, pitch := img.Slice(), img.PitchElems()
	cfg := gocuda.Config{Block: gocuda.Dim3{X: w, Y: h}}
	err = dev.Launch(cfg, func(t *gocuda.Thread) {
		x, y := t.ThreadIdx.X, t.ThreadIdx.Y
		data[y*pitch+x] *= 10
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := img.CopyToHost2D(host, w, w, h); err != nil {
		log.Fatal(err)
	}
	for y := range h {
		fmt.Println(host[y*w : (y+1)*w])
	}
	// Output:
	// pitch: 512 bytes, 128 elements
	// [0 10 20 30 40]
	// [50 60 70 80 90]
	// [100 110 120 130 140]
}

// Constant memory holds a filter the host sets and kernels only read.
func ExampleNewConstant() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	weights, err := mem.NewConstant[float32](dev, 3) // __constant__ float weights[3]
	if err != nil {
		log.Fatal(err)
	}
	defer weights.Free()
	if err := weights.Set([]float32{0.25, 0.5, 0.25}); err != nil { // cudaMemcpyToSymbol
		log.Fatal(err)
	}
	out, err := mem.Malloc[float32](dev, 4)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Free()

	wv, o := weights.View(), out.Slice()
	err = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) {
		i := t.ThreadIdx.X
		o[i] = float32(i) * (wv.At(0) + wv.At(1) + wv.At(2)) // wv offers no way to write
	})
	if err != nil {
		log.Fatal(err)
	}
	host := make([]float32, 4)
	if err := out.CopyToHost(host); err != nil {
		log.Fatal(err)
	}
	fmt.Println(host)

	_, err = mem.NewConstant[byte](dev, mem.TotalConstMem)
	fmt.Println(err != nil, "(64 KiB in all per device)")
	// Output:
	// [0 1 2 3]
	// true (64 KiB in all per device)
}

// MemGetInfo reports the device's free and total global memory, which
// allocations use up and Free returns.
func Example_memGetInfo() {
	dev, err := gocuda.NewDevice(gocuda.WithGlobalMem(1 << 20)) // a 1 MiB device
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	fmt.Println(dev.MemGetInfo())
	a, err := mem.Malloc[float64](dev, 65536) // 512 KiB
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(dev.MemGetInfo())
	_, err = mem.Malloc[float64](dev, 65537)
	fmt.Println(err)
	if err := a.Free(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(dev.MemGetInfo())
	// Output:
	// 1048576 1048576
	// 524288 1048576
	// gocuda: out of memory: mem.Malloc: 524296 bytes requested, 524288 of 1048576 free
	// 1048576 1048576
}

// Asynchronous copies and a launch queued on one stream run in order;
// Synchronize waits for them.
func ExampleBuffer_CopyFromHostAsync() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	s, err := dev.NewStream()
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	b, err := mem.Malloc[int](dev, 4)
	if err != nil {
		log.Fatal(err)
	}
	defer b.Free()
	in, out := []int{1, 2, 3, 4}, make([]int, 4)
	bs := b.Slice()
	if err := b.CopyFromHostAsync(in, s); err != nil {
		log.Fatal(err)
	}
	if err := s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) {
		bs[t.ThreadIdx.X] *= bs[t.ThreadIdx.X]
	}); err != nil {
		log.Fatal(err)
	}
	if err := b.CopyToHostAsync(out, s); err != nil {
		log.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(out)
	// Output: [1 4 9 16]
}
