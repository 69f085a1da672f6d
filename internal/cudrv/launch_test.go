package cudrv

import (
	"errors"
	"math"
	"sync"
	"testing"
	"unsafe"
)

func TestParamsOnDevice(t *testing.T) {
	c := device(t)
	m := load(t, c)
	f, err := m.Function("store")
	if err != nil {
		t.Fatal(err)
	}
	flag, size, err := m.Global("flag")
	if err != nil || size != 4 {
		t.Fatalf("Global(flag) = %#x, %d, %v", flag, size, err)
	}
	out := alloc(t, c, 72)
	if err := c.Memset8(out, 0, 72); err != nil {
		t.Fatal(err)
	}
	one := [3]uint32{1, 1, 1}
	err = c.Launch(f, one, one, 0, out, true, int8(-7), int16(-300), int32(-70000),
		int64(-1<<40), float32(1.25), float64(-3.5), uint32(3<<30), uint64(1<<63|5))
	if err != nil {
		t.Fatal(err)
	}
	var got [9]uint64
	if err := c.CopyFromDevice(unsafe.Pointer(&got[0]), out, 72); err != nil {
		t.Fatal(err)
	}
	// 32-bit stores fill the low half of a zeroed slot.
	s32 := func(x int32) uint64 { return uint64(uint32(x)) }
	i64 := int64(-1 << 40)
	want := [9]uint64{
		1, s32(-7), s32(-300), s32(-70000), uint64(i64),
		uint64(math.Float32bits(1.25)), math.Float64bits(-3.5), 3 << 30, 1<<63 | 5,
	}
	if got != want {
		t.Errorf("store wrote %#x, want %#x", got, want)
	}
	var fv uint32
	if err := c.CopyFromDevice(unsafe.Pointer(&fv), flag, 4); err != nil || fv != 1 {
		t.Errorf("flag = %d, %v; want 1", fv, err)
	}
}

func TestBadPTX(t *testing.T) {
	c := device(t)
	m, err := c.LoadModule(badPTX)
	if err == nil {
		m.Unload()
		t.Fatal("LoadModule of bad PTX succeeded")
	}
	var e *Error
	if !errors.As(err, &e) || e.Log == "" || e.Call != "cuModuleLoadDataEx" {
		t.Fatalf("LoadModule(bad) = %#v, want an *Error with a log", err)
	}
	t.Logf("LoadModule(bad): %v", err)
}

func TestEvents(t *testing.T) {
	c := device(t)
	m := load(t, c)
	f, err := m.Function("vecadd")
	if err != nil {
		t.Fatal(err)
	}
	const n = 1 << 22
	da, db, dc := alloc(t, c, 4*n), alloc(t, c, 4*n), alloc(t, c, 4*n)
	start, err := c.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	defer start.Destroy()
	end, err := c.NewEvent()
	if err != nil {
		t.Fatal(err)
	}
	defer end.Destroy()
	if err := start.Record(); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if err := c.Launch(f, [3]uint32{n / 256, 1, 1}, [3]uint32{256, 1, 1}, 0, da, db, dc, uint32(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := end.Record(); err != nil {
		t.Fatal(err)
	}
	if err := end.Synchronize(); err != nil {
		t.Fatal(err)
	}
	d, err := c.Elapsed(start, end)
	if err != nil || d <= 0 {
		t.Fatalf("Elapsed = %v, %v; want a positive time", d, err)
	}
	t.Logf("10 launches of vecadd over %d elements: %v", n, d)
	if err := end.Destroy(); err != nil {
		t.Error(err)
	}
	if _, err := c.Elapsed(start, end); err == nil {
		t.Error("Elapsed with a destroyed event succeeded")
	}
}

// TestConcurrentUse drives one context from many goroutines, which the
// per-call LockOSThread and cuCtxSetCurrent must make safe.
func TestConcurrentUse(t *testing.T) {
	c := device(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				if err := roundTrip(c, uint32(g*100+i)); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// roundTrip fills fresh device memory with v and reads it back.
func roundTrip(c *Context, v uint32) error {
	p, err := c.Alloc(256)
	if err != nil {
		return err
	}
	defer c.Free(p)
	if err := c.Memset32(p, v, 64); err != nil {
		return err
	}
	var out [64]uint32
	if err := c.CopyFromDevice(unsafe.Pointer(&out[0]), p, 256); err != nil {
		return err
	}
	for _, w := range out {
		if w != v {
			return errors.New("round trip read back a wrong word")
		}
	}
	return nil
}

func TestOpenClose(t *testing.T) {
	device(t)
	c, err := Open(0) // a second retain of the primary context
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(-1); err == nil || errors.Is(err, ErrNoDevice) {
		t.Errorf("Open(-1) = %v, want an ordinal error", err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	if _, err := c.Alloc(16); !errors.Is(err, ErrClosed) {
		t.Errorf("Alloc after Close = %v, want ErrClosed", err)
	}
	if err := roundTrip(shared.c, 42); err != nil { // the other retain still works
		t.Error(err)
	}
}
