package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/gocuda/gocuda/internal/bench"
)

// Thresholds of the note on hand-written parallel Go that did not get its
// cores (unscaled).
const (
	// scaledAtLeast is the least speed of handParallel over handSerial
	// expected where two cores or more run it: on the 2-core development
	// machine the memory-bound sums and scans reach 1.5–2, the
	// compute-bound kernels 2.
	scaledAtLeast = 1.25
	// scaledFromNs is the serial loop's time from which its parallel
	// split's goroutines cost little: below it, a parallel loop may be
	// slower for its start alone.
	scaledFromNs = 1e6
)

// unscaled returns the kernels and sizes ("matmul n=1024") whose
// hand-written parallel loop ran less than scaledAtLeast times as fast as
// its serial loop, over work long enough to split, on procs cores. That
// happens where a core was busy, or slower, while it ran (a VM's vCPUs
// may run at different speeds for minutes): the parallel loop waits for
// its slowest part, where gocuda's workers take blocks as they come, so
// speedups against handParallel there flatter gocuda.
func unscaled(results []benchResult, procs int) []string {
	if procs < 2 {
		return nil
	}
	type pair struct{ serial, parallel float64 }
	at := map[string]*pair{}
	var order []string
	for _, r := range results {
		if !r.Verified || r.MedianNs <= 0 || r.Variant != bench.HandSerial && r.Variant != bench.HandParallel {
			continue
		}
		key := r.Kernel + " " + r.label()
		if at[key] == nil {
			at[key] = &pair{}
			order = append(order, key)
		}
		if r.Variant == bench.HandSerial {
			at[key].serial = r.MedianNs
		} else {
			at[key].parallel = r.MedianNs
		}
	}
	var out []string
	for _, key := range order {
		p := at[key]
		if p.serial >= scaledFromNs && p.parallel > 0 && p.serial/p.parallel < scaledAtLeast {
			out = append(out, key)
		}
	}
	return out
}

// writeUnscaled writes the note on unscaled's kernels, if any.
func writeUnscaled(w io.Writer, results []benchResult, procs int) {
	if u := unscaled(results, procs); len(u) > 0 {
		fmt.Fprintf(w, "note: hand-written parallel Go ran less than %.3g× as fast as its serial loop on %d cores at %s:\n"+
			"a core was busy or slower meanwhile, and speedups against handParallel there flatter gocuda.\n",
			scaledAtLeast, procs, strings.Join(u, ", "))
	}
}
