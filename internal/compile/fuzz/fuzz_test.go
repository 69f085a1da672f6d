package fuzz

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	batches   = flag.Int("fuzz.batches", 1, "batches of random kernels TestCompileRandomKernels runs")
	perBatch  = flag.Int("fuzz.kernels", 60, "random kernels per batch")
	firstSeed = flag.Uint64("fuzz.seed", 1, "the seed of the first random kernel")
	keep      = flag.Bool("fuzz.keep", false, "keep the temporary packages under testdata")
	minimize  = flag.Int("fuzz.minimize", 0, "minimize each failing kernel in this many rounds, print it and add it to the corpus, then reduce its source in four times as many")
	checked   = flag.Bool("fuzz.check", false, "also run each batch under gocuda check, which must report no kernel")
	simd512   = flag.Bool("fuzz.simd512", false, "compile with -simd512: in the SIMD build, sixteen-lane steps where the CPU has AVX-512")
	portable  = flag.Bool("fuzz.portable", false, "give every loop the vector pass picks portable steps, which the default build runs")
	narrow    = flag.Bool("fuzz.narrow", false, "generate the random kernels' guarded loads with int32 and uint32 indexes")
	off       = flag.String("fuzz.off", "", "switch these optional `passes` off, comma-separated (gocuda compile -d=PASS/off)")
	file      = flag.String("fuzz.file", "", "TestKernelFile runs the kernel of this Go file (as testdata/bugs' files are written) alone, with the mode flags")
)

// flagOptions returns the Options the mode flags ask for.
func flagOptions() Options {
	o := Options{Keep: *keep, Check: *checked, SIMD512: *simd512, Portable: *portable}
	if *off != "" {
		o.Off = strings.Split(*off, ",")
	}
	return o
}

// inputBytes is the length of a random kernel's input.
const inputBytes = 512

// TestCompileRandomKernels compiles a batch of random kernels and the
// corpus's kernels in one build and requires every compiled form to match
// the runtime path, failing on any failure that is not of a known bug.
func TestCompileRandomKernels(t *testing.T) {
	corpus, err := readCorpus()
	if err != nil {
		t.Fatal(err)
	}
	bugs, err := readBugs()
	if err != nil {
		t.Fatal(err)
	}
	n := *perBatch
	if testing.Short() {
		n = min(n, 16)
	}
	for b := range *batches {
		var ks []*Kernel
		labels := map[string]string{} // kernel name: its seed or corpus file
		for i := range n {
			s := *firstSeed + uint64(b*n+i)
			generate := Generate
			if *narrow {
				generate = GenerateNarrow
			}
			k := generate(fmt.Sprintf("k%d", i), Bytes(s, inputBytes))
			ks, labels[k.Name] = append(ks, k), fmt.Sprintf("seed %d", s)
		}
		if b == 0 {
			for i, c := range corpus {
				for j, part := range split(c.data) {
					k := Generate(fmt.Sprintf("k%d", 10000+10*i+j), part)
					ks, labels[k.Name] = append(ks, k), c.name
				}
			}
			for _, k := range bugs {
				ks, labels[k.Name] = append(ks, k), "bug "+k.Name
			}
		}
		start := time.Now()
		results, err := Run(ks, flagOptions())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("batch %d: %d kernels in %v", b, len(ks), time.Since(start).Round(time.Millisecond))
		summarize(t, results)
		check(t, results, labels)
	}
}

// TestKernelFile runs the kernel of the file -fuzz.file names, as
// TestCompileRandomKernels runs each of its batch's, with the same mode
// flags: a random kernel reduced by hand, while it is, fails or passes
// in the mode that found it (go test -run TestKernelFile -fuzz.file
// k.go -fuzz.portable). Without the flag it skips.
func TestKernelFile(t *testing.T) {
	if *file == "" {
		t.Skip("no -fuzz.file")
	}
	k, err := parseKernelFile(*file)
	if err != nil {
		t.Fatal(err)
	}
	results, err := Run([]*Kernel{k}, flagOptions())
	if err != nil {
		t.Fatal(err)
	}
	summarize(t, results)
	check(t, results, map[string]string{k.Name: *file})
}

// summarize logs how many kernels were compiled and why the others were
// refused.
func summarize(t *testing.T, results []*Result) {
	reasons := map[string]int{}
	refused := 0
	for _, r := range results {
		if !r.Compiled {
			refused++
			reason, _, _ := strings.Cut(r.Refusal, ":")
			reasons[reason]++
		}
	}
	t.Logf("%d compiled, %d refused (%.0f%%)", len(results)-refused, refused, 100*float64(refused)/float64(len(results)))
	var barriers, collectives, both, flat int
	for _, r := range results {
		b := strings.Contains(r.Kernel.Decls, "t.SyncThreads")
		c := strings.Contains(r.Kernel.Decls, "Sync(t") || strings.Contains(r.Kernel.Decls, "t.BallotSync")
		if r.Compiled && !r.Failed() {
			barriers, collectives, both, flat = barriers+b2i(b), collectives+b2i(c), both+b2i(b && c), flat+b2i(r.Flat)
		}
	}
	t.Logf("compiled and run: %d with barriers, %d with warp collectives, %d with both, %d flat grid-stride loops", barriers, collectives, both, flat)
	var lines []string
	for reason, n := range reasons {
		lines = append(lines, fmt.Sprintf("%4d  %s", n, reason))
	}
	slices.Sort(lines)
	for _, l := range slices.Backward(lines) {
		t.Log(l)
	}
}

// check reports the failures of results that are not of known bugs, logs
// the others, and notes the known bugs whose kernels pass now.
func check(t *testing.T, results []*Result, labels map[string]string) {
	for _, r := range results {
		label := labels[r.Kernel.Name]
		logged := map[*knownBug]bool{}
		for _, f := range r.Failures {
			if b := known(f, label, r.Kernel.Decls); b != nil {
				if !logged[b] {
					t.Logf("%s: known compiler bug %s (%s), not reported: %s", label, b.ID, b.Note, f)
				}
				logged[b] = true
				continue
			}
			if f.Kind == FailRuntime || f.Kind == FailRefused || f.Kind == FailChecked {
				t.Errorf("%s: a bug of the kernel generator: %s", label, r.Report())
				continue
			}
			t.Errorf("%s: %s\n%s", label, bisect(r, f), r.Report())
			if *minimize > 0 {
				minimizeFailure(t, r, f)
			}
			break
		}
		if !r.Failed() && isKnownSeed(label) {
			t.Logf("%s passes now: the bug it records is fixed; remove it from knownBugs", label)
		}
	}
}

// bisect returns what Bisect finds out about the kernel of r, failing
// with f, for the failure's message.
func bisect(r *Result, f Failure) string {
	c, err := Bisect(r.Kernel, sameKind(f), flagOptions())
	if err != nil {
		return "bisecting the passes: " + err.Error()
	}
	return c.String()
}

func isKnownSeed(name string) bool {
	for _, b := range knownBugs {
		if slices.Contains(b.Seeds, name) {
			return true
		}
	}
	return false
}

// minimizeFailure minimizes the kernel of r, which fails with f, prints
// it and adds it to the corpus.
func minimizeFailure(t *testing.T, r *Result, f Failure) {
	same := sameKind(f)
	opt := flagOptions()
	opt.Check = false // the failure is the compiler's: check only slows the rounds
	k, mr, err := Minimize(r.Kernel, same, opt, *minimize)
	if err != nil || mr == nil {
		t.Logf("minimizing %s: %v", r.Kernel.Name, err)
		return
	}
	name, err := writeCorpusFile(strings.ReplaceAll(f.Kind, " ", "-"), append([]byte{0}, k.Input...)) // one kernel
	if err != nil {
		t.Log(err)
	}
	t.Logf("minimized to corpus file %s:\n%s", name, mr.Report())
	if rk, rr, err := Reduce(k, same, opt, 4**minimize); err != nil || rr == nil {
		t.Logf("reducing %s: %v", k.Name, err)
	} else {
		t.Logf("reduced by statements to %s (-fuzz.file runs it as a file of package main):\n%s", rr.Failures[0], rk.File("main"))
	}
}

// FuzzCompile compiles the kernel each input describes and requires its
// compiled form to match the runtime path. The seed corpus runs batched,
// in one build, in TestCompileRandomKernels: without -fuzz this skips.
func FuzzCompile(f *testing.F) {
	f.Add([]byte{})
	for s := range uint64(4) {
		f.Add(append([]byte{7}, Bytes(s, 8*inputBytes)...)) // 8 kernels
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if flag.Lookup("test.fuzz").Value.String() == "" {
			t.Skip("the seed corpus runs in TestCompileRandomKernels, in one build")
		}
		var ks []*Kernel
		for i, part := range split(data) {
			ks = append(ks, Generate(fmt.Sprintf("k%d", i), part))
		}
		results, err := Run(ks, Options{Keep: *keep})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			for _, f := range r.Failures {
				if known(f, "", r.Kernel.Decls) == nil {
					t.Fatalf("%s\n%s", bisect(r, f), r.Report())
				}
			}
		}
	})
}

// split cuts a fuzz input into the inputs of up to 8 kernels, as its first
// byte says, so that one build serves several kernels.
func split(data []byte) [][]byte {
	if len(data) == 0 {
		return [][]byte{data}
	}
	n, rest := 1+int(data[0])%8, data[1:]
	size := (len(rest) + n - 1) / n
	var parts [][]byte
	for len(rest) > size && size > 0 {
		parts, rest = append(parts, rest[:size]), rest[size:]
	}
	return append(parts, rest)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
