package probe

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// A recorder is a mode's analysis: the checker or the profiler. Its
// methods are called on the goroutine running t, one thread of a block at
// a time; it also observes the engine (launches, blocks, memory).
type recorder interface {
	probelink.Observer

	// access is an access to element i of the n-element array at base,
	// of size bytes each; i may be out of range. For a write, same
	// reports that it stores the value the element holds.
	access(t *gocuda.Thread, site *Site, base unsafe.Pointer, n, size int, i int64, same bool)
	// addr is an access of size bytes at p.
	addr(t *gocuda.Thread, site *Site, p unsafe.Pointer, size int, same bool)
	// local is an access of size bytes at offset off of a variable of
	// the thread's own (registers or local memory on a GPU).
	local(t *gocuda.Thread, site *Site, off uintptr, size int)
	branch(t *gocuda.Thread, site *Site, taken bool)
	barrier(t *gocuda.Thread, site *Site)
	mask(t *gocuda.Thread, site *Site, mask uint32)
	// atomic is an atomic operation on the size bytes at p, about to
	// happen (release); observed is called once it has (acquire).
	atomic(t *gocuda.Thread, site *Site, p unsafe.Pointer, size int)
	observed(t *gocuda.Thread, site *Site)
	// fence is a device-wide memory fence (atomic.ThreadFence).
	fence(t *gocuda.Thread, site *Site)
	// loop is the start of an iteration of a loop's body.
	loop(t *gocuda.Thread, site *Site)
}

var (
	on     bool     // a mode is active: rec is set
	rec    recorder // the active mode's analysis
	chk    *checker // rec, if it is the checker: its accesses are called directly
	engine = probelink.GetEngine[*gocuda.Thread]()
	out    *output
	start  sync.Once
)

// blockOffs locates a thread's Block (see probelink.Engine.Offsets).
var blockOffs = engine.Offsets

// blockOf returns engine.BlockOf(t), read through the engine's offsets
// without a call: it is on every access's path.
func blockOf(t *gocuda.Thread) *probelink.Block {
	x := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(t), blockOffs.Executor))
	return (*probelink.Block)(unsafe.Add(x, blockOffs.Block))
}

// errStopped unwinds a thread of a failed or cancelled launch from a loop.
var errStopped = errors.New("probe: launch stopped: thread ended at a loop back-edge")

// activate starts the mode the environment names, if any: Register calls
// it once, when the first instrumented file registers its sites, so that
// importing the package does nothing. A bad mode, architecture or output
// file stops the process, which could only run its kernels unchecked.
func activate() {
	mode := os.Getenv(record.EnvMode)
	if mode == "" {
		return
	}
	o, err := openOutput(os.Getenv(record.EnvOut))
	var r recorder
	if err == nil {
		r, err = newRecorder(mode)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gocuda probe: %v\n", err)
		os.Exit(2)
	}
	setRecorder(o, r)
}

// setRecorder makes r the active analysis, writing to o (nil r: none).
func setRecorder(o *output, r recorder) {
	out, rec, on = o, r, r != nil
	chk, _ = r.(*checker)
	probelink.Set(r)
}

// newRecorder returns the analysis of mode.
func newRecorder(mode string) (recorder, error) {
	switch mode {
	case "check":
		return newChecker(), nil
	case "profile":
		return newProfiler(os.Getenv(record.EnvArch), os.Getenv(record.EnvRegs), os.Getenv(record.EnvGPU))
	}
	return nil, fmt.Errorf("%s=%q: want check or profile", record.EnvMode, mode)
}

// output appends Records to a file, one JSON object a line; every process
// of a `go test` run (one per package) appends to the same file.
type output struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func openOutput(path string) (*output, error) {
	if path == "" {
		return &output{enc: json.NewEncoder(os.Stderr)}, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	return newOutput(f), nil
}

func newOutput(w io.Writer) *output { return &output{enc: json.NewEncoder(w)} }

// write appends r. Each record is one write(2) of a whole line, so records
// of concurrent processes do not interleave.
func (o *output) write(r record.Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.enc.Encode(r); err != nil {
		fmt.Fprintf(os.Stderr, "gocuda probe: writing a record: %v\n", err)
	}
}
