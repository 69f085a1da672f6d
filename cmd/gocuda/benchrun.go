package main

import (
	"fmt"
	"io"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// A benchResult is one variant of one kernel at one size, as the tables,
// the JSON file, the Go benchmark file and the chart show it.
type benchResult struct {
	Kernel    string `json:"kernel"`
	Benchmark string `json:"benchmark"` // go test's name, without the -GOMAXPROCS suffix
	SizeKey   string `json:"size_key"`  // "n", "bodies", "width"
	N         int    `json:"size"`
	Variant   string `json:"variant"`  // the impl= of the name
	Compiled  bool   `json:"compiled"` // compiled by gocuda compile (Variant ends in Compiled)
	Hand      bool   `json:"hand_written"`
	Metric    string `json:"metric"`      // GB/s or GFLOP/s
	Work      int64  `json:"work_per_op"` // bytes or flops of one operation

	Samples  []float64 `json:"samples_ns_per_op"`
	Runs     []int     `json:"runs_per_sample"`
	MinNs    float64   `json:"min_ns_per_op"`
	MedianNs float64   `json:"median_ns_per_op"`
	MaxNs    float64   `json:"max_ns_per_op"`
	MADNs    float64   `json:"mad_ns_per_op"`
	Rate     float64   `json:"rate"` // in Metric's unit, at the median time

	// Speedup is Baseline's median time divided by this variant's; Baseline
	// is the faster of handSerial and handParallel at this size.
	Speedup  float64 `json:"speedup"`
	Baseline string  `json:"baseline"`
	Verified bool    `json:"verified"`
	Error    string  `json:"error,omitempty"`
}

// label returns the size level of the result's name: "n=1048576".
func (r benchResult) label() string { return fmt.Sprintf("%s=%d", r.SizeKey, r.N) }

// newBenchResults converts the results of bench.Compare for k at size n.
func newBenchResults(k bench.Kernel, n int, rs []bench.Result) []benchResult {
	out := make([]benchResult, len(rs))
	for i, r := range rs {
		_, compiled := bench.SplitCompiled(r.Variant)
		br := benchResult{
			Kernel: k.Name, Benchmark: k.BenchName(n, r.Variant), SizeKey: k.SizeKey, N: n,
			Variant: r.Variant, Compiled: compiled, Hand: bench.IsBaseline(r.Variant),
			Metric: k.Metric, Work: int64(k.Work(n)),
			Samples: r.Timing.NsPerOp(), MinNs: r.Summary.Min, MedianNs: r.Summary.Median,
			MaxNs: r.Summary.Max, MADNs: r.Summary.MAD,
			Speedup: r.Speedup, Baseline: r.Baseline, Verified: r.Verified(),
		}
		for _, s := range r.Timing.Samples {
			br.Runs = append(br.Runs, s.Runs)
		}
		if br.MedianNs > 0 {
			br.Rate = k.Work(n) / br.MedianNs // bytes or flops per ns: GB/s or GFLOP/s
		}
		if err := r.Err(); err != nil {
			br.Error = err.Error()
		}
		out[i] = br
	}
	return out
}

// runBenchmarks runs bench.Compare on every variant of opts' kernels at
// their sizes, reporting progress to progress.
func runBenchmarks(dev, runtimeDev *gocuda.Device, opts benchOptions, progress io.Writer) []benchResult {
	total := 0
	for _, k := range opts.kernels {
		total += len(k.SizesFor(opts.quick))
	}
	var results []benchResult
	step := 0
	for _, k := range opts.kernels {
		for _, n := range k.SizesFor(opts.quick) {
			step++
			vs := bench.Variants(k, dev, runtimeDev, n)
			fmt.Fprintf(progress, "[%d/%d] %s %s: %d variants, %d interleaved rounds...", step, total, k.Name, k.SizeLabel(n), len(vs), opts.measure.Count)
			start := time.Now()
			results = append(results, newBenchResults(k, n, bench.Compare(vs, opts.measure))...)
			fmt.Fprintf(progress, " %s\n", time.Since(start).Round(100*time.Millisecond))
		}
	}
	return results
}
