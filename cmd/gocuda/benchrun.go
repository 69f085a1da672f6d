package main

import (
	"fmt"
	"io"
	"time"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// A benchResult is one variant of one kernel at one size, as the table,
// the JSON file and the chart show it.
type benchResult struct {
	Kernel   string  `json:"kernel"`
	Variant  string  `json:"variant"`
	N        int     `json:"n"`
	NsPerOp  float64 `json:"ns_per_op"`
	Metric   string  `json:"metric"`
	Rate     float64 `json:"rate"` // in Metric's unit
	Speedup  float64 `json:"speedup_vs_hand_parallel"`
	Verified bool    `json:"verified"`
	Error    string  `json:"error,omitempty"`
}

// runBenchmarks checks and times every variant of opts' kernels at their
// sizes, reporting progress to progress.
func runBenchmarks(dev, runtimeDev *gocuda.Device, opts benchOptions, progress io.Writer) []benchResult {
	total := 0
	for _, k := range opts.kernels {
		total += len(sizes(k, opts.quick))
	}
	var results []benchResult
	step := 0
	for _, k := range opts.kernels {
		for _, n := range sizes(k, opts.quick) {
			step++
			fmt.Fprintf(progress, "[%d/%d] %s %s=%d:", step, total, k.Name, k.SizeName, n)
			start := time.Now()
			rs := runSize(dev, runtimeDev, k, n, opts, progress)
			fmt.Fprintf(progress, " (%s)\n", time.Since(start).Round(time.Millisecond))
			results = append(results, rs...)
		}
	}
	return results
}

func sizes(k bench.Kernel, quick bool) []int {
	if quick {
		return k.Quick
	}
	return k.Sizes
}

// runSize measures every variant of k at size n, compiled (dev) and on the
// runtime path (runtimeDev), and fills in the speedups.
func runSize(dev, runtimeDev *gocuda.Device, k bench.Kernel, n int, opts benchOptions, progress io.Writer) []benchResult {
	var rs []benchResult
	for _, v := range bench.Variants(k, dev, runtimeDev, n) {
		fmt.Fprintf(progress, " %s", v.Name)
		rs = append(rs, measureVariant(k, v, n, opts))
	}
	var hand float64
	for _, r := range rs {
		if r.Variant == bench.HandParallel {
			hand = r.NsPerOp
		}
	}
	for i := range rs {
		if hand > 0 && rs[i].NsPerOp > 0 {
			rs[i].Speedup = hand / rs[i].NsPerOp
		}
	}
	return rs
}

// measureVariant checks v and, if it is right, times it.
func measureVariant(k bench.Kernel, v bench.Variant, n int, opts benchOptions) benchResult {
	r := benchResult{Kernel: k.Name, Variant: v.Name, N: n, Metric: k.Metric}
	if err := v.Check(); err != nil {
		r.Error = err.Error()
		return r
	}
	ns, err := bench.Measure(v, opts.minTime, opts.samples)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Verified, r.NsPerOp = true, ns
	if ns > 0 {
		r.Rate = k.Work(n) / ns // bytes or flops per ns: GB/s or GFLOP/s
	}
	return r
}
