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
// build cache is. It also reports the median ratio of the CPU time the
// two spent, this process's and its children's (check-cpu/test-cpu):
// on a machine that others load, wall times follow their load, CPU
// times much less.
//
//	go test -run '^$' -bench CheckOverhead -benchtime 5x ./cmd/gocuda
func BenchmarkCheckOverhead(b *testing.B) {
	if testing.Short() {
		b.Skip("runs a package's tests plain and instrumented")
	}
	plain := func() (wall, cpu time.Duration) {
		start, cpu0 := time.Now(), cpuTime(b)
		cmd := exec.Command("go", "test", "-count=1", *overheadPkg)
		cmd.Dir = "../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go test %s: %v\n%s", *overheadPkg, err, out)
		}
		return time.Since(start), cpuTime(b) - cpu0
	}
	checked := func() (wall, cpu time.Duration) {
		start, cpu0 := time.Now(), cpuTime(b)
		code := check([]string{*overheadPkg}, io.Discard, io.Discard, func(r *probeRun) { r.dir = "../.." })
		if code == exitUsage {
			b.Fatalf("gocuda check %s: exit status %d", *overheadPkg, code)
		}
		return time.Since(start), cpuTime(b) - cpu0
	}
	plain()
	checked()
	var tests, checks, ratios, cpuRatios []float64
	for b.Loop() {
		p, pcpu := plain()
		c, ccpu := checked()
		tests, checks = append(tests, p.Seconds()), append(checks, c.Seconds())
		ratios = append(ratios, c.Seconds()/p.Seconds())
		cpuRatios = append(cpuRatios, ccpu.Seconds()/pcpu.Seconds())
	}
	b.ReportMetric(median(ratios), "check/test")
	b.ReportMetric(median(cpuRatios), "check-cpu/test-cpu")
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
