package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

const benchUsage = `usage: gocuda bench [-quick] [-kernel list] [-time d] [-json file] [-svg file]

Bench runs the comparisons of package bench outside go test: each kernel's
gocuda variants beside hand-written Go, serial (handSerial) and split over
GOMAXPROCS goroutines (handParallel). Every variant is first checked against
a sequential host reference, then timed: the median of 5 samples (3 with
-quick), each as many runs as fill the sample time. Progress goes to
standard error, the table to standard output:

	kernel  size  variant  time  GB/s or GFLOP/s  vs handParallel  verified

"vs handParallel" is handParallel's time divided by the variant's: 1.00 is
as fast as hand-written parallel Go. The kernels are saxpy, scan, reduce,
nbody and matmul. It exits with status 1 if a check fails.

Flags:
`

// benchOptions are the bench subcommand's settings.
type benchOptions struct {
	quick   bool
	kernels []bench.Kernel
	minTime time.Duration
	samples int
}

// runBench is the bench subcommand.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "small sizes and short samples: done within a minute on 2 cores")
	only := fs.String("kernel", "", "comma-separated `kernels` to run (default all)")
	minTime := fs.Duration("time", 0, "`duration` of each timing sample (default 200ms, 20ms with -quick)")
	jsonFile := fs.String("json", "", "also write the results as JSON to `file`")
	svgFile := fs.String("svg", "", "also draw the speedups as an SVG bar chart in `file`")
	if code, ok := parseFlags(fs, benchUsage, args, stderr); !ok {
		return code
	}
	opts := benchOptions{quick: *quick, minTime: *minTime, samples: 5}
	if opts.quick {
		opts.samples = 3
	}
	if opts.minTime <= 0 {
		opts.minTime = map[bool]time.Duration{false: 200 * time.Millisecond, true: 20 * time.Millisecond}[opts.quick]
	}
	var err error
	if opts.kernels, err = selectKernels(*only); err != nil {
		fmt.Fprintf(stderr, "gocuda bench: %v\n", err)
		return exitUsage
	}
	dev := gocuda.Default()
	runtimeDev, err := gocuda.NewDevice(gocuda.WithRuntimePath())
	if err != nil {
		fmt.Fprintf(stderr, "gocuda bench: %v\n", err)
		return exitFailure
	}
	defer runtimeDev.Close()
	results := runBenchmarks(dev, runtimeDev, opts, stderr)
	writeBenchTable(stdout, dev.Workers(), opts, results)
	if err := writeOutputs(*jsonFile, *svgFile, results); err != nil {
		fmt.Fprintf(stderr, "gocuda bench: %v\n", err)
		return exitFailure
	}
	for _, r := range results {
		if !r.Verified {
			fmt.Fprintln(stderr, "gocuda bench: FAIL: a result did not match the host reference")
			return exitFailure
		}
	}
	return exitOK
}

// selectKernels returns the kernels named in the comma-separated list, or
// all of them for an empty list.
func selectKernels(list string) ([]bench.Kernel, error) {
	if list == "" {
		return bench.Kernels(), nil
	}
	var ks []bench.Kernel
	for name := range strings.SplitSeq(list, ",") {
		k, ok := bench.KernelNamed(strings.TrimSpace(name))
		if !ok {
			return nil, fmt.Errorf("unknown kernel %q", name)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// writeOutputs writes the JSON and SVG files that were asked for.
func writeOutputs(jsonFile, svgFile string, results []benchResult) error {
	write := func(name string, render func(io.Writer, []benchResult) error) error {
		if name == "" {
			return nil
		}
		f, err := os.Create(name)
		if err != nil {
			return err
		}
		if err := render(f, results); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	if err := write(jsonFile, writeJSON); err != nil {
		return err
	}
	return write(svgFile, writeSVG)
}
