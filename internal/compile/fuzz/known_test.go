package fuzz

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
)

// A knownBug is a bug of gocuda compile this fuzzer found and that is not
// fixed yet: its failures are logged, not reported, so that CI stays green
// until it is. Each has a hand-reduced kernel in
// testdata/bugs ("bug name" in Seeds), which TestCompileRandomKernels runs
// every time and notes as passing once the bug is fixed; then remove the
// entry, and keep the kernel as a regression test. The minimized random
// kernels in testdata/fuzz/FuzzCompile (named after the bug) are inputs of
// the generator as it was when they were found: a change of the generator
// makes other kernels of them.
type knownBug struct {
	ID      string
	Kind    string         // the Failure kind
	Pattern *regexp.Regexp // matches the Failure's detail, for random kernels; nil: none
	Seeds   []string       // kernels that fail this way: "bug name" of testdata/bugs, corpus files
	Note    string
	// Applies, if set, tells from a kernel's declarations that a mismatch
	// of it is an instance of the bug.
	Applies func(decls string) bool
}

// knownBugs are the open bugs of gocuda compile found by this fuzzer.
// All seven it found in the first generation are fixed, and their
// kernels in testdata/bugs run every time as regression tests.
var knownBugs = []knownBug{
	{
		ID:    "activemask-reconverge",
		Kind:  "mismatch",
		Seeds: []string{"mismatch-626f465d8322a4e6"},
		Note: "ActiveMask where lanes wait at different places: the compiled path runs lanes in structured " +
			"masks, reconverging after each branch and each trip of a loop, as nvcc's code does on a GPU; the " +
			"runtime path, once every lane of the warp waits, releases the place first in source order " +
			"(2026-11-26; before, every place at once). That reconverges after an if, as an NVIDIA H200 does " +
			"(testdata/activemask.cu; kernels activeMaskAfterIf and activeMaskHelper pass), but not across a " +
			"loop's back edge: a lane one trip ahead, at a call early in the loop, goes before a lane still at " +
			"a later call of the trip before (the corpus kernel, seed 4400132 with -fuzz.portable; since the generator writes " +
			"closures, 2026-11-26, that input makes another kernel, which passes: the bug is open all the same)",
		Applies: func(decls string) bool { return activeMasks(decls) >= 2 },
	},
}

// known returns the known bug f, a failure of the kernel labelled kernel,
// is an instance of, or nil: a failure of one of the bug's kernels, or one
// its pattern matches (a mismatch, whose detail is only values, is known
// only for the listed kernels).
func known(f Failure, kernel, decls string) *knownBug {
	for i := range knownBugs {
		b := &knownBugs[i]
		if b.Kind != f.Kind {
			continue
		}
		if slices.Contains(b.Seeds, kernel) || b.Pattern != nil && b.Pattern.MatchString(f.Detail) ||
			b.Applies != nil && b.Applies(decls) {
			return b
		}
	}
	return nil
}

// activeMasks counts the ActiveMask calls a kernel's declarations make
// when it runs: each function's own, times the call sites of the function
// (a helper called twice calls it twice), once for a function no other
// calls (the kernel).
func activeMasks(decls string) int {
	file, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+decls, 0)
	if err != nil {
		return strings.Count(decls, "ActiveMask()")
	}
	own, calls := map[string]int{}, map[string]int{}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if fn.Sel.Name == "ActiveMask" {
					own[fd.Name.Name]++
				}
			case *ast.Ident:
				calls[fn.Name]++
			}
			return true
		})
	}
	total := 0
	for name, n := range own {
		total += n * max(1, calls[name])
	}
	return total
}
