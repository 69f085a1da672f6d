package main

import (
	"flag"
	"io"
	"os/exec"
	"slices"
	"testing"
	"time"
)

var overheadPkg = flag.String("overhead.pkg", "./kernels", "the package BenchmarkCheckOverhead checks, relative to the module's root")

// BenchmarkCheckOverhead measures what gocuda check costs over a plain
// go test of the same package (-overhead.pkg, ./kernels by default):
// each iteration times go test -count=1 and gocuda check, one after the
// other so that the machine's load hits both alike, and the benchmark
// reports the median ratio (check/test, the target being 3 at
// most) and the median times. Both builds are warmed first, as a user's
// build cache is.
//
//	go test -run '^$' -bench CheckOverhead -benchtime 5x ./cmd/gocuda
func BenchmarkCheckOverhead(b *testing.B) {
	if testing.Short() {
		b.Skip("runs a package's tests plain and instrumented")
	}
	plain := func() time.Duration {
		start := time.Now()
		cmd := exec.Command("go", "test", "-count=1", *overheadPkg)
		cmd.Dir = "../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go test %s: %v\n%s", *overheadPkg, err, out)
		}
		return time.Since(start)
	}
	checked := func() time.Duration {
		start := time.Now()
		code := check([]string{*overheadPkg}, io.Discard, io.Discard, func(r *probeRun) { r.dir = "../.." })
		if code == exitUsage {
			b.Fatalf("gocuda check %s: exit status %d", *overheadPkg, code)
		}
		return time.Since(start)
	}
	plain()
	checked()
	var tests, checks, ratios []float64
	for b.Loop() {
		p, c := plain(), checked()
		tests, checks = append(tests, p.Seconds()), append(checks, c.Seconds())
		ratios = append(ratios, c.Seconds()/p.Seconds())
	}
	b.ReportMetric(median(ratios), "check/test")
	b.ReportMetric(median(tests), "test-s")
	b.ReportMetric(median(checks), "check-s")
	b.ReportMetric(0, "ns/op") // the wall time of an iteration is two runs': not a figure of either
}

// median returns the median of xs (0 for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
