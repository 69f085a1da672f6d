package main

import (
	"fmt"

	"github.com/gocuda/gocuda/probe/record"
)

// The summary cards of a kernel on the profile page: occupancy, time,
// divergence and memory, each value with its path in the JSON.

// occupancyCard is the card of the occupancy of p's most launched
// configuration and what limits it.
func occupancyCard(p *record.KernelProfile) card {
	c := card{Title: "Occupancy"}
	if len(p.Configs) == 0 {
		return c
	}
	cfg, o := p.Configs[0], p.Configs[0].Occupancy
	c.Items = []cardItem{
		{Label: "block", Text: fmtDims(cfg.Block), Path: "configs.0.block"},
		{Label: "grid", Text: fmtDims(cfg.Grid), Path: "configs.0.grid"},
		{Label: "registers/thread", Text: fmtCount(p.Registers), Path: "registers_per_thread"},
		{Label: "shared/block", Text: fmtCount(cfg.StaticShared) + " B", Path: "configs.0.static_shared_bytes"},
		{Label: "dynamic shared", Text: fmtCount(cfg.DynamicShared) + " B", Path: "configs.0.dynamic_shared_bytes"},
	}
	if o.Error != "" {
		c.Big, c.BigClass, c.Why = "cannot launch", "bad", o.Error
		return c
	}
	c.Big = fmtPercent(100 * o.Fraction)
	if o.Fraction < 0.5 {
		c.BigClass = "bad"
	}
	c.Items = append(c.Items,
		cardItem{Label: "occupancy", Text: fmtPercent(100 * o.Fraction), Path: "configs.0.occupancy.theoretical_occupancy"},
		cardItem{Label: "blocks/SM", Text: fmtCount(o.BlocksPerSM), Path: "configs.0.occupancy.active_blocks_per_sm"},
		cardItem{Label: "warps/SM", Text: fmtCount(o.WarpsPerSM), Path: "configs.0.occupancy.active_warps_per_sm"},
		cardItem{Label: "limited by", Text: o.Limit, Path: "configs.0.occupancy.limit", Class: "bad"})
	c.Why = fmt.Sprintf("%d resident block%s of %d threads per SM; the %s limit binds first.",
		o.BlocksPerSM, plural(o.BlocksPerSM), cfg.Block[0]*cfg.Block[1]*cfg.Block[2], o.Limit)
	if len(p.Configs) > 1 {
		c.Why += fmt.Sprintf(" The most launched of %d configurations.", len(p.Configs))
	}
	return c
}

// timeCard is the card of p's predicted time and Hong and Kim's account
// of it.
func timeCard(p *record.KernelProfile) card {
	c := card{Title: "Predicted time"}
	if p.Timing == nil {
		c.Big, c.Why = "–", "No GPU preset models "+p.Arch+": -gpu names one."
		return c
	}
	t := p.Timing
	c.Big, c.BigNote = fmtNanos(p.PredictedNS), "bound by "+p.Bottleneck
	c.Items = []cardItem{
		{Label: "GPU", Text: p.GPU, Path: "gpu"},
		{Label: "all launches", Text: fmtNanos(p.PredictedNS), Path: "predicted_ns"},
		{Label: "bound by", Text: p.Bottleneck, Path: "bottleneck", Class: "bad"},
		{Label: "longest launch", Text: fmtNanos(t.LaunchNS), Path: "timing.launch_ns"},
		{Label: "MWP", Text: sig3(t.MWP), Path: "timing.mwp"},
		{Label: "CWP", Text: sig3(t.CWP), Path: "timing.cwp"},
		{Label: "warps/SM", Text: sig3(t.Warps), Path: "timing.active_warps_per_sm"},
		{Label: "memory cycles/warp", Text: sig3(t.MemCycles), Path: "timing.mem_cycles_per_warp"},
		{Label: "compute cycles/warp", Text: sig3(t.CompCycles), Path: "timing.comp_cycles_per_warp"},
		{Label: "DRAM bound", Text: fmtNanos(t.DRAMNS), Path: "timing.dram_bound_ns"},
		{Label: "issue bound", Text: fmtNanos(t.IssueNS), Path: "timing.issue_bound_ns"},
	}
	switch {
	case t.MWP >= t.Warps && t.CWP >= t.Warps:
		c.Why = fmt.Sprintf("MWP and CWP are both the %s active warps: too few warps per SM to hide one another's memory latency.",
			sig3(t.Warps))
	case t.MWP < t.CWP:
		c.Why = fmt.Sprintf("MWP %s < CWP %s: fewer warps can have memory requests in flight than have work to hide them, so warps wait on memory.",
			sig3(t.MWP), sig3(t.CWP))
	default:
		c.Why = fmt.Sprintf("CWP %s ≤ MWP %s: memory waits are hidden behind other warps' computation; the instructions set the pace.",
			sig3(t.CWP), sig3(t.MWP))
	}
	return c
}

// divergenceCard is the card of p's branch and warp efficiency.
func divergenceCard(p *record.KernelProfile) card {
	m, t := p.Metrics, p.Total
	c := card{Title: "Divergence", Big: fmtPercent(m.WarpExecutionEfficiency), BigNote: "of lanes active"}
	if m.WarpExecutionEfficiency < 90 {
		c.BigClass = "bad"
	}
	c.Items = []cardItem{
		{Label: "warp_execution_efficiency", Text: fmtPercent(m.WarpExecutionEfficiency), Path: "metrics.warp_execution_efficiency"},
		{Label: "branch_efficiency", Text: fmtPercent(m.BranchEfficiency), Path: "metrics.branch_efficiency"},
		{Label: "divergent branches", Text: fmtCount(t.DivergentBranches), Path: "total.divergent_branch"},
		{Label: "branches", Text: fmtCount(t.Branches), Path: "total.branch"},
		{Label: "warp instructions", Text: fmtCount(t.InstExecuted), Path: "total.inst_executed"},
	}
	return c
}

// memoryCard is the card of p's memory requests, transactions per
// request and bank conflicts.
func memoryCard(p *record.KernelProfile) card {
	m, t := p.Metrics, p.Total
	c := card{Title: "Memory"}
	add := func(label, text, path string) {
		c.Items = append(c.Items, cardItem{Label: label, Text: text, Path: path})
	}
	add("global load requests", fmtCount(t.GldRequests), "total.global_load_requests")
	add("gld_transactions/request", sig3(m.GldTransactionsPerRequest), "metrics.gld_transactions_per_request")
	add("gld_efficiency", fmtPercent(m.GldEfficiency), "metrics.gld_efficiency")
	add("global store requests", fmtCount(t.GstRequests), "total.global_store_requests")
	add("gst_transactions/request", sig3(m.GstTransactionsPerRequest), "metrics.gst_transactions_per_request")
	add("gst_efficiency", fmtPercent(m.GstEfficiency), "metrics.gst_efficiency")
	if t.SharedLdRequests+t.SharedStRequests > 0 {
		add("shared load requests", fmtCount(t.SharedLdRequests), "total.shared_load_requests")
		add("shared loads/request", sig3(m.SharedLoadTransactionsPerRequest), "metrics.shared_load_transactions_per_request")
		add("shared_ld_bank_conflict", fmtCount(t.SharedLdConflicts), "total.shared_ld_bank_conflict")
		add("shared store requests", fmtCount(t.SharedStRequests), "total.shared_store_requests")
		add("shared stores/request", sig3(m.SharedStoreTransactionsPerRequest), "metrics.shared_store_transactions_per_request")
		add("shared_st_bank_conflict", fmtCount(t.SharedStConflicts), "total.shared_st_bank_conflict")
	}
	if t.GlobalAtomRequests+t.SharedAtomRequests > 0 {
		add("atomic requests", fmtCount(t.GlobalAtomRequests+t.SharedAtomRequests), "")
		add("global atomic ops", fmtCount(t.GlobalAtomOperations), "total.global_atom_operations")
		add("shared atomic ops", fmtCount(t.SharedAtomOperations), "total.shared_atom_operations")
	}
	if t.LocalLdRequests+t.LocalStRequests > 0 {
		add("local load transactions", fmtCount(t.LocalLdTransactions), "total.local_load_transactions")
		add("local store transactions", fmtCount(t.LocalStTransactions), "total.local_store_transactions")
	}
	perReq := m.GldTransactionsPerRequest
	if t.GldRequests == 0 {
		perReq = m.GstTransactionsPerRequest
	}
	c.Big, c.BigNote = sig3(perReq), "global transactions per request"
	if conflicts := t.SharedLdConflicts + t.SharedStConflicts; conflicts > 0 {
		c.Why = fmt.Sprintf("%s bank-conflict replays: shared requests serialized beyond the one wavefront they need.", fmtCount(conflicts))
	}
	return c
}
