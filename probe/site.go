package probe

import (
	"runtime"
	"strings"
	"sync"

	"github.com/gocuda/gocuda/internal/kapi"
	"github.com/gocuda/gocuda/probe/record"
)

// A Kind is what an instrumented site does.
type Kind uint8

// The kinds of site.
const (
	Read       Kind = iota // a plain load: x := s[i]
	Write                  // a plain store: s[i] = x
	ReadWrite              // a load and a store: s[i] += x, s[i]++
	Branch                 // the condition of an if or for statement
	Barrier                // a block-wide barrier call (SyncThreads and its variants, SyncGrid, cg's Sync)
	Collective             // the mask argument of a warp collective (shuffles, votes, SyncWarp, ...)
	BackEdge               // the top of a loop body, where a runaway loop can be stopped
	AtomicOp               // an atomic read-modify-write (package atomic)
	FenceOp                // a device-wide memory fence (atomic.ThreadFence)
	Kernel                 // not a site: a kernel function, from Line to EndLine, named Func
)

var kindNames = [...]string{"read", "write", "read-write", "branch", "barrier", "collective", "back-edge",
	"atomic", "fence", "kernel"}

// String returns the kind's name, such as "read".
func (k Kind) String() string { return kindNames[k] }

// A Site is one instrumented place in a kernel's source. Generated code
// declares a package-level table of them per file and passes the address of
// an element to every probe call.
type Site struct {
	Kind Kind
	Func string // the enclosing function, as "pkg.Func" or "pkg.Func.func1"; for a Kernel, its name
	File string // the source file, as the compiler saw it
	Line int
	Col  int
	Expr string // the instrumented expression's source text, such as "tile[ty][tx]"
	// EndLine is a Kernel's last line; a launch whose function starts
	// on a line from Line to EndLine of File is named Func.
	EndLine int
	// ALU, Muls and Divs are the arithmetic the site stands for: the
	// operators of its statement and of the statements without a site
	// before it, as plain operations, integer multiplications and integer
	// divisions or remainders (the timing model's instructions).
	ALU, Muls, Divs int
	// Proof, on a Kernel entry, is the rewriting's proof that the
	// kernel needs no probes, if it found one (see Proof).
	Proof *Proof

	id     int32  // index in the process's site list, set by Register
	kernel string // the innermost Kernel entry of its table holding it, by Register
}

// ID returns the site's index among every site registered in the process.
func (s *Site) ID() int { return int(s.id) }

var sites struct {
	sync.Mutex
	all     []*Site
	kernels map[string][]*Site // Kernel entries by file
}

// Register numbers a file's site table and returns it. Generated code calls
// it once per instrumented file, in a package-level variable's
// initializer. The first call starts the mode the environment names (see
// the package documentation).
func Register(table []Site) []Site {
	start.Do(activate)
	sites.Lock()
	defer sites.Unlock()
	for i := range table {
		s := &table[i]
		s.id = int32(len(sites.all))
		sites.all = append(sites.all, s)
		if s.Kind == Kernel {
			if sites.kernels == nil {
				sites.kernels = map[string][]*Site{}
			}
			sites.kernels[s.File] = append(sites.kernels[s.File], s)
		}
	}
	for i := range table {
		if s := &table[i]; s.Kind != Kernel {
			s.kernel = innermost(table, s.File, s.Line)
		}
	}
	return table
}

// innermost returns the name of the innermost Kernel entry among entries
// that holds line of file, or "".
func innermost(entries []Site, file string, line int) string {
	var best *Site
	for i := range entries {
		k := &entries[i]
		if k.Kind == Kernel && k.File == file && k.Line <= line && line <= k.EndLine &&
			(best == nil || k.Line >= best.Line && k.EndLine <= best.EndLine) {
			best = k
		}
	}
	if best == nil {
		return ""
	}
	return best.Func
}

// kernelAt returns the name of the kernel whose function's code starts at
// pc: the innermost Kernel entry holding its first line (the runtime's own
// name of a closure depends on inlining), or "" if none does.
func kernelAt(pc uintptr) string {
	f := runtime.FuncForPC(pc)
	if pc == 0 || f == nil {
		return ""
	}
	file, line := f.FileLine(pc)
	sites.Lock()
	defer sites.Unlock()
	if name := compiledNamed(record.FuncName(shortFunc(f.Name()))); name != "" {
		// Before the lines: a generated wrapper's closure follows the
		// //line directive of the body generated before it, which names
		// another function's source.
		return name
	}
	var entries []Site
	for _, k := range sites.kernels[file] {
		entries = append(entries, *k)
	}
	if name := innermost(entries, file, line); name != "" {
		return name
	}
	return ""
}

// compiledNamed returns the Kernel entry of a function gocuda compile
// generated (in a *_gocuda.go file) named as the runtime's name fn ends,
// or "". The per-thread closure of a compiled kernel follows //line
// directives of its file that name the kernel's source, so its lines do
// not find its entry; its name does. sites is locked.
func compiledNamed(fn string) string {
	fn, _, _ = strings.Cut(fn, "[") // a generic kernel's type arguments
	short := fn[strings.LastIndexByte(fn, '.')+1:]
	for file, ks := range sites.kernels {
		if !kapi.GeneratedFile(file) {
			continue
		}
		for _, k := range ks {
			if k.Func[strings.LastIndexByte(k.Func, '.')+1:] == short {
				return k.Func
			}
		}
	}
	return ""
}
