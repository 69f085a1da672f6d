//go:build unix

package main

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the user and system time this process and its waited-for
// children have spent.
func cpuTime(b *testing.B) time.Duration {
	var self, children syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		b.Fatal(err)
	}
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children); err != nil {
		b.Fatal(err)
	}
	var sum time.Duration
	for _, t := range []syscall.Timeval{self.Utime, self.Stime, children.Utime, children.Stime} {
		sum += time.Duration(t.Nano())
	}
	return sum
}
