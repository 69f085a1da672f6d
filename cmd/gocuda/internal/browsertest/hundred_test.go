package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHundredKernels measures the profile page of a package of 100
// kernels: its size, and the time Chromium takes to load it and run its
// script, which must stay within what a reader waits for.
func TestHundredKernels(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod") // the module's go.sum is gocuda's: let the go command complete it
	b := newBrowser(t)
	dir := t.TempDir()
	pkg := writeHundredKernels(t, dir)
	page := filepath.Join(dir, "profile.html")
	if code := gocuda(t, pkg, 0, "profile", "-html", page, "-o", os.DevNull, "."); code != 0 {
		t.Fatalf("gocuda profile exited %d", code)
	}
	fi, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	took := b.load(t, page, `body[data-ready="yes"]`)
	n := evalJS[int](t, b, `document.querySelectorAll("section.kernel").length`)
	b.clean(t)
	t.Logf("100 kernels: page of %d bytes (%.1f KiB a kernel), loaded and heat drawn in %v", fi.Size(), float64(fi.Size())/1024/100, took)
	if n != 100 {
		t.Errorf("%d kernel sections, want 100", n)
	}
	if fi.Size() > 8<<20 {
		t.Errorf("page of %d bytes: over 8 MiB", fi.Size())
	}
	if took.Seconds() > 10 {
		t.Errorf("the page took %v to load", took)
	}
}

// writeHundredKernels writes a module of one package with 100 kernels,
// each with its own stride, and a test that launches each, and returns
// the package's directory.
func writeHundredKernels(t *testing.T, dir string) string {
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	var src, test strings.Builder
	src.WriteString("package hundred\n\nimport \"github.com/gocuda/gocuda/gocuda\"\n")
	test.WriteString("package hundred\n\nimport (\n\t\"testing\"\n\n\t\"github.com/gocuda/gocuda/gocuda\"\n)\n\n" +
		"func TestAll(t *testing.T) {\n\tin, out := make([]float32, 4096), make([]float32, 1024)\n" +
		"\tcfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 256}}\n")
	for k := range 100 {
		fmt.Fprintf(&src, `
// K%03d stages a strided load through shared memory.
func K%03d(t *gocuda.Thread, in, out []float32) {
	tile := gocuda.Shared[float32](t, 256)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	tile[t.ThreadIdx.X] = in[(i*%d)%%len(in)]
	t.SyncThreads()
	if t.ThreadIdx.X%%%d == 0 {
		out[i] = tile[(t.ThreadIdx.X*%d)%%256]
	}
}
`, k, k, 1+k%33, 1+k%4, 1+k%17)
		fmt.Fprintf(&test, "\tif err := gocuda.Launch(cfg, func(t *gocuda.Thread) { K%03d(t, in, out) }); err != nil {\n\t\tt.Fatal(err)\n\t}\n", k)
	}
	test.WriteString("}\n")
	files := map[string]string{
		"go.mod":          "module hundred\n\ngo 1.26\n\nrequire github.com/gocuda/gocuda v0.0.0\n\nreplace github.com/gocuda/gocuda => " + abs + "\n",
		"go.sum":          string(sum),
		"hundred.go":      src.String(),
		"hundred_test.go": test.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
