package nvidia

import (
	"testing"
	"unsafe"
)

// TestHostRuns checks that arguments sharing memory get one device copy:
// a slice passed twice, a sub-slice, a pointer into a slice; and that
// disjoint ones, touching or not, get their own.
func TestHostRuns(t *testing.T) {
	a := make([]float32, 100)
	b := make([]float32, 10)
	p := &a[50]
	runs, _ := hostRuns([]any{a, float32(1), a[10:20], p, b, 3, a[:0], []int32(nil)})
	if len(runs) != 2 {
		t.Fatalf("%d runs, want 2", len(runs))
	}
	for _, r := range runs {
		switch {
		case &r[0] == (*byte)(unsafe.Pointer(&a[0])) && len(r) == 400:
		case &r[0] == (*byte)(unsafe.Pointer(&b[0])) && len(r) == 40:
		default:
			t.Errorf("run of %d bytes at %p: neither a's nor b's", len(r), &r[0])
		}
	}
	halves, _ := hostRuns([]any{a[:50], a[50:]})
	if len(halves) != 2 || len(halves[0]) != 200 || len(halves[1]) != 200 {
		t.Errorf("touching halves: %d runs, want two of 200 bytes", len(halves))
	}
	tail, _ := hostRuns([]any{a[40:60], a[:50]})
	if len(tail) != 1 || len(tail[0]) != 240 {
		t.Errorf("overlapping parts: %d runs, want one of 240 bytes", len(tail))
	}
}

// dev is a host struct holding slices, as a port of a CUDA struct of
// device pointers (HeCBench's Hungarian) passes one.
type dev struct {
	a, b  []int32
	n     int32
	inner []inner
}

type inner struct {
	xs [2][]float32
}

// TestNestedSlices: the slices inside a pointer's or slice's memory are
// copied too, to any depth; each header inside a run is copied with its
// data's device address, once per place however often it is reached;
// memory a header and an argument share is one run; and copying back
// keeps the host's headers while taking the rest.
func TestNestedSlices(t *testing.T) {
	shared := make([]int32, 8)
	xs := []float32{1, 2, 3}
	d := &dev{a: shared[:4], b: make([]int32, 3), n: 5, inner: []inner{{xs: [2][]float32{xs, nil}}}}
	runs, hdrs := hostRuns([]any{d, shared, d})
	// d, shared (with a), b, inner and xs.
	if len(runs) != 5 {
		t.Fatalf("%d runs, want 5", len(runs))
	}
	if len(hdrs) != 5 { // a, b, inner, xs[0], xs[1]
		t.Fatalf("%d headers, want 5", len(hdrs))
	}
	b := &buffers{}
	fake := map[uintptr]uint64{}
	for i, r := range runs {
		fake[uintptr(unsafe.Pointer(&r[0]))] = uint64(0x1000 * (i + 1))
		b.copies = append(b.copies, hostCopy{host: r, hdrs: within(hdrs, r)})
	}
	devOf := func(data []byte) uint64 {
		if len(data) == 0 {
			return 0
		}
		lo := uintptr(unsafe.Pointer(&data[0]))
		for base, addr := range fake {
			for _, r := range runs {
				if uintptr(unsafe.Pointer(&r[0])) == base && lo >= base && lo < base+uintptr(len(r)) {
					return addr + uint64(lo-base)
				}
			}
		}
		t.Fatalf("no run holds %p", &data[0])
		return 0
	}
	for _, c := range b.copies {
		img := deviceImage(c, devOf)
		lo := uintptr(unsafe.Pointer(&c.host[0]))
		for _, h := range c.hdrs {
			got := *(*uint64)(unsafe.Pointer(&img[h.at-lo]))
			if want := devOf(h.data); got != want {
				t.Errorf("header at %#x holds %#x, want %#x", h.at, got, want)
			}
		}
		if lo == uintptr(unsafe.Pointer(d)) {
			// What a kernel would leave: the device's headers, n changed.
			img[unsafe.Offsetof(d.n)] = 9
			keepHeaders(img, c)
			copy(c.host, img)
		}
	}
	if d.n != 9 || &d.a[0] != &shared[0] || len(d.b) != 3 || &d.inner[0].xs[0][0] != &xs[0] {
		t.Errorf("copied back: n = %d, headers %p %d %p, want 9 and the host's", d.n, &d.a[0], len(d.b), &d.inner[0].xs[0][0])
	}
}
