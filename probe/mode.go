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
)

// A recorder is a mode's analysis: the checker or the profiler. Its
// methods are called on the goroutine running t, one thread of a block at
// a time; it also observes the engine (launches, blocks, memory).
type recorder interface {
	probelink.Observer

	// access is an access to element i of the n-element array at base,
	// of size bytes each; i may be out of range.
	access(t *gocuda.Thread, site *Site, base unsafe.Pointer, n, size int, i int64)
	// addr is an access of size bytes at p.
	addr(t *gocuda.Thread, site *Site, p unsafe.Pointer, size int)
	branch(t *gocuda.Thread, site *Site, taken bool)
	barrier(t *gocuda.Thread, site *Site)
	mask(t *gocuda.Thread, site *Site, mask uint32)
}

var (
	on     bool     // a mode is active: rec is set
	rec    recorder // the active mode's analysis
	engine = probelink.GetEngine[*gocuda.Thread]()
	out    *output
)

// errStopped unwinds a thread of a failed or cancelled launch from a loop.
var errStopped = errors.New("probe: launch stopped: thread ended at a loop back-edge")

// The environment variables the commands set.
const (
	EnvMode = "GOCUDA_PROBE"      // "check" or "profile"
	EnvOut  = "GOCUDA_PROBE_OUT"  // the file Records are appended to
	EnvArch = "GOCUDA_PROBE_ARCH" // profile: the GPU, as "sm_70"
	EnvRegs = "GOCUDA_PROBE_REGS" // profile: registers per thread for occupancy
)

func init() {
	mode := os.Getenv(EnvMode)
	if mode == "" {
		return
	}
	var err error
	out, err = openOutput(os.Getenv(EnvOut))
	if err == nil {
		rec, err = newRecorder(mode)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gocuda probe: %v\n", err)
		os.Exit(2)
	}
	on = true
	probelink.Set(rec)
}

// newRecorder returns the analysis of mode.
func newRecorder(mode string) (recorder, error) {
	switch mode {
	case "check":
		return newChecker(), nil
	case "profile":
		return newProfiler(os.Getenv(EnvArch), os.Getenv(EnvRegs))
	}
	return nil, fmt.Errorf("%s=%q: want check or profile", EnvMode, mode)
}

// A Record is one line of the output file: exactly one field is set.
type Record struct {
	Report  *Report        `json:"report,omitempty"`
	Profile *KernelProfile `json:"profile,omitempty"`
	Memory  *MemoryEvent   `json:"memory,omitempty"` // check: for the leak check (see Finish)
}

// output appends Records to a file, one JSON object a line; every process
// of a `go test` run (one per package) appends to the same file.
type output struct {
	mu  sync.Mutex
	f   *os.File
	enc *json.Encoder
}

func openOutput(path string) (*output, error) {
	if path == "" {
		return &output{enc: newEncoder(os.Stderr)}, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	return &output{f: f, enc: newEncoder(f)}, nil
}

func newEncoder(w io.Writer) *json.Encoder { return json.NewEncoder(w) }

// write appends r. Each record is one write(2) of a whole line, so records
// of concurrent processes do not interleave.
func (o *output) write(r Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.enc.Encode(r); err != nil {
		fmt.Fprintf(os.Stderr, "gocuda probe: writing a record: %v\n", err)
	}
}
