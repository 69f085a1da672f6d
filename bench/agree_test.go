package bench_test

import (
	"flag"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// TestFrontEndsAgree checks that go test -bench and gocuda bench measure
// the same thing: the ratio of two variants' times, taken by go test's
// machinery (testing.Benchmark running benchVariant, the body of every
// kernel sub-benchmark) and by gocuda bench's (bench.Compare), agree
// within frontEndTolerance. Both sides take medians of several samples,
// go test's alternating between the variants, and the variants run on one
// worker at sizes that fit in cache, where their cost is instructions,
// which another process on the machine disturbs least. A front end that
// warmed up differently, timed the wrong thing or used other sizes would
// be off by far more (the issue that led to this test found 2–5×).
//
// It compares timings, which a shared machine disturbs, so it runs only
// when asked for, on a quiet machine: go test -run FrontEnds -timing.
func TestFrontEndsAgree(t *testing.T) {
	if !*timing {
		t.Skip("compares timings: run with -timing on a quiet machine")
	}
	if raceEnabled {
		t.Skip("the race detector slows the variants unevenly")
	}
	setFlag(t, "test.benchtime", "50ms")
	dev := newDevice(t, gocuda.WithWorkers(1))
	runtimeDev := newDevice(t, gocuda.WithWorkers(1), gocuda.WithRuntimePath())
	tests := []struct {
		kernel string
		n      int
		a, b   string
	}{
		{"saxpy", 1 << 14, "perThread", bench.HandSerial},
		{"nbody", 256, "simple", bench.HandSerial},
	}
	for _, tt := range tests {
		k, _ := bench.KernelNamed(tt.kernel)
		vs := bench.Variants(k, dev, runtimeDev, tt.n)
		pick := func(name string) bench.Variant {
			return vs[slices.IndexFunc(vs, func(v bench.Variant) bool { return v.Name == name })]
		}
		a, b := pick(tt.a), pick(tt.b)

		// A systematic disagreement shows in every attempt; noise from
		// other processes (CI runs packages' tests side by side) rarely in
		// three running.
		var msg string
		agree := false
		for attempt := 0; attempt < 3 && !agree; attempt++ {
			var goTest, gocudaBench float64
			goTest, gocudaBench, msg = frontEndRatios(t, k, a, b, tt.n)
			t.Log(msg)
			q := goTest / gocudaBench
			agree = q <= frontEndTolerance && q >= 1/frontEndTolerance
		}
		if !agree {
			t.Errorf("front ends disagree in three attempts: %s", msg)
		}
	}
}

// timing enables the tests that compare timings (TestFrontEndsAgree).
var timing = flag.Bool("timing", false, "run the tests that compare timings, on a quiet machine")

// frontEndRatios measures a's time over b's by both front ends.
func frontEndRatios(t *testing.T, k bench.Kernel, a, b bench.Variant, n int) (goTest, gocudaBench float64, msg string) {
	t.Helper()
	rs := bench.Compare([]bench.Variant{a, b}, bench.Options{WarmUp: 20 * time.Millisecond, MinTime: 20 * time.Millisecond, Count: 5})
	if !rs[0].Verified() || !rs[1].Verified() {
		t.Fatalf("%s: %v, %v", k.Name, rs[0].Err(), rs[1].Err())
	}
	gocudaBench = rs[0].Summary.Median / rs[1].Summary.Median
	var nsA, nsB []float64
	for range 3 {
		nsA = append(nsA, goTestNsPerOp(k, a, n))
		nsB = append(nsB, goTestNsPerOp(k, b, n))
	}
	goTest = bench.Summarize(nsA).Median / bench.Summarize(nsB).Median
	msg = fmt.Sprintf("%s %s=%d, %s time ÷ %s time: go test %.3g, gocuda bench %.3g", k.Name, k.SizeKey, n, a.Name, b.Name, goTest, gocudaBench)
	return goTest, gocudaBench, msg
}

// frontEndTolerance is how far the two front ends' ratios may differ: wide
// enough for a noisy shared machine, narrow enough to catch a 2×
// disagreement.
const frontEndTolerance = 1.5

// goTestNsPerOp runs v's sub-benchmark body under testing.Benchmark, as go
// test -bench runs it, and returns its time per operation.
func goTestNsPerOp(k bench.Kernel, v bench.Variant, n int) float64 {
	r := testing.Benchmark(func(b *testing.B) { benchVariant(b, k, v, n) })
	if r.N == 0 {
		return 0
	}
	return float64(r.T.Nanoseconds()) / float64(r.N)
}

// setFlag sets a flag of the test binary for the rest of t.
func setFlag(t *testing.T, name, value string) {
	t.Helper()
	f := flag.Lookup(name)
	if f == nil {
		t.Fatalf("no flag %s", name)
	}
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
