package cudrv

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// vecaddPTX holds vecadd(a, b, c, n), c[i] = a[i] + b[i] over float32, and
// store(out, ...), which writes each of its parameters to an 8-byte slot of
// out and sets the module-scope flag, to check argument marshalling end to
// end.
const vecaddPTX = `
.version 7.8
.target sm_52
.address_size 64

.visible .global .align 4 .u32 flag;

.visible .entry vecadd(
	.param .u64 pa,
	.param .u64 pb,
	.param .u64 pc,
	.param .u32 pn
)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<11>;

	ld.param.u64 %rd1, [pa];
	ld.param.u64 %rd2, [pb];
	ld.param.u64 %rd3, [pc];
	ld.param.u32 %r2, [pn];
	mov.u32 %r3, %ctaid.x;
	mov.u32 %r4, %ntid.x;
	mov.u32 %r5, %tid.x;
	mad.lo.s32 %r1, %r3, %r4, %r5;
	setp.ge.u32 %p1, %r1, %r2;
	@%p1 bra DONE;
	cvta.to.global.u64 %rd4, %rd1;
	cvta.to.global.u64 %rd5, %rd2;
	cvta.to.global.u64 %rd6, %rd3;
	mul.wide.u32 %rd7, %r1, 4;
	add.s64 %rd8, %rd4, %rd7;
	add.s64 %rd9, %rd5, %rd7;
	add.s64 %rd10, %rd6, %rd7;
	ld.global.f32 %f1, [%rd8];
	ld.global.f32 %f2, [%rd9];
	add.f32 %f3, %f1, %f2;
	st.global.f32 [%rd10], %f3;
DONE:
	ret;
}

.visible .entry store(
	.param .u64 out,
	.param .u8 b,
	.param .s8 i8,
	.param .s16 i16,
	.param .s32 i32,
	.param .s64 i64,
	.param .f32 f32,
	.param .f64 f64,
	.param .u32 u32,
	.param .u64 u64
)
{
	.reg .b16 %h<4>;
	.reg .b32 %r<8>;
	.reg .f32 %f<2>;
	.reg .f64 %fd<2>;
	.reg .b64 %rd<4>;

	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	ld.param.u8 %h1, [b];
	cvt.u32.u16 %r1, %h1;
	st.global.u32 [%rd1], %r1;
	ld.param.s8 %h2, [i8];
	cvt.s32.s16 %r2, %h2;
	st.global.s32 [%rd1+8], %r2;
	ld.param.s16 %h3, [i16];
	cvt.s32.s16 %r3, %h3;
	st.global.s32 [%rd1+16], %r3;
	ld.param.s32 %r4, [i32];
	st.global.s32 [%rd1+24], %r4;
	ld.param.s64 %rd2, [i64];
	st.global.s64 [%rd1+32], %rd2;
	ld.param.f32 %f1, [f32];
	st.global.f32 [%rd1+40], %f1;
	ld.param.f64 %fd1, [f64];
	st.global.f64 [%rd1+48], %fd1;
	ld.param.u32 %r5, [u32];
	st.global.u32 [%rd1+56], %r5;
	ld.param.u64 %rd3, [u64];
	st.global.u64 [%rd1+64], %rd3;
	mov.u32 %r6, 1;
	st.global.u32 [flag], %r6;
	ret;
}
`

// badPTX has a syntax error on its ninth line.
const badPTX = `
.version 7.8
.target sm_52
.address_size 64

.visible .entry broken()
{
	.reg .b32 %r<2>;
	mov.u32 %r1 %tid.x;
	ret;
}
`

// shared is the context the device tests share, opened on first use and
// closed by TestMain, so that the primary context is created once.
var shared struct {
	once sync.Once
	c    *Context
	err  error
}

// device returns the shared context, or skips t when there is no device.
func device(t *testing.T) *Context {
	t.Helper()
	shared.once.Do(func() { shared.c, shared.err = Open(0) })
	if errors.Is(shared.err, ErrNoDevice) {
		t.Skipf("no CUDA device: %v", shared.err)
	}
	if shared.err != nil {
		t.Fatalf("Open(0): %v", shared.err)
	}
	return shared.c
}

// load loads vecaddPTX into c, unloading it when t ends.
func load(t *testing.T, c *Context) *Module {
	t.Helper()
	m, err := c.LoadModule(vecaddPTX)
	if err != nil {
		t.Fatalf("LoadModule: %v", err)
	}
	t.Cleanup(func() {
		if err := m.Unload(); err != nil {
			t.Errorf("Unload: %v", err)
		}
	})
	return m
}

// alloc allocates bytes on c, freeing them when t ends.
func alloc(t *testing.T, c *Context, bytes int) Ptr {
	t.Helper()
	p, err := c.Alloc(bytes)
	if err != nil {
		t.Fatalf("Alloc(%d): %v", bytes, err)
	}
	t.Cleanup(func() {
		if err := c.Free(p); err != nil {
			t.Errorf("Free: %v", err)
		}
	})
	return p
}

func TestDeviceProperties(t *testing.T) {
	c := device(t)
	major, minor := c.ComputeCapability()
	v, err := c.DriverVersion()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("device %d: %s, sm_%d%d, %d MiB, driver CUDA %d.%d",
		c.Ordinal(), c.Name(), major, minor, c.TotalMem()>>20, v/1000, v%1000/10)
	if c.Name() == "" || major < 5 || c.TotalMem() <= 0 || v < 11080 {
		t.Errorf("implausible device: name %q, sm_%d%d, %d bytes, driver %d",
			c.Name(), major, minor, c.TotalMem(), v)
	}
	want := map[DeviceAttribute]func(int) bool{
		AttrWarpSize:                    func(n int) bool { return n == 32 },
		AttrMultiprocessorCount:         func(n int) bool { return n > 0 },
		AttrMaxThreadsPerBlock:          func(n int) bool { return n >= 512 },
		AttrMaxSharedMemoryPerBlock:     func(n int) bool { return n >= 16<<10 },
		AttrClockRate:                   func(n int) bool { return n > 0 },
		AttrL2CacheSize:                 func(n int) bool { return n > 0 },
		AttrComputeCapabilityMajor:      func(n int) bool { return n == major },
		AttrMaxThreadsPerMultiprocessor: func(n int) bool { return n >= 1024 },
	}
	for attr, ok := range want {
		n, err := c.Attribute(attr)
		if err != nil || !ok(n) {
			t.Errorf("Attribute(%d) = %d, %v", attr, n, err)
		}
	}
}

func TestMemory(t *testing.T) {
	c := device(t)
	const n = 1024
	p := alloc(t, c, 4*n)
	in := make([]uint32, n)
	for i := range in {
		in[i] = uint32(i*2654435761) ^ 0xdeadbeef
	}
	out := make([]uint32, n)
	if err := c.CopyToDevice(p, unsafe.Pointer(&in[0]), 4*n); err != nil {
		t.Fatal(err)
	}
	if err := c.CopyFromDevice(unsafe.Pointer(&out[0]), p, 4*n); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if out[i] != in[i] {
			t.Fatalf("round trip: word %d = %#x, want %#x", i, out[i], in[i])
		}
	}
	if err := c.Memset32(p, 0x01020304, n); err != nil {
		t.Fatal(err)
	}
	if err := c.Memset8(p+4, 0xab, 4); err != nil { // the second word only
		t.Fatal(err)
	}
	if err := c.CopyFromDevice(unsafe.Pointer(&out[0]), p, 4*n); err != nil {
		t.Fatal(err)
	}
	for i, w := range out {
		want := uint32(0x01020304)
		if i == 1 {
			want = 0xabababab
		}
		if w != want {
			t.Fatalf("after memsets: word %d = %#x, want %#x", i, w, want)
		}
	}
}

func TestDriverError(t *testing.T) {
	c := device(t)
	_, err := c.Alloc(1 << 60) // out of memory, which leaves the context usable
	var e *Error
	if !errors.As(err, &e) || e.Call != "cuMemAlloc_v2" || !strings.HasPrefix(e.Name, "CUDA_ERROR_") {
		t.Fatalf("Alloc(1<<60) = %v, want an *Error from cuMemAlloc_v2", err)
	}
	t.Logf("Alloc(1<<60): %v", err)
	m := load(t, c)
	_, err = m.Function("missing")
	if !errors.As(err, &e) || e.Name != "CUDA_ERROR_NOT_FOUND" {
		t.Errorf("Function(missing) = %v, want CUDA_ERROR_NOT_FOUND", err)
	}
}

func TestVecAdd(t *testing.T) {
	c := device(t)
	m := load(t, c)
	f, err := m.Function("vecadd")
	if err != nil {
		t.Fatal(err)
	}
	regs, err := f.Attribute(FuncNumRegs)
	if err != nil || regs <= 0 {
		t.Errorf("NumRegs = %d, %v", regs, err)
	}
	maxThreads, err := f.Attribute(FuncMaxThreadsPerBlock)
	if err != nil || maxThreads < 256 {
		t.Errorf("MaxThreadsPerBlock = %d, %v", maxThreads, err)
	}
	const n = 1000
	a, b, out := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i)+0.5
	}
	da, db, dc := alloc(t, c, 4*n), alloc(t, c, 4*n), alloc(t, c, 4*n)
	if err := c.CopyToDevice(da, unsafe.Pointer(&a[0]), 4*n); err != nil {
		t.Fatal(err)
	}
	if err := c.CopyToDevice(db, unsafe.Pointer(&b[0]), 4*n); err != nil {
		t.Fatal(err)
	}
	grid := [3]uint32{(n + 255) / 256, 1, 1}
	if err := c.Launch(f, grid, [3]uint32{256, 1, 1}, 0, da, db, dc, uint32(n)); err != nil {
		t.Fatal(err)
	}
	if err := c.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if err := c.CopyFromDevice(unsafe.Pointer(&out[0]), dc, 4*n); err != nil {
		t.Fatal(err)
	}
	for i := range out {
		if out[i] != a[i]+b[i] {
			t.Fatalf("c[%d] = %v, want %v", i, out[i], a[i]+b[i])
		}
	}
	if err := c.Launch(f, grid, [3]uint32{256, 1, 1}, 0, da, db, dc, "n"); err == nil {
		t.Errorf("Launch with a string argument succeeded")
	}
}
