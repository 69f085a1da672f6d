package golden_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path"
	"path/filepath"
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
// that read them, since type-checking is most of their time.
var testdataPackages = sync.OnceValues(func() (map[string]*packages.Package, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, "./testdata/src/...")
	byDir := map[string]*packages.Package{}
	for _, p := range pkgs {
		byDir[path.Base(p.PkgPath)] = p
	}
	return byDir, err
})

// sources returns a Source for each kernel (a function whose first
// parameter is *gocuda.Thread) of the testdata package dir, by name.
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
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || len(fd.Type.Params.List) == 0 {
				continue
			}
			fn := p.TypesInfo.Defs[fd.Name].(*types.Func)
			th := fn.Signature().Params().At(0)
			if !strings.HasSuffix(th.Type().String(), "gocuda.Thread") || !strings.HasPrefix(fd.Doc.Text(), fd.Name.Name+" ") {
				continue
			}
			names = append(names, fd.Name.Name)
			out[fd.Name.Name] = &kir.Source{Fset: p.Fset, Info: p.TypesInfo, Pkg: p.Types, Decl: fd, Thread: th, Decls: decls,
				Qualifier: types.RelativeTo(p.Types), Gocuda: "gocuda", Compiled: "compiled",
				Taken:   func(name string) bool { return p.Types.Scope().Lookup(name) != nil || name == "gocuda" },
				SIMD512: strings.HasSuffix(dir, "512")}
		}
	}
	return names, out
}

// TestGolden: for each kernel of the testdata packages, the IR after each
// pass that changed it and the body emitted are the golden file's (go test
// -update writes them; review the diff). Invariants are checked between passes, and
// every //line directive names a file.
func TestGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		names, srcs := sources(t, d.Name())
		for _, name := range names {
			t.Run(d.Name()+"/"+name, func(t *testing.T) {
				got := trace(t, srcs[name])
				assert.NotContains(t, got, "//line :", "a //line directive without a file: code written without a position")
				path := filepath.Join("testdata", "src", d.Name(), name+".golden")
				if *update {
					require.NoError(t, os.WriteFile(path, []byte(got), 0o666))
					return
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err, "no golden file: run go test -update")
				assert.Equal(t, string(want), got)
			})
		}
	}
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
		dump := kir.Dump(f)
		if dump == last {
			fmt.Fprintf(&b, "== %s: unchanged\n", pass)
			return
		}
		fmt.Fprintf(&b, "== %s\n%s", pass, dump)
		last = dump
	})
	if r != nil {
		fmt.Fprintf(&b, "== refused (unsupported=%v): %s:%d: %s\n", r.Unsupported, filepath.Base(r.Pos.Filename), r.Pos.Line, r.Reason)
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

// TestRefusalReasons: each of these refusal reasons comes only from the
// kernels of the testdata that hold the construct it names, so that a
// reason never stands for another cause (a policy's method called on a
// type parameter was once refused as a barrier inside an expression).
// A kernel compiled per instantiation (kernel.instance) has its
// instantiations' reasons.
func TestRefusalReasons(t *testing.T) {
	reasons := map[string][]string{
		"a barrier inside an expression": {"refuse/barrierSend", "refuse/sendTypeParam.countSend"},
		"of type parameter P synchronizes through a method known only at instantiation": {"refuse/helperTypeParam", "refuse/ownTypeParam",
			"refuse/sendTypeParam", "policy/own", "policy/param", "policyhelper/viaHelper", "policyhelper/counting"},
	}
	got := map[string][]string{}
	record := func(kernel string, src *kir.Source) {
		_, r := kir.Run(src, "", nil)
		for reason := range reasons {
			if r != nil && strings.Contains(r.Reason, reason) {
				got[reason] = append(got[reason], kernel)
			}
		}
	}
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		names, srcs := sources(t, d.Name())
		for _, name := range names {
			record(d.Name()+"/"+name, srcs[name])
			for _, is := range instances(srcs[name]) {
				record(d.Name()+"/"+name+"."+is.InstanceName(), is)
			}
		}
	}
	for reason, want := range reasons {
		assert.ElementsMatch(t, want, got[reason], "kernels refused with %q", reason)
	}
}
