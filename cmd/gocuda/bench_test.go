package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/gocuda/gocuda/internal/bench"
)

// TestBench runs one kernel's comparison with short samples and checks the
// table, the JSON file, the Go benchmark file and the chart.
func TestBench(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	var stdout, stderr bytes.Buffer
	args := []string{"bench", "-quick", "-kernel", "saxpy", "-count", "3", "-time", "1ms",
		"-benchstat", file("new.txt"), "-json", "-o", file("out.json"), "-svg", file("out.svg")}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, &stdout, &stderr)
	}
	if !strings.Contains(stderr.String(), "[1/1] saxpy n=1048576: ") {
		t.Errorf("no progress on stderr:\n%s", &stderr)
	}
	report := readReport(t, file("out.json"))
	checkReport(t, report, 3)
	checkTable(t, stdout.String(), report.Results)
	checkGoBench(t, file("new.txt"), report)
	checkSVG(t, file("out.svg"))
}

func readReport(t *testing.T, name string) benchReport {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var r benchReport
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// checkReport checks the JSON report of a saxpy run: the environment,
// every sample, the summaries, and the speedups against the faster
// hand-written baseline.
func checkReport(t *testing.T, r benchReport, count int) {
	t.Helper()
	e := r.Env
	if e.GoVersion != runtime.Version() || e.GOMAXPROCS != runtime.GOMAXPROCS(0) || e.LogicalCPUs != runtime.NumCPU() ||
		e.GOOS != runtime.GOOS || e.Module != "github.com/gocuda/gocuda" || e.Version == "" || time.Since(e.Date) > time.Hour {
		t.Errorf("env = %+v", e)
	}
	if r.Count != count || !r.Quick || r.MinTimeNs != int64(time.Millisecond) || r.WarmUpNs <= 0 {
		t.Errorf("options: count %d, quick %v, min time %d, warm-up %d", r.Count, r.Quick, r.MinTimeNs, r.WarmUpNs)
	}
	var got []string
	medians := map[string]float64{}
	for _, res := range r.Results {
		got = append(got, res.Variant)
		medians[res.Variant] = res.MedianNs
		s := bench.Summarize(res.Samples)
		if !res.Verified || len(res.Samples) != count || len(res.Runs) != count || s.Median != res.MedianNs ||
			s.Min != res.MinNs || s.Max != res.MaxNs || s.MAD != res.MADNs || res.Rate <= 0 || res.Work != 12<<20 {
			t.Errorf("result %+v", res)
		}
		if res.Benchmark != "BenchmarkSAXPY/n=1048576/impl="+res.Variant || res.Hand != bench.IsBaseline(res.Variant) ||
			res.Compiled != strings.HasSuffix(res.Variant, "Compiled") {
			t.Errorf("names of result %+v", res)
		}
	}
	want := []string{"perThread", "gridStride", "coarsened", "perThreadCompiled", "gridStrideCompiled", "coarsenedCompiled", "handSerial", "handParallel"}
	if !slices.Equal(got, want) {
		t.Errorf("variants %q, want %q", got, want)
	}
	best := bench.HandSerial
	if medians[bench.HandParallel] < medians[bench.HandSerial] {
		best = bench.HandParallel
	}
	for _, res := range r.Results {
		if want := medians[best] / res.MedianNs; res.Baseline != best || res.Speedup != want {
			t.Errorf("%s: speedup %v against %s, want %v against %s", res.Variant, res.Speedup, res.Baseline, want, best)
		}
	}
}

// checkTable checks the table: the columns in order, text left-aligned
// and numbers right-aligned under their headers, a row per result.
func checkTable(t *testing.T, out string, results []benchResult) {
	t.Helper()
	lines := strings.Split(out, "\n")
	h := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "kernel ") })
	if h < 0 {
		t.Fatalf("no table header:\n%s", out)
	}
	header := lines[h]
	if f := strings.Fields(header); !slices.Equal(f, headers(resultColumns)) {
		t.Errorf("header %q, want %q", f, headers(resultColumns))
	}
	for i, r := range results {
		line := []rune(lines[h+1+i])
		for c, col := range resultColumns {
			cell := resultRow(r)[c]
			start := strings.Index(header, col.name)
			start = len([]rune(header[:start]))
			if col.right {
				end := start + len([]rune(col.name))
				if got := string(line[end-len([]rune(cell)) : end]); got != cell {
					t.Errorf("row %d column %s: %q is not right-aligned under its header: %q", i, col.name, cell, string(line))
				}
			} else if got := string(line[start : start+len([]rune(cell))]); got != cell {
				t.Errorf("row %d column %s: %q is not left-aligned under its header: %q", i, col.name, cell, string(line))
			}
		}
	}
	if strings.Contains(out, " 0.00 ") {
		t.Errorf("table has a 0.00:\n%s", out)
	}
}

// checkGoBench parses the -o file as benchstat does and checks it holds
// every sample of the JSON report under go test's names, with go test's
// configuration lines.
func checkGoBench(t *testing.T, name string, r benchReport) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	suffix := ""
	if p := runtime.GOMAXPROCS(0); p != 1 {
		suffix = "-" + strconv.Itoa(p)
	}
	wantParts := 2 // /n=…, /impl=…, and -GOMAXPROCS if not 1
	if suffix != "" {
		wantParts++
	}
	var lines int
	rd := benchfmt.NewReader(f, name)
	for rd.Scan() {
		var res *benchfmt.Result
		switch rec := rd.Result().(type) {
		case *benchfmt.UnitMetadata:
			continue
		case *benchfmt.Result:
			res = rec
		default:
			t.Fatalf("not a result: %v", rec)
		}
		var want *benchResult
		for i := range r.Results {
			if "Benchmark"+string(res.Name.Full()) == r.Results[i].Benchmark+suffix { // benchfmt drops "Benchmark"
				want = &r.Results[i]
			}
		}
		if want == nil {
			t.Fatalf("line for %s, which the JSON report lacks", res.Name.Full())
		}
		sample := lines % r.Count
		lines++
		ns, _ := res.Value("sec/op") // benchfmt converts ns/op to sec/op
		mbs, _ := res.Value("B/s")
		if res.Iters != want.Runs[sample] || !near(ns*1e9, want.Samples[sample], 1e-3) || !near(mbs, float64(want.Work)/want.Samples[sample]*1e9, 1e-3) {
			t.Errorf("%s sample %d: %d runs, %v s/op, %v B/s; want %d, %v ns/op", res.Name, sample, res.Iters, ns, mbs, want.Runs[sample], want.Samples[sample])
		}
		base, parts := res.Name.Parts()
		if string(base) != "SAXPY" || len(parts) != wantParts || string(parts[0]) != "/n=1048576" || string(parts[1]) != "/impl="+want.Variant {
			t.Errorf("name %s splits into %s %q, want the keys n and impl", res.Name, base, parts)
		}
		for _, key := range []string{"goos", "goarch", "pkg"} {
			if res.GetConfig(key) == "" {
				t.Errorf("no %s configuration line", key)
			}
		}
		if res.GetConfig("pkg") != benchPkg || len(res.Config) > 4 {
			t.Errorf("configuration %v: want go test's, goos, goarch, pkg %s and cpu", res.Config, benchPkg)
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	if lines != len(r.Results)*r.Count {
		t.Errorf("%d result lines, want %d", lines, len(r.Results)*r.Count)
	}
}

func near(got, want, rel float64) bool { return got >= want*(1-rel) && got <= want*(1+rel) }

// checkSVG checks that the chart is well-formed XML naming a variant, in
// a face with fallbacks.
func checkSVG(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, data)
	if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, "perThread") }) {
		t.Errorf("chart has no perThread label; its texts: %q", texts)
	}
	if !bytes.Contains(data, []byte("sans-serif")) {
		t.Error("the chart's text has no fallback fonts")
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "-kernel", "bogus"},
		{"bench", "-bogus"},
		{"bench", "extra"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitUsage {
			t.Errorf("gocuda %q: exit %d, want %d; stderr:\n%s", args, code, exitUsage, &stderr)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", "bench"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "usage: gocuda bench") {
		t.Errorf("gocuda help bench: exit %d, stdout:\n%s", code, &stdout)
	}
}

// TestBenchReportsFailure: a variant that fails its check is a "no" row, a
// FAIL line, and no timing.
func TestBenchReportsFailure(t *testing.T) {
	var out bytes.Buffer
	writeResults(&out, []benchResult{
		{Kernel: "scan", SizeKey: "n", N: 8, Variant: "coarsened", Error: "element 3 = 2, want 3"},
	})
	if !strings.Contains(out.String(), "scan n=8 coarsened: FAIL: element 3 = 2, want 3") {
		t.Errorf("no failure line:\n%s", &out)
	}
	if f := rowFields(out.String(), "scan", "coarsened"); len(f) == 0 || f[len(f)-1] != "no" || f[3] != "-" {
		t.Errorf("scan row = %q, want no timing and verified no", f)
	}
}

// TestBenchHelpListsKernels checks that gocuda help bench names every
// kernel a run covers, with its sizes and -quick's: the list comes from
// bench.Kernels, the table the run uses.
func TestBenchHelpListsKernels(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", "bench"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gocuda help bench: exit %d\n%s", code, &stderr)
	}
	lines := strings.Split(stdout.String(), "\n")
	ks := bench.Kernels()
	if len(ks) < 8 {
		t.Fatalf("bench.Kernels() has %d kernels, want at least the 8 of issue 81", len(ks))
	}
	for _, k := range ks {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), k.Name+" ") })
		if i < 0 {
			t.Errorf("help bench does not list kernel %s:\n%s", k.Name, &stdout)
			continue
		}
		full, quick, _ := strings.Cut(lines[i], ":")
		for _, n := range k.Sizes {
			if !slices.Contains(strings.Fields(full), k.SizeLabel(n)) {
				t.Errorf("help bench's line %q lacks the size %s", lines[i], k.SizeLabel(n))
			}
		}
		if got, want := strings.Fields(quick), len(k.Quick); len(got) != want {
			t.Errorf("help bench's line %q: %d quick sizes, want %d", lines[i], len(got), want)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range ks {
		if !bytes.Contains(readme, []byte("`Benchmark"+k.Bench+"`")) {
			t.Errorf("README.md's list of benchmarks lacks Benchmark%s", k.Bench)
		}
	}
}
