package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// e2eDir is the workload package of the end-to-end tests (the go command
// takes a testdata path when named explicitly).
const e2eDir = "../../internal/instrument/testdata/src/e2e"

// lineOf returns the line of the workload's e2e.go holding text.
func lineOf(t *testing.T, text string) int {
	t.Helper()
	return lineIn(t, filepath.Join(e2eDir, "e2e.go"), text)
}

// TestCheckEndToEnd runs gocuda check on the workload's racy kernel: the
// real rewriting, go test with the overlay, the probe's records, and
// racecheck's report of the hazard.
func TestCheckEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the workload's tests")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "-json", e2eDir, "--", "-run", "^TestRace$", "-count=1"}, &stdout, &stderr)
	assert.Equal(t, exitFailure, code, "a hazard was reported; stderr:\n%s", &stderr)
	assert.NotContains(t, stderr.String(), "FAIL", "the workload's test itself passes")
	var reports []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &reports), "stdout:\n%s", &stdout)
	write, read := lineOf(t, "tile[i] = s[i]"), lineOf(t, "s[i] = tile[(i+1)%t.BlockDim.X]")
	for _, r := range reports {
		if r.Tool != "racecheck" || len(r.Accesses) != 2 {
			continue
		}
		lines := []int{r.Accesses[0].Line, r.Accesses[1].Line}
		if assert.ElementsMatch(t, []int{write, read}, lines, "the hazard's accesses") {
			assert.True(t, strings.HasSuffix(r.Accesses[0].File, "e2e.go"), "file %s", r.Accesses[0].File)
			return
		}
	}
	t.Errorf("no racecheck report of the hazard between lines %d and %d in:\n%s", write, read, &stdout)
}

// TestRunawayEndToEnd runs the workload's tests instrumented, with no
// probe mode: the kernels compute what they compute uninstrumented, and a
// kernel that loops forever is stopped at its loop's back-edge when its
// launch's deadline passes, its launch returning an error matching
// context.DeadlineExceeded (issue 10, item 6).
func TestRunawayEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the workload's tests")
	}
	var out bytes.Buffer
	r := &probeRun{
		patterns: []string{e2eDir},
		goArgs:   []string{"-run", "^(TestKernels|TestRunaway|TestPanicLine)$", "-count=1", "-v", "-timeout=2m"},
		env:      []string{"GOCUDA_E2E_RUNAWAY=1"},
		stdout:   &out, stderr: &out,
	}
	records, failed, err := r.run()
	require.NoError(t, err)
	assert.False(t, failed, "output:\n%s", &out)
	assert.Empty(t, records, "no probe mode, no records")
	for _, test := range []string{"TestKernels", "TestRunaway", "TestPanicLine"} {
		assert.Contains(t, out.String(), "--- PASS: "+test, "output:\n%s", &out)
	}
	t.Logf("the workload says:\n%s", &out)
}
