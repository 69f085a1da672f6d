package golden_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// testdataPackages loads every testdata package at once, for all the tests
// that read them, since type-checking is most of their time. They are
// keyed by their directory below testdata: "src/warp", "passes/warp".
var testdataPackages = sync.OnceValues(func() (map[string]*packages.Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./testdata/src/...", "./testdata/passes/...")
	byDir := map[string]*packages.Package{}
	for _, p := range pkgs {
		_, dir, _ := strings.Cut(p.PkgPath, "/testdata/")
		byDir[dir] = p
	}
	return byDir, err
})

// sources returns a Source for each kernel (a function whose first
// parameter is *gocuda.Thread and whose doc comment starts with its name)
// of the testdata package dir ("src/warp"), by name, with the kernels'
// names in the order of the source.
func sources(t *testing.T, dir string) ([]string, map[string]*kir.Source) {
	t.Helper()
	pkgs, err := testdataPackages()
	require.NoError(t, err)
	p := pkgs[dir]
	require.NotNil(t, p, "testdata package %s", dir)
	require.Empty(t, p.Errors)
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls[p.TypesInfo.Defs[fd.Name].(*types.Func)] = fd
			}
		}
	}
	var names []string
	out := map[string]*kir.Source{}
	for _, fd := range kernelDecls(p) {
		th := p.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Params().At(0)
		names = append(names, fd.Name.Name)
		out[fd.Name.Name] = &kir.Source{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, Decl: fd, Thread: th, Decls: decls,
			Qualifier: types.RelativeTo(p.Types), Gocuda: "gocuda", Compiled: "compiled",
			Taken:   func(name string) bool { return p.Types.Scope().Lookup(name) != nil || name == "gocuda" },
			SIMD512: strings.HasSuffix(dir, "512")}
	}
	return names, out
}

// kernelDecls returns the kernels of p: the functions whose first
// parameter is *gocuda.Thread and whose doc comment starts with their
// name (a helper taking the thread has no such comment).
func kernelDecls(p *packages.Package) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || len(fd.Type.Params.List) == 0 {
				continue
			}
			th := p.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Params().At(0)
			if strings.HasSuffix(th.Type().String(), "gocuda.Thread") && strings.HasPrefix(fd.Doc.Text(), fd.Name.Name+" ") {
				out = append(out, fd)
			}
		}
	}
	return out
}

// wholeGoldens are the kernels whose trace through the whole pipeline
// (trace) is a golden file, src/DIR/KERNEL.golden: a handful that cover
// the main shapes of kernel. What one pass does is tested by the
// per-pass goldens (TestPass); the whole traces show how the passes
// compose and what is emitted, and a few are enough for that.
var wholeGoldens = []string{
	"barrier/stencil",    // barriers in a loop left under a uniform condition
	"warp/shuffle",       // warp collectives: shuffles in lane loops
	"barrier/tree",       // a shared-memory tree, folded by trees
	"flat/gridStride",    // a grid-stride loop, flattened into rows
	"operandcopy/copied", // a generic kernel, compiled once for its type set
	"vector/daxpy",       // a loop run eight threads a step
}

// TestGolden runs every kernel of the testdata/src packages through the
// whole pipeline, checking the invariants between passes (kir.Verify)
// and that every //line directive of the emitted code names a file; for
// the kernels of wholeGoldens, the trace is the golden file's (go test
// -update writes them; review the diff).
func TestGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		names, srcs := sources(t, "src/"+d.Name())
		for _, name := range names {
			t.Run(d.Name()+"/"+name, func(t *testing.T) {
				got := trace(t, srcs[name])
				assert.NotContains(t, got, "//line :", "a //line directive without a file: code written without a position")
				if slices.Contains(wholeGoldens, d.Name()+"/"+name) {
					compareGolden(t, filepath.Join("testdata", "src", d.Name(), name+".golden"), got)
				}
			})
		}
	}
}

// TestNoStrayGoldens: the only golden files of a kernel in testdata/src
// (KERNEL.golden; an instance's are KERNEL.INSTANCE.golden) are those of
// wholeGoldens, so that a trace no test compares is not left to rot.
// go test -update removes the others.
func TestNoStrayGoldens(t *testing.T) {
	files, err := filepath.Glob("testdata/src/*/*.golden")
	require.NoError(t, err)
	for _, path := range files {
		kernel := strings.TrimSuffix(filepath.Base(path), ".golden")
		key := filepath.Base(filepath.Dir(path)) + "/" + kernel
		if strings.Contains(kernel, ".") || slices.Contains(wholeGoldens, key) {
			continue
		}
		if *update {
			require.NoError(t, os.Remove(path))
			continue
		}
		t.Errorf("%s: no test compares it (not in wholeGoldens): remove it, or run go test -update", path)
	}
}

// compareGolden checks got against the golden file at path, or writes it
// there with -update.
func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o666))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no golden file: run go test -update")
	assert.Equal(t, string(want), got)
}

// trace runs the pipeline on src, returning the IR after each pass and the
// emitted body, or the refusal.
func trace(t *testing.T, src *kir.Source) string {
	var b strings.Builder
	last := ""
	f, r := kir.Run(src, "", func(pass string, f *kir.Func) {
		require.NoError(t, kir.Verify(f, pass), "after %s", pass)
		if pass == "check" {
			fmt.Fprintf(&b, "== %s\n", pass)
			return
		}
		// A pass that left the IR as it was is named without a copy of it, so
		// that a golden shows, and a diff reviews, what each pass changed.
		dump := dump(f)
		if dump == last {
			fmt.Fprintf(&b, "== %s: unchanged\n", pass)
			return
		}
		fmt.Fprintf(&b, "== %s\n%s", pass, dump)
		last = dump
	})
	if r != nil {
		fmt.Fprintf(&b, "== %s\n", refusal(r))
		return b.String()
	}
	src.Lanes = "lanes"
	fmt.Fprintf(&b, "== emit\n%s", kir.Emit(f, "body", "", ", params"))
	if f.SIMDDiffers() {
		src.Archsimd = "archsimd"
		fmt.Fprintf(&b, "== emit simd\n%s", kir.EmitSIMD(f, "body", "", ", params"))
		for _, tw := range f.Twins() {
			fmt.Fprintf(&b, "== twin %s\n%s", tw.Name, kir.EmitTwin(f, tw))
		}
	}
	for _, j := range f.Jams(false) { // the default build's, all of them
		fmt.Fprintf(&b, "== jam %s\n%s", j.Name, kir.EmitJam(f, j))
	}
	return b.String()
}

// refusal is r as the goldens show it: its file's base name, so that the
// goldens do not depend on where the tree is.
func refusal(r *kir.Refusal) string {
	return fmt.Sprintf("refused (unsupported=%v): %s:%d: %s", r.Unsupported, filepath.Base(r.Pos.Filename), r.Pos.Line, r.Reason)
}
