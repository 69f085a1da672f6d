package bench_test

import (
	"os"
	"testing"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/internal/bench"
)

// TestAsyncPreemptOff reads GODEBUG as the runtime does: the last
// asyncpreemptoff setting wins, and only a nonzero number turns
// preemption off.
func TestAsyncPreemptOff(t *testing.T) {
	for _, c := range []struct {
		godebug string
		off     bool
	}{
		{"", false},
		{"asyncpreemptoff=1", true},
		{"gctrace=1,asyncpreemptoff=1", true},
		{"asyncpreemptoff=1,asyncpreemptoff=0", false},
		{"asyncpreemptoff=0,asyncpreemptoff=2", true},
		{"asyncpreemptoff=x", false},
		{"xasyncpreemptoff=1", false},
	} {
		if got := bench.AsyncPreemptOff(c.godebug); got != c.off {
			t.Errorf("asyncPreemptOff(%q) = %v, want %v", c.godebug, got, c.off)
		}
	}
}

// TestRerunWithoutAsyncPreempt checks that, in the SIMD build, these
// tests run in the process TestMain started with asynchronous preemption
// off, and that RerunWithoutAsyncPreempt then runs on.
func TestRerunWithoutAsyncPreempt(t *testing.T) {
	if code, rerun := bench.RerunWithoutAsyncPreempt(); rerun || code != 0 {
		t.Fatalf("RerunWithoutAsyncPreempt() = %d, %v in the run it made or needed none: want 0, false", code, rerun)
	}
	if compiled.SIMD && !bench.AsyncPreemptOff(os.Getenv("GODEBUG")) {
		t.Fatalf("SIMD build running with GODEBUG=%q: TestMain did not run the tests again without asynchronous preemption", os.Getenv("GODEBUG"))
	}
}
