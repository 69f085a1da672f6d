package compiled

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/gpulink"
	"github.com/gocuda/gocuda/internal/ptxpack"
)

// A PTX is a kernel's GPU form, which gocuda compile -gpu writes: the
// PTX module of one instantiation, and what a launch needs to pass it
// its arguments.
type PTX struct {
	Entry string // the module's .entry
	// Text is the module; where it is "", the module is Pack's of the
	// name Entry, as generated code records it.
	Text string
	Pack *PTXPack
	// Params are the Go types of the kernel's parameters but the
	// thread's, as package reflect writes them: a launch takes the form
	// whose types are its arguments'.
	Params []string
	// Files are the source files the module's fault record names.
	Files []string
	// DynamicShared is set where the kernel declares shared memory of a
	// length known only at run time; DynamicSize where the module's
	// last parameter is the launch's Config.SharedMem.
	DynamicShared, DynamicSize bool
}

// A PTXPack is the PTX modules of one generated file, compressed
// (package ptxpack's format): gocuda compile -gpu writes one per source
// file with GPU forms, in a file ending in _gocuda_ptx.go, and the PTX of
// each form names it. It is decompressed the first time a GPU launch
// loads one of its modules, once, and never on the CPU. A PTXPack is made
// by NewPTXPack (the zero PTXPack holds no modules); it is safe for
// concurrent use by multiple goroutines, and a copy shares its pack.
type PTXPack struct {
	p *ptxpack.Pack
}

// NewPTXPack returns the PTXPack of encoded, a pack as gocuda compile
// writes it, without decoding it. Call it only as generated code does.
func NewPTXPack(encoded string) *PTXPack {
	return &PTXPack{p: ptxpack.New(encoded)}
}

// Text returns the module of the pack whose entry is entry: gocuda
// compile -gpu -ptx DIR writes the same modules out as files. The first
// call decompresses the whole pack, and every call returns after that
// has finished; a corrupt pack gives every call an error.
func (p *PTXPack) Text(entry string) (string, error) {
	if p.p == nil {
		return "", fmt.Errorf("compiled: no module %q in the zero PTXPack", entry)
	}
	return p.p.Text(entry)
}

// GPU records the kernel's GPU forms and returns src: a launch on a GPU
// device (gocuda.WithGPU) runs the form whose parameters' types are its
// arguments'. Call it only as generated code does.
func (src *Source) GPU(forms ...PTX) *Source {
	ms := make([]gpulink.Module, len(forms))
	for i, f := range forms {
		ms[i] = gpulink.Module{Entry: f.Entry, Text: f.Text, Params: f.Params, Files: f.Files,
			DynamicShared: f.DynamicShared, DynamicSize: f.DynamicSize}
		if f.Pack != nil {
			ms[i].Pack = f.Pack.p
		}
	}
	src.s.SetGPU(ms)
	return src
}

// NoGPU records why gocuda compile -gpu wrote no GPU form (or not one
// for every instantiation) of the kernel, for the error of a launch that
// finds none, and returns src. Call it only as generated code does.
func (src *Source) NoGPU(reason string) *Source {
	src.s.SetNoGPU(reason)
	return src
}

// Probing reports whether t is a GPU launch's probe: the kernel's
// per-thread form then hands its arguments to ProbeArgs and returns,
// running nothing. Generated code calls it first.
func Probing(t *gocuda.Thread) bool { return engine.Probing(t) }

// ProbeArgs gives a GPU launch's probe the kernel's arguments.
func ProbeArgs(t *gocuda.Thread, args ...any) { engine.ProbeArgs(t, args) }
