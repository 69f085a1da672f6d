package record

// The severities of a Report.
const (
	Error   = "ERROR"
	Warning = "WARNING"
)

// A Report is one finding of gocuda check, in the terms of NVIDIA's
// compute-sanitizer. The checker writes one per kind of finding, pair of
// sites and launch; Fold folds those of one problem into one.
type Report struct {
	Tool     string `json:"tool"`     // "racecheck", "synccheck", "memcheck" or "initcheck"
	Severity string `json:"severity"` // Error or Warning
	// What is compute-sanitizer's headline, such as "Potential RAW hazard",
	// "Invalid __global__ read of size 4 bytes", "Divergent thread(s) in
	// block", "Uninitialized __shared__ memory read of size 4 bytes".
	What string `json:"what"`
	// Kernel is the launched kernel, named after its own function (or
	// its //gocuda:kernel directive's name), never after a closure.
	Kernel string `json:"kernel"`
	Block  [3]int `json:"block"`            // BlockIdx of the thread (the first, for a hazard)
	Space  string `json:"space,omitempty"`  // "__shared__" or "__global__" for memory findings
	Offset int64  `json:"offset,omitempty"` // byte offset in the allocation or shared array
	Size   int    `json:"size,omitempty"`   // bytes accessed
	// Addr is the address of a global-memory finding, Alloc the mem
	// allocation holding it.
	Addr  uint64      `json:"addr,omitempty"`
	Alloc *Allocation `json:"alloc,omitempty"`

	// Accesses are the accesses or arrivals involved, in the order they
	// happened: one for most findings, two for a hazard.
	Accesses []Access `json:"accesses"`

	// Detail is a further line: "index 20 out of range [0:16]", "Only 7
	// out of 8 threads reached the barrier", a hint.
	Detail string `json:"detail,omitempty"`

	// Count is how many occurrences this report stands for: hazards
	// between its two sites, accesses out of range, arrivals.
	Count int `json:"count"`
	// Threads and Addresses are how many distinct threads made the
	// report's last access, and at how many distinct addresses, in the
	// launch that had the most; Launches is how many launches had it.
	Threads   int `json:"threads,omitempty"`
	Addresses int `json:"addresses,omitempty"`
	Launches  int `json:"launches,omitempty"`
	// SameValue marks write-after-write hazards whose writes all stored
	// the value the memory already held (every lane of a warp writing its
	// warp's sum to one slot): harmless, and hidden unless asked for, as
	// Oclgrind hides them.
	SameValue bool `json:"same_value,omitempty"`
}

// An Access is one thread's access or arrival at a site.
type Access struct {
	Kind   string `json:"kind"` // "Read", "Write", "Barrier", ...
	Thread [3]int `json:"thread"`
	Block  [3]int `json:"block"`
	Func   string `json:"func"` // the function holding the site, as the runtime names it
	File   string `json:"file"`
	Line   int    `json:"line"`
	Expr   string `json:"expr,omitempty"`
}

// An Allocation is a mem allocation a finding lies in.
type Allocation struct {
	What string `json:"what"` // the allocating call, such as "mem.Malloc"
	Size int    `json:"size"`
	// Func, File and Line are the program's call that allocated it.
	Func string `json:"func,omitempty"`
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}
