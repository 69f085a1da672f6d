package nvidia

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/internal/cudrv"
	"github.com/gocuda/gocuda/internal/gpulink"
)

func init() { gpulink.Open = open }

// A device is an open GPU with the modules its launches loaded.
type device struct {
	ctx *cudrv.Context

	mu      sync.Mutex // guards funcs, and orders launches
	funcs   map[*gpulink.Module]*loaded
	maxSmem int // dynamic shared bytes a block may take by default
}

// A loaded module: its function and its fault record.
type loaded struct {
	m     *cudrv.Module
	f     *cudrv.Function
	fault cudrv.Ptr
	smem  int // the entry's static shared bytes
}

func open(ordinal int) (gpulink.Device, error) {
	c, err := cudrv.Open(ordinal)
	if err != nil {
		return nil, err
	}
	smem, err := c.Attribute(cudrv.AttrMaxSharedMemoryPerBlock)
	if err != nil {
		c.Close()
		return nil, err
	}
	return &device{ctx: c, funcs: map[*gpulink.Module]*loaded{}, maxSmem: smem}, nil
}

func (d *device) Name() string { return d.ctx.Name() }

// Props reads the GPU's properties from the driver; one it cannot read
// stays 0.
func (d *device) Props() gpulink.Props {
	attr := func(a cudrv.DeviceAttribute) int {
		v, _ := d.ctx.Attribute(a)
		return v
	}
	major, minor := d.ctx.ComputeCapability()
	return gpulink.Props{
		Major: major, Minor: minor,
		MultiProcessors:             attr(cudrv.AttrMultiprocessorCount),
		TotalMem:                    int64(d.ctx.TotalMem()),
		ClockRateKHz:                attr(cudrv.AttrClockRate),
		L2CacheSize:                 attr(cudrv.AttrL2CacheSize),
		SharedMemPerBlock:           attr(cudrv.AttrMaxSharedMemoryPerBlock),
		SharedMemPerBlockOptin:      attr(cudrv.AttrMaxSharedMemoryPerBlockOptin),
		SharedMemPerMultiprocessor:  attr(cudrv.AttrMaxSharedMemoryPerMultiprocessor),
		MaxThreadsPerMultiProcessor: attr(cudrv.AttrMaxThreadsPerMultiprocessor),
		RegsPerBlock:                attr(cudrv.AttrMaxRegistersPerBlock),
	}
}

func (d *device) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, l := range d.funcs {
		l.m.Unload()
	}
	clear(d.funcs)
	return d.ctx.Close()
}

// load returns m loaded, JIT-compiling it the first time.
func (d *device) load(m *gpulink.Module) (*loaded, error) {
	if l, ok := d.funcs[m]; ok {
		return l, nil
	}
	text, err := m.PTX() // a pack's first module decompresses it, here only
	if err != nil {
		return nil, err
	}
	mod, err := d.ctx.LoadModule(text)
	if err != nil {
		return nil, err
	}
	f, err := mod.Function(m.Entry)
	if err != nil {
		mod.Unload()
		return nil, err
	}
	fault, _, err := mod.Global(gpulink.FaultSymbol)
	if err != nil {
		mod.Unload()
		return nil, err
	}
	smem, err := f.Attribute(cudrv.FuncSharedSizeBytes)
	if err != nil {
		mod.Unload()
		return nil, err
	}
	l := &loaded{m: mod, f: f, fault: fault, smem: smem}
	d.funcs[m] = l
	return l, nil
}

// Run launches l with its slices and pointers copied in and out.
func (d *device) Run(l gpulink.Launch) (*gpulink.Fault, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ld, err := d.load(l.Module)
	if err != nil {
		return nil, err
	}
	bufs := &buffers{ctx: d.ctx}
	defer bufs.free()
	if err := bufs.copyIn(l.Args); err != nil {
		return nil, err
	}
	var args []any
	for _, a := range l.Args {
		la, err := bufs.arg(a)
		if err != nil {
			return nil, err
		}
		args = append(args, la...)
	}
	shared := int(l.SharedMem)
	if l.Module.DynamicSize {
		args = append(args, l.SharedMem)
	}
	if l.Module.DynamicShared {
		// Room for the declarations of run-time length: what is left.
		shared = max(shared, d.maxSmem-ld.smem)
	}
	if err := d.ctx.Launch(ld.f, l.Grid, l.Block, uint32(shared), args...); err != nil {
		return nil, err
	}
	if err := d.ctx.Synchronize(); err != nil {
		return nil, err
	}
	f, err := d.fault(ld, l.Module)
	if err != nil || f != nil {
		return f, err
	}
	return nil, bufs.copyBack()
}

// fault reads and clears the module's fault record.
func (d *device) fault(ld *loaded, m *gpulink.Module) (*gpulink.Fault, error) {
	var rec [64]byte
	if err := d.ctx.CopyFromDevice(unsafe.Pointer(&rec[0]), ld.fault, len(rec)); err != nil {
		return nil, err
	}
	u := func(i int) int { return int(*(*uint32)(unsafe.Pointer(&rec[i]))) }
	if u(0) == 0 {
		return nil, nil
	}
	if err := d.ctx.Memset8(ld.fault, 0, len(rec)); err != nil {
		return nil, err
	}
	f := &gpulink.Fault{Code: uint32(u(4)), Line: u(8) & (1<<24 - 1),
		Block: [3]int{u(12), u(16), u(20)}, Thread: [3]int{u(24), u(28), u(32)},
		A: *(*int64)(unsafe.Pointer(&rec[40])), B: *(*int64)(unsafe.Pointer(&rec[48]))}
	if file := u(8) >> 24; file < len(m.Files) {
		f.File = m.Files[file]
	}
	return f, nil
}

// arg returns the launch arguments of Go argument a: a slice's device
// address and length, a pointer's device address, a number as the entry
// takes it.
func (b *buffers) arg(a any) ([]any, error) {
	v := reflect.ValueOf(a)
	if host, ok := hostBytes(v); ok {
		p := b.device(host)
		if v.Kind() == reflect.Slice {
			return []any{p, uint64(v.Len())}, nil
		}
		return []any{p}, nil
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		return []any{v.Int()}, nil
	case reflect.Uint, reflect.Uintptr, reflect.Uint64:
		return []any{v.Uint()}, nil
	case reflect.Bool:
		if v.Bool() {
			return []any{uint32(1)}, nil
		}
		return []any{uint32(0)}, nil
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return []any{int32(v.Int())}, nil
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return []any{uint32(v.Uint())}, nil
	case reflect.Float32:
		return []any{float32(v.Float())}, nil
	case reflect.Float64:
		return []any{v.Float()}, nil
	}
	return nil, fmt.Errorf("argument of type %s has no GPU form", v.Type())
}
