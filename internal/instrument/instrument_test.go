package instrument

import (
	"bytes"
	"flag"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// cases returns the testdata packages.
func cases(t *testing.T) []string {
	t.Helper()
	dirs, err := os.ReadDir("testdata/src")
	require.NoError(t, err)
	var names []string
	for _, d := range dirs {
		names = append(names, d.Name())
	}
	return names
}

// rewritten holds each testdata package's rewrite, by its directory's
// name, made once for the tests that read them: the packages are loaded
// together, since loading is most of the tests' time.
var rewritten = sync.OnceValues(func() (map[string][]*File, error) {
	pkgs, skipped, err := Load(Config{Tests: true}, "./testdata/src/...")
	if err != nil {
		return nil, err
	}
	if len(skipped) > 0 {
		return nil, fmt.Errorf("skipped: %v", skipped)
	}
	groups := map[string][]*packages.Package{} // a package with its test variants, as one Load of it returns them
	for _, p := range pkgs {
		dir := path.Base(strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, ".test"), "_test"))
		groups[dir] = append(groups[dir], p)
	}
	byDir := map[string][]*File{}
	for dir, group := range groups {
		if byDir[dir], err = Rewrite(group); err != nil {
			return nil, err
		}
	}
	return byDir, nil
})

// rewrite returns the rewritten files of the testdata package name with
// its tests. The files are shared: callers must not modify them.
func rewrite(t *testing.T, name string) []*File {
	t.Helper()
	byDir, err := rewritten()
	require.NoError(t, err)
	return byDir[name]
}

// TestGolden: each testdata file with kernels is rewritten as its .golden
// file says, and no other file is rewritten (run with -update after a
// deliberate change, and review the diff). The golden files name the
// testdata directory $TESTDATA, since site tables hold absolute paths.
func TestGolden(t *testing.T) {
	abs, err := filepath.Abs("testdata/src")
	require.NoError(t, err)
	for _, name := range cases(t) {
		t.Run(name, func(t *testing.T) {
			want, err := filepath.Glob(filepath.Join(abs, name, "*.golden"))
			require.NoError(t, err)
			var got []string
			for _, f := range rewrite(t, name) {
				golden := f.Path + ".golden"
				got = append(got, golden)
				src := strings.ReplaceAll(string(f.Source), abs, "$TESTDATA")
				if *update {
					require.NoError(t, os.WriteFile(golden, []byte(src), 0o644))
					continue
				}
				w, err := os.ReadFile(golden)
				require.NoError(t, err, "no golden file: run go test ./internal/instrument -update")
				assert.Equal(t, string(w), src, "%s: run go test ./internal/instrument -update and review the diff", golden)
			}
			if !*update {
				assert.ElementsMatch(t, want, got, "the rewritten files are those with golden files")
			}
		})
	}
}

// TestRewrittenTypeCheck: every testdata package, with its tests, still
// type-checks with its files replaced by their rewritten forms.
func TestRewrittenTypeCheck(t *testing.T) {
	overlay := map[string][]byte{}
	for _, name := range cases(t) {
		for _, f := range rewrite(t, name) {
			overlay[f.Path] = f.Source
		}
	}
	require.NotEmpty(t, overlay)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes, Tests: true, Overlay: overlay}, "./testdata/src/...")
	require.NoError(t, err)
	require.NotEmpty(t, pkgs)
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.ID, e)
		}
	}
}

// TestLinesKept: every token of an original file is on the same line of
// the rewritten file, in the same order among the line's tokens, and only
// the twins of helpers (each after a //line directive) and the site table
// follow the original lines. The brackets of slice elements, blank
// parameter names, the '=' of stores and the names of helpers called
// through their twins are the tokens rewriting replaces.
func TestLinesKept(t *testing.T) {
	for _, name := range cases(t) {
		for _, f := range rewrite(t, name) {
			src, err := os.ReadFile(f.Path)
			require.NoError(t, err)
			orig, got := tokenLines(src), tokenLines(f.Source)
			require.GreaterOrEqual(t, len(got), len(orig), f.Path)
			for line, toks := range orig {
				replaced := func(tok string) bool { return tok == "[" || tok == "]" || tok == "_" || tok == "=" }
				if !subsequence(toks, got[line], replaced) {
					t.Errorf("%s:%d: tokens %q are not all on the rewritten line %q", f.Path, line+1, toks, got[line])
				}
			}
			tail := bytes.Join(bytes.Split(f.Source, []byte("\n"))[bytes.Count(src, []byte("\n")):], []byte("\n"))
			twins, table, found := bytes.Cut(tail, []byte("\nvar gocudaSites_"))
			assert.True(t, found && len(bytes.TrimSpace(table)) > 0, "%s: no site table after the original lines", f.Path)
			for _, twin := range bytes.Split(twins, []byte("//line ")) {
				if twin = bytes.TrimSpace(twin); len(twin) > 0 {
					assert.Regexp(t, `\nfunc (\([^)]*\) )?gocudaT`, string(twin), "%s: after the original lines come twins and the site table, not:\n%s", f.Path, twin)
				}
			}
		}
	}
}

// tokenLines returns the tokens of src line by line (index 0 is line 1).
func tokenLines(src []byte) [][]string {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	var lines [][]string
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return lines
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner
		}
		line := fset.PositionFor(pos, false).Line // the file's own lines, not //line directives'

		for len(lines) < line {
			lines = append(lines, nil)
		}
		if lit == "" {
			lit = tok.String()
		}
		lines[line-1] = append(lines[line-1], lit)
	}
}

// subsequence reports whether want, less the tokens skip accepts, is a
// subsequence of got.
func subsequence(want, got []string, skip func(string) bool) bool {
	i := 0
	for _, w := range want {
		if skip(w) {
			continue
		}
		for i < len(got) && got[i] != w && !isTwin(got[i], w) {
			i++
		}
		if i == len(got) {
			return false
		}
		i++
	}
	return true
}

// isTwin reports whether got names the twin of the helper want.
func isTwin(got, want string) bool {
	return strings.HasPrefix(got, "gocudaT") && strings.HasSuffix(got, "_"+want)
}
