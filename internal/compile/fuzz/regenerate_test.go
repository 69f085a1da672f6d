package fuzz

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tableKernel returns a kernel whose generated code loads the lane
// indices' table of package-level tables (gc_tab_int32x8_...), which the
// compiler declares in one of the package's generated files.
func tableKernel(name, op string) *Kernel {
	ctor := strings.ToUpper(name[:1]) + name[1:] + "Kernel"
	decls := fmt.Sprintf(`//gocuda:kernel %s
func %s(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		var s int32
		for j := 0; j < p1; j++ {
			s += int32(i) %s int32(j)
		}
		out[i] = uint32(s)
	}
}
`, ctor, name, op)
	return &Kernel{Name: name, Ctor: ctor, Imports: []string{"github.com/gocuda/gocuda/gocuda"}, Decls: decls}
}

// TestDropRegenerates: a kernel whose generated code does not build is
// dropped from the batch with its files; the batch is compiled again, so
// that a table its file declared for the others is declared in theirs,
// and they build: one failure, one report.
func TestDropRegenerates(t *testing.T) {
	dir, err := os.MkdirTemp("testdata", "tmp-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	b := &batch{dir: dir, opt: Options{Dir: "testdata"}, byName: map[string]*Result{}}
	for _, k := range []*Kernel{tableKernel("tabA", "*"), tableKernel("tabB", "+")} {
		r := &Result{Kernel: k}
		b.results = append(b.results, r)
		b.byName[k.Name] = r
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(driver()), 0o666))
	for _, r := range b.results {
		require.NoError(t, b.write(r.Kernel))
	}
	require.NoError(t, b.generate())
	owner := ""
	for _, name := range []string{"tabA", "tabB"} {
		src, err := os.ReadFile(filepath.Join(dir, name+"_gocuda.go"))
		require.NoError(t, err)
		if strings.Contains(string(src), "\nvar gc_tab_") {
			owner = name
		}
	}
	require.NotEmpty(t, owner, "a generated file declares the table")
	for _, suffix := range []string{"_gocuda.go", "_gocuda_simd.go"} { // the owner's code does not build
		path := filepath.Join(dir, owner+suffix)
		src, err := os.ReadFile(path)
		if suffix != "_gocuda.go" && os.IsNotExist(err) {
			continue // both builds' code is in the one file
		}
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, append(src, "\nvar _ int = \"not an int\"\n"...), 0o666))
	}
	require.NoError(t, b.build())
	for _, r := range b.results {
		if r.Kernel.Name == owner {
			require.Len(t, r.Failures, 1, "%s, whose code does not build", owner)
			require.Equal(t, FailBuild, r.Failures[0].Kind)
		} else {
			require.Empty(t, r.Failures, "%s, which reads the table", r.Kernel.Name)
		}
	}
}
