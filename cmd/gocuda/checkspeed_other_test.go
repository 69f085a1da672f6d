//go:build !unix

package main

import (
	"testing"
	"time"
)

// cpuTime is 0 where getrusage is missing: BenchmarkCheckOverhead's CPU
// ratio is then not a number.
func cpuTime(*testing.B) time.Duration { return 0 }
