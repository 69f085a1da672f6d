package main

import (
	"fmt"
	"slices"

	"github.com/gocuda/gocuda/internal/bench"
)

// The kinds of point on a chart row: a gocuda variant's runtime path and
// compiled kernel, or the two hand-written baselines.
const (
	runtimePoint = iota
	compiledPoint
	serialPoint
	parallelPoint
	numPoints
)

// A chartPoint is one variant's speedup on the chart, with the spread of
// its samples as speedups (lo, the slowest sample's; hi, the fastest's).
// A point with no speedup is absent, and its note says why.
type chartPoint struct {
	speedup, lo, hi float64
	samples         int
	note            string
}

// The notes of absent points.
const (
	noteTooSlow  = "runtime path not run at this size: too slow"
	noteNotRun   = "not run"
	noteNotValid = "failed its check against the host reference: see the table"
)

// A chartRow is one line of the speedup chart: a group's header, the
// runtime-path and compiled points of one gocuda variant, or the two
// hand-written baselines.
type chartRow struct {
	header string // the group's title, on a header row
	label  string // the variant, on a data row
	points [numPoints]chartPoint
}

// notes returns the notes of the row's absent points, in point order,
// each once.
func (r chartRow) notes() []string {
	var notes []string
	for _, p := range r.points {
		if p.note != "" && !slices.Contains(notes, p.note) {
			notes = append(notes, p.note)
		}
	}
	return notes
}

// chartRows arranges the results for the chart: for each kernel and size,
// in the order run, a header naming the baseline that is 1×, a row per
// gocuda variant with its runtime-path and compiled points side by side,
// and a row for the hand-written baselines. Groups without a baseline are
// left out: they have no speedups.
func chartRows(results []benchResult) []chartRow {
	var rows []chartRow
	for _, g := range groupResults(results) {
		i := slices.IndexFunc(g, func(r benchResult) bool { return r.Verified && r.Speedup > 0 && r.Variant == r.Baseline })
		if i < 0 {
			continue
		}
		base := g[i]
		rows = append(rows, chartRow{header: fmt.Sprintf("%s  %s   (1× = %s, %s)", g[0].Kernel, g[0].label(), base.Baseline, formatTime(base.MedianNs))})
		hand := chartRow{label: "hand-written Go"}
		hand.points[serialPoint].note, hand.points[parallelPoint].note = noteNotRun, noteNotRun
		var variants []chartRow
		for _, r := range g {
			row, kind := &hand, serialPoint
			name, compiled := bench.SplitCompiled(r.Variant)
			switch {
			case r.Variant == bench.HandParallel:
				kind = parallelPoint
			case r.Variant != bench.HandSerial:
				j := slices.IndexFunc(variants, func(c chartRow) bool { return c.label == name })
				if j < 0 {
					variants = append(variants, chartRow{label: name})
					j = len(variants) - 1
				}
				row, kind = &variants[j], runtimePoint
				if compiled {
					kind = compiledPoint
				}
			}
			row.points[kind] = newChartPoint(r, base)
		}
		rows = append(append(rows, missingNotes(variants)...), hand)
	}
	return rows
}

// newChartPoint returns r's point against the baseline base.
func newChartPoint(r, base benchResult) chartPoint {
	if !r.Verified || r.Speedup <= 0 {
		return chartPoint{note: noteNotValid}
	}
	p := chartPoint{speedup: r.Speedup, samples: len(r.Samples)}
	if p.samples > 1 && r.MinNs > 0 {
		p.lo, p.hi = base.MedianNs/r.MaxNs, base.MedianNs/r.MinNs
	}
	return p
}

// missingNotes gives the absent points of the variants' rows their note:
// bench runs most variants' runtime path only at the small sizes, and
// every compiled kernel unless GOCUDA_COMPILED=off.
func missingNotes(variants []chartRow) []chartRow {
	for i := range variants {
		p := &variants[i].points
		switch {
		case p[runtimePoint].speedup == 0 && p[runtimePoint].note == "":
			p[runtimePoint].note = noteTooSlow
		case p[compiledPoint].speedup == 0 && p[compiledPoint].note == "":
			p[compiledPoint].note = "compiled kernel " + noteNotRun
		}
	}
	return variants
}

// groupResults splits results into runs of one kernel at one size.
func groupResults(results []benchResult) [][]benchResult {
	var groups [][]benchResult
	for i, r := range results {
		if i == 0 || r.Kernel != results[i-1].Kernel || r.N != results[i-1].N {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], r)
	}
	return groups
}
