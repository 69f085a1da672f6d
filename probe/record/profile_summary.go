package record

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The summary of a kernel, as Nsight Compute's speed-of-light section sums
// one up: its launches and occupancy with the resource that limits it, its
// branch and warp execution efficiency, a line per kind of memory it uses,
// and its costliest source lines with the few metrics that matter for it.
// Every line fits in Width columns.

// summaryLines is how many of a kernel's lines the summary shows.
const summaryLines = 8

// costColumns are the columns the summary's table may show, in order: the
// transactions of each kind of memory and the waste in them (bank
// conflicts), then divergence; a column shows if the kernel has any.
var costColumns = []string{
	"gld_transactions", "gst_transactions", "shared_load_transactions", "shared_ld_bank_conflict",
	"shared_store_transactions", "shared_st_bank_conflict", "local_load_transactions", "local_store_transactions",
	"shared_atom_operations", "global_atom_operations", "divergent_branch",
}

// lineCost is a line's memory transactions, which the summary ranks lines
// by: what a memory-bound kernel spends its time on.
func lineCost(c Counts) int {
	return c.GldTransactions + c.GstTransactions + c.SharedLdTransactions + c.SharedStTransactions +
		c.LocalLdTransactions + c.LocalStTransactions + c.SharedAtomOperations + c.GlobalAtomOperations
}

// profSummary writes p's summary.
func profSummary(b *strings.Builder, p *KernelProfile) {
	profHeader(b, p)
	profMemory(b, p)
	profTopLines(b, p)
}

// summaryLine writes a line of a summary, wrapped to Width.
func summaryLine(b *strings.Builder, format string, args ...any) {
	for _, l := range Wrap(fmt.Sprintf(format, args...), Width, 6) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// profHeader writes the kernel's name, architecture and launches, each
// configuration's occupancy and what limits it, and its branch and warp
// efficiency.
func profHeader(b *strings.Builder, p *KernelProfile) {
	line := func(format string, args ...any) { summaryLine(b, format, args...) }
	line("%s on %s: %d %s, %d registers per thread assumed", p.Kernel, p.Arch, p.Launches,
		profPlural(p.Launches, "launch", "launches"), p.Registers)
	for _, c := range p.Configs {
		cfg := fmt.Sprintf("  grid %s block %s, shared %d+%d B", profDims(c.Grid), profDims(c.Block), c.StaticShared, c.DynamicShared)
		if len(p.Configs) > 1 {
			cfg += fmt.Sprintf(", %d %s", c.Launches, profPlural(c.Launches, "launch", "launches"))
		}
		if o := c.Occupancy; o.Error != "" {
			line("%s: cannot launch: %s", cfg, o.Error)
		} else {
			line("%s: occupancy %.0f%% (%d blocks, %d warps/SM), limit %s", cfg, 100*o.Fraction,
				o.BlocksPerSM, o.WarpsPerSM, o.Limit)
		}
	}
	t, m := p.Total, p.Metrics
	divergent := ""
	if t.Branches > 0 {
		divergent = fmt.Sprintf(" (%d of %d branches divergent)", t.DivergentBranches, t.Branches)
	}
	line("  branch_efficiency %s%s, warp_execution_efficiency %s",
		profPercent(m.BranchEfficiency), divergent, profPercent(m.WarpExecutionEfficiency))
	if p.Timing != nil {
		tm := p.Timing
		line("  predicted %s on %s (bound by %s)", profMicros(p.PredictedNS), p.GPU, p.Bottleneck)
		line("    %.0f warps/SM, MWP %.1f, CWP %.1f, %.1f rounds of resident blocks, per warp %.0f memory and %.0f compute cycles",
			tm.Warps, tm.MWP, tm.CWP, tm.Rounds, tm.MemCycles, tm.CompCycles)
	}
}

// profMicros formats nanoseconds as microseconds: "8054.0 µs".
func profMicros(ns float64) string { return fmt.Sprintf("%.1f µs", ns/1e3) }

// profMemory writes a line per kind of memory p uses: its requests and
// transactions, and their efficiency or bank conflicts; and of its
// atomics, the operations they serialize into.
func profMemory(b *strings.Builder, p *KernelProfile) {
	t, m := p.Total, p.Metrics
	memory := []struct {
		what                   string
		requests, transactions int
		perRequest             float64
		extra                  string
	}{
		{"global loads", t.GldRequests, t.GldTransactions, m.GldTransactionsPerRequest, "gld_efficiency " + profPercent(m.GldEfficiency)},
		{"global stores", t.GstRequests, t.GstTransactions, m.GstTransactionsPerRequest, "gst_efficiency " + profPercent(m.GstEfficiency)},
		{"shared loads", t.SharedLdRequests, t.SharedLdTransactions, m.SharedLoadTransactionsPerRequest,
			fmt.Sprintf("%d bank conflicts", t.SharedLdConflicts)},
		{"shared stores", t.SharedStRequests, t.SharedStTransactions, m.SharedStoreTransactionsPerRequest,
			fmt.Sprintf("%d bank conflicts", t.SharedStConflicts)},
		{"local loads", t.LocalLdRequests, t.LocalLdTransactions, m.LocalLoadTransactionsPerRequest, ""},
		{"local stores", t.LocalStRequests, t.LocalStTransactions, m.LocalStoreTransactionsPerRequest, ""},
	}
	for _, k := range memory {
		if k.requests == 0 {
			continue
		}
		s := fmt.Sprintf("  %-13s %d requests, %d transactions, %s per request", k.what, k.requests, k.transactions,
			profPerRequest(k.perRequest))
		if k.extra != "" {
			s += ", " + k.extra
		}
		summaryLine(b, "%s", s)
	}
	if t.SharedAtomRequests > 0 {
		summaryLine(b, "  shared atomics %d requests, %d serialized operations, %s per request", t.SharedAtomRequests,
			t.SharedAtomOperations, profPerRequest(m.SharedAtomOperationsPerRequest))
	}
	if t.GlobalAtomRequests > 0 {
		summaryLine(b, "  global atomics %d requests, %d transactions, %d serialized operations, %s per request",
			t.GlobalAtomRequests, t.GlobalAtomTransactions, t.GlobalAtomOperations, profPerRequest(m.GlobalAtomOperationsPerRequest))
	}
}

// profTopLines writes the table of p's costliest lines, with the columns
// of costColumns that p has, as many as fit in Width.
func profTopLines(b *strings.Builder, p *KernelProfile) {
	lines := slices.Clone(p.Lines)
	byCost := slices.ContainsFunc(lines, func(l LineProfile) bool { return lineCost(l.Counts)+l.DivergentBranches > 0 })
	key := func(l LineProfile) [2]int {
		if byCost {
			return [2]int{lineCost(l.Counts), l.DivergentBranches}
		}
		return [2]int{l.InstExecuted, 0}
	}
	lines = slices.DeleteFunc(lines, func(l LineProfile) bool { return key(l) == [2]int{} })
	slices.SortStableFunc(lines, func(a, b LineProfile) int {
		ka, kb := key(a), key(b)
		return cmp.Or(cmp.Compare(kb[0], ka[0]), cmp.Compare(kb[1], ka[1]))
	})
	if len(lines) == 0 {
		return
	}
	lines = lines[:min(len(lines), summaryLines)]
	what := "memory transactions, then divergent branches"
	if !byCost {
		what = "instructions"
	}
	fmt.Fprintf(b, "  costliest lines, by %s:\n", what)
	b.WriteString(indent(fitTable(p, lines)))
}

// fitTable returns the table of lines with the columns of costColumns
// that p has, as many as fit in Width: those with the largest totals, in
// costColumns's order.
func fitTable(p *KernelProfile, lines []LineProfile) string {
	type candidate struct {
		col   tableColumn
		order int
		total float64
	}
	var cands []candidate
	for i, name := range costColumns {
		c, _ := columnNamed(name)
		if total, _ := strconv.ParseFloat(c.cell(p.Total, p.Metrics), 64); total > 0 {
			cands = append(cands, candidate{c, i, total})
		}
	}
	if len(cands) == 0 {
		cols, _ := columnsNamed([]string{"inst_executed", "warp_execution_efficiency"})
		var t strings.Builder
		profTextTable(&t, p, lines, cols)
		return t.String()
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.total, a.total) })
	var chosen []candidate
	table := ""
	for _, c := range cands {
		try := append(slices.Clone(chosen), c)
		slices.SortFunc(try, func(a, b candidate) int { return cmp.Compare(a.order, b.order) })
		var cols []tableColumn
		for _, t := range try {
			cols = append(cols, t.col)
		}
		var t strings.Builder
		profTextTable(&t, p, lines, cols)
		if tableWidth(t.String()) > Width && len(chosen) > 0 {
			continue
		}
		chosen, table = try, t.String()
	}
	return table
}

// tableWidth returns the widest line of s, indented as indent does.
func tableWidth(s string) int {
	w := 0
	for l := range strings.SplitSeq(s, "\n") {
		w = max(w, len(l)+2)
	}
	return w
}

// indent indents every line of s by two spaces.
func indent(s string) string {
	return strings.ReplaceAll("  "+strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}
