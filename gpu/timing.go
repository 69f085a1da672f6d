package gpu

import "fmt"

// The timing model: Hong and Kim's MWP-CWP model ("An Analytical Model for
// a GPU Architecture with Memory-level and Thread-level Parallelism
// Awareness", ISCA 2009) applied to the warp-level counts of one launch,
// with roofline bounds (the DRAM bandwidth and the SMs' issue rate) and
// the replays and overheads the textbooks' lessons turn on: shared-memory
// bank conflicts replay a wavefront, divergent paths are issued one after
// the other (the counts hold every path a warp executed), loops pay their
// counter, compare and branch per iteration, barriers cost Hong and
// Kim's synchronization term, and the resident blocks are capped by the
// occupancy calculator. docs/tutorials/timing.md derives each term.

// Instruction estimates. The profiler counts the warp-level executions of
// instrumented sites (memory accesses, branch conditions, barriers,
// collectives), loop iterations and the source's arithmetic operators,
// not machine instructions; these turn them into instructions. They are
// set from the PTX such code compiles to, not fitted to any measured time.
const (
	// SiteInstructions is the instruction of one site: the load, store,
	// branch or barrier.
	SiteInstructions = 1
	// AddressInstructions is the instruction a memory access spends
	// scaling its index into an address.
	AddressInstructions = 1
	// LoopInstructions is what one loop iteration costs beyond the
	// arithmetic the profiler counts: nothing, since a compiled loop's
	// one branch per iteration is its condition's (a site), and a range
	// loop's increment, compare and branch are counted as arithmetic.
	LoopInstructions = 0
	// LoopOverhead is the instructions of those counted that one loop
	// iteration spends on itself (its counter's update, compare and
	// branch), for the share Prediction.LoopShare reports.
	LoopOverhead = 3
)

// A Workload is what one launch executes: its shape and its warp-level
// counts summed over every warp, in the units of the profiler's records
// (requests per half-warp on 1.x, transactions as Arch.Global and
// Arch.Shared count them).
type Workload struct {
	Blocks, ThreadsPerBlock int
	// BlocksPerSM is the occupancy calculator's resident blocks per SM.
	BlocksPerSM int

	GlobalRequests, GlobalTransactions int // loads and stores
	GlobalBytes                        int // moved by the transactions

	SharedRequests     int // warp-level shared accesses, loads and stores
	SharedTransactions int // wavefronts, loads and stores
	SharedConflicts    int // wavefronts beyond the ideal: bank-conflict replays

	// GlobalAtomicSerial is the operations of global atomics beyond one
	// per request: those the L2 serializes on one address (see
	// atomic.go). The requests themselves are among GlobalRequests, and
	// a shared atomic's serialized steps are replays among SharedConflicts.
	GlobalAtomicSerial int

	Sites          int // warp-level executions of instrumented sites
	LoopIterations int // warp-level loop iterations (back edges)
	Barriers       int // warp-level barrier executions
	ThreadSites    int // active lanes summed over Sites
	// ALU, IntMuls and IntDivs are warp-level arithmetic operations:
	// plain ones, 32-bit integer multiplications, and integer divisions
	// and remainders (GPU.MulInstructions and DivInstructions each).
	ALU, IntMuls, IntDivs int
}

// A Bottleneck is what bounds a predicted time.
type Bottleneck string

// The bottlenecks Predict names.
const (
	BoundBandwidth   Bottleneck = "memory bandwidth"
	BoundLatency     Bottleneck = "memory latency"
	BoundIssue       Bottleneck = "instruction issue"
	BoundConflicts   Bottleneck = "shared-memory bank conflicts"
	BoundDivergence  Bottleneck = "divergence"
	BoundLoops       Bottleneck = "loop overhead"
	BoundOccupancy   Bottleneck = "occupancy"
	BoundNothingToDo Bottleneck = "nothing"
)

// A Prediction is the model's time for a launch and how it came about.
type Prediction struct {
	GPU        string
	Nanos      float64 // the predicted time
	Bottleneck Bottleneck
	// Terms: N active warps per SM, MWP and CWP (Hong and Kim), the
	// repetitions of the resident blocks per SM (Rep), and per warp the
	// memory and computation cycles.
	N, MWP, CWP, Rep      float64
	MemCycles, CompCycles float64
	// The roofline bounds, in nanoseconds: DRAM bytes over bandwidth, and
	// every warp instruction issued at the SMs' full rate.
	DRAMNanos, IssueNanos float64
	// Shares of the computation cycles: bank-conflict replays, lanes idle
	// in divergent or partial warps, loop overhead.
	ConflictShare, IdleShare, LoopShare float64
}

// String returns the prediction as the profile prints it:
// "predicted 8054.0 µs on GeForce 8800 GTX (bound by instruction issue)".
func (p Prediction) String() string {
	return fmt.Sprintf("predicted %.1f µs on %s (bound by %s)", p.Nanos/1e3, p.GPU, p.Bottleneck)
}

// perWarp are a workload's counts averaged over its warps, in the model's
// units.
type perWarp struct {
	warps, warpsPerBlock       float64
	memInsts, txPerInst, bytes float64 // global memory instructions, their transactions and bytes
	insts, conflictCycles      float64
	atomicCycles               float64 // global atomics' serialized operations at L2
	loopInsts, barriers        float64 // loopInsts: the loops' own instructions, among insts
	activeLanes                float64 // average active lanes of a site execution
}

// averages returns w's counts per warp on g.
func (g GPU) averages(w Workload) perWarp {
	wpb := float64(ceilDiv(w.ThreadsPerBlock, 32))
	warps := float64(w.Blocks) * wpb
	p := perWarp{warps: warps, warpsPerBlock: wpb}
	requestsPerInst := 1.0
	if g.Arch.Major == 1 {
		requestsPerInst = 2 // a request per half-warp
	}
	if w.GlobalRequests > 0 {
		insts := float64(w.GlobalRequests) / requestsPerInst
		p.memInsts = insts / warps
		p.txPerInst = float64(w.GlobalTransactions) / insts
		p.bytes = float64(w.GlobalBytes) / insts
	}
	p.loopInsts = LoopOverhead * float64(w.LoopIterations) / warps
	memory := p.memInsts*warps + float64(w.SharedRequests)
	arith := float64(w.ALU) + g.MulInstructions*float64(w.IntMuls) + g.DivInstructions*float64(w.IntDivs)
	p.insts = (SiteInstructions*float64(w.Sites) + AddressInstructions*memory + arith + LoopInstructions*float64(w.LoopIterations)) / warps
	p.conflictCycles = g.WavefrontCycles * float64(w.SharedConflicts) / warps
	p.atomicCycles = g.AtomicCycles * float64(w.GlobalAtomicSerial) / warps
	p.barriers = float64(w.Barriers) / warps
	p.activeLanes = 32
	if w.Sites > 0 {
		p.activeLanes = float64(w.ThreadSites) / float64(w.Sites)
	}
	return p
}

// idealTransactions is the transactions of a coalesced warp access of
// 4-byte words on a: two 64-byte ones on 1.x (one per half-warp), a
// 128-byte line on 2.x and 3.x, four 32-byte sectors later.
func idealTransactions(a Arch) float64 {
	switch {
	case a.Major == 1:
		return 2
	case a.Major <= 3:
		return 1
	}
	return 4
}
