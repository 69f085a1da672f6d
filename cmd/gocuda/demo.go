package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/gocuda/gocuda/gocuda"
)

// Each kernel is timed as the median of timedRuns runs, after one warm-up
// run whose result is the one checked.
const timedRuns = 5

const demoUsage = `usage: gocuda demo [-n elements]

Demo runs two kernels on the default device (one worker per GOMAXPROCS),
checks their results against plain Go and times them (median of 5 runs
after one warm-up):

	saxpy   y = a*x + y, one thread per element, 256 threads per block,
	        compared with hand-written parallel Go (bench.SAXPYParallel)
	reduce  a shared-memory tree reduction, 256 threads per block, at
	        most 1024 blocks (threads first add a grid-stride share)

It exits with status 1 if a check fails.

Flags:
`

// runDemo is the demo subcommand.
func runDemo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	n := fs.Int("n", 1<<24, "number of `elements`")
	if code, ok := parseFlags(fs, demoUsage, args, stderr); !ok {
		return code
	}
	if *n < 0 {
		fmt.Fprintf(stderr, "gocuda demo: -n %d is negative\n", *n)
		return exitUsage
	}
	ok, err := demo(stdout, gocuda.Default(), *n)
	if err != nil {
		fmt.Fprintf(stderr, "gocuda demo: %v\n", err)
		return exitFailure
	}
	if !ok {
		fmt.Fprintln(stderr, "gocuda demo: FAIL: a result did not match plain Go")
		return exitFailure
	}
	return exitOK
}

// demo runs the demo's kernels with n elements on dev, writes the report to
// w and reports whether every result matched plain Go. An error means a
// launch failed.
func demo(w io.Writer, dev *gocuda.Device, n int) (ok bool, err error) {
	x, y := demoData(n)
	saxpy, err := runSAXPY(dev, x, y)
	if err != nil {
		return false, fmt.Errorf("saxpy: %w", err)
	}
	reduce, err := runReduce(dev, x, reduceMaxBlocks)
	if err != nil {
		return false, fmt.Errorf("reduce: %w", err)
	}
	writeReport(w, dev.Workers(), []result{saxpy.result, reduce})
	writeSAXPYRatio(w, saxpy)
	return saxpy.verified && reduce.verified, nil
}

// demoData returns the inputs: x[i] are multiples of 1/4 below 250 and y[i]
// small integers, so that a*x[i] + y[i] is exact in float32 and the results
// do not depend on whether the compiler fuses the multiply-add.
func demoData(n int) (x, y []float32) {
	x, y = make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = float32(i%1000) / 4
		y[i] = float32(i % 7)
	}
	return x, y
}

// A result is one row of the report.
type result struct {
	name     string
	n        int
	time     time.Duration // median of the timed runs
	verified bool
	detail   string // what went wrong, if not verified
}

// timeMedian calls f timedRuns times and returns the median duration. The
// caller makes the warm-up call (and checks its result) first. It stops at
// f's first error.
func timeMedian(f func() error) (time.Duration, error) {
	times := make([]time.Duration, timedRuns)
	for i := range times {
		start := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	return times[len(times)/2], nil
}

// blocksFor returns the number of blocks of size threads that cover n
// elements, at least 1: a zero grid dimension would mean 1 anyway.
func blocksFor(n, threads int) int {
	return max(1, (n+threads-1)/threads)
}
