package ptx_test

import (
	"flag"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/compile"
)

var update = flag.Bool("update", false, "rewrite the golden PTX of package kernels")

// goldenDir holds the PTX of package kernels' kernels, which the
// cross-device tests load (device_test.go), and why the others have none.
const goldenDir = "testdata/kernels"

// numeric admits the instantiations the cross-device tests run: float32,
// int32 and float64 elements.
func numeric(targs []types.Type) bool {
	for _, t := range targs {
		b, ok := t.(*types.Basic)
		if !ok || (b.Kind() != types.Float32 && b.Kind() != types.Int32 && b.Kind() != types.Float64) {
			return false
		}
	}
	return true
}

// TestKernelsPTX writes every kernel of package kernels as PTX and
// compares the modules, and the list of refusals, with the goldens.
func TestKernelsPTX(t *testing.T) {
	if testing.Short() {
		t.Skip("loads package kernels")
	}
	pkgs, err := compile.Load("../../../kernels", ".")
	if err != nil {
		t.Fatal(err)
	}
	ks, err := compile.Kernels(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	var refusals []string
	written := map[string]bool{}
	for _, k := range ks {
		for _, g := range compile.GPUForms(k, numeric) {
			if g.Err != nil {
				refusals = append(refusals, fmt.Sprintf("%s%v: %s", k.Name(), g.TypeArgs, strings.TrimPrefix(g.Err.Error(), filepath.Dir(g.Kernel.Path)+"/")))
				continue
			}
			name := g.PTX.Entry + ".ptx"
			written[name] = true
			golden(t, name, g.PTX.Text)
		}
	}
	sort.Strings(refusals)
	golden(t, "REFUSALS", strings.Join(refusals, "\n")+"\n")
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.ptx"))
	for _, f := range files {
		if !written[filepath.Base(f)] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("%s: no kernel writes it any more (go test -update removes it)", f)
		}
	}
}

// golden compares got with the golden file name, or writes it with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenIn(t, goldenDir, name, got)
}

// goldenIn compares got with the golden file name in dir, or writes it
// with -update.
func goldenIn(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from what the back end writes now (go test -update rewrites it)", path)
	}
}
