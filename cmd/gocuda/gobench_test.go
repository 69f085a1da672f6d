package main

import (
	"bytes"
	"testing"
	"time"
)

// TestWriteGoBench: go test's configuration lines and one line per sample
// of each verified result, named as go test names it, with MB/s for
// bandwidth and GFLOP/s for arithmetic; the -GOMAXPROCS suffix only when
// GOMAXPROCS is not 1, as go test does.
func TestWriteGoBench(t *testing.T) {
	results := []benchResult{
		{Benchmark: "BenchmarkSAXPY/n=1000/impl=perThread", Metric: "GB/s", Work: 12000, Verified: true,
			Samples: []float64{2000, 1500.5}, Runs: []int{10, 20}},
		{Benchmark: "BenchmarkMatMul/n=10/impl=handSerial", Metric: "GFLOP/s", Work: 2000, Verified: true,
			Samples: []float64{1e6}, Runs: []int{3}},
		{Benchmark: "BenchmarkMatMul/n=10/impl=tiled", Metric: "GFLOP/s", Work: 2000, Error: "wrong"},
	}
	env := benchEnv{CPU: "Test CPU", GOOS: "linux", GOARCH: "amd64", GOMAXPROCS: 4, Version: "(devel)", Date: time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)}
	var b bytes.Buffer
	if err := writeGoBench(&b, env, "gocuda bench -quick", results); err != nil {
		t.Fatal(err)
	}
	want := "# gocuda bench -quick: " + env.caption() + "\n" +
		"goos: linux\ngoarch: amd64\npkg: github.com/gocuda/gocuda/bench\ncpu: Test CPU\n" +
		"Unit GFLOP/s better=higher\n" +
		"BenchmarkSAXPY/n=1000/impl=perThread-4\t      10\t2000 ns/op\t6000.00 MB/s\n" +
		"BenchmarkSAXPY/n=1000/impl=perThread-4\t      20\t1500 ns/op\t7997.33 MB/s\n" +
		"BenchmarkMatMul/n=10/impl=handSerial-4\t       3\t1000000 ns/op\t0.002000 GFLOP/s\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	env.GOMAXPROCS = 1
	if err := writeGoBench(&b, env, "gocuda bench", results[:1]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("BenchmarkSAXPY/n=1000/impl=perThread\t")) {
		t.Errorf("GOMAXPROCS 1: a suffix where go test has none:\n%s", &b)
	}
}
