package record

// The environment variables gocuda check and gocuda profile set for the
// instrumented processes, read by package probe.
const (
	EnvMode = "GOCUDA_PROBE"      // "check" or "profile"
	EnvOut  = "GOCUDA_PROBE_OUT"  // the file Records are appended to
	EnvArch = "GOCUDA_PROBE_ARCH" // profile: the GPU, as "sm_70"
	EnvRegs = "GOCUDA_PROBE_REGS" // profile: registers per thread for occupancy
	EnvGPU  = "GOCUDA_PROBE_GPU"  // profile: the GPU preset of the timing model, as "g80"
)

// A Record is one line of the output file: exactly one field is set.
type Record struct {
	Report  *Report        `json:"report,omitempty"`
	Profile *KernelProfile `json:"profile,omitempty"`
	Memory  *MemoryEvent   `json:"memory,omitempty"` // check: for the leak check (see Leaks)
	// Unprobed is a launch of check that ran its kernel's compiled form:
	// the kernel was proved race-free (see package probe).
	Unprobed *Unprobed `json:"unprobed,omitempty"`
}

// An Unprobed is a launch that ran its kernel uninstrumented, as a Record.
type Unprobed struct {
	Kernel string `json:"kernel"` // the kernel's name, as reports give it
}

// A MemoryEvent is an allocation or a free of package mem, as a Record.
type MemoryEvent struct {
	Op      string `json:"op"`      // "alloc" or "free"
	Process string `json:"process"` // the process, unique across a run's processes
	ID      uint64 `json:"id"`      // the allocation, unique in its process
	Size    int    `json:"size,omitempty"`
	Addr    uint64 `json:"addr,omitempty"`
	What    string `json:"what,omitempty"` // the allocating call, such as "mem.Malloc"
	// Func, File and Line are the program's call that allocated or freed.
	Func string `json:"func,omitempty"`
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}
