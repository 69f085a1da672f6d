package compile

import (
	"bytes"
	"flag"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "rewrite the golden generated files in testdata")

// generate runs the generator on the testdata package dir.
func generate(t *testing.T, dir string) []*File {
	t.Helper()
	generated.Lock()
	defer generated.Unlock()
	if files, ok := generated.files[dir]; ok {
		return files
	}
	pkgs, err := testdataPackages()
	require.NoError(t, err)
	var own []*packages.Package
	for _, p := range pkgs {
		if path.Base(p.PkgPath) == dir {
			own = append(own, p)
		}
	}
	require.NotEmpty(t, own, "testdata package %s", dir)
	kernels, err := Kernels(own)
	require.NoError(t, err)
	files, err := Generate(kernels)
	require.NoError(t, err)
	if generated.files == nil {
		generated.files = map[string][]*File{}
	}
	generated.files[dir] = files
	return files
}

// testdataPackages loads every testdata package at once, since
// type-checking is most of the tests' time.
var testdataPackages = sync.OnceValues(func() ([]*packages.Package, error) {
	return Load(".", "./testdata/src/...")
})

// generated holds each testdata package's generated files, made once for
// the tests that read them; callers must not modify them.
var generated struct {
	sync.Mutex
	files map[string][]*File
}

// TestGolden: each testdata package's generated file is the committed one
// (run with -update after a deliberate change, and review the diff).
func TestGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	for _, d := range dirs {
		t.Run(d.Name(), func(t *testing.T) {
			files := generate(t, d.Name())
			require.NotEmpty(t, files)
			staleGolden(t, d.Name(), files)
			for _, f := range files {
				if *update {
					require.NoError(t, os.WriteFile(f.Path, f.Source, 0o666))
					continue
				}
				want, err := os.ReadFile(f.Path)
				require.NoError(t, err, "no golden file: run go test -update")
				assert.Equal(t, string(want), string(f.Source), "%s: run go test ./internal/compile -update and review the diff", f.Path)
			}
		})
	}
}

// TestGeneratedCompiles: the golden files type-check with their sources,
// and each declares the constructors its kernels name.
func TestGeneratedCompiles(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName}, "./testdata/src/...")
	require.NoError(t, err)
	require.NotEmpty(t, pkgs)
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	}
}

// TestCompiledKernels: the kernels without refusals are compiled, their
// constructors are written, and the refused ones are still given one.
func TestCompiledKernels(t *testing.T) {
	for dir, want := range map[string][]string{
		"basic":      {"matMulTiled", "scan", "warp", "nestedHelper", "saxpy"},
		"exits":      {"count"},
		"generic":    {"reduce", "square"},
		"names":      {"repeat", "window", "tally"},
		"policy":     {"scan"},
		"specialize": {"pair"},
		"refuse":     nil,
	} {
		files := generate(t, dir)
		require.NotEmpty(t, files)
		assert.Equal(t, want, files[0].Kernels, dir)
		for _, f := range files[1:] { // a build's own declarations, which only it builds
			stem := strings.TrimSuffix(files[0].Path, "_gocuda.go") + ".go"
			assert.Empty(t, f.Kernels, "%s: the file of both builds reports the kernels", dir)
			switch f.Path {
			case SIMDPath(stem):
				assert.Contains(t, string(f.Source), "//go:build goexperiment.simd && amd64\n", dir)
				assert.Contains(t, string(f.Source), `import _ "simd/archsimd"`, dir)
			case NoSIMDPath(stem):
				assert.Contains(t, string(f.Source), "//go:build !(goexperiment.simd && amd64)\n", dir)
			default:
				t.Errorf("%s: unexpected file %s", dir, f.Path)
			}
		}
		assert.NotContains(t, string(files[0].Source), "goexperiment.simd", "%s: both builds build %s", dir, files[0].Path)
		require.LessOrEqual(t, len(files), 3, dir)
		src := string(files[0].Source)
		assert.True(t, strings.HasPrefix(src, Header+"\n"), "%s: header", dir)
		if want != nil {
			assert.Contains(t, src, "//line "+dir+".go:", "%s: //line directives to the kernel's file", dir)
		}
	}
}

var wantRE = regexp.MustCompile("// want `([^`]*)`")

// TestRefusals: each kernel of testdata/src/refuse is refused on the line
// marked with a want comment, for the reason the comment's pattern
// matches, in the manner of analysistest.
func TestRefusals(t *testing.T) {
	src, err := os.ReadFile("testdata/src/refuse/refuse.go")
	require.NoError(t, err)
	wants := map[int]*regexp.Regexp{}
	for i, line := range bytes.Split(src, []byte("\n")) {
		if m := wantRE.FindSubmatch(line); m != nil {
			wants[i+1] = regexp.MustCompile(string(m[1]))
		}
	}
	files := generate(t, "refuse")
	got := files[0].Refusals
	require.Len(t, got, len(wants))
	for _, r := range got {
		re, ok := wants[r.Pos.Line]
		if !assert.True(t, ok, "unexpected refusal: %v", r) {
			continue
		}
		assert.Regexp(t, re, r.Reason, "%v", r)
		assert.Equal(t, "refuse.go", filepath.Base(r.Pos.Filename))
		assert.Contains(t, r.Error(), ": kernel "+r.Kernel+" left on the runtime path: ")
		assert.Contains(t, string(files[0].Source), "gocuda compile left it on the runtime path: "+r.Reason)
	}
}

// TestClosureKernels: compile -v names a launch whose kernel is a
// function literal that synchronizes, with the rewrite, and not one that
// does not.
func TestClosureKernels(t *testing.T) {
	all, err := testdataPackages()
	require.NoError(t, err)
	var pkgs []*packages.Package
	for _, p := range all {
		if path.Base(p.PkgPath) == "basic" {
			pkgs = append(pkgs, p)
		}
	}
	notes := closureKernels(pkgs)
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "basic.go:")
	assert.Contains(t, notes[0], "calls SyncThreads")
	assert.Contains(t, notes[0], "//gocuda:kernel")
}

// TestFileConstraint: a generated file builds with its source; where the
// SIMD build has a twin, each of the pair builds in its build only.
func TestFileConstraint(t *testing.T) {
	for _, c := range []struct {
		src        string
		twin, simd bool
		want       string
	}{
		{"", false, false, ""},
		{"//go:build linux", false, false, "//go:build linux"},
		{"", true, false, "//go:build !(goexperiment.simd && amd64)"},
		{"", true, true, "//go:build goexperiment.simd && amd64"},
		{"//go:build linux || darwin", true, false, "//go:build (linux || darwin) && !(goexperiment.simd && amd64)"},
		{"//go:build linux || darwin", true, true, "//go:build (linux || darwin) && goexperiment.simd && amd64"},
	} {
		assert.Equal(t, c.want, fileConstraint(c.src, c.twin, c.simd), "%+v", c)
	}
}

// staleGolden fails for each generated file of testdata package dir that
// the compiler no longer writes (a build's own file after the builds'
// code merged), and removes it with -update.
func staleGolden(t *testing.T, dir string, files []*File) {
	written := map[string]bool{}
	for _, f := range files {
		written[filepath.Base(f.Path)] = true
	}
	old, err := filepath.Glob(filepath.Join("testdata/src", dir, "*_gocuda*.go"))
	require.NoError(t, err)
	for _, p := range old {
		switch {
		case written[filepath.Base(p)]:
		case *update:
			require.NoError(t, os.Remove(p))
		default:
			t.Errorf("%s: no longer generated: run go test ./internal/compile -update", p)
		}
	}
}
