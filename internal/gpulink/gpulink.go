package gpulink

import (
	"errors"
	"fmt"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// FaultSymbol is the PTX modules' fault record: 64 bytes, zero until a
// thread fails a check. The first failing thread sets word 0 to 1 and
// writes the code (word 1), file index << 24 | line (word 2), its block
// and thread (words 3 to 8) and the check's operands (int64s at bytes 40
// and 48).
const FaultSymbol = "gc_fault"

// The codes of the fault record's word 1: which check failed.
const (
	FaultIndex       = 1 // index out of range: a index, b length
	FaultDivide      = 2 // integer divide by zero
	FaultSlice       = 3 // slice bounds out of range: a high, b capacity
	FaultNil         = 4 // nil pointer dereference
	FaultShared      = 5 // shared memory past the launch's dynamic size: a needed, b size
	FaultShift       = 6 // negative shift amount
	FaultPanic       = 7 // a panic call
	FaultConvert     = 8 // slice to array conversion of a short slice: a length, b array length
	FaultPartialTile = 9 // cg.Reduce over a tile the block leaves partial
)

// A Module is a kernel's PTX form, as generated code records it: one per
// instantiation of a generic kernel, told apart by its parameters' types.
type Module struct {
	Entry string // the .entry's name
	// Text is the PTX module, or "" where Pack holds it: generated code
	// keeps its file's modules compressed in one pack.
	Text string
	Pack *ptxpack.Pack // the module's pack, where Text is ""
	// Params are the Go types of the kernel's parameters but the
	// thread's, as reflect writes them ("[]float32"); a slice passes its
	// address and length.
	Params []string
	// Files are the source files the fault record's file index names.
	Files []string
	// DynamicShared is set where the kernel declares shared memory of a
	// length known only at run time, which the launch must leave room
	// for; DynamicSize where its last parameter is Config.SharedMem.
	DynamicShared, DynamicSize bool
}

// ErrNoImage is the error of a module whose PTX cannot be had (a corrupt
// pack): package gocuda reports it as ErrNoKernelImage.
var ErrNoImage = errors.New("no usable PTX image")

// PTX returns the module's PTX text: Text, or else its entry of Pack,
// which the first call of any module of the pack decompresses. A back end
// calls it only where it loads the module, so that programs that never
// launch on a GPU never decompress. Its errors wrap ErrNoImage.
func (m *Module) PTX() (string, error) {
	if m.Text != "" {
		return m.Text, nil
	}
	if m.Pack == nil {
		return "", fmt.Errorf("%w: module %s has no PTX", ErrNoImage, m.Entry)
	}
	t, err := m.Pack.Text(m.Entry)
	if err != nil {
		return "", fmt.Errorf("%w: module %s: %w", ErrNoImage, m.Entry, err)
	}
	return t, nil
}

// A Launch is one launch on a GPU.
type Launch struct {
	Module      *Module
	Grid, Block [3]uint32
	SharedMem   uint32 // Config.SharedMem: DynamicShared's bytes
	Args        []any  // the kernel's arguments but the thread, structs as their fields
}

// A Fault is a check that failed on the GPU: what the first failing
// thread recorded.
type Fault struct {
	Code          uint32 // ptx.FaultIndex...
	File          string
	Line          int
	Block, Thread [3]int
	A, B          int64 // the check's operands
}

// A Device is a GPU.
type Device interface {
	// Run launches l and waits for it: its slices and pointers are copied
	// to the device before and back after. A failed check returns its
	// Fault; a driver failure, an error.
	Run(l Launch) (*Fault, error)
	// Name is the GPU's name, as the driver gives it.
	Name() string
	// Props are the GPU's properties, as the driver gives them.
	Props() Props
	// Close releases the GPU.
	Close() error
}

// Props are the properties of a GPU a DeviceProp reports.
type Props struct {
	Major, Minor                int // compute capability
	MultiProcessors             int
	TotalMem                    int64
	ClockRateKHz                int
	L2CacheSize                 int
	SharedMemPerBlock           int
	SharedMemPerBlockOptin      int
	SharedMemPerMultiprocessor  int
	MaxThreadsPerMultiProcessor int
	RegsPerBlock                int
}

// Open opens GPU ordinal. It is nil until a back end is linked.
var Open func(ordinal int) (Device, error)
