package nvidia

import (
	"cmp"
	"reflect"
	"slices"
	"unsafe"

	"github.com/gocuda/gocuda/internal/cudrv"
)

// buffers are a launch's device copies of its slices and pointers, and of
// the slices inside the memory those hold (a host struct's slice fields,
// a slice of slices), to any depth. Host memory that arguments share (a
// slice passed twice, a pointer into a slice passed too) has one device
// copy, as one device buffer would be passed twice in CUDA: each run of
// overlapping memory is copied once, and each argument is its place in
// the copy. A slice header inside a run is copied with its data pointer
// replaced by its data's device address, and the host's header is kept
// when the run is copied back.
type buffers struct {
	ctx    *cudrv.Context
	copies []hostCopy
}

// A hostCopy is host memory and its device copy.
type hostCopy struct {
	host []byte
	dev  cudrv.Ptr
	hdrs []header // the slice headers inside host
}

// A header is a slice header inside memory a launch copies: where it
// lies on the host, and the memory of its slice.
type header struct {
	at   uintptr
	data []byte
}

// hostBytes returns the memory of a slice or pointer argument, or false.
func hostBytes(v reflect.Value) ([]byte, bool) {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return nil, true
		}
		return unsafe.Slice((*byte)(v.UnsafePointer()), v.Len()*int(v.Type().Elem().Size())), true
	case reflect.Pointer:
		if v.IsNil() {
			return nil, true
		}
		return unsafe.Slice((*byte)(v.UnsafePointer()), int(v.Type().Elem().Size())), true
	}
	return nil, false
}

// copyIn copies the memory of every slice and pointer of args, and of
// the slices inside it, to the device, each run of overlapping memory
// once, its slice headers pointing to device memory.
func (b *buffers) copyIn(args []any) error {
	runs, hdrs := hostRuns(args)
	for _, host := range runs {
		p, err := b.ctx.Alloc(len(host))
		if err != nil {
			return err
		}
		b.copies = append(b.copies, hostCopy{host: host, dev: p, hdrs: within(hdrs, host)})
	}
	for _, c := range b.copies {
		img := deviceImage(c, func(data []byte) uint64 { return uint64(b.device(data)) })
		if err := b.ctx.CopyToDevice(c.dev, unsafe.Pointer(&img[0]), len(img)); err != nil {
			return err
		}
	}
	return nil
}

// within returns the headers of hdrs that lie in host.
func within(hdrs []header, host []byte) []header {
	lo := uintptr(unsafe.Pointer(&host[0]))
	var out []header
	for _, h := range hdrs {
		if h.at >= lo && h.at < lo+uintptr(len(host)) {
			out = append(out, h)
		}
	}
	return out
}

// deviceImage returns what c's device copy holds: its host memory, each
// slice header's data pointer replaced by dev's address for its data.
func deviceImage(c hostCopy, dev func([]byte) uint64) []byte {
	if len(c.hdrs) == 0 {
		return c.host
	}
	img := slices.Clone(c.host)
	lo := uintptr(unsafe.Pointer(&c.host[0]))
	for _, h := range c.hdrs {
		*(*uint64)(unsafe.Pointer(&img[h.at-lo])) = dev(h.data)
	}
	return img
}

// hostRuns returns the runs of host memory that the slices and pointers
// of args hold, and the slices inside that memory, overlapping ones
// merged, in address order; and the slice headers inside them.
func hostRuns(args []any) ([][]byte, []header) {
	type span struct {
		lo, hi uintptr
		first  *byte // the memory at lo
	}
	w := &walk{seen: map[walked]bool{}}
	for _, a := range args {
		w.reach(reflect.ValueOf(a))
	}
	var spans []span
	for _, host := range w.mem {
		lo := uintptr(unsafe.Pointer(&host[0]))
		spans = append(spans, span{lo, lo + uintptr(len(host)), &host[0]})
	}
	slices.SortFunc(spans, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
	var runs []span
	for _, s := range spans {
		if n := len(runs); n > 0 && s.lo < runs[n-1].hi {
			runs[n-1].hi = max(runs[n-1].hi, s.hi)
			continue
		}
		runs = append(runs, s)
	}
	out := make([][]byte, len(runs))
	for i, r := range runs {
		// Overlapping arguments lie in one allocation: the run does too.
		out[i] = unsafe.Slice(r.first, r.hi-r.lo)
	}
	return out, w.hdrs
}

// A walk finds the memory a launch copies: its arguments' and, inside
// that, the memory of every slice, once per place and type.
type walk struct {
	mem  [][]byte
	hdrs []header
	seen map[walked]bool
}

type walked struct {
	at uintptr
	t  reflect.Type
}

// reach records the memory of v, a slice or pointer, and walks it.
func (w *walk) reach(v reflect.Value) {
	host, ok := hostBytes(v)
	if !ok || len(host) == 0 {
		return
	}
	k := walked{uintptr(unsafe.Pointer(&host[0])), v.Type()}
	if w.seen[k] {
		return
	}
	w.seen[k] = true
	w.mem = append(w.mem, host)
	elem := v.Type().Elem()
	offs := sliceOffsets(elem, 0, nil)
	if len(offs) == 0 {
		return
	}
	for base := uintptr(0); base+elem.Size() <= uintptr(len(host)); base += elem.Size() {
		for _, o := range offs {
			p := unsafe.Pointer(&host[base+o.off])
			inner := reflect.NewAt(o.t, p).Elem()
			data, _ := hostBytes(inner)
			w.hdrs = append(w.hdrs, header{at: uintptr(p), data: data})
			w.reach(inner)
		}
	}
}

// A sliceOffset is where a slice lies in a value of another type.
type sliceOffset struct {
	off uintptr
	t   reflect.Type
}

// sliceOffsets appends the slices a value of type t holds, at offset off
// (fields of structs and elements of arrays, recursively), to out.
func sliceOffsets(t reflect.Type, off uintptr, out []sliceOffset) []sliceOffset {
	switch t.Kind() {
	case reflect.Slice:
		return append(out, sliceOffset{off, t})
	case reflect.Struct:
		for i := range t.NumField() {
			out = sliceOffsets(t.Field(i).Type, off+t.Field(i).Offset, out)
		}
	case reflect.Array:
		for i := range t.Len() {
			out = sliceOffsets(t.Elem(), off+uintptr(i)*t.Elem().Size(), out)
		}
	}
	return out
}

// device returns the device address of host memory an argument holds.
func (b *buffers) device(host []byte) cudrv.Ptr {
	if len(host) == 0 {
		return 0
	}
	lo := uintptr(unsafe.Pointer(&host[0]))
	for _, c := range b.copies {
		base := uintptr(unsafe.Pointer(&c.host[0]))
		if lo >= base && lo < base+uintptr(len(c.host)) {
			return c.dev + cudrv.Ptr(lo-base)
		}
	}
	return 0
}

// copyBack copies every device copy back to its host memory, keeping the
// host's slice headers (a kernel writes no slice to memory).
func (b *buffers) copyBack() error {
	for _, c := range b.copies {
		dst := c.host
		if len(c.hdrs) > 0 {
			dst = make([]byte, len(c.host))
		}
		if err := b.ctx.CopyFromDevice(unsafe.Pointer(&dst[0]), c.dev, len(dst)); err != nil {
			return err
		}
		if len(c.hdrs) > 0 {
			keepHeaders(dst, c)
			copy(c.host, dst)
		}
	}
	return nil
}

// keepHeaders puts c's host slice headers back into dst, what its device
// copy held.
func keepHeaders(dst []byte, c hostCopy) {
	lo := uintptr(unsafe.Pointer(&c.host[0]))
	for _, h := range c.hdrs {
		i := h.at - lo
		copy(dst[i:i+24], c.host[i:i+24])
	}
}

func (b *buffers) free() {
	for _, c := range b.copies {
		b.ctx.Free(c.dev)
	}
}
