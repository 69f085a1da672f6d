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
	s := &Source{name: name, hash: hash}
	for _, l := range spans {
		var sp span
		i := strings.LastIndexByte(l, ':')
		if i < 0 {
			panic("compiled.NewSource: malformed lines " + strconv.Quote(l))
		}
		sp.file = l[:i]
		if _, err := fmt.Sscanf(l[i+1:], "%d-%d", &sp.first, &sp.end); err != nil {
			panic("compiled.NewSource: malformed lines " + strconv.Quote(l))
		}
		if dir != "" && !filepath.IsAbs(sp.file) {
			sp.file = filepath.Join(dir, sp.file)
		}
		s.spans = append(s.spans, sp)
	}
	return s
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
		s.valid = true
		var parts [][]byte
		for _, sp := range s.spans {
			if !filepath.IsAbs(sp.file) {
				return // built with -trimpath: nothing to check against
			}
			src, err := os.ReadFile(sp.file)
			if err != nil {
				return
			}
			parts = append(parts, srchash.Span(src, sp.first, sp.end))
		}
		if srchash.Sum(parts...) != s.hash {
			s.valid = false
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
