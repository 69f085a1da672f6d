package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

const demoUsage = `usage: gocuda demo [-n elements] [-time d]

Demo is a guided run of five classic CUDA kernels from package kernels on
the default device (one worker per GOMAXPROCS). Each is checked against a
sequential host reference, then timed beside hand-written Go, serial and
parallel (package bench's handSerial and handParallel), with gocuda bench's
procedure: a warm-up, then 3 samples of at least -time each (default
50ms), interleaved.

	saxpy   y = a*x + y, one thread per element (the CUDA guide's SAXPY)
	matmul  C = A×B with 16×16 shared-memory tiles (Ryoo et al., PPoPP'08),
	        on the runtime path and compiled
	reduce  a sum: grid-stride coarsening, then a shared-memory tree (Harris)
	scan    an inclusive prefix sum: serial runs per thread, decoupled look-back
	nbody   all-pairs gravity with shared-memory tiles (P&H Figure B.8.14)

The table has the columns of gocuda bench's. -n sets the element count of
saxpy, reduce and scan (default 1<<24); matmul (256×256) and nbody (4096
bodies) shrink for n below 1<<20. It exits with status 1 if a check fails
or a launch returns an error.

Flags:
`

// demoExpectations opens the demo's output: what runs at hand-written
// speed and what does not, and why.
const demoExpectations = `What to expect: on the runtime path a thread costs about a function call, and a
block barrier or warp collective about 100 ns per thread, a coroutine switch,
so kernels without barriers run near hand-written Go while kernels that
synchronize every few operations (shared-memory tiles, tree reductions, block
scans) run many times slower there. gocuda compile turns barriers into the
boundaries of loops over a block's threads: compiled, most kernels run near or
above hand-written Go and block scans below it, and the SIMD build
(GOEXPERIMENT=simd) runs eight threads a step in vector registers. The ratios
below are this machine's, measured now; the matmul rows show both paths.
`

// A demoStep is one kernel of the demo: variants of one of package bench's
// comparisons, at a size derived from -n.
type demoStep struct {
	kernel   string
	variants []string
	size     func(n int) int
	what     string
}

var demoSteps = []demoStep{
	{"saxpy", []string{"perThreadCompiled"}, same, "y = a*x + y, one thread per element"},
	{"matmul", []string{"tiled", "tiledCompiled"}, scaled(256, 64), "C = A×B through 16×16 shared-memory tiles, runtime path and compiled"},
	{"reduce", []string{"coarsenedCompiled"}, same, "a sum: coarsened threads, then a block tree"},
	{"scan", []string{"coarsenedCompiled"}, same, "inclusive prefix sum with decoupled look-back"},
	{"nbody", []string{"tiledCompiled"}, scaled(4096, 512), "all-pairs gravity through shared-memory tiles"},
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

// demoOptions is the demo's measuring procedure: bench.Compare's, with
// fewer samples than bench takes.
var demoOptions = bench.Options{WarmUp: 20 * time.Millisecond, MinTime: 50 * time.Millisecond, Count: 3}

// runDemo is the demo subcommand.
func runDemo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	n := fs.Int("n", 1<<24, "number of `elements` of saxpy, reduce and scan")
	minTime := fs.Duration("time", demoOptions.MinTime, "least `duration` of a sample")
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
	opts := demoOptions
	opts.MinTime = *minTime
	if !demo(stdout, gocuda.Default(), runtimeDev, *n, opts) {
		fmt.Fprintln(stderr, "gocuda demo: FAIL: a result did not match the host reference")
		return exitFailure
	}
	return exitOK
}

// demo runs the demo's steps on dev (compiled kernels) and runtimeDev (the
// same on the runtime path), measured with opts, writes the report to w
// and reports whether every result was verified.
func demo(w io.Writer, dev, runtimeDev *gocuda.Device, n int, opts bench.Options) bool {
	fmt.Fprint(w, demoExpectations)
	fmt.Fprintf(w, "\ngocuda demo: %s\n%d workers; each kernel checked against the host, then timed beside hand-written Go\n\n",
		currentEnv(dev.Workers()).caption(), dev.Workers())
	var results []benchResult
	for _, s := range demoSteps {
		fmt.Fprintf(w, "  %-7s %s\n", s.kernel, s.what)
		results = append(results, demoRun(dev, runtimeDev, s, s.size(n), opts)...)
	}
	fmt.Fprintln(w)
	writeResults(w, results)
	fmt.Fprintln(w, "\nMore: go run ./cmd/gocuda bench -quick, and docs/performance.md.")
	return !slices.ContainsFunc(results, func(r benchResult) bool { return !r.Verified })
}

// demoRun checks and times step's variants beside the hand-written
// baselines at size n, and returns the variants' results.
func demoRun(dev, runtimeDev *gocuda.Device, s demoStep, n int, opts bench.Options) []benchResult {
	k, _ := bench.KernelNamed(s.kernel)
	var vs []bench.Variant
	for _, v := range bench.Variants(k, dev, runtimeDev, n) {
		// With GOCUDA_COMPILED=off there are no …Compiled variants: the
		// step shows the kernel on the runtime path instead.
		wanted := slices.ContainsFunc(s.variants, func(name string) bool {
			base, _ := bench.SplitCompiled(name)
			return name == v.Name || dev.RuntimePath() && base == v.Name
		})
		if wanted || bench.IsBaseline(v.Name) {
			vs = append(vs, v)
		}
	}
	rs := newBenchResults(k, n, bench.Compare(vs, opts))
	return slices.DeleteFunc(rs, func(r benchResult) bool { return r.Hand && r.Verified })
}
