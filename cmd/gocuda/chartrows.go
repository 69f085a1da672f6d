package main

import (
	"fmt"
	"slices"

	"github.com/gocuda/gocuda/bench"
)

// A chartRow is one line of the speedup chart: a group's header, the
// runtime-path and compiled speedups of one gocuda variant, or the two
// hand-written baselines. A zero speedup is absent.
type chartRow struct {
	header            string // the group's title, on a header row
	label             string // the variant, on a data row
	runtime, compiled float64
	serial, parallel  float64
}

// chartRows arranges the verified results for the chart: for each kernel
// and size, in the order run, a header naming the baseline that is 1×,
// a row per gocuda variant with its runtime-path and compiled speedups
// side by side, and a row for the hand-written baselines. Groups without
// a baseline are left out: they have no speedups.
func chartRows(results []benchResult) []chartRow {
	var rows []chartRow
	for _, g := range groupResults(results) {
		var base benchResult
		for _, r := range g {
			if r.Verified && r.Speedup > 0 && r.Variant == r.Baseline {
				base = r
			}
		}
		if base.Baseline == "" {
			continue
		}
		rows = append(rows, chartRow{header: fmt.Sprintf("%s  %s   (1× = %s, %s)", g[0].Kernel, g[0].label(), base.Baseline, formatTime(base.MedianNs))})
		hand := chartRow{label: "hand-written Go"}
		var variants []chartRow
		for _, r := range g {
			if !r.Verified || r.Speedup <= 0 {
				continue
			}
			name, compiled := bench.SplitCompiled(r.Variant)
			switch {
			case r.Variant == bench.HandSerial:
				hand.serial = r.Speedup
			case r.Variant == bench.HandParallel:
				hand.parallel = r.Speedup
			default:
				i := slices.IndexFunc(variants, func(c chartRow) bool { return c.label == name })
				if i < 0 {
					variants = append(variants, chartRow{label: name})
					i = len(variants) - 1
				}
				if compiled {
					variants[i].compiled = r.Speedup
				} else {
					variants[i].runtime = r.Speedup
				}
			}
		}
		rows = append(append(rows, variants...), hand)
	}
	return rows
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
