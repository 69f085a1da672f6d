package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/gocuda/gocuda/internal/bench"
)

// benchPkg is the import path go test prints as pkg for the benchmarks
// that gocuda bench runs too, so that benchstat puts both in one table.
const benchPkg = "github.com/gocuda/gocuda/bench"

// writeGoBench writes results in the Go benchmark format, as go test -bench
// prints it: the same configuration lines (goos, goarch, pkg, cpu, and no
// others, which would make benchstat split the runs it compares into
// separate tables), then one line per sample with the sub-benchmark's go
// test name, the sample's runs, ns/op and MB/s or GFLOP/s. So benchstat
// reads it, and compares it with go test's output or another bench run.
// Variants that failed are left out.
func writeGoBench(w io.Writer, env benchEnv, command string, results []benchResult) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s: %s\n", command, env.caption())
	fmt.Fprintf(bw, "goos: %s\ngoarch: %s\npkg: %s\n", env.GOOS, env.GOARCH, benchPkg)
	if env.CPU != "" {
		fmt.Fprintf(bw, "cpu: %s\n", env.CPU)
	}

	fmt.Fprintf(bw, "Unit %s better=higher\n", bench.GFLOPs)
	suffix := ""
	if env.GOMAXPROCS != 1 { // go test's suffix: BenchmarkX/y-8
		suffix = "-" + strconv.Itoa(env.GOMAXPROCS)
	}
	for _, r := range results {
		if !r.Verified {
			continue
		}
		for i, ns := range r.Samples {
			fmt.Fprintf(bw, "%s%s\t%8d\t%s ns/op\t%s\n", r.Benchmark, suffix, r.Runs[i], goBenchFloat(ns), rateField(r, ns))
		}
	}
	return bw.Flush()
}

// rateField formats r's rate at ns per operation as go test reports it:
// MB/s from SetBytes, or the GFLOP/s metric.
func rateField(r benchResult, ns float64) string {
	perNs := float64(r.Work) / ns // bytes or flops per ns: GB/s or GFLOP/s
	if r.Metric == bench.GBps {
		return strconv.FormatFloat(perNs*1e3, 'f', 2, 64) + " MB/s"
	}
	return goBenchFloat(perNs) + " " + r.Metric
}

// goBenchFloat formats v as go test does: no decimals from 100 up, four
// significant digits below.
func goBenchFloat(v float64) string {
	if v >= 100 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return sig(v, 4)
}
