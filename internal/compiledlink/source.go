package compiledlink

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/gocuda/gocuda/internal/srchash"
)

// A Source is the source a compiled kernel was generated from: the kernel's
// name, the lines it was generated from (its doc comment to its closing
// brace, and the helpers inlined into it) and their hash (see
// srchash.Sum). The engine runs the compiled form only while Current.
type Source struct {
	name  string
	hash  string
	spans []span

	once  sync.Once
	valid bool
	// noGoexit records that the kernel cannot end the goroutine running
	// it while its lines and those of calls (the functions it calls that
	// spans do not cover, with their hash callsHash) are unchanged
	// (SetNoGoexit).
	noGoexit  bool
	calls     []span
	callsHash string
	callsOnce sync.Once
	callsSame bool
}

// A span is lines first to end of a file.
type span struct {
	file       string // absolute where the build recorded it
	first, end int
}

// NewSource returns the Source of kernel name, whose lines, each given as
// "file:first-end" with file a name relative to dir (or absolute), have
// the hash. A malformed span is a bug in the generator: NewSource panics.
// An empty dir (the caller's file is unknown) leaves relative names as
// they are, which Current cannot check.
func NewSource(dir, name, hash string, spans []string) *Source {
	return &Source{name: name, hash: hash, spans: parseSpans("compiled.NewSource", dir, spans)}
}

// parseSpans parses lines "file:first-end", file relative to dir unless
// dir is empty or file absolute; a malformed one panics, naming fn.
func parseSpans(fn, dir string, lines []string) []span {
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
		if dir != "" && !filepath.IsAbs(sp.file) {
			sp.file = filepath.Join(dir, sp.file)
		}
		spans = append(spans, sp)
	}
	return spans
}

// sameLines reports whether spans still hash to hash, or cannot be read
// (a binary built with -trimpath, or run away from its source), when
// there is nothing to check against.
func sameLines(spans []span, hash string) bool {
	var parts [][]byte
	for _, sp := range spans {
		if !filepath.IsAbs(sp.file) {
			return true
		}
		src, err := os.ReadFile(sp.file)
		if err != nil {
			return true
		}
		parts = append(parts, srchash.Span(src, sp.first, sp.end))
	}
	return srchash.Sum(parts...) == hash
}

// StaleWarnings is where a stale compiled form is reported. Tests replace
// it.
var StaleWarnings io.Writer = os.Stderr

// Current reports whether the compiled form may run, checking once: the
// first call in a process hashes the lines again, if the files are there
// to read (a binary built with -trimpath, or run away from its source,
// cannot check and trusts the generator). If they changed, it warns on
// StaleWarnings that the kernel runs on the runtime path until go generate
// runs, and reports false from then on.
func (s *Source) Current() bool {
	s.once.Do(func() {
		s.valid = sameLines(s.spans, s.hash)
		if !s.valid {
			where := ""
			if len(s.spans) > 0 {
				where = fmt.Sprintf("%s:%d: ", s.spans[0].file, s.spans[0].first)
			}
			fmt.Fprintf(StaleWarnings, "gocuda: %skernel %s changed since gocuda compile generated its compiled form; it runs on the runtime path until you run go generate\n",
				where, s.name)
		}
	})
	return s.valid
}

// SetNoGoexit records that the kernel cannot call runtime.Goexit: the
// generator found no call in its lines, nor in those of the functions it
// calls, but of builtins, conversions, those functions and packages that
// never end a goroutine, and no function value or value with methods
// handed to one. calls, relative to dir as in NewSource, are the lines of
// the functions called that the Source's own lines do not cover, and
// hash is theirs. Call it before the Source is shared.
func (s *Source) SetNoGoexit(dir, hash string, calls []string) {
	s.noGoexit, s.callsHash = true, hash
	s.calls = parseSpans("compiled.Source.NoGoexit", dir, calls)
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
	s.callsOnce.Do(func() { s.callsSame = sameLines(s.calls, s.callsHash) })
	return s.callsSame
}
