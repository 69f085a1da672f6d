package ptx_test

import (
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/compile"
	"github.com/gocuda/gocuda/internal/compile/ptx"
)

// TestWordings writes one grid-stride sum in students' words (the bound
// on either side or inclusive, the step as += or as i = i + s, the
// variable declared before the loop) and checks that the analyses decide
// alike: no index check (the store is guarded), and the loop unrolled
// (five loads: four a round, one a trip after). Two loops that are not
// counted keep their check and their one load: one whose inclusive bound
// is the type's maximum, which never ends, and one whose body writes i.
// Their modules are goldens (testdata/wordings/*.ptx; -update rewrites
// them) and pass Verify.
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
	type want struct{ loads, checks int }
	wants := map[string]want{
		"textbook": {5, 0}, "flipped": {5, 0}, "inclusive": {5, 0}, "declared": {5, 0}, "before": {5, 0},
		"endless": {1, 1}, "written": {1, 1},
	}
	if len(ks) != len(wants) {
		t.Fatalf("%d kernels, want %d", len(ks), len(wants))
	}
	for _, k := range ks {
		g := compile.GPUForms(k, nil)[0]
		if g.Err != nil {
			t.Fatalf("%s: %v", k.Name(), g.Err)
		}
		if err := ptx.Verify(g.PTX.Text); err != nil {
			t.Errorf("%s: %v", k.Name(), err)
		}
		goldenIn(t, "testdata/wordings", g.PTX.Entry+".ptx", g.PTX.Text)
		got := want{strings.Count(g.PTX.Text, "ld.global.f32"), strings.Count(g.PTX.Text, "setp.ge.u64")}
		if w, ok := wants[k.Name()]; !ok || got != w {
			t.Errorf("%s: %d loads and %d index checks, want %v", k.Name(), got.loads, got.checks, w)
		}
	}
}
