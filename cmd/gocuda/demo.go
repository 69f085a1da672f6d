package main

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

const demoUsage = `usage: gocuda demo [-n elements]

Demo is a guided run of five classic CUDA kernels from package kernels on
the default device (one worker per GOMAXPROCS). Each is checked against a
sequential host reference, then timed next to hand-written parallel Go
(package bench's handParallel), as the median of 3 samples of at least
50ms:

	saxpy   y = a*x + y, one thread per element (the CUDA guide's SAXPY)
	matmul  C = A×B with 16×16 shared-memory tiles (Ryoo et al., PPoPP'08)
	reduce  a sum: grid-stride coarsening, then a shared-memory tree (Harris)
	scan    an inclusive prefix sum: serial runs per thread, decoupled look-back
	nbody   all-pairs gravity with shared-memory tiles (P&H Figure B.8.14)

-n sets the element count of saxpy, reduce and scan (default 1<<24);
matmul (256×256) and nbody (4096 bodies) shrink for n below 1<<20. It exits
with status 1 if a check fails or a launch returns an error.

Flags:
`

// A demoStep is one kernel of the demo: a variant of one of package bench's
// comparisons, at a size derived from -n.
type demoStep struct {
	kernel, variant string
	size            func(n int) int
	what            string
}

var demoSteps = []demoStep{
	{"saxpy", "perThreadCompiled", same, "y = a*x + y, one thread per element"},
	{"matmul", "tiled", scaled(256, 64), "C = A×B, 16×16 shared-memory tiles, runtime path"},
	{"matmul", "tiledCompiled", scaled(256, 64), "the same kernel compiled by gocuda compile"},
	{"reduce", "coarsenedCompiled", same, "sum, coarsened threads then a block tree"},
	{"scan", "coarsenedCompiled", same, "inclusive prefix sum, decoupled look-back"},
	{"nbody", "tiledCompiled", scaled(4096, 512), "all-pairs gravity, shared-memory tiles"},
}

func same(n int) int { return n }

// scaled returns a size function: full for n of at least 1<<20, else small.
func scaled(full, small int) func(int) int {
	return func(n int) int {
		if n >= 1<<20 {
			return full
		}
		return small
	}
}

// runDemo is the demo subcommand.
func runDemo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	n := fs.Int("n", 1<<24, "number of `elements` of saxpy, reduce and scan")
	if code, ok := parseFlags(fs, demoUsage, args, stderr); !ok {
		return code
	}
	if *n < 0 {
		fmt.Fprintf(stderr, "gocuda demo: -n %d is negative\n", *n)
		return exitUsage
	}
	runtimeDev, err := gocuda.NewDevice(gocuda.WithRuntimePath())
	if err != nil {
		fmt.Fprintf(stderr, "gocuda demo: %v\n", err)
		return exitFailure
	}
	defer runtimeDev.Close()
	if !demo(stdout, gocuda.Default(), runtimeDev, *n) {
		fmt.Fprintln(stderr, "gocuda demo: FAIL: a result did not match the host reference")
		return exitFailure
	}
	return exitOK
}

// demo runs the demo's steps on dev (compiled kernels) and runtimeDev (the
// same on the runtime path), writes the report to w and reports whether
// every result was verified.
func demo(w io.Writer, dev, runtimeDev *gocuda.Device, n int) bool {
	fmt.Fprintf(w, "gocuda demo: %d workers; each kernel checked against the host, then timed (median of 3 samples) beside hand-written parallel Go\n\n", dev.Workers())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "kernel\tvariant\tsize\ttime\trate\thandParallel\tvs hand\tverified\twhat")
	ok := true
	var failures []string
	for _, s := range demoSteps {
		r, hand := demoRun(dev, runtimeDev, s, s.size(n))
		ok = ok && r.Verified && hand.Verified
		for _, x := range []benchResult{r, hand} {
			if !x.Verified {
				failures = append(failures, fmt.Sprintf("%s %s: FAIL: %s", x.Kernel, x.Variant, x.Error))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%.2f %s\t%s\t%s\t%s\t%s\n", r.Kernel, r.Variant, r.N,
			formatDuration(time.Duration(r.NsPerOp)), r.Rate, r.Metric,
			formatDuration(time.Duration(hand.NsPerOp)), formatSpeedup(r.Speedup), yesNo(r.Verified), s.what)
	}
	tw.Flush()
	for _, f := range failures {
		fmt.Fprintln(w, f)
	}
	fmt.Fprintln(w, "\nvs hand: handParallel's time divided by gocuda's (1.00 = as fast as hand-written parallel Go).")
	fmt.Fprintln(w, "More: go run ./cmd/gocuda bench -quick, and docs/performance.md.")
	return ok
}

// demoRun checks and times step's variant and handParallel at size n.
func demoRun(dev, runtimeDev *gocuda.Device, s demoStep, n int) (r, hand benchResult) {
	k, _ := bench.KernelNamed(s.kernel)
	opts := benchOptions{minTime: 50 * time.Millisecond, samples: 3}
	for _, v := range bench.Variants(k, dev, runtimeDev, n) {
		switch v.Name {
		case s.variant:
			r = measureVariant(k, v, n, opts)
		case bench.HandParallel:
			hand = measureVariant(k, v, n, opts)
		}
	}
	if r.NsPerOp > 0 && hand.NsPerOp > 0 {
		r.Speedup = hand.NsPerOp / r.NsPerOp
	}
	return r, hand
}
