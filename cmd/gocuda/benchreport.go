package main

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"text/tabwriter"
	"time"
)

// writeBenchTable prints the results as a table, with a line for each
// failed check.
func writeBenchTable(w io.Writer, workers int, opts benchOptions, results []benchResult) {
	fmt.Fprintf(w, "gocuda bench: %d workers, median of %d samples of at least %v each\n\n", workers, opts.samples, opts.minTime)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kernel\tsize\tvariant\ttime\trate\t\tvs handParallel\tverified\t")
	for _, r := range results {
		speed := formatSpeedup(r.Speedup)
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%.2f\t%s\t%s\t%s\t\n", r.Kernel, r.N, r.Variant,
			formatDuration(time.Duration(r.NsPerOp)), r.Rate, r.Metric, speed, yesNo(r.Verified))
	}
	tw.Flush()
	for _, r := range results {
		if !r.Verified {
			fmt.Fprintf(w, "%s n=%d %s: FAIL: %s\n", r.Kernel, r.N, r.Variant, r.Error)
		}
	}
}

// formatSpeedup shows a speedup with two decimals, or two significant
// digits below 0.1, where the barrier-bound variants sit.
func formatSpeedup(s float64) string {
	switch {
	case s <= 0:
		return "-"
	case s < 0.1:
		return fmt.Sprintf("%.2g", s)
	}
	return fmt.Sprintf("%.2f", s)
}

// writeJSON writes {"results": [...]}.
func writeJSON(w io.Writer, results []benchResult) error {
	if results == nil {
		results = []benchResult{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Results []benchResult `json:"results"`
	}{results})
}

// The SVG chart's geometry, in pixels.
const (
	svgLabelWidth = 300
	svgBarWidth   = 420
	svgRowHeight  = 18
	svgTop        = 40
)

// writeSVG draws a horizontal bar per result: its speed relative to
// hand-written parallel Go, with a line at 1.0.
func writeSVG(w io.Writer, results []benchResult) error {
	top := 1.0
	for _, r := range results {
		top = max(top, r.Speedup)
	}
	scale := svgBarWidth / top
	height := svgTop + svgRowHeight*len(results) + 20
	width := svgLabelWidth + svgBarWidth + 60
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(w, `<text x="10" y="20" font-size="14">gocuda bench: speed relative to hand-written parallel Go (1.0 = as fast)</text>`+"\n")
	for i, r := range results {
		y := svgTop + i*svgRowHeight
		label := fmt.Sprintf("%s n=%d %s", r.Kernel, r.N, r.Variant)
		fill := "#4878a8"
		if r.Variant == "handParallel" || r.Variant == "handSerial" {
			fill = "#a0a0a0"
		}
		fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", svgLabelWidth-6, y+13, html.EscapeString(label))
		fmt.Fprintf(w, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", svgLabelWidth, y+3, r.Speedup*scale, svgRowHeight-6, fill)
		fmt.Fprintf(w, `<text x="%.1f" y="%d">%.2f</text>`+"\n", float64(svgLabelWidth)+r.Speedup*scale+4, y+13, r.Speedup)
	}
	x := float64(svgLabelWidth) + scale
	fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c03030" stroke-dasharray="4 3"/>`+"\n", x, svgTop-4, x, height-16)
	_, err := fmt.Fprintln(w, "</svg>")
	return err
}
