package ptx_test

import (
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/compile"
)

// TestWordings writes one grid-stride sum in two students' words (the
// bound on either side, the step as += or as i = i + s) and checks that
// the analyses decide alike: no index check (the store is guarded), and the loop
// unrolled (five loads: four a round, one a trip after).
func TestWordings(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package")
	}
	pkgs, err := compile.Load("testdata/wordings", ".")
	if err != nil {
		t.Fatal(err)
	}
	ks, err := compile.Kernels(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 2 {
		t.Fatalf("%d kernels, want 2", len(ks))
	}
	for _, k := range ks {
		g := compile.GPUForms(k, nil)[0]
		if g.Err != nil {
			t.Fatalf("%s: %v", k.Name(), g.Err)
		}
		loads := strings.Count(g.PTX.Text, "ld.global.f32")
		checks := strings.Count(g.PTX.Text, "setp.ge.u64")
		if loads != 5 || checks != 0 {
			t.Errorf("%s: %d loads and %d index checks, want 5 and 0 (the store is guarded)", k.Name(), loads, checks)
		}
	}
}
