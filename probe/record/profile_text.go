package record

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// A profColumn is a column of the text table, headed by its metric's name.
type profColumn struct {
	name string
	cell func(c Counts, m Metrics) string
}

// A profColumnGroup is the columns of one kind of event; the table shows
// a group only if the kernel has such events (has of its total), and a
// line's cells in it only if the line has.
type profColumnGroup struct {
	has  func(c Counts) bool
	cols []profColumn
}

func profCount(n int) string          { return strconv.Itoa(n) }
func profPerRequest(r float64) string { return strconv.FormatFloat(r, 'f', 2, 64) }
func profPercent(r float64) string    { return strconv.FormatFloat(r, 'f', 2, 64) + "%" }

// profColumns are the text table's columns, in nvprof's names.
var profColumns = []profColumnGroup{
	{func(c Counts) bool { return c.InstExecuted > 0 }, []profColumn{
		{"inst_executed", func(c Counts, _ Metrics) string { return profCount(c.InstExecuted) }},
		{"warp_execution_efficiency", func(_ Counts, m Metrics) string { return profPercent(m.WarpExecutionEfficiency) }},
	}},
	{func(c Counts) bool { return c.GldRequests > 0 }, []profColumn{
		{"global_load_requests", func(c Counts, _ Metrics) string { return profCount(c.GldRequests) }},
		{"gld_transactions", func(c Counts, _ Metrics) string { return profCount(c.GldTransactions) }},
		{"gld_transactions_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.GldTransactionsPerRequest) }},
		{"gld_efficiency", func(_ Counts, m Metrics) string { return profPercent(m.GldEfficiency) }},
	}},
	{func(c Counts) bool { return c.GstRequests > 0 }, []profColumn{
		{"global_store_requests", func(c Counts, _ Metrics) string { return profCount(c.GstRequests) }},
		{"gst_transactions", func(c Counts, _ Metrics) string { return profCount(c.GstTransactions) }},
		{"gst_transactions_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.GstTransactionsPerRequest) }},
		{"gst_efficiency", func(_ Counts, m Metrics) string { return profPercent(m.GstEfficiency) }},
	}},
	{func(c Counts) bool { return c.SharedLdRequests > 0 }, []profColumn{
		{"shared_load_requests", func(c Counts, _ Metrics) string { return profCount(c.SharedLdRequests) }},
		{"shared_load_transactions", func(c Counts, _ Metrics) string { return profCount(c.SharedLdTransactions) }},
		{"shared_load_transactions_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.SharedLoadTransactionsPerRequest) }},
		{"shared_ld_bank_conflict", func(c Counts, _ Metrics) string { return profCount(c.SharedLdConflicts) }},
	}},
	{func(c Counts) bool { return c.SharedStRequests > 0 }, []profColumn{
		{"shared_store_requests", func(c Counts, _ Metrics) string { return profCount(c.SharedStRequests) }},
		{"shared_store_transactions", func(c Counts, _ Metrics) string { return profCount(c.SharedStTransactions) }},
		{"shared_store_transactions_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.SharedStoreTransactionsPerRequest) }},
		{"shared_st_bank_conflict", func(c Counts, _ Metrics) string { return profCount(c.SharedStConflicts) }},
	}},
	{func(c Counts) bool { return c.LocalLdRequests > 0 }, []profColumn{
		{"local_load_requests", func(c Counts, _ Metrics) string { return profCount(c.LocalLdRequests) }},
		{"local_load_transactions", func(c Counts, _ Metrics) string { return profCount(c.LocalLdTransactions) }},
	}},
	{func(c Counts) bool { return c.LocalStRequests > 0 }, []profColumn{
		{"local_store_requests", func(c Counts, _ Metrics) string { return profCount(c.LocalStRequests) }},
		{"local_store_transactions", func(c Counts, _ Metrics) string { return profCount(c.LocalStTransactions) }},
	}},
	{func(c Counts) bool { return c.Branches > 0 }, []profColumn{
		{"branch", func(c Counts, _ Metrics) string { return profCount(c.Branches) }},
		{"divergent_branch", func(c Counts, _ Metrics) string { return profCount(c.DivergentBranches) }},
		{"branch_efficiency", func(_ Counts, m Metrics) string { return profPercent(m.BranchEfficiency) }},
	}},
}

// writeProfileText writes each profile as a header and a table of its lines.
func writeProfileText(w io.Writer, profiles []*KernelProfile) error {
	var b strings.Builder
	if len(profiles) == 0 {
		b.WriteString("no kernels were profiled\n")
	}
	for i, p := range profiles {
		if i > 0 {
			b.WriteByte('\n')
		}
		profTextHeader(&b, p)
		profTextTable(&b, p)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// profTextHeader writes the kernel's name, architecture, launches,
// configurations with their occupancy, and divergence metrics.
func profTextHeader(b *strings.Builder, p *KernelProfile) {
	fmt.Fprintf(b, "%s on %s (%d registers per thread assumed): %d %s\n",
		p.Kernel, p.Arch, p.Registers, p.Launches, profPlural(p.Launches, "launch", "launches"))
	for _, c := range p.Configs {
		fmt.Fprintf(b, "  grid %s block %s, shared memory %d+%d bytes, %d %s: ",
			profDims(c.Grid), profDims(c.Block), c.StaticShared, c.DynamicShared, c.Launches, profPlural(c.Launches, "launch", "launches"))
		if o := c.Occupancy; o.Error != "" {
			fmt.Fprintf(b, "cannot launch: %s\n", o.Error)
		} else {
			fmt.Fprintf(b, "occupancy %.1f%% (%d blocks, %d warps per SM), limited by %s\n",
				100*o.Fraction, o.BlocksPerSM, o.WarpsPerSM, o.Limit)
		}
	}
	fmt.Fprintf(b, "  branch_efficiency %s, warp_execution_efficiency %s\n",
		profPercent(p.Metrics.BranchEfficiency), profPercent(p.Metrics.WarpExecutionEfficiency))
}

// profTextTable writes one row per line, in the column groups the kernel has.
func profTextTable(b *strings.Builder, p *KernelProfile) {
	var groups []profColumnGroup
	header := []string{"line", "func"}
	for _, g := range profColumns {
		if g.has(p.Total) {
			groups = append(groups, g)
			for _, c := range g.cols {
				header = append(header, c.name)
			}
		}
	}
	rows := [][]string{header}
	for _, l := range p.Lines {
		row := []string{filepath.Base(l.File) + ":" + strconv.Itoa(l.Line), l.Func}
		for _, g := range groups {
			for _, c := range g.cols {
				if g.has(l.Counts) {
					row = append(row, c.cell(l.Counts, l.Metrics))
				} else {
					row = append(row, "-")
				}
			}
		}
		rows = append(rows, row)
	}
	profAligned(b, rows, 2)
}

// profAligned writes rows as columns two spaces apart, the first left
// columns left-aligned and the others right-aligned.
func profAligned(b *strings.Builder, rows [][]string, left int) {
	var width []int
	for _, r := range rows {
		for i, cell := range r {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len(cell))
		}
	}
	for _, r := range rows {
		line := "  "
		for i, cell := range r {
			pad := strings.Repeat(" ", width[i]-len(cell))
			if i < left {
				line += cell + pad
			} else {
				line += pad + cell
			}
			if i < len(r)-1 {
				line += "  "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

func profDims(d [3]int) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

func profPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
