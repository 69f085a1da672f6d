package bench_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/internal/doccmd"
)

// TestDocCommands checks every go test command in README.md and docs/
// that runs this package's benchmarks: its -bench pattern must select
// at least one benchmark, and each implementation it names in an
// alternation, such as impl=(perThreadCompiled|handParallel), at least one
// sub-benchmark, among the names go test would run with the command's
// -short or without. CI runs the benchmarks themselves, once each.
func TestDocCommands(t *testing.T) {
	cmds, err := doccmd.Find("..", "go")
	if err != nil {
		t.Fatal(err)
	}
	names := map[bool][]string{true: benchmarkNames(t, true), false: benchmarkNames(t, false)}
	checked := 0
	for _, c := range cmds {
		pattern, short, ok := benchCommand(c.Args)
		if !ok {
			continue
		}
		checked++
		ns := names[short]
		if !slices.ContainsFunc(ns, func(n string) bool { return benchMatch(pattern, n) }) {
			t.Errorf("%v: -bench %q selects no benchmark", c, pattern)
		}
		for _, alt := range alternatives(pattern) {
			if !slices.ContainsFunc(ns, func(n string) bool { return benchMatch(alt, n) }) {
				t.Errorf("%v: %q selects no benchmark", c, alt)
			}
		}
	}
	if checked < 3 {
		t.Errorf("found %d go test -bench commands for ./bench in the docs; the docs show more", checked)
	}
}

// benchCommand returns the -bench pattern of a go test command that runs
// this package (./bench or ./...), and whether it has -short.
func benchCommand(args []string) (pattern string, short, ok bool) {
	if len(args) < 2 || args[0] != "go" || args[1] != "test" {
		return "", false, false
	}
	pkg := false
	for i := 2; i < len(args); i++ {
		a := strings.Replace(args[i], "-test.", "-", 1)
		switch {
		case a == "-bench" && i+1 < len(args):
			pattern, ok = args[i+1], true
			i++
		case strings.HasPrefix(a, "-bench="):
			pattern, ok = strings.TrimPrefix(a, "-bench="), true
		case a == "-short" || a == "-short=true":
			short = true
		case a == "./bench" || a == "./..." || a == "github.com/gocuda/gocuda/internal/bench":
			pkg = true
		}
	}
	return pattern, short, ok && pkg
}

// benchmarkNames returns the full name of every benchmark and
// sub-benchmark of this package that a run with or without -short would
// run: the functions named Benchmark* in its test files, each with the
// cases of its suite, if it has one.
func benchmarkNames(t *testing.T, short bool) []string {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Benchmark") {
				continue
			}
			s, ok := suites[strings.TrimPrefix(fn.Name.Name, "Benchmark")]
			if !ok {
				names = append(names, fn.Name.Name)
				continue
			}
			for _, c := range s(t, short) {
				names = append(names, fn.Name.Name+"/"+c.name)
			}
		}
	}
	return names
}

// benchMatch reports whether go test -bench pattern runs the benchmark
// called name, as package testing decides: the pattern is split at
// unbracketed | into alternatives and each at unbracketed / into one
// regular expression per level of the name, each of which must match
// (unanchored) the name's level.
func benchMatch(pattern, name string) bool {
	levels := strings.Split(name, "/")
	for _, alt := range splitTop(pattern, '|') {
		parts := splitTop(alt, '/')
		if len(parts) > len(levels) {
			continue
		}
		match := true
		for i, p := range parts {
			re, err := regexp.Compile(p)
			if err != nil || !re.MatchString(levels[i]) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// splitTop splits s at each sep outside brackets and parentheses, as
// package testing splits a -bench pattern.
func splitTop(s string, sep byte) []string {
	var parts []string
	brackets, parens, start := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '[':
			brackets++
		case c == ']' && brackets > 0:
			brackets--
		case c == '(' && brackets == 0:
			parens++
		case c == ')' && brackets == 0:
			parens--
		case c == sep && brackets == 0 && parens == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// plainGroup matches a parenthesized alternation of plain names, such as
// (perThreadCompiled|handParallel).
var plainGroup = regexp.MustCompile(`\(([A-Za-z0-9_=]+(\|[A-Za-z0-9_=]+)+)\)`)

// alternatives returns pattern once for each name of each alternation of
// plain names in it, with the alternation replaced by that name: the
// implementations the pattern claims to select.
func alternatives(pattern string) []string {
	var alts []string
	for _, m := range plainGroup.FindAllStringSubmatchIndex(pattern, -1) {
		for name := range strings.SplitSeq(pattern[m[2]:m[3]], "|") {
			alts = append(alts, pattern[:m[0]]+"("+name+")"+pattern[m[1]:])
		}
	}
	return alts
}

func TestBenchMatch(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{".", "BenchmarkSAXPY/n=1/impl=perThread", true},
		{"SAXPY", "BenchmarkSAXPY/n=1/impl=perThread", true},
		{"^BenchmarkSAXPY$", "BenchmarkSAXPY/n=1/impl=perThread", true},
		{"Scan", "BenchmarkSAXPY/n=1/impl=perThread", false},
		{"SAXPY|Scan", "BenchmarkScan/n=1/impl=x", true},
		{"SAXPY/n=16777216/(gocuda|handParallel)", "BenchmarkSAXPY/n=16777216/impl=handParallel", true},
		{"SAXPY/n=16777216/(gocuda|handParallel)", "BenchmarkSAXPY/n=1048576/impl=handParallel", false},
		{"SAXPY/n=16777216/impl=perThread$", "BenchmarkSAXPY/n=16777216/impl=perThreadCompiled", false},
		{"SAXPY/n=1/impl=x/deeper", "BenchmarkSAXPY/n=1/impl=x", false},
		{"SAXPY/n=[0-9]/x", "BenchmarkSAXPY/n=1/x", true},
	}
	for _, tt := range tests {
		if got := benchMatch(tt.pattern, tt.name); got != tt.want {
			t.Errorf("benchMatch(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
	got := alternatives("SAXPY/n=1/impl=(a|bCompiled)")
	if want := []string{"SAXPY/n=1/impl=(a)", "SAXPY/n=1/impl=(bCompiled)"}; !slices.Equal(got, want) {
		t.Errorf("alternatives = %q, want %q", got, want)
	}
}
