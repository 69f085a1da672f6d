package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// writeMarkdown writes the speedups of one bench run, or of several (one
// per build, as -json wrote them), as a Markdown table: a row per kernel
// and size, in the first report's order; a column for the runtime path's
// fastest variant, from the first report; and a column per report for
// its compiled variants, the fastest (named) and the slowest. A caption
// under it names the command, the machine and the date of each report.
func writeMarkdown(w io.Writer, reports []benchReport) error {
	if len(reports) == 0 {
		return fmt.Errorf("no reports")
	}
	var b strings.Builder
	b.WriteString("| kernel | size | runtime path |")
	for _, r := range reports {
		fmt.Fprintf(&b, " %s |", compiledColumn(r.Env.Build))
	}
	b.WriteString("\n| --- | --- | --- |")
	b.WriteString(strings.Repeat(" --- |", len(reports)))
	b.WriteString("\n")
	for _, key := range markdownRows(reports[0].Results) {
		fmt.Fprintf(&b, "| %s | %s | %s |", key.kernel, key.size, markdownCell(reports[0].Results, key, false))
		for _, r := range reports {
			fmt.Fprintf(&b, " %s |", markdownCell(r.Results, key, true))
		}
		b.WriteString("\n")
	}
	b.WriteString("\nSpeed relative to the faster of hand-written serial and parallel Go at each size: 1× is as fast, above 1× faster. " +
		"A cell names the fastest variant; after the comma is the slowest compiled variant's speed. Measured by")
	for i, r := range reports {
		e := r.Env
		sep := ","
		if i == len(reports)-1 {
			sep = "."
		}
		fmt.Fprintf(&b, " `%s` (%s; %s, GOMAXPROCS=%d, %s, %s)%s", r.Command, compiledColumn(e.Build), e.CPU, e.GOMAXPROCS, e.GoVersion, e.Date.Format("2006-01-02"), sep)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// compiledColumn names the column of a report's compiled variants by its
// build (benchEnv.Build).
func compiledColumn(build string) string {
	switch build {
	case "scalar":
		return "compiled"
	case "simd":
		return "compiled, SIMD build"
	}
	return "compiled, " + build
}

// A rowKey is one row of the Markdown table: a kernel at a size.
type rowKey struct{ kernel, size string }

// markdownRows returns the kernels and sizes of results, in order.
func markdownRows(results []benchResult) []rowKey {
	var keys []rowKey
	seen := map[rowKey]bool{}
	for _, r := range results {
		k := rowKey{r.Kernel, r.label()}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// markdownCell returns the cell of the compiled variants, or of the
// runtime path's, of results at key: the fastest variant's speedup and
// name, and for the compiled ones the slowest's speedup where there are
// several; FAIL where one did not match the host reference, and "-"
// where none ran.
func markdownCell(results []benchResult, key rowKey, compiled bool) string {
	var best, worst *benchResult
	n := 0
	for i := range results {
		r := &results[i]
		if r.Kernel != key.kernel || r.label() != key.size || r.Hand || r.Compiled != compiled {
			continue
		}
		if !r.Verified {
			return "FAIL: " + strings.TrimSuffix(r.Variant, "Compiled")
		}
		if r.Speedup <= 0 {
			continue
		}
		n++
		if best == nil || r.Speedup > best.Speedup {
			best = r
		}
		if worst == nil || r.Speedup < worst.Speedup {
			worst = r
		}
	}
	if best == nil {
		return "-"
	}
	cell := formatSpeedup(best.Speedup) + " " + strings.TrimSuffix(best.Variant, "Compiled")
	if compiled && n > 1 {
		cell += ", " + formatSpeedup(worst.Speedup)
	}
	return cell
}

// writeMarkdownFiles reads the reports bench -json wrote to files and
// writes them as one Markdown table (writeMarkdown).
func writeMarkdownFiles(w io.Writer, files []string) error {
	reports := make([]benchReport, len(files))
	for i, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, &reports[i]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return writeMarkdown(w, reports)
}
