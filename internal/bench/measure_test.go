package bench_test

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/gocuda/gocuda/internal/bench"
)

// spin returns a Run function that busy-waits for d of wall-clock time, a
// workload whose time is known whatever else the machine is doing.
func spin(d time.Duration) func() error {
	return func() error {
		for start := time.Now(); time.Since(start) < d; {
		}
		return nil
	}
}

// TestMeasureInterleaves: each variant warms up first, then the rounds
// take one sample of every variant, each round starting one variant
// further on; every sample fills MinTime.
func TestMeasureInterleaves(t *testing.T) {
	var log []string
	variant := func(name string) bench.Variant {
		run := spin(50 * time.Microsecond)
		return bench.Variant{Name: name, Run: func() error { log = append(log, name); return run() }}
	}
	vs := []bench.Variant{variant("a"), variant("b"), variant("c")}
	o := bench.Options{WarmUp: time.Millisecond, MinTime: 2 * time.Millisecond, Count: 4}
	ts := bench.Measure(vs, o)
	var blocks []string // the log with repeats collapsed: who ran when
	for _, name := range log {
		if len(blocks) == 0 || blocks[len(blocks)-1] != name {
			blocks = append(blocks, name)
		}
	}
	want := []string{"a", "b", "c", "a", "b", "c", "b", "c", "a", "c", "a", "b", "a", "b", "c"}
	if !slices.Equal(blocks, want) {
		t.Errorf("order of runs = %v, want warm-ups then rotating rounds %v", blocks, want)
	}
	for i, tm := range ts {
		if tm.Variant != vs[i].Name || tm.Err != nil || len(tm.Samples) != o.Count {
			t.Errorf("timing %d = %+v, want %d samples of %s", i, tm, o.Count, vs[i].Name)
		}
		for _, s := range tm.Samples {
			if s.Elapsed < o.MinTime || s.Runs < 1 {
				t.Errorf("%s: sample %+v shorter than %v", tm.Variant, s, o.MinTime)
			}
			if ns := s.NsPerOp(); ns < 50e3 || ns > float64(o.MinTime.Nanoseconds()+1e9) {
				t.Errorf("%s: %v ns/op for a 50µs run", tm.Variant, ns)
			}
		}
	}
}

// TestMeasureError: a variant whose run fails is dropped with its error;
// the others go on.
func TestMeasureError(t *testing.T) {
	boom := errors.New("boom")
	runs := 0
	failing := bench.Variant{Name: "failing", Run: func() error {
		if runs++; runs > 3 {
			return boom
		}
		return nil
	}}
	ok := bench.Variant{Name: "ok", Run: spin(10 * time.Microsecond)}
	o := bench.Options{MinTime: 100 * time.Microsecond, Count: 3}
	ts := bench.Measure([]bench.Variant{failing, ok}, o)
	if !errors.Is(ts[0].Err, boom) || len(ts[0].Samples) >= o.Count {
		t.Errorf("failing variant: %+v, want error %v and fewer than %d samples", ts[0], boom, o.Count)
	}
	if ts[1].Err != nil || len(ts[1].Samples) != o.Count {
		t.Errorf("ok variant: %+v", ts[1])
	}
	if _, err := bench.WarmUp(bench.Variant{Run: func() error { return boom }}, time.Millisecond); !errors.Is(err, boom) {
		t.Errorf("WarmUp of a failing run: %v", err)
	}
}

// TestWarmUp: at least one run, runs until d has passed, and the time
// returned leaves the first run out. The runs take their time on a clock
// of the test's, so that the figures are exact whatever else the machine
// runs.
func TestWarmUp(t *testing.T) {
	var now time.Time
	defer bench.SetClock(func() time.Time { return now })()
	runs := 0
	v := bench.Variant{Run: func() error {
		if runs++; runs == 1 {
			now = now.Add(20 * time.Millisecond)
		} else {
			now = now.Add(100 * time.Microsecond)
		}
		return nil
	}}
	ns, err := bench.WarmUp(v, 30*time.Millisecond)
	if err != nil || runs != 101 {
		t.Fatalf("WarmUp: %d runs, %v; want the slow one and 100 of 100µs to fill 30ms", runs, err)
	}
	if ns != 100e3 {
		t.Errorf("WarmUp = %v ns/op, want 100µs: the slow first run left out", ns)
	}
	runs = 0
	if ns, err := bench.WarmUp(v, 0); err != nil || runs != 1 || ns != 20e6 {
		t.Errorf("WarmUp(0) = %v ns, %v after %d runs; want the one run's 20ms", ns, err, runs)
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		xs   []float64
		want bench.Summary
	}{
		{nil, bench.Summary{}},
		{[]float64{7}, bench.Summary{N: 1, Min: 7, Median: 7, Max: 7}},
		{[]float64{4, 1, 100, 3, 2}, bench.Summary{N: 5, Min: 1, Median: 3, Max: 100, MAD: 1}},
		{[]float64{4, 1, 3, 2}, bench.Summary{N: 4, Min: 1, Median: 2.5, Max: 4, MAD: 1}},
	}
	for _, tt := range tests {
		if got := bench.Summarize(tt.xs); got != tt.want {
			t.Errorf("Summarize(%v) = %+v, want %+v", tt.xs, got, tt.want)
		}
	}
}

// TestCompare: variants that fail their check are not timed; the speedups
// are against the faster hand-written baseline, whichever it is. The
// variants take their time on a clock of the test's, so that the figures
// are exact whatever else the machine runs.
func TestCompare(t *testing.T) {
	var now time.Time
	defer bench.SetClock(func() time.Time { return now })()
	const unit = 200 * time.Microsecond
	tests := []struct {
		serial, parallel time.Duration
		base             string
	}{
		{2 * unit, 4 * unit, bench.HandSerial},
		{4 * unit, 2 * unit, bench.HandParallel},
	}
	for _, tt := range tests {
		wrong := errors.New("element 3 = 2, want 3")
		broken := bench.Variant{Name: "broken", Check: func() error { return wrong },
			Run: func() error { t.Error("a variant that failed its check was timed"); return nil }}
		variant := func(name string, d time.Duration) bench.Variant {
			take := func() error { now = now.Add(d); return nil }
			return bench.Variant{Name: name, Run: take, Check: take}
		}
		vs := []bench.Variant{variant("fast", unit), broken, variant(bench.HandSerial, tt.serial), variant(bench.HandParallel, tt.parallel)}
		rs := bench.Compare(vs, bench.Options{WarmUp: time.Millisecond, MinTime: 2 * time.Millisecond, Count: 3})
		if !errors.Is(rs[1].Err(), wrong) || rs[1].Verified() || rs[1].Speedup != 0 || len(rs[1].Timing.Samples) != 0 {
			t.Errorf("broken variant: %+v", rs[1])
		}
		for _, r := range slices.Concat(rs[:1], rs[2:]) {
			if !r.Verified() || r.Summary.N != 3 || r.Baseline != tt.base {
				t.Errorf("%s: %+v, want verified, 3 samples, baseline %s", r.Variant, r, tt.base)
			}
		}
		if s := rs[0].Speedup; math.Abs(s-2) > 1e-9 {
			t.Errorf("fast variant, half the best baseline's time: speedup %v, want 2", s)
		}
		if s := rs[2+slices.Index([]string{bench.HandSerial, bench.HandParallel}, tt.base)].Speedup; s != 1 {
			t.Errorf("the best baseline's speedup over itself: %v, want 1", s)
		}
	}
}
