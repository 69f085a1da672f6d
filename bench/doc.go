// Package bench holds the benchmarks that set gocuda kernels beside
// hand-written Go doing the same work: SAXPY, DAXPY, scans, reductions,
// n-body, matrix multiplication, a blur, Mandelbrot, histograms, barriers
// and launches. It has no API; run it with go test:
//
//	go test -run '^$' -bench 'SAXPY|Scan' -short ./bench
//
// Each sub-benchmark is named by key=value levels, such as
// BenchmarkSAXPY/n=1048576/impl=perThread, with the hand-written
// baselines as impl=handSerial and impl=handParallel and a compiled
// kernel's name ending in Compiled, so that one run gives the ratios and
// benchstat -col /impl sets the implementations side by side. The SIMD
// build (GOEXPERIMENT=simd) runs the compiled kernels' vector steps.
// gocuda bench runs the same comparisons and prints the ratios.
//
// Package rodinia, below this one, benchmarks ports of the Rodinia suite.
package bench
