package fuzz

import (
	"regexp"
	"slices"
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

// knownBugs are the open bugs of gocuda compile found by this fuzzer:
// none. All seven it found in the first generation are fixed, and so is
// activemask-reconverge (the runtime path now reconverges after a branch,
// as an NVIDIA H200 does: testdata/activemask.cu); their kernels in
// testdata/bugs run every time as regression tests.
var knownBugs []knownBug

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
