package record

import "github.com/gocuda/gocuda/gpu"

// A KernelProfile is what gocuda profile records of one kernel: what a GPU
// of Arch would incur running it, per source line, in the metric names of
// nvprof and Nsight Compute (GPU-MODELS.md §7). The profiler writes one
// per launch; WriteProfiles merges those of the same kernel.
type KernelProfile struct {
	// Kernel is the launched function, as "pkg.Func" or "pkg.Func.func1".
	Kernel string `json:"kernel"`
	// Arch is the modelled GPU, as "sm_70"; Registers the registers per
	// thread assumed for occupancy (Go code has no register count).
	Arch      string `json:"arch"`
	Registers int    `json:"registers_per_thread"`

	Launches int `json:"launches"`
	// Configs are the distinct launch configurations, most launched first.
	Configs []LaunchConfig `json:"configs"`

	// Lines are the kernel's instrumented source lines, by file and line;
	// Total is their sum.
	Lines   []LineProfile `json:"lines"`
	Total   Counts        `json:"total"`
	Metrics Metrics       `json:"metrics"` // of Total

	// GPU is the product whose timing model (gpu.GPU.Predict) gave
	// PredictedNS, the predicted time of all the launches together, in
	// nanoseconds; Bottleneck and Timing are the model's account of the
	// launch it predicted longest. They are empty where no GPU of Arch
	// is modelled.
	GPU         string  `json:"gpu,omitempty"`
	PredictedNS float64 `json:"predicted_ns,omitempty"`
	Bottleneck  string  `json:"bottleneck,omitempty"`
	Timing      *Timing `json:"timing,omitempty"`
}

// Timing is the timing model's account of one launch (gpu.Prediction):
// its predicted time, the active warps per SM, Hong and Kim's memory-
// and computation-warp parallelism, the rounds of resident blocks, a
// warp's memory and computation cycles, the roofline bounds and the
// shares of the computation cycles spent on bank-conflict replays, idle
// lanes and loop overhead.
type Timing struct {
	LaunchNS      float64 `json:"launch_ns"`
	Warps         float64 `json:"active_warps_per_sm"`
	MWP           float64 `json:"mwp"`
	CWP           float64 `json:"cwp"`
	Rounds        float64 `json:"rounds"`
	MemCycles     float64 `json:"mem_cycles_per_warp"`
	CompCycles    float64 `json:"comp_cycles_per_warp"`
	DRAMNS        float64 `json:"dram_bound_ns"`
	IssueNS       float64 `json:"issue_bound_ns"`
	ConflictShare float64 `json:"bank_conflict_share"`
	IdleShare     float64 `json:"idle_lane_share"`
	LoopShare     float64 `json:"loop_overhead_share"`
}

// NewTiming returns the Timing of prediction p.
func NewTiming(p gpu.Prediction) *Timing {
	return &Timing{LaunchNS: p.Nanos, Warps: p.N, MWP: p.MWP, CWP: p.CWP, Rounds: p.Rep,
		MemCycles: p.MemCycles, CompCycles: p.CompCycles, DRAMNS: p.DRAMNanos, IssueNS: p.IssueNanos,
		ConflictShare: p.ConflictShare, IdleShare: p.IdleShare, LoopShare: p.LoopShare}
}

// Workload returns the timing model's input for a launch of cfg (its
// occupancy giving the resident blocks per SM) whose counts are c.
func (c Counts) Workload(cfg LaunchConfig) gpu.Workload {
	return gpu.Workload{
		Blocks:          cfg.Grid[0] * cfg.Grid[1] * cfg.Grid[2],
		ThreadsPerBlock: cfg.Block[0] * cfg.Block[1] * cfg.Block[2],
		BlocksPerSM:     cfg.Occupancy.BlocksPerSM,
		GlobalRequests: c.GldRequests + c.GstRequests + c.LocalLdRequests + c.LocalStRequests +
			c.GlobalAtomRequests,
		GlobalTransactions: c.GldTransactions + c.GstTransactions + c.LocalLdTransactions + c.LocalStTransactions +
			c.GlobalAtomTransactions,
		GlobalBytes:        c.GldBytes + c.GstBytes + c.localBytes(),
		GlobalAtomicSerial: c.GlobalAtomOperations - c.GlobalAtomRequests,
		SharedRequests:     c.SharedLdRequests + c.SharedStRequests + c.SharedAtomRequests,
		SharedTransactions: c.SharedLdTransactions + c.SharedStTransactions + c.SharedAtomOperations,
		// A shared atomic's steps beyond one replay as a bank conflict's.
		SharedConflicts: c.SharedLdConflicts + c.SharedStConflicts + c.SharedAtomOperations - c.SharedAtomRequests,
		Sites:           c.InstExecuted,
		LoopIterations:  c.LoopIterations,
		Barriers:        c.Barriers,
		ThreadSites:     c.ThreadInstExecuted,
		ALU:             c.ALUOps,
		IntMuls:         c.IntMulOps,
		IntDivs:         c.IntDivOps,
	}
}

// A LaunchConfig is one configuration a kernel was launched with, and the
// occupancy the modelled GPU would give it.
type LaunchConfig struct {
	Grid  [3]int `json:"grid"`
	Block [3]int `json:"block"`
	// StaticShared is the most static shared memory (Shared) any block
	// allocated, in bytes; DynamicShared is Config.SharedMem.
	StaticShared  int       `json:"static_shared_bytes"`
	DynamicShared int       `json:"dynamic_shared_bytes"`
	Launches      int       `json:"launches"`
	Occupancy     Occupancy `json:"occupancy"`
	// PredictedNS is the predicted time of this configuration's launches
	// together, in nanoseconds (KernelProfile.PredictedNS is the sum over
	// the configurations): a test can scale one configuration's time on
	// its own.
	PredictedNS float64 `json:"predicted_ns,omitempty"`
}

// An Occupancy is the CUDA occupancy calculator's answer for a launch
// configuration (gpu.Arch.OccupancyMaxActiveBlocksPerMultiprocessor).
type Occupancy struct {
	BlocksPerSM int `json:"active_blocks_per_sm"`
	WarpsPerSM  int `json:"active_warps_per_sm"`
	// Fraction is the theoretical occupancy: WarpsPerSM over the
	// multiprocessor's maximum, from 0 to 1.
	Fraction float64 `json:"theoretical_occupancy"`
	// Limit names the resources that bind, such as "warps+registers"
	// ("warps", "registers", "shared memory", "blocks").
	Limit string `json:"limit"`
	// Error says why the configuration could not launch on the modelled
	// GPU at all (a block too large for it, say); the rest is then zero.
	Error string `json:"error,omitempty"`
}

// A LineProfile is the counts of one source line of a kernel: the sum over
// the instrumented sites on it.
type LineProfile struct {
	Func string `json:"func"`
	File string `json:"file"`
	Line int    `json:"line"`
	Counts
	Metrics Metrics `json:"metrics"` // of Counts
	// WorstGlobal and WorstShared are the line's costliest warp-level
	// global and shared accesses, if it has any.
	WorstGlobal *WarpAccess `json:"worst_global,omitempty"`
	WorstShared *WarpAccess `json:"worst_shared,omitempty"`
}

// Counts are warp-level events, named as nvprof's events and metrics. A
// request is one warp's execution of a memory site (split into half- or
// quarter-warp requests where the architecture does); a global
// transaction is a 32-byte sector on 5.x and later, a 128-byte line on
// 2.x and 3.x, a 32-, 64- or 128-byte transaction on 1.x; a shared
// transaction is a wavefront, one serialized step of the banks.
type Counts struct {
	GldRequests     int `json:"global_load_requests"`
	GldTransactions int `json:"gld_transactions"`
	GldBytes        int `json:"gld_bytes"`           // moved by the transactions
	GldRequested    int `json:"gld_requested_bytes"` // asked for by the lanes

	GstRequests     int `json:"global_store_requests"`
	GstTransactions int `json:"gst_transactions"`
	GstBytes        int `json:"gst_bytes"`
	GstRequested    int `json:"gst_requested_bytes"`

	SharedLdRequests     int `json:"shared_load_requests"`
	SharedLdTransactions int `json:"shared_load_transactions"`
	SharedLdConflicts    int `json:"shared_ld_bank_conflict"` // transactions beyond the ideal

	SharedStRequests     int `json:"shared_store_requests"`
	SharedStTransactions int `json:"shared_store_transactions"`
	SharedStConflicts    int `json:"shared_st_bank_conflict"`

	// Local memory: a thread's own arrays and structs that the kernel
	// indexes (CUDA's register arrays spill there), laid out as a GPU
	// lays out local memory, consecutive 32-bit words of one variable
	// interleaved across the threads.
	LocalLdRequests     int `json:"local_load_requests"`
	LocalLdTransactions int `json:"local_load_transactions"`
	LocalStRequests     int `json:"local_store_requests"`
	LocalStTransactions int `json:"local_store_transactions"`

	// Atomics of package atomic: warp-level requests, and the
	// operations the GPU serializes them into (gpu.Arch.SharedAtomic and
	// GlobalAtomic): a request whose k lanes name one address is k.
	// Global atomics' transactions are their addresses' sectors (or lines).
	SharedAtomRequests     int `json:"shared_atom_requests"`
	SharedAtomOperations   int `json:"shared_atom_operations"`
	GlobalAtomRequests     int `json:"global_atom_requests"`
	GlobalAtomTransactions int `json:"global_atom_transactions"`
	GlobalAtomOperations   int `json:"global_atom_operations"`

	Branches          int `json:"branch"`
	DivergentBranches int `json:"divergent_branch"`

	// InstExecuted counts warp-level executions of instrumented sites,
	// which stand in for instructions; ThreadInstExecuted sums their
	// active lanes.
	InstExecuted       int `json:"inst_executed"`
	ThreadInstExecuted int `json:"thread_inst_executed"`

	// LoopIterations counts warp-level iterations of loop bodies (their
	// back edges), not in InstExecuted; Barriers the warp-level
	// executions of block barriers, which are.
	LoopIterations int `json:"loop_iterations"`
	Barriers       int `json:"barriers"`

	// ALUOps, IntMulOps and IntDivOps are warp-level arithmetic
	// operations of the kernel's source, not in InstExecuted: plain
	// operations, integer multiplications, and integer divisions and
	// remainders (instrument.Ops).
	ALUOps    int `json:"alu_ops"`
	IntMulOps int `json:"int_mul_ops"`
	IntDivOps int `json:"int_div_ops"`
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.GldRequests += o.GldRequests
	c.GldTransactions += o.GldTransactions
	c.GldBytes += o.GldBytes
	c.GldRequested += o.GldRequested
	c.GstRequests += o.GstRequests
	c.GstTransactions += o.GstTransactions
	c.GstBytes += o.GstBytes
	c.GstRequested += o.GstRequested
	c.SharedLdRequests += o.SharedLdRequests
	c.SharedLdTransactions += o.SharedLdTransactions
	c.SharedLdConflicts += o.SharedLdConflicts
	c.SharedStRequests += o.SharedStRequests
	c.SharedStTransactions += o.SharedStTransactions
	c.SharedStConflicts += o.SharedStConflicts
	c.LocalLdRequests += o.LocalLdRequests
	c.LocalLdTransactions += o.LocalLdTransactions
	c.LocalStRequests += o.LocalStRequests
	c.LocalStTransactions += o.LocalStTransactions
	c.SharedAtomRequests += o.SharedAtomRequests
	c.SharedAtomOperations += o.SharedAtomOperations
	c.GlobalAtomRequests += o.GlobalAtomRequests
	c.GlobalAtomTransactions += o.GlobalAtomTransactions
	c.GlobalAtomOperations += o.GlobalAtomOperations
	c.Branches += o.Branches
	c.DivergentBranches += o.DivergentBranches
	c.InstExecuted += o.InstExecuted
	c.ThreadInstExecuted += o.ThreadInstExecuted
	c.LoopIterations += o.LoopIterations
	c.Barriers += o.Barriers
	c.ALUOps += o.ALUOps
	c.IntMulOps += o.IntMulOps
	c.IntDivOps += o.IntDivOps
}

// divergence returns c's branch and instruction counts as a
// gpu.Divergence, whose methods compute nvprof's efficiencies.
func (c *Counts) divergence() gpu.Divergence {
	return gpu.Divergence{Branches: c.Branches, Divergent: c.DivergentBranches,
		WarpInst: c.InstExecuted, ThreadInst: c.ThreadInstExecuted}
}

// Metrics are nvprof's metrics derived from Counts. Each ratio is 0 where
// its denominator is zero (no requests of that kind), except the two
// efficiencies of divergence, which are 100 without branches or
// instructions, as gpu.Divergence has them.
type Metrics struct {
	GldTransactionsPerRequest float64 `json:"gld_transactions_per_request"`
	GldEfficiency             float64 `json:"gld_efficiency"` // percent
	GstTransactionsPerRequest float64 `json:"gst_transactions_per_request"`
	GstEfficiency             float64 `json:"gst_efficiency"` // percent

	SharedLoadTransactionsPerRequest  float64 `json:"shared_load_transactions_per_request"`
	SharedStoreTransactionsPerRequest float64 `json:"shared_store_transactions_per_request"`

	LocalLoadTransactionsPerRequest  float64 `json:"local_load_transactions_per_request"`
	LocalStoreTransactionsPerRequest float64 `json:"local_store_transactions_per_request"`

	// The operations an atomic request is serialized into: 1 without
	// lanes on one address, 32 with a warp's every lane on one.
	SharedAtomOperationsPerRequest float64 `json:"shared_atom_operations_per_request"`
	GlobalAtomOperationsPerRequest float64 `json:"global_atom_operations_per_request"`

	BranchEfficiency        float64 `json:"branch_efficiency"`         // percent
	WarpExecutionEfficiency float64 `json:"warp_execution_efficiency"` // percent
}

// Metrics returns the metrics of c.
func (c Counts) Metrics() Metrics {
	d := c.divergence()
	return Metrics{
		GldTransactionsPerRequest:         profRatio(c.GldTransactions, c.GldRequests),
		GldEfficiency:                     100 * profRatio(c.GldRequested, c.GldBytes),
		GstTransactionsPerRequest:         profRatio(c.GstTransactions, c.GstRequests),
		GstEfficiency:                     100 * profRatio(c.GstRequested, c.GstBytes),
		SharedLoadTransactionsPerRequest:  profRatio(c.SharedLdTransactions, c.SharedLdRequests),
		SharedStoreTransactionsPerRequest: profRatio(c.SharedStTransactions, c.SharedStRequests),
		LocalLoadTransactionsPerRequest:   profRatio(c.LocalLdTransactions, c.LocalLdRequests),
		LocalStoreTransactionsPerRequest:  profRatio(c.LocalStTransactions, c.LocalStRequests),
		SharedAtomOperationsPerRequest:    profRatio(c.SharedAtomOperations, c.SharedAtomRequests),
		GlobalAtomOperationsPerRequest:    profRatio(c.GlobalAtomOperations, c.GlobalAtomRequests),
		BranchEfficiency:                  d.BranchEfficiency(),
		WarpExecutionEfficiency:           d.WarpExecutionEfficiency(),
	}
}

// profRatio returns a/b, or 0 if b is 0.
func profRatio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// localBytes estimates the bytes local memory's transactions move, which
// the profiler does not record: 32 per transaction, the smallest any
// architecture moves.
func (c Counts) localBytes() int { return 32 * (c.LocalLdTransactions + c.LocalStTransactions) }
