package probe

// A Report is one finding of gocuda check, in the terms of NVIDIA's
// compute-sanitizer.
type Report struct {
	Tool     string `json:"tool"`     // "racecheck", "synccheck", "memcheck" or "initcheck"
	Severity string `json:"severity"` // "ERROR" or "WARNING"
	// What is compute-sanitizer's headline, such as "Potential RAW hazard",
	// "Invalid __global__ read of size 4 bytes", "Divergent thread(s) in
	// block", "Uninitialized __shared__ memory read of size 4 bytes".
	What   string `json:"what"`
	Kernel string `json:"kernel"`           // the kernel function
	Block  [3]int `json:"block"`            // BlockIdx of the thread (the first, for a hazard)
	Space  string `json:"space,omitempty"`  // "__shared__" or "__global__" for memory findings
	Offset int64  `json:"offset,omitempty"` // byte offset in the allocation or shared array
	Size   int    `json:"size,omitempty"`   // bytes accessed
	// Addr is the address of a global-memory finding, Alloc the mem
	// allocation holding it (what allocated it, its size and where).
	Addr  uint64 `json:"addr,omitempty"`
	Alloc string `json:"alloc,omitempty"`

	// Accesses are the accesses or arrivals involved, in the order they
	// happened: one for most findings, two for a hazard.
	Accesses []Access `json:"accesses"`

	// Detail is a further line: "Index 20 is out of range [0:16]", "Only 7
	// out of 8 threads reached the barrier", a hint.
	Detail string `json:"detail,omitempty"`

	// Count is how many occurrences this report stands for (hazards between
	// the same two sites are folded into one report).
	Count int `json:"count"`
}

// An Access is one thread's access or arrival at a site.
type Access struct {
	Kind   string `json:"kind"` // "Read", "Write", "Barrier", ...
	Thread [3]int `json:"thread"`
	Block  [3]int `json:"block"`
	Func   string `json:"func"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Expr   string `json:"expr,omitempty"`
}
