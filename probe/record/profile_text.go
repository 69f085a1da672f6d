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
	{func(c Counts) bool { return c.SharedAtomRequests > 0 }, []profColumn{
		{"shared_atom_requests", func(c Counts, _ Metrics) string { return profCount(c.SharedAtomRequests) }},
		{"shared_atom_operations", func(c Counts, _ Metrics) string { return profCount(c.SharedAtomOperations) }},
		{"shared_atom_operations_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.SharedAtomOperationsPerRequest) }},
	}},
	{func(c Counts) bool { return c.GlobalAtomRequests > 0 }, []profColumn{
		{"global_atom_requests", func(c Counts, _ Metrics) string { return profCount(c.GlobalAtomRequests) }},
		{"global_atom_transactions", func(c Counts, _ Metrics) string { return profCount(c.GlobalAtomTransactions) }},
		{"global_atom_operations", func(c Counts, _ Metrics) string { return profCount(c.GlobalAtomOperations) }},
		{"global_atom_operations_per_request", func(_ Counts, m Metrics) string { return profPerRequest(m.GlobalAtomOperationsPerRequest) }},
	}},
	{func(c Counts) bool { return c.Branches > 0 }, []profColumn{
		{"branch", func(c Counts, _ Metrics) string { return profCount(c.Branches) }},
		{"divergent_branch", func(c Counts, _ Metrics) string { return profCount(c.DivergentBranches) }},
		{"branch_efficiency", func(_ Counts, m Metrics) string { return profPercent(m.BranchEfficiency) }},
	}},
}

// TextOptions say how WriteProfilesText lays a profile out.
type TextOptions struct {
	// Metrics are the table's columns, by nvprof name (see MetricNames),
	// for every line; none: the summary, with the lines that cost most and
	// the metrics that matter for the kernel.
	Metrics []string
	// Wide prints the table of every line with every column the kernel
	// has (wider than Width).
	Wide bool
}

// MetricNames returns the names of the metrics a table can show, in
// table order.
func MetricNames() []string {
	var names []string
	for _, g := range profColumns {
		for _, c := range g.cols {
			names = append(names, c.name)
		}
	}
	return names
}

// WriteProfilesText writes profiles, merged as WriteProfiles merges them,
// as o says: per kernel a summary within Width columns, or a table of its
// lines with the columns asked for. An unknown metric is an error.
func WriteProfilesText(w io.Writer, profiles []*KernelProfile, o TextOptions) error {
	cols, err := columnsNamed(o.Metrics)
	if err != nil {
		return err
	}
	var b strings.Builder
	merged := MergeProfiles(profiles)
	if len(merged) == 0 {
		b.WriteString("no kernels were profiled\n")
	}
	for i, p := range merged {
		if i > 0 {
			b.WriteByte('\n')
		}
		switch {
		case o.Wide:
			profHeader(&b, p)
			profTextTable(&b, p, p.Lines, kernelColumns(p))
		case len(cols) > 0:
			profHeader(&b, p)
			profTextTable(&b, p, p.Lines, cols)
		default:
			profSummary(&b, p)
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// A tableColumn is a column of a table and the group it belongs to.
type tableColumn struct {
	profColumn
	group *profColumnGroup
}

// columnsNamed returns the columns of names, in their order.
func columnsNamed(names []string) ([]tableColumn, error) {
	var cols []tableColumn
	for _, name := range names {
		c, ok := columnNamed(name)
		if !ok {
			return nil, fmt.Errorf("unknown metric %q: want one of %s", name, strings.Join(MetricNames(), ", "))
		}
		cols = append(cols, c)
	}
	return cols, nil
}

func columnNamed(name string) (tableColumn, bool) {
	for i := range profColumns {
		for _, c := range profColumns[i].cols {
			if c.name == name {
				return tableColumn{c, &profColumns[i]}, true
			}
		}
	}
	return tableColumn{}, false
}

// kernelColumns returns every column of the groups p has.
func kernelColumns(p *KernelProfile) []tableColumn {
	var cols []tableColumn
	for i := range profColumns {
		if g := &profColumns[i]; g.has(p.Total) {
			for _, c := range g.cols {
				cols = append(cols, tableColumn{c, g})
			}
		}
	}
	return cols
}

// profTextTable writes a row per line of lines with the columns cols; a
// line without events of a column's kind has "-" there.
func profTextTable(b *strings.Builder, p *KernelProfile, lines []LineProfile, cols []tableColumn) {
	header := []string{"line", "func"}
	for _, c := range cols {
		header = append(header, c.name)
	}
	rows := [][]string{header}
	for _, l := range lines {
		row := []string{filepath.Base(l.File) + ":" + strconv.Itoa(l.Line), localName(p.Kernel, FuncName(l.Func))}
		for _, c := range cols {
			if c.group.has(l.Counts) {
				row = append(row, c.cell(l.Counts, l.Metrics))
			} else {
				row = append(row, "-")
			}
		}
		rows = append(rows, row)
	}
	profAligned(b, rows, 2)
}

// localName returns fn without its package if kernel is of the same one
// (the kernel's header names it).
func localName(kernel, fn string) string {
	pkg, _, ok := strings.Cut(fn, ".")
	if kpkg, _, _ := strings.Cut(kernel, "."); ok && pkg == kpkg {
		return fn[len(pkg)+1:]
	}
	return fn
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
