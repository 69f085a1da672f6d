package gocuda

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/gpulink"
)

// A GPU device runs kernels compiled by gocuda compile -gpu on an NVIDIA
// GPU, from the PTX the compiler wrote beside their CPU forms. A launch
// copies the slices and pointers it is given to the GPU before the kernel
// runs and back after, so host memory stays the kernel's memory, as on the
// CPU: correct for any kernel, but each launch pays the copies. In a
// build instrumented by gocuda check or gocuda profile, launches run on
// the CPU, where the tools observe them.

// WithGPU makes NewDevice open NVIDIA GPU ordinal (0 for the first) and
// run launches there. It needs a GPU back end linked into the program:
//
//	import _ "github.com/gocuda/gocuda/nvidia"
//
// Without one, or without a GPU or driver, NewDevice returns an error
// wrapping ErrNoDevice. A launch of a kernel with no GPU form returns an
// error wrapping ErrNoKernelImage. The environment variable
// GOCUDA_DEVICE=gpu (or gpu:N) makes NewDevice without WithGPU, and
// Default, open a GPU the same way: a program's or a test suite's
// devices move to the GPU without a change to its code.
func WithGPU(ordinal int) Option {
	return func(o *options) error {
		if ordinal < 0 {
			return fmt.Errorf("%w: GPU %d", ErrInvalidValue, ordinal)
		}
		o.gpu = &ordinal
		return nil
	}
}

// openGPU opens the GPU o selects, if any.
func openGPU(o *options) (gpulink.Device, error) {
	if o.gpu == nil {
		return nil, nil
	}
	if gpulink.Open == nil {
		return nil, fmt.Errorf("%w: no GPU back end is linked (import _ \"github.com/gocuda/gocuda/nvidia\")", ErrNoDevice)
	}
	g, err := gpulink.Open(*o.gpu)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	return g, nil
}

// defaultGPU returns the options GOCUDA_DEVICE asks for.
func defaultGPU() []Option {
	v := os.Getenv("GOCUDA_DEVICE")
	if v != "gpu" && !strings.HasPrefix(v, "gpu:") {
		return nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(v, "gpu"), ":"))
	if err != nil {
		n = 0
	}
	return []Option{WithGPU(n)}
}

// A gpuProbe is what a GPU launch learns by calling the kernel with a
// probe thread: a compiled kernel's source and arguments.
type gpuProbe struct {
	src       *compiledlink.Source
	perThread func(*Thread)
	args      []any
	set       bool
}

// found records a compiled kernel's source and, where gocuda compile
// -gpu wrote its forms (and so the per-thread form's probe), has the
// per-thread form hand over its arguments: no kernel code runs.
func (p *gpuProbe) found(src *compiledlink.Source, perThread func(*Thread), t *Thread) {
	p.src, p.perThread, p.set = src, perThread, true
	if len(src.GPU()) > 0 {
		perThread(t)
	}
}

// runGPU runs launch l on the device's GPU.
func (d *Device) runGPU(ctx context.Context, l *launch) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m, args, err := gpuForm(l)
	if err != nil {
		return err
	}
	dim := func(v Dim3) [3]uint32 { return [3]uint32{uint32(v.X), uint32(v.Y), uint32(v.Z)} }
	fault, err := d.gpu.Run(gpulink.Launch{Module: m, Grid: dim(l.grid), Block: dim(l.block), SharedMem: uint32(l.dynShared), Args: args})
	if errors.Is(err, gpulink.ErrNoImage) {
		return fmt.Errorf("%w: %v", ErrNoKernelImage, err)
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrLaunchFailure, err)
	}
	if fault != nil {
		return faultError(fault)
	}
	return nil
}

// gpuForm returns the GPU form of l's kernel for its arguments' types.
func gpuForm(l *launch) (*gpulink.Module, []any, error) {
	if !compiledCode[l.code()] {
		// Calling it would run the kernel on the host.
		return nil, nil, fmt.Errorf("%w: the kernel is not compiled (run gocuda compile -gpu on its package)", ErrNoKernelImage)
	}
	p := &gpuProbe{}
	l.kernel(&Thread{probe: p, BlockDim: l.block, GridDim: l.grid})
	switch {
	case !p.set:
		return nil, nil, fmt.Errorf("%w: the kernel is not compiled (run gocuda compile -gpu on its package)", ErrNoKernelImage)
	case !p.src.Current():
		return nil, nil, fmt.Errorf("%w: %s", ErrInvalidKernelImage, p.src.Stale())
	case len(p.src.GPU()) == 0 && p.src.NoGPU() != "":
		return nil, nil, fmt.Errorf("%w: the kernel has no GPU form: %s", ErrNoKernelImage, p.src.NoGPU())
	case len(p.src.GPU()) == 0:
		return nil, nil, fmt.Errorf("%w: the kernel has no GPU form (compile its package with gocuda compile -gpu)", ErrNoKernelImage)
	}
	var types []string
	for _, a := range p.args {
		types = append(types, reflect.TypeOf(a).String())
	}
	for i, m := range p.src.GPU() {
		if strings.Join(m.Params, ",") == strings.Join(types, ",") {
			return &p.src.GPU()[i], flattenArgs(p.args), nil
		}
	}
	why := "gocuda compile -gpu writes float32, float64, int32 and uint32 instantiations"
	if r := p.src.NoGPU(); r != "" {
		why = r
	}
	return nil, nil, fmt.Errorf("%w: no GPU form for arguments (%s): %s", ErrNoKernelImage, strings.Join(types, ", "), why)
}

// The fault codes of package ptx's fault record, and the CUDA errors and
// Go runtime messages a CPU launch reports for the same failures.
var faultKinds = map[uint32]struct {
	err error
	msg func(a, b int64) string
}{
	gpulink.FaultIndex:  {ErrIllegalAddress, func(a, b int64) string { return fmt.Sprintf("index out of range [%d] with length %d", a, b) }},
	gpulink.FaultDivide: {ErrLaunchFailure, func(a, b int64) string { return "integer divide by zero" }},
	gpulink.FaultSlice:  {ErrIllegalAddress, func(a, b int64) string { return fmt.Sprintf("slice bounds out of range [:%d] with capacity %d", a, b) }},
	gpulink.FaultNil:    {ErrIllegalAddress, func(a, b int64) string { return "invalid memory address or nil pointer dereference" }},
	gpulink.FaultShared: {ErrInvalidValue, func(a, b int64) string {
		return fmt.Sprintf("shared memory of %d bytes past the launch's %d", a, b)
	}},
	gpulink.FaultShift: {ErrLaunchFailure, func(a, b int64) string { return "negative shift amount" }},
	gpulink.FaultPanic: {ErrLaunchFailure, func(a, b int64) string { return "panic" }},
	gpulink.FaultConvert: {ErrIllegalAddress, func(a, b int64) string {
		return fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", a, b)
	}},
	gpulink.FaultPartialTile: {ErrLaunchFailure, func(a, b int64) string { return "cg.Reduce over a tile the block leaves partial has no GPU form" }},
}

// A gpuFault is the panic value a GPU launch's failing thread reports.
type gpuFault struct{ msg string }

func (f gpuFault) Error() string { return "runtime error: " + f.msg }

// faultError returns the *KernelError of a check that failed on the GPU.
func faultError(f *gpulink.Fault) error {
	k, ok := faultKinds[f.Code]
	if !ok {
		return fmt.Errorf("%w: GPU fault %d", ErrLaunchFailure, f.Code)
	}
	d3 := func(v [3]int) Dim3 { return Dim3{X: v[0], Y: v[1], Z: v[2]} }
	return &KernelError{Block: d3(f.Block), Thread: d3(f.Thread), Value: gpuFault{k.msg(f.A, f.B)}, Err: k.err,
		Site: runtime.Frame{File: f.File, Line: f.Line}}
}

// errNoGPUNested is a kernel's launch on a GPU device.
var errNoGPUNested = errors.New("launches from inside a kernel have no GPU form")

// gpuProperties are the properties of the device's GPU, from the driver;
// the limits a launch is checked against stay CUDA's.
func (d *Device) gpuProperties() DeviceProp {
	p := d.gpu.Props()
	return DeviceProp{
		Name:                        d.gpu.Name(),
		TotalGlobalMem:              p.TotalMem,
		SharedMemPerBlock:           p.SharedMemPerBlock,
		SharedMemPerBlockOptin:      p.SharedMemPerBlockOptin,
		SharedMemPerMultiprocessor:  p.SharedMemPerMultiprocessor,
		WarpSize:                    WarpSize,
		MaxThreadsPerBlock:          MaxThreadsPerBlock,
		MaxThreadsDim:               [3]int{MaxBlockDimX, MaxBlockDimY, MaxBlockDimZ},
		MaxGridSize:                 [3]int{MaxGridDimX, MaxGridDimY, MaxGridDimZ},
		TotalConstMem:               TotalConstMem,
		Major:                       p.Major,
		Minor:                       p.Minor,
		ClockRate:                   p.ClockRateKHz,
		MultiProcessorCount:         p.MultiProcessors,
		MaxThreadsPerMultiProcessor: p.MaxThreadsPerMultiProcessor,
		L2CacheSize:                 p.L2CacheSize,
	}
}
