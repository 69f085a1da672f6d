package mem_test

import (
	"errors"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// FuzzCopyRange checks CopyRange's range checks and effect against a host
// model: a copy is accepted exactly when both ranges lie inside their
// buffers, and then does what Go's copy does.
func FuzzCopyRange(f *testing.F) {
	f.Add(uint8(10), uint8(10), 0, 0, 10, false)
	f.Add(uint8(10), uint8(5), 5, 0, 5, false)
	f.Add(uint8(10), uint8(10), 2, 0, 8, true)
	f.Add(uint8(0), uint8(0), 0, 0, 0, false)
	f.Add(uint8(3), uint8(3), -1, 0, 1, false)
	f.Add(uint8(3), uint8(3), 1<<62, 0, 1<<62, false)
	dev := newDevice(f)
	f.Fuzz(func(t *testing.T, dstLen, srcLen uint8, dstOff, srcOff, n int, same bool) {
		dst, dstRef := load(t, dev, random(1, int(dstLen)))
		src, srcRef := dst, dstRef
		if !same {
			src, srcRef = load(t, dev, random(2, int(srcLen)))
		}
		inside := func(off, length int) bool { return off >= 0 && n >= 0 && off <= length && n <= length-off }
		ok := inside(dstOff, len(dstRef)) && inside(srcOff, len(srcRef))
		err := mem.CopyRange(dst, dstOff, src, srcOff, n)
		switch {
		case ok && err != nil:
			t.Fatalf("valid copy failed: %v", err)
		case !ok && !errors.Is(err, gocuda.ErrInvalidValue):
			t.Fatalf("invalid copy returned %v", err)
		case ok:
			copy(dstRef[dstOff:dstOff+n], srcRef[srcOff:])
		}
		same2 := func(b *mem.Buffer[int32], ref []int32) {
			got := make([]int32, len(ref))
			if err := b.CopyToHost(got); err != nil {
				t.Fatal(err)
			}
			for i := range ref {
				if got[i] != ref[i] {
					t.Fatalf("element %d: got %d, want %d", i, got[i], ref[i])
				}
			}
		}
		same2(dst, dstRef)
		same2(src, srcRef)
	})
}

// FuzzCopy2D checks CopyFromHost2D against a host model of cudaMemcpy2D's
// rules: pitch below width is ErrInvalidPitchValue, any other region that
// does not fit is ErrInvalidValue, and a valid copy moves exactly the
// region.
func FuzzCopy2D(f *testing.F) {
	f.Add(uint8(5), uint8(3), 5, 5, 3, 15)
	f.Add(uint8(5), uint8(3), 4, 5, 3, 15)
	f.Add(uint8(5), uint8(3), 7, 2, 3, 16)
	f.Add(uint8(0), uint8(0), 0, 0, 0, 0)
	f.Add(uint8(1), uint8(2), 1<<62, 1, 2, 3)
	dev := newDevice(f)
	f.Fuzz(func(t *testing.T, pw, ph uint8, pitch, width, height, n int) {
		if n < 0 || n > 1<<16 {
			return
		}
		p, err := mem.MallocPitch[int32](dev, int(pw), int(ph))
		if err != nil {
			t.Fatal(err)
		}
		defer p.Free()
		host := random(3, n)
		err = p.CopyFromHost2D(host, pitch, width, height)
		var want error
		switch {
		case pitch < 0:
			want = gocuda.ErrInvalidValue
		case pitch < width:
			want = gocuda.ErrInvalidPitchValue
		case width < 0 || height < 0 || width > int(pw) || height > int(ph):
			want = gocuda.ErrInvalidValue
		case width > 0 && height > 0 && (height-1) > (n-width)/max(pitch, 1):
			want = gocuda.ErrInvalidValue
		case width > 0 && height > 0 && n < width:
			want = gocuda.ErrInvalidValue
		}
		if want == nil && err != nil || want != nil && !errors.Is(err, want) {
			t.Fatalf("got %v, want %v", err, want)
		}
		data := p.Slice()
		for y := range int(ph) {
			for x := range p.PitchElems() {
				var v int32
				if want == nil && x < width && y < height {
					v = host[y*pitch+x]
				}
				if data[y*p.PitchElems()+x] != v {
					t.Fatalf("(%d,%d): got %d, want %d", x, y, data[y*p.PitchElems()+x], v)
				}
			}
		}
	})
}

// load returns a buffer holding data and a copy of data as its reference.
func load(t *testing.T, dev *gocuda.Device, data []int32) (*mem.Buffer[int32], []int32) {
	t.Helper()
	b, err := mem.Malloc[int32](dev, len(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Free() })
	if err := b.CopyFromHost(data); err != nil {
		t.Fatal(err)
	}
	return b, append([]int32(nil), data...)
}
