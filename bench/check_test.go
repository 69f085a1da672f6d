package bench_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// TestKernelsCheck runs every variant of every comparison at small, odd
// sizes and checks it against the host reference, so a broken variant
// fails go test, not only the benchmarks.
func TestKernelsCheck(t *testing.T) {
	dev := newDevice(t, gocuda.WithWorkers(2))
	sizes := map[string][]int{"saxpy": {1, 1000}, "scan": {1, 3001}, "reduce": {1, 3001}, "nbody": {1, 65}, "matmul": {1, 17}, "blur": {2, 35}, "mandelbrot": {3, 50}, "stencil": {7, 19}, "histogram": {1, 3001}}
	for _, k := range bench.Kernels() {
		if len(sizes[k.Name]) == 0 {
			t.Errorf("no test sizes for %s", k.Name)
		}
		for _, n := range sizes[k.Name] {
			vs := k.Setup(dev, n)
			names := map[string]bool{}
			for _, v := range vs {
				names[v.Name] = true
				if err := v.Check(); err != nil {
					t.Errorf("%s n=%d %s: %v", k.Name, n, v.Name, err)
				}
			}
			if !names[bench.HandSerial] || !names[bench.HandParallel] || len(vs) < 3 {
				t.Errorf("%s n=%d: variants %v lack a gocuda variant or a baseline", k.Name, n, names)
			}
			if k.Work(n) <= 0 {
				t.Errorf("%s n=%d: work %v", k.Name, n, k.Work(n))
			}
		}
	}
	if _, ok := bench.KernelNamed("bogus"); ok {
		t.Error("KernelNamed found a bogus kernel")
	}
}

// TestVariantsNames: the SAXPY variants are named after the kernels they
// run, the compiled ones end in Compiled and come only from a compiling
// device, and every kernel's go test name is Benchmark<Bench>/<key>=<n>/impl=<variant>.
func TestVariantsNames(t *testing.T) {
	dev := newDevice(t)
	runtimeDev := newDevice(t, gocuda.WithRuntimePath())
	k, _ := bench.KernelNamed("saxpy")
	var got []string
	for _, v := range bench.Variants(k, dev, runtimeDev, 1000) {
		got = append(got, v.Name)
	}
	want := []string{"perThread", "gridStride", "coarsened", "perThreadCompiled", "gridStrideCompiled", "coarsenedCompiled", "handSerial", "handParallel"}
	if dev.RuntimePath() { // GOCUDA_COMPILED=off: nothing runs compiled
		want = slices.DeleteFunc(want, func(s string) bool { return strings.HasSuffix(s, "Compiled") })
	}
	if !slices.Equal(got, want) {
		t.Errorf("saxpy variants = %q, want %q", got, want)
	}
	var onlyRuntime []string
	for _, v := range bench.Variants(k, runtimeDev, runtimeDev, 1000) {
		onlyRuntime = append(onlyRuntime, v.Name)
	}
	if i := slices.IndexFunc(onlyRuntime, func(s string) bool { return strings.HasSuffix(s, bench.Compiled) }); i >= 0 {
		t.Errorf("variants on two runtime-path devices include %s", onlyRuntime[i])
	}
	if base, ok := bench.SplitCompiled("tiledCompiled"); base != "tiled" || !ok {
		t.Errorf("SplitCompiled(tiledCompiled) = %q, %v", base, ok)
	}
	if base, ok := bench.SplitCompiled("tiled"); base != "tiled" || ok {
		t.Errorf("SplitCompiled(tiled) = %q, %v", base, ok)
	}
	name := regexp.MustCompile(`^Benchmark[A-Z][A-Za-z]*/(n|bodies|width)=[0-9]+/impl=[a-zA-Z]+$`)
	for _, k := range bench.Kernels() {
		for _, quick := range []bool{true, false} {
			for _, n := range k.SizesFor(quick) {
				if s := k.BenchName(n, "x"); !name.MatchString(s) {
					t.Errorf("BenchName = %q, not of the form %s", s, name)
				}
			}
		}
	}
	if s := k.BenchName(1<<20, "perThread"); s != "BenchmarkSAXPY/n=1048576/impl=perThread" {
		t.Errorf("BenchName = %q", s)
	}
}

// TestBenchmarkNames: every sub-benchmark of the package, in the -short
// and the full sets, is named by key=value levels ending in impl=, and the
// only hand-written baselines are handSerial and handParallel.
func TestBenchmarkNames(t *testing.T) {
	level := regexp.MustCompile(`^[a-z]+=[^=/]+$`)
	retired := []string{"handCAS", "syncAtomic", "copy", "goroutines", "goroutineBarrier", "gridStrideScalar", "iterPullRoundTrip"}
	for _, short := range []bool{true, false} {
		names := benchmarkNames(t, short)
		if len(names) < 50 {
			t.Fatalf("only %d benchmark names", len(names))
		}
		seen := map[string]bool{}
		for _, name := range names {
			if seen[name] {
				t.Errorf("%s twice", name)
			}
			seen[name] = true
			levels := strings.Split(name, "/")
			if len(levels) == 1 {
				continue // a benchmark without sub-benchmarks, such as BenchmarkLaunchEmpty
			}
			for _, l := range levels[1:] {
				if !level.MatchString(l) {
					t.Errorf("%s: level %q is not key=value", name, l)
				}
			}
			impl, ok := strings.CutPrefix(levels[len(levels)-1], "impl=")
			switch {
			case !ok:
				t.Errorf("%s: the last level is not impl=", name)
			case strings.HasPrefix(impl, "hand") && !bench.IsBaseline(impl), slices.Contains(retired, impl):
				t.Errorf("%s: impl %q; the baselines are %s and %s", name, impl, bench.HandSerial, bench.HandParallel)
			}
		}
	}
}
