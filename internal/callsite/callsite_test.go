package callsite

import (
	"runtime"
	"testing"
)

//go:noinline
func site() uintptr {
	var a Anchor
	return Return(&a)
}

//go:noinline
func portable() uintptr { return callersReturn(3) } // Callers, callersReturn, portable

const thisTest = "github.com/gocuda/gocuda/internal/callsite.TestReturnIsTheCallSite"

func TestReturnIsTheCallSite(t *testing.T) {
	var got []uintptr
	for range 3 {
		got = append(got, site()) // one site, three calls
	}
	other := site() // a second site
	if got[0] != got[1] || got[1] != got[2] {
		t.Fatalf("one call site gave %#x", got)
	}
	if other == got[0] {
		t.Fatalf("two call sites both gave %#x", other)
	}
	for _, pc := range []uintptr{got[0], other} {
		if f := runtime.FuncForPC(pc); f == nil || f.Name() != thisTest {
			t.Fatalf("return address %#x is in %v, not the test", pc, f)
		}
	}
}

// probe asks both ways for its own return address.
//
//go:noinline
func probe() (fromReturn, fromCallers uintptr) {
	var a Anchor
	return Return(&a), callersReturn(3) // Callers, callersReturn, probe
}

func TestAgreesWithCallers(t *testing.T) {
	if a, b := probe(); a != b {
		t.Fatalf("Return says %#x, runtime.Callers %#x", a, b)
	}
}

func BenchmarkReturn(b *testing.B) {
	b.Run("Return", func(b *testing.B) {
		for b.Loop() {
			site()
		}
	})
	b.Run("runtime.Callers", func(b *testing.B) {
		for b.Loop() {
			portable()
		}
	})
}
