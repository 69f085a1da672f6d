package fuzz

import (
	"regexp"
	"slices"
	"strings"
)

// A knownBug is a bug of gocuda compile this fuzzer found and that is not
// fixed yet: its failures are logged, not reported, so that CI stays green
// while the compiler is rewritten. Each has a hand-reduced kernel in
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
var knownBugs = []knownBug{
	{
		ID:      "inline-const-arg",
		Kind:    FailInternal,
		Pattern: regexp.MustCompile(`inlining its helpers gave code that does not type-check.*\(\w+ of type int\)`),
		Seeds:   []string{"bug inlineConstArg", "inline-const-arg-debd091148702ec9"},
		Note:    "a helper's parameter given an untyped constant argument has the constant's default type once inlined",
	},
	{
		ID:   "internal-name-collision",
		Kind: FailBuild,
		Pattern: regexp.MustCompile(`no new variables on left side of :=|\bgc_[mr][0-9]+\b|` +
			`Scratch\[bool\]\(gc_b, \d+\) \(value of type \[\]bool\) as \[\]|cannot use (0|false|true) \(untyped (int|bool) constant\) as \[\]`),
		Seeds: []string{"bug branchMaskName", "bug predicateName", "internal-name-collision-3c887b15360f12b7"},
		Note: "a variable kept per thread is gc_ and its name, which collides with the compiler's own gc_mN " +
			"(lanes of the if numbered N) and gc_rN (result of the predicate barrier numbered N)",
	},
	{
		ID:      "unroll-unused-counter",
		Kind:    FailBuild,
		Pattern: regexp.MustCompile(`(?m)declared and not used: [jk][0-9]*$`),
		Seeds:   []string{"bug unrollUnusedCounter", "unroll-unused-counter-a6044a15268c0ec3"},
		Note:    "unrolling a short constant loop declares its counter in each copy, unused where the body does not use it",
	},
	{
		ID:      "inline-unused-param",
		Kind:    FailBuild,
		Pattern: regexp.MustCompile(`(?m)declared and not used: \w+_[0-9]+$`),
		Seeds:   []string{"bug inlineUnusedParam", "inline-unused-param-8573e97e9a2f8cae"},
		Note:    "an inlined helper's parameters are declared again in each thread loop of its body, unused in some",
	},
	{
		ID:      "unroll-line-directive",
		Kind:    FailLine,
		Pattern: regexp.MustCompile(`//line :1`),
		Seeds:   []string{"bug unrollLine"},
		Note:    "unrolling a short constant loop writes //line :1 before each copy of its body",
	},
	{
		ID:      "helper-shared-twice",
		Kind:    FailMismatch,
		Seeds:   []string{"bug sharedInHelper"},
		Note:    "a helper declaring shared memory, called twice, gets two allocations compiled and one on the runtime path",
		Applies: sharedHelperCalledTwice,
	},
	{
		ID:      "predicate-import",
		Kind:    FailBuild,
		Pattern: regexp.MustCompile(`undefined: bits`),
		Seeds:   []string{"bug predImport", "predicate-import-f2b6684b277eec49"},
		Note:    "a package used only in a barrier's predicate is not imported by the generated file",
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

// sharedHelperCalledTwice reports whether decls call a function that
// declares shared memory from two places or more.
func sharedHelperCalledTwice(decls string) bool {
	for _, fn := range strings.Split("\n"+decls, "\nfunc ")[1:] {
		name, _, _ := strings.Cut(fn, "(")
		if strings.Contains(fn, "gocuda.Shared[") && strings.Count(decls, name+"(") >= 3 { // the declaration and two calls
			return true
		}
	}
	return false
}
