// Package bench compares gocuda kernels with hand-written Go doing the same
// work. Its benchmarks put gocuda and the hand-written baselines side by
// side as sub-benchmarks of one benchmark, so that one run of
//
//	go test -bench . ./bench
//
// gives the ratios. The baselines are exported so that other tools (the
// gocuda command's demo) measure against the same code.
package bench

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile
