package compiledlink

import (
	"github.com/gocuda/gocuda/internal/gpulink"

	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/srchash"
)

// A Source is the source a compiled kernel was generated from: the kernel's
// name, the lines it was generated from (its doc comment to its closing
// brace, and the helpers inlined into it) and their hash (see
// srchash.Sum). The engine runs the compiled form only while Current.
//
// The lines are read from files, the package's source files as the binary
// was built from them (the generated file embeds them), never from the
// disk at run time: what the compiler built is what is checked, whatever
// the build's file names look like (-trimpath, the module cache, a
// vendored copy, //line directives).
type Source struct {
	files fs.FS
	pkg   string // the import path, for the command that regenerates it
	name  string
	hash  string
	spans []span

	once   sync.Once
	valid  bool
	warned atomic.Bool
	// noGoexit records that the kernel cannot end the goroutine running
	// it while its lines and those of calls (the functions it calls that
	// spans do not cover, with their hash callsHash) are unchanged
	// (SetNoGoexit).
	noGoexit  bool
	calls     []span
	callsHash string
	callsOnce sync.Once
	callsSame bool
	// gpu are the kernel's PTX forms (SetGPU), and noGPU why one was not
	// written (SetNoGPU).
	gpu   []gpulink.Module
	noGPU string
}

// SetGPU records the kernel's PTX forms, one per instantiation.
func (s *Source) SetGPU(modules []gpulink.Module) { s.gpu = modules }

// SetNoGPU records why a PTX form was not written.
func (s *Source) SetNoGPU(reason string) { s.noGPU = reason }

// NoGPU returns why a PTX form was not written, or "".
func (s *Source) NoGPU() string { return s.noGPU }

// GPU returns the kernel's PTX forms.
func (s *Source) GPU() []gpulink.Module { return s.gpu }

// Name returns the kernel's name, as NewSource was given it.
func (s *Source) Name() string { return s.name }

// Hash returns the hash of the kernel's lines when gocuda compile
// generated its compiled form, as NewSource was given it.
func (s *Source) Hash() string { return s.hash }

// A span is lines first to end of a file.
type span struct {
	file       string // the name in the Source's files
	first, end int
}

// NewSource returns the Source of kernel name of package pkg (its import
// path), whose lines, each given as "file:first-end" with file a name in
// files, have the hash. A malformed span is a bug in the generator:
// NewSource panics.
func NewSource(files fs.FS, pkg, name, hash string, spans []string) *Source {
	return &Source{files: files, pkg: pkg, name: name, hash: hash, spans: parseSpans("compiled.NewSource", spans)}
}

// parseSpans parses lines "file:first-end"; a malformed one panics,
// naming fn.
func parseSpans(fn string, lines []string) []span {
	var spans []span
	for _, l := range lines {
		var sp span
		i := strings.LastIndexByte(l, ':')
		if i < 0 {
			panic(fn + ": malformed lines " + strconv.Quote(l))
		}
		sp.file = l[:i]
		if _, err := fmt.Sscanf(l[i+1:], "%d-%d", &sp.first, &sp.end); err != nil {
			panic(fn + ": malformed lines " + strconv.Quote(l))
		}
		spans = append(spans, sp)
	}
	return spans
}

// sameLines reports whether spans of files still hash to hash. A file
// files lacks counts as changed: the runtime path is always correct.
func sameLines(files fs.FS, spans []span, hash string) bool {
	if files == nil {
		return false
	}
	var parts [][]byte
	for _, sp := range spans {
		src, err := fs.ReadFile(files, sp.file)
		if err != nil {
			return false
		}
		parts = append(parts, srchash.Span(src, sp.first, sp.end))
	}
	return srchash.Sum(parts...) == hash
}

// StaleWarnings is where a stale compiled form is reported. Tests replace
// it.
var StaleWarnings io.Writer = os.Stderr

// Current reports whether the compiled form may run: whether the kernel's
// lines, as built, still hash as they did when gocuda compile generated
// it. The first call hashes them; later calls report its answer.
func (s *Source) Current() bool {
	s.once.Do(func() { s.valid = sameLines(s.files, s.spans, s.hash) })
	return s.valid
}

// Stale describes why a Source that is not Current does not run its
// compiled form, and the command that compiles it again.
func (s *Source) Stale() string {
	where := ""
	if len(s.spans) > 0 {
		where = fmt.Sprintf("%s:%d: ", s.spans[0].file, s.spans[0].first)
	}
	fix := "go generate"
	switch {
	case s.pkg == "main" && len(s.spans) > 0: // a main package has no import path to name
		fix += " in the directory of " + s.spans[0].file
	case s.pkg != "" && s.pkg != "main":
		fix += " " + s.pkg
	}
	return fmt.Sprintf("%skernel %s changed since gocuda compile generated its compiled form (%s compiles it again)", where, s.name, fix)
}

// Warn reports a stale Source on StaleWarnings, once per Source: the
// kernel runs on the runtime path instead of its compiled form.
func (s *Source) Warn() {
	if s.warned.CompareAndSwap(false, true) {
		fmt.Fprintf(StaleWarnings, "gocuda: %s; it runs on the runtime path until then\n", s.Stale())
	}
}

// SetNoGoexit records that the kernel cannot call runtime.Goexit: the
// generator found no call in its lines, nor in those of the functions it
// calls, but of builtins, conversions, those functions and packages that
// never end a goroutine, and no function value or value with methods
// handed to one. calls, names in the Source's files as in NewSource, are
// the lines of the functions called that the Source's own lines do not
// cover, and hash is theirs. Call it before the Source is shared.
func (s *Source) SetNoGoexit(hash string, calls []string) {
	s.noGoexit, s.callsHash = true, hash
	s.calls = parseSpans("compiled.Source.NoGoexit", calls)
}

// MayRunOnCaller reports whether a launch may run the kernel's blocks on
// the launching goroutine: the kernel cannot call runtime.Goexit
// (SetNoGoexit), which would end that goroutine instead of failing the
// launch, and the lines the generator looked at to find that are
// unchanged: the Source is Current, and the functions it calls are as
// they were (if not, the kernel still runs its compiled form, on a
// worker). A nil Source reports false.
func (s *Source) MayRunOnCaller() bool {
	if s == nil || !s.noGoexit || !s.Current() {
		return false
	}
	s.callsOnce.Do(func() { s.callsSame = sameLines(s.files, s.calls, s.callsHash) })
	return s.callsSame
}
