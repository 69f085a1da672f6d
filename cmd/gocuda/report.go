package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// writeReport prints the results as a table, with a line for each failed
// check.
func writeReport(w io.Writer, workers int, results []result) {
	fmt.Fprintf(w, "gocuda demo: %d workers, median of %d runs after 1 warm-up\n\n", workers, timedRuns)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tn\ttime\tverified")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", r.name, r.n, formatDuration(r.time), yesNo(r.verified))
	}
	tw.Flush()
	for _, r := range results {
		if !r.verified {
			fmt.Fprintf(w, "%s: FAIL: %s\n", r.name, r.detail)
		}
	}
}

// writeSAXPYRatio prints SAXPY's time against the hand-written baseline's,
// as the speed relative to it (1.00 = as fast as hand-written parallel Go).
func writeSAXPYRatio(w io.Writer, r saxpyResult) {
	fmt.Fprintf(w, "\nsaxpy: gocuda %s, handParallel %s: gocuda runs at %.2f of hand-written parallel Go's speed\n",
		formatDuration(r.time), formatDuration(r.handParallel), ratio(r.handParallel, r.time))
}

func ratio(a, b time.Duration) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// formatDuration rounds d for the table: three significant digits or so.
func formatDuration(d time.Duration) string {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d >= time.Microsecond:
		return d.Round(10 * time.Nanosecond).String()
	}
	return d.String()
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}
