package compiled

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/gpulink"
)

// A PTX is a kernel's GPU form, which gocuda compile -gpu writes: the
// PTX module of one instantiation, and what a launch needs to pass it
// its arguments.
type PTX struct {
	Entry string // the module's .entry
	Text  string // the module
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

// GPU records the kernel's GPU forms and returns src: a launch on a GPU
// device (gocuda.WithGPU) runs the form whose parameters' types are its
// arguments'. Call it only as generated code does.
func (src *Source) GPU(forms ...PTX) *Source {
	ms := make([]gpulink.Module, len(forms))
	for i, f := range forms {
		ms[i] = gpulink.Module{Entry: f.Entry, Text: f.Text, Params: f.Params, Files: f.Files,
			DynamicShared: f.DynamicShared, DynamicSize: f.DynamicSize}
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
