package main

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
)

// resultColumns are the columns of the results table of both bench and
// demo, in order: text left-aligned, numbers right-aligned with their
// units.
var resultColumns = []column{
	{"kernel", false}, {"size", false}, {"variant", false},
	{"median", true}, {"±MAD", true}, {"samples", true}, {"rate", true},
	{"speedup", true}, {"vs", false}, {"verified", false},
}

// resultsLegend explains the columns that need it, under the table.
const resultsLegend = `median: time per operation, the median of the samples; ±MAD: their median
absolute deviation, as a share of the median. speedup: the time of the best
hand-written Go at that size (vs: handSerial or handParallel, whichever was
faster) divided by the variant's; 1× is as fast, above 1× faster.
`

// resultRow returns r's cells, in resultColumns' order.
func resultRow(r benchResult) []string {
	row := []string{r.Kernel, r.label(), r.Variant, "-", "-", strconv.Itoa(len(r.Samples)), "-", "-", r.Baseline, yesNo(r.Verified)}
	if r.MedianNs > 0 {
		row[3], row[4] = formatTime(r.MedianNs), formatPercent(r.MADNs/r.MedianNs)
		row[6] = formatRate(r.Rate, r.Metric)
	}
	if r.Speedup > 0 {
		row[7] = formatSpeedup(r.Speedup)
	}
	return row
}

// writeResults writes the results table, a FAIL line for each variant
// that failed, and the legend.
func writeResults(w io.Writer, results []benchResult) error {
	rows := make([][]string, len(results))
	for i, r := range results {
		rows[i] = resultRow(r)
	}
	if err := writeTable(w, resultColumns, rows); err != nil {
		return err
	}
	for _, r := range results {
		if !r.Verified {
			fmt.Fprintf(w, "%s %s %s: FAIL: %s\n", r.Kernel, r.label(), r.Variant, r.Error)
		}
	}
	writeUnscaled(w, results, runtime.GOMAXPROCS(0))
	_, err := fmt.Fprint(w, "\n"+resultsLegend)
	return err
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}
