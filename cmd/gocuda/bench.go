package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// benchUsageFormat is bench's usage, with a %s for the list of kernels:
// benchUsage fills it in from bench.Kernels, the table the run uses, so
// that the help names every kernel a run covers.
const benchUsageFormat = `usage: gocuda bench [-quick] [-kernel list] [-count n] [-time d] [-json | -markdown] [-o file]
	[-benchstat file] [-svg file]
       gocuda bench -markdown report.json...

Bench runs the comparisons of package bench outside go test, with the same
sizes, variants and warm-up as its go test benchmarks: each kernel's gocuda
variants, on the runtime path and compiled (…Compiled), beside
hand-written Go, serial (handSerial) and split over GOMAXPROCS goroutines
(handParallel). Every variant is first checked against a sequential host
reference. Then, per kernel and size, each variant warms up and the
variants are timed in interleaved rounds, one sample of each per round,
so that noise on the machine hits them alike; a sample runs a variant
back to back for at least -time. Progress goes to standard error, the
table to standard output:

	kernel  size  variant  median  ±MAD  samples  rate  speedup  vs  verified

speedup is the time of the best hand-written Go at that size (vs: the
faster of handSerial and handParallel) divided by the variant's: 1× is as
fast, above 1× faster. The kernels, at their sizes (-quick's after the
colon):

%s
-json prints every sample and the machine (CPU, cores, GOMAXPROCS, Go
and gocuda versions, date) as JSON instead of the table (which then goes
to standard error); -o writes the table, or the JSON, to a file.
-benchstat writes every sample in the Go benchmark format, under the
names go test gives them (BenchmarkSAXPY/n=1048576/impl=perThread-2), for
benchstat: benchstat new.txt, or benchstat -col /impl new.txt. -svg draws
the speedups as an SVG chart. -markdown prints, instead of the table, a
Markdown table of the speedups: per kernel and size, the runtime path's
fastest variant and the compiled variants' fastest and slowest. Given the
files of -json runs (such as one of the default build and one with
GOEXPERIMENT=simd), -markdown runs nothing and prints their table, a
column of compiled variants per file. It exits with status 1 if a check
fails.

Flags:
`

// benchUsage returns bench's usage, with a line per kernel of
// bench.Kernels naming its sizes.
func benchUsage() string {
	var b strings.Builder
	for _, k := range bench.Kernels() {
		sizes := func(ns []int) string {
			var s []string
			for _, n := range ns {
				s = append(s, k.SizeLabel(n))
			}
			return strings.Join(s, " ")
		}
		fmt.Fprintf(&b, "\t%-11s %s: %s\n", k.Name, sizes(k.Sizes), sizes(k.Quick))
	}
	return fmt.Sprintf(benchUsageFormat, b.String())
}

// benchOptions are the bench subcommand's settings.
type benchOptions struct {
	quick   bool
	kernels []bench.Kernel
	measure bench.Options
}

// benchOutputs are the files bench writes besides its output.
type benchOutputs struct {
	goBench, svg string
}

// runBench is the bench subcommand.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "the quick sizes (go test -short's) and shorter samples: well under a minute on 2 cores")
	only := fs.String("kernel", "", "comma-separated `kernels` to run (default all)")
	count := fs.Int("count", 0, "`samples` of each variant (default 6, as benchstat needs for a confidence interval)")
	minTime := fs.Duration("time", 0, "least `duration` of a sample (default 100ms, 20ms with -quick)")
	var out benchOutputs
	var output outputFlags
	output.register(fs, "the results (every sample and the machine, with -json)")
	fs.StringVar(&out.goBench, "benchstat", "", "write every sample in the Go benchmark format, for benchstat, to `file`")
	fs.StringVar(&out.svg, "svg", "", "draw the speedups as an SVG chart in `file`")
	markdown := fs.Bool("markdown", false, "print the speedups as a Markdown table instead of the table; with -json reports as arguments, theirs")
	if code, ok := parseFlagsArgs(fs, benchUsage(), args, stderr); !ok {
		return code
	}
	switch {
	case *markdown && output.json:
		fmt.Fprintln(stderr, "gocuda bench: -markdown and -json are two formats: give one")
		return exitUsage
	case *markdown && fs.NArg() > 0:
		if err := output.write(stdout, func(w io.Writer) error { return writeMarkdownFiles(w, fs.Args()) }); err != nil {
			fmt.Fprintf(stderr, "gocuda bench: %v\n", err)
			return exitFailure
		}
		return exitOK
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "gocuda bench: unexpected arguments %q (report files go with -markdown)\n", fs.Args())
		return exitUsage
	}
	opts := benchOptions{quick: *quick, measure: bench.Settings(*quick)}
	if *count > 0 {
		opts.measure.Count = *count
	}
	if *minTime > 0 {
		opts.measure.MinTime = *minTime
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
	env := currentEnv(dev.Workers())
	w := benchWriter{output: output, markdown: *markdown, files: out, stdout: stdout, stderr: stderr}
	w.header(fmt.Sprintf("gocuda bench: %s\n%d workers; per variant a warm-up of %v, then %d samples of at least %v, interleaved\n\n",
		env.caption(), dev.Workers(), opts.measure.WarmUp, opts.measure.Count, opts.measure.MinTime))
	results := runBenchmarks(dev, runtimeDev, opts, stderr)
	report := benchReport{Command: "gocuda bench " + strings.Join(args, " "), Env: env, Quick: opts.quick,
		Count: opts.measure.Count, WarmUpNs: opts.measure.WarmUp.Nanoseconds(), MinTimeNs: opts.measure.MinTime.Nanoseconds(), Results: results}
	if err := w.finish(report); err != nil {
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

// A benchWriter writes bench's output: the table (the header first, so
// that it comes before the progress on a terminal), or with -json the
// report, to standard output or -o's file, and the other files.
type benchWriter struct {
	output         outputFlags
	markdown       bool // print the Markdown table in place of the table
	files          benchOutputs
	stdout, stderr io.Writer
	table          strings.Builder
}

// text returns where the table goes: standard error when standard output
// is the JSON's or the Markdown table's.
func (w *benchWriter) text() io.Writer {
	if w.output.stdoutIsOutput() || w.markdown && w.output.file == "" {
		return w.stderr
	}
	return w.stdout
}

// header writes the table's header, at once if the table goes to
// standard output, else with the table.
func (w *benchWriter) header(h string) {
	if !w.output.json && !w.markdown && w.output.file == "" {
		fmt.Fprint(w.stdout, h)
		return
	}
	w.table.WriteString(h)
}

// finish writes the table, or the report, and the files.
func (w *benchWriter) finish(r benchReport) error {
	writeResults(&w.table, r.Results)
	err := w.output.write(w.stdout, func(out io.Writer) error {
		switch {
		case w.output.json:
			return r.writeJSON(out)
		case w.markdown:
			return writeMarkdown(out, []benchReport{r})
		}
		_, err := io.WriteString(out, w.table.String())
		return err
	})
	if err == nil && (w.output.json || w.markdown) {
		_, err = io.WriteString(w.text(), w.table.String())
	}
	if err != nil {
		return err
	}
	return w.files.write(r)
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

// write writes the files that were asked for.
func (o benchOutputs) write(r benchReport) error {
	files := []struct {
		name   string
		render func(io.Writer) error
	}{
		{o.goBench, func(w io.Writer) error { return writeGoBench(w, r.Env, r.Command, r.Results) }},
		{o.svg, func(w io.Writer) error { return writeChart(w, r.Env, r.Results) }},
	}
	for _, f := range files {
		if f.name == "" {
			continue
		}
		if err := writeFile(f.name, f.render); err != nil {
			return err
		}
	}
	return nil
}

// writeFile creates name and writes it with render.
func writeFile(name string, render func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := render(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return f.Close()
}
