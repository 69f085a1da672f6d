package cudrv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"go.uber.org/goleak"
)

// TestMain closes the context the device tests share, then checks that no
// goroutine outlives the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.c != nil {
		if err := shared.c.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the shared context:", err)
			code = 1
		}
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// bound reports whether this platform has a driver binding at all.
func bound() bool {
	return runtime.GOOS == "linux" && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64")
}

func TestOpenWithoutDevice(t *testing.T) {
	c, err := Open(0)
	if err == nil {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
		t.Skip("a CUDA device is present; the device tests cover Open")
	}
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("Open(0) = %v, want an error wrapping ErrNoDevice", err)
	}
	t.Logf("Open(0): %v", err)
}

func TestLibraryOverrideMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "libcuda-missing.so.1")
	t.Setenv(envLibrary, path)
	c, err := Open(0)
	if err == nil {
		c.Close()
		t.Fatalf("Open(0) with %s=%s succeeded", envLibrary, path)
	}
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("Open(0) = %v, want an error wrapping ErrNoDevice", err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("Open(0) = %q, want the library path %s in it", err, path)
	}
}

func TestLibraryMissingSymbol(t *testing.T) {
	if !bound() {
		t.Skipf("no driver binding on %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	// libc loads everywhere but exports no CUDA entry point.
	t.Setenv(envLibrary, "libc.so.6")
	_, err := Open(0)
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("Open(0) = %v, want an error wrapping ErrNoDevice", err)
	}
	if !strings.Contains(err.Error(), "lacks symbol cuInit") {
		t.Errorf("Open(0) = %q, want it to name the missing cuInit", err)
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{Code: 700, Name: "CUDA_ERROR_ILLEGAL_ADDRESS",
		Desc: "an illegal memory access was encountered", Call: "cuCtxSynchronize"}
	want := "cudrv: cuCtxSynchronize: CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access was encountered"
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e = &Error{Code: 218, Name: "CUDA_ERROR_INVALID_PTX", Call: "cuModuleLoadDataEx",
		Log: "ptxas application ptx input, line 7; fatal   : Parsing error"}
	want = "cudrv: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218)\nptxas application ptx input, line 7; fatal   : Parsing error"
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var target *Error
	if wrapped := fmt.Errorf("loading: %w", e); !errors.As(wrapped, &target) || target != e {
		t.Errorf("errors.As through a wrap lost the *Error")
	}
	if errors.Is(e, ErrNoDevice) {
		t.Errorf("CUDA_ERROR_INVALID_PTX matches ErrNoDevice")
	}
	if !errors.Is(&Error{Code: codeNoDevice}, ErrNoDevice) {
		t.Errorf("CUDA_ERROR_NO_DEVICE does not match ErrNoDevice")
	}
}

func TestCheck(t *testing.T) {
	var d *driver // no library: names fall back to the number
	if err := d.check("cuInit", 0); err != nil {
		t.Errorf("check of CUDA_SUCCESS = %v", err)
	}
	err := d.check("cuMemAlloc_v2", 2)
	var e *Error
	if !errors.As(err, &e) || e.Code != 2 || e.Call != "cuMemAlloc_v2" || e.Name != "CUresult(2)" {
		t.Errorf("check(2) = %#v", err)
	}
}

func TestStrings(t *testing.T) {
	if got := cString([]byte("ab\x00cd")); got != "ab" {
		t.Errorf("cString = %q", got)
	}
	if got := cString([]byte("abc")); got != "abc" {
		t.Errorf("cString without NUL = %q", got)
	}
	b := []byte("hello\x00world")
	if got := goString(&b[0]); got != "hello" {
		t.Errorf("goString = %q", got)
	}
	if got := goString(nil); got != "" {
		t.Errorf("goString(nil) = %q", got)
	}
}

func le(n int, v uint64) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, v)
	return b[:n]
}

func TestParams(t *testing.T) {
	x := 5
	tests := []struct {
		arg  any
		want []byte
	}{
		{true, []byte{1}},
		{false, []byte{0}},
		{int8(-2), []byte{0xfe}},
		{uint8(200), []byte{200}},
		{int16(-3), le(2, 0xfffd)},
		{uint16(65000), le(2, 65000)},
		{int32(-4), le(4, 0xfffffffc)},
		{uint32(4000000000), le(4, 4000000000)},
		{int64(-5), le(8, math.MaxUint64-4)},
		{uint64(1 << 40), le(8, 1<<40)},
		{x, le(8, 5)},
		{-x, le(8, math.MaxUint64-4)},
		{uint(7), le(8, 7)},
		{float32(1.5), le(4, uint64(math.Float32bits(1.5)))},
		{float64(-2.25), le(8, math.Float64bits(-2.25))},
		{Ptr(0x7f0000001000), le(8, 0x7f0000001000)},
	}
	args := make([]any, len(tests))
	for i, tt := range tests {
		args[i] = tt.arg
	}
	ps, err := params(args...)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(tests) {
		t.Fatalf("params gave %d pointers for %d arguments", len(ps), len(tests))
	}
	for i, tt := range tests {
		got := unsafe.Slice((*byte)(ps[i]), len(tt.want))
		if string(got) != string(tt.want) {
			t.Errorf("params(%T(%v)) = % x, want % x", tt.arg, tt.arg, got, tt.want)
		}
	}
	if ps, err := params(); err != nil || len(ps) != 0 {
		t.Errorf("params() = %v, %v", ps, err)
	}
}

func TestParamsCopies(t *testing.T) {
	v := int32(1)
	ps, err := params(v, v)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0] == ps[1] {
		t.Errorf("two arguments share one copy")
	}
	*(*int32)(ps[0]) = 9
	if v != 1 || *(*int32)(ps[1]) != 1 {
		t.Errorf("writing one copy changed another value")
	}
}

func TestParamsUnsupported(t *testing.T) {
	n := int32(3)
	for _, bad := range []any{"text", []float32{1}, &n, nil, uintptr(8), complex64(1), struct{}{}} {
		_, err := params(int32(1), bad)
		if err == nil {
			t.Errorf("params(int32, %T) succeeded", bad)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "argument 1") || !strings.Contains(msg, fmt.Sprintf("%T", bad)) ||
			!strings.Contains(msg, "Ptr") {
			t.Errorf("params(int32, %T) error %q should name the index, the type and the accepted types", bad, msg)
		}
	}
}

func TestClosedContext(t *testing.T) {
	c := &Context{closed: true} // as Close leaves it, without a driver
	if _, err := c.Alloc(16); !errors.Is(err, ErrClosed) {
		t.Errorf("Alloc after Close = %v, want ErrClosed", err)
	}
	if err := c.Synchronize(); !errors.Is(err, ErrClosed) {
		t.Errorf("Synchronize after Close = %v, want ErrClosed", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	if err := (&Module{c: c, h: 1}).Unload(); err != nil {
		t.Errorf("Unload after Close = %v, want nil", err)
	}
	if _, err := (&Module{c: c}).Function("k"); err == nil || !strings.Contains(err.Error(), "unloaded") {
		t.Errorf("Function of an unloaded module = %v", err)
	}
	if err := (&Event{c: c, h: 1}).Destroy(); err != nil {
		t.Errorf("Destroy after Close = %v, want nil", err)
	}
	if err := (&Event{c: c}).Record(); err == nil {
		t.Errorf("Record of a destroyed event succeeded")
	}
}

func TestNegativeSizes(t *testing.T) {
	c := &Context{} // the size check comes before any driver call
	var b [4]byte
	checks := map[string]error{}
	_, checks["Alloc"] = c.Alloc(-1)
	checks["CopyToDevice"] = c.CopyToDevice(0, unsafe.Pointer(&b[0]), -1)
	checks["CopyFromDevice"] = c.CopyFromDevice(unsafe.Pointer(&b[0]), 0, -1)
	checks["Memset8"] = c.Memset8(0, 0, -1)
	checks["Memset32"] = c.Memset32(0, 0, -1)
	for name, err := range checks {
		if err == nil || !strings.Contains(err.Error(), "-1") {
			t.Errorf("%s with a negative size = %v", name, err)
		}
	}
}
