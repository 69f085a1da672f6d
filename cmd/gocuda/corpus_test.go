package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// corpusDir is the corpus of real kernels ported to gocuda, each known
// mistake planted in a twin (testdata/corpus; its files name their
// sources).
const corpusDir = "./testdata/corpus"

// TestCorpusClean: gocuda check reports nothing on the corpus's correct
// kernels: NVIDIA's threadFenceReduction (a fence and an atomic ticket
// order the partial sums before the last block reads them), a histogram
// of global atomics, llm.c's softmax (every lane of a warp storing its
// warp's value to one shared slot: hidden as same-value stores) and its
// register-tiled matmul (register arrays in a loop with barriers, vector
// loads through helpers that take no thread), and CUDA by Example's hash
// table under its spin lock's methods (threads of one warp, of one block
// and of different blocks taking a bucket's lock in turn).
func TestCorpusClean(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{corpusDir, "--", "-run", "^(TestReduceSinglePass|TestHistogram|TestSoftmax|TestMatMul|TestChains)$"},
		&stdout, &stderr, nil)
	assert.Equal(t, exitOK, code, "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	assert.Contains(t, stdout.String(), "ERROR SUMMARY: 0 errors, 0 warnings")
	assert.Contains(t, stdout.String(), "same-value write-after-write hazards not shown")
}

// TestCorpusMistakes: the twins' mistakes are reported, one report each
// between the lines they involve: threadFenceReduction without its fence
// (the partial sums race with the last block's reads, and its store of
// the total with block 0's partial sum), llm.c's softmax reusing its
// shared buffer for the sums without a barrier after the maximum is read,
// the hash table under a lock without fences (its bucket heads race), and
// a method storing to shared memory what another warp reads, with no
// barrier between (reported at the method's own line).
func TestCorpusMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the corpus's tests instrumented")
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"-json", corpusDir, "--", "-run", "^(TestReduceSinglePassNoFence|TestSoftmaxReuse|TestChainsNoFence|TestRotateTile)$"},
		&stdout, &stderr, nil)
	assert.Equal(t, exitFailure, code, "stderr:\n%s", &stderr)
	var rs []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rs), "stdout:\n%s", &stdout)
	fence, softmax := filepath.Join(corpusDir, "fence.go"), filepath.Join(corpusDir, "softmax.go")
	lock := filepath.Join(corpusDir, "lock.go")
	type want struct {
		what, file, first, second, hint string
		launches                        int  // 0: one or more
		optional                        bool // not found in every run
	}
	wants := []want{
		{"Potential RAW hazard", fence, "// PARTIAL", "// GATHER", "atomic.ThreadFence()", 2, false},
		// Not when the last block to finish is block 0, whose partial sum
		// the total overwrites.
		{"Potential WAW hazard", fence, "// PARTIAL", "out[0] = sdata[0]", "atomic.ThreadFence()", 0, true},
		{"Potential WAR hazard", softmax, "// MAX", "// SUM", "t.SyncThreads()", 1, false},
		// The example is of two blocks or of one, by the order they ran
		// in: the hint is a fence's or a barrier's.
		{"Potential RAW hazard", lock, "// HEAD", "// LINK", "", 1, false},
		{"Potential WAW hazard", lock, "// HEAD", "// HEAD", "", 1, false},
		{"Potential WAR hazard", lock, "// LINK", "// HEAD", "", 1, true},
		{"Potential RAW hazard", lock, "// PUT", "// NEXT", "t.SyncThreads()", 1, false},
		{"Potential WAR hazard", lock, "// NEXT", "// PUT", "t.SyncThreads()", 1, false},
	}
	found := 0
	for _, w := range wants {
		lines := [2]int{lineIn(t, w.file, w.first), lineIn(t, w.file, w.second)}
		i := slices.IndexFunc(rs, func(r *record.Report) bool {
			return r.What == w.what && len(r.Accesses) == 2 && r.Accesses[0].Line == lines[0] && r.Accesses[1].Line == lines[1]
		})
		if i < 0 {
			assert.True(t, w.optional, "no %s between %s and %s in\n%s", w.what, w.first, w.second, &stdout)
			continue
		}
		found++
		r := rs[i]
		assert.Equal(t, []any{"racecheck", record.Error, false}, []any{r.Tool, r.Severity, r.SameValue}, w.what)
		assert.True(t, strings.HasSuffix(r.Accesses[0].File, filepath.Base(w.file)), r.Accesses[0].File)
		assert.Contains(t, r.Detail, w.hint)
		if w.launches > 0 {
			assert.Equal(t, w.launches, r.Launches, "%s: launches", w.what)
		}
	}
	shown, _ := record.Visible(rs, false)
	assert.Len(t, shown, found, "nothing else is reported:\n%s", &stdout)
}
