package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// A linePair is a hazard between two marked source lines: the text that
// marks each, whether the earlier access is either one, and whether the
// hazard may not happen in every run.
type linePair struct {
	what             string
	first, second    string
	either, optional bool
}

// assertAtomicRaces asserts that reports, of file, hold a racecheck report
// for each of want and no other but between want's lines, that each names
// the access at the line marked atomic "Atomic", and that any initcheck
// report is of that line.
func assertAtomicRaces(t *testing.T, reports []*record.Report, file, atomic string, want []linePair) {
	t.Helper()
	line := func(text string) int { return lineIn(t, file, text) }
	found := make([]bool, len(want))
	for _, r := range reports {
		require.NotEmpty(t, r.Accesses)
		if r.Tool == "initcheck" {
			assert.Equal(t, line(atomic), r.Accesses[0].Line, "initcheck: %s", r)
			continue
		}
		require.Equal(t, "racecheck", r.Tool, "%s", r)
		require.Len(t, r.Accesses, 2)
		got := [2]int{r.Accesses[0].Line, r.Accesses[1].Line}
		matched := false
		for i, w := range want {
			lines := [2]int{line(w.first), line(w.second)}
			if r.What == w.what && (got == lines || w.either && got == [2]int{lines[1], lines[0]}) {
				found[i], matched = true, true
			}
		}
		assert.True(t, matched, "unexpected report:\n%s", r)
		for _, a := range r.Accesses {
			if a.Line == line(atomic) {
				assert.Equal(t, "Atomic", a.Kind, "%s", r)
			}
		}
	}
	for i, w := range want {
		assert.True(t, found[i] || w.optional, "no %s between %q and %q", w.what, w.first, w.second)
	}
}

// TestCorpusAtomics: CUDA by Example's histogram of shared atomics with a
// barrier left out is reported as compute-sanitizer's racecheck reports a
// race, an atomic and a plain access of the same bins between the two
// lines: without the barrier after the zeroing, the zeroing and the
// atomics (a WAW hazard, in either order), and the atomics find bins no
// thread zeroed yet (initcheck); without the barrier after the counting,
// the atomics and the merge's reads (RAW, and WAR for a thread that read
// its bin before another's atomic). TestCorpusClean has it race-free with
// both barriers.
func TestCorpusAtomics(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	file := filepath.Join(corpusDir, "atomics.go")
	for _, tc := range []struct {
		test string
		want []linePair
	}{
		{"TestSharedHistogramNoZeroSync", []linePair{{"Potential WAW hazard", "// ZERO", "// COUNT", true, false}}},
		{"TestSharedHistogramNoCountSync", []linePair{{"Potential RAW hazard", "// COUNT", "// MERGE", false, false},
			{"Potential WAR hazard", "// MERGE", "// COUNT", false, true}}},
	} {
		t.Run(tc.test, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := check([]string{"-json", corpusDir, "--", "-run", "^" + tc.test + "$"}, &stdout, &stderr, nil)
			assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
			var rs []*record.Report
			require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
			assertAtomicRaces(t, rs, file, "// COUNT", tc.want)
		})
	}
}

// TestExerciseAtomicRace plants in a copy of the exercises module the
// reference solution of exercise 7 without its second barrier
// (testdata/mistakes/histogram_barrier.go) and runs gocuda check on it, as
// a student would: the shared atomics and the reads that merge the bins
// race, reported between the two lines.
func TestExerciseAtomicRace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs an exercise's tests instrumented")
	}
	dir := copyExercises(t)
	src, err := os.ReadFile("testdata/mistakes/histogram_barrier.go")
	require.NoError(t, err)
	file := filepath.Join(dir, "07-histogram", "histogram.go")
	require.NoError(t, os.WriteFile(file, src, 0o644))
	var stdout, stderr bytes.Buffer
	code := check([]string{"-json", "./07-histogram"}, &stdout, &stderr, func(r *probeRun) { r.dir = dir })
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assertAtomicRaces(t, rs, file, "// COUNT", []linePair{
		{"Potential RAW hazard", "// COUNT", "// MERGE", false, false},
		{"Potential WAR hazard", "// MERGE", "// COUNT", false, true},
	})
}
