package probe

import "sync"

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
)

var kindNames = [...]string{"read", "write", "read-write", "branch", "barrier", "collective", "back-edge"}

// String returns the kind's name, such as "read".
func (k Kind) String() string { return kindNames[k] }

// A Site is one instrumented place in a kernel's source. Generated code
// declares a package-level table of them per file and passes the address of
// an element to every probe call.
type Site struct {
	Kind Kind
	Func string // the enclosing function, as "pkg.Func" or "pkg.Func.func1"
	File string // the source file, as the compiler saw it
	Line int
	Col  int
	Expr string // the instrumented expression's source text, such as "tile[ty][tx]"

	id int32 // index in the process's site list, set by Register
}

// ID returns the site's index among every site registered in the process.
func (s *Site) ID() int { return int(s.id) }

var sites struct {
	sync.Mutex
	all []*Site
}

// Register numbers a file's site table and returns it. Generated code calls
// it once per instrumented file, in a package-level variable's initializer.
func Register(table []Site) []Site {
	sites.Lock()
	defer sites.Unlock()
	for i := range table {
		table[i].id = int32(len(sites.all))
		sites.all = append(sites.all, &table[i])
	}
	return table
}
