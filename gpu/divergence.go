package gpu

import "math/bits"

// Divergence accumulates the branch and warp-execution metrics of nvprof
// (GPU-MODELS.md §3) from warp-level events: each warp branch with the
// lanes active at it and the lanes that take it, and each warp instruction
// with its active lanes. The zero value is empty and ready.
type Divergence struct {
	Branches, Divergent  int // warp branches, and those whose active lanes split
	WarpInst, ThreadInst int // warp instructions executed, and active lanes summed over them
}

// Branch records one warp's branch: it diverges when some active lanes
// take it and others do not.
func (d *Divergence) Branch(active, taken uint32) {
	d.Branches++
	if t := taken & active; t != 0 && t != active {
		d.Divergent++
	}
}

// Executed records one warp instruction with the given active lanes.
func (d *Divergence) Executed(active uint32) {
	d.WarpInst++
	d.ThreadInst += bits.OnesCount32(active)
}

// BranchEfficiency is nvprof's branch_efficiency: the percentage of
// branches that do not diverge (100 with no branches).
func (d Divergence) BranchEfficiency() float64 {
	if d.Branches == 0 {
		return 100
	}
	return 100 * float64(d.Branches-d.Divergent) / float64(d.Branches)
}

// WarpExecutionEfficiency is nvprof's warp_execution_efficiency: the
// average active lanes per warp instruction over the 32 a warp has, as a
// percentage (Nsight Compute's smsp__thread_inst_executed_per_inst_executed
// over 32).
func (d Divergence) WarpExecutionEfficiency() float64 {
	if d.WarpInst == 0 {
		return 100
	}
	return 100 * float64(d.ThreadInst) / float64(32*d.WarpInst)
}
