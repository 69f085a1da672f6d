// Package bench compares gocuda kernels with hand-written Go doing the same
// work, and holds the one measuring procedure that both of its front ends
// use: the go test benchmarks of package github.com/gocuda/gocuda/bench
// and the gocuda command's bench and demo. It is internal because nothing
// here is for users to call: they run those two.
//
// Each Kernel is a comparison (SAXPY, scan, reduction, n-body, matrix
// multiply, blur) with sizes for a full and a quick run and a set of
// Variants: gocuda kernels on the runtime path and compiled (named with
// Compiled appended), and the hand-written baselines HandSerial and
// HandParallel, which are exported so that other tools measure against
// the same code. A go test run such as
//
//	go test -run '^$' -bench 'SAXPY' -short ./bench
//
// names each sub-benchmark by key=value levels,
// BenchmarkSAXPY/n=1048576/impl=perThread, so that benchstat -col /impl
// sets the implementations side by side. Compare checks the variants,
// warms them up (WarmUp), times them in interleaved rounds (Measure) and
// relates each to the faster baseline at that size; the go test
// benchmarks warm up the same way before b.Loop.
package bench
