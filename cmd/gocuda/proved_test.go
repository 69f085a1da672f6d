package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// provedDir is the workload of proved kernels and their look-alikes.
const provedDir = "../../internal/instrument/testdata/src/proved"

// TestCheckProvedEndToEnd runs gocuda check on the proved workload: the
// kernels proved race-free ran their compiled forms unprobed where their
// launches allowed, and every problem is still reported: the races of
// the look-alikes not proved, the races of a proved kernel's launch on
// aliased slices and on a grid of the wrong shape, which ran probed, its
// reads of uninitialized and freed memory, also probed, and the index out
// of range that failed its compiled form.
func TestCheckProvedEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the workload's tests")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "-json", provedDir, "--", "-count=1"}, &stdout, &stderr)
	assert.Equal(t, exitFailure, code, "problems were reported; stderr:\n%s", &stderr)
	assert.NotContains(t, stderr.String(), "FAIL", "the workload's tests pass")
	assert.Contains(t, stderr.String(), "gocuda: 4 launches of 3 kernels proved race-free ran compiled, unprobed: "+
		"proved.SAXPYKernel, proved.ScaleRowsKernel, proved.ShiftKernel\n", "TestProved's three and TestOutOfRange's")
	var reports []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &reports), "stdout:\n%s", &stdout)
	var got []string
	for _, r := range reports {
		lines := make([]string, len(r.Accesses))
		for i, a := range r.Accesses {
			lines[i] = fmt.Sprintf("%s:%d", filepath.Base(a.File), a.Line)
		}
		got = append(got, fmt.Sprintf("%s %s at %s", r.Tool, r.What, strings.Join(lines, " ")))
	}
	line := func(text string) string {
		return fmt.Sprintf("proved.go:%d", lineIn(t, filepath.Join(provedDir, "proved.go"), text))
	}
	saxpy, shift, half := line("y[i] = a*x[i] + y[i]"), line("\t\ty[i] = x[i+1]"), line("y[i/2] = a*x[i]")
	unguarded := fmt.Sprintf("proved.go:%d", lineIn(t, filepath.Join(provedDir, "proved.go"), "row*cols+col >= len(m)")+3)
	for _, want := range []string{
		"racecheck Potential WAR hazard at " + shift + " " + shift, // TestAliased
		"racecheck Potential WAW hazard at " + saxpy + " " + saxpy, // TestTwoRows
		"racecheck Potential WAW hazard at " + half + " " + half,   // TestHalf
		"racecheck Potential WAW hazard at " + unguarded + " " + unguarded,
		"memcheck Invalid memory access at " + saxpy, // TestOutOfRange, unprobed
		"initcheck Uninitialized __global__ memory read of size 4 bytes at " + saxpy,
		"memcheck Invalid __global__ write of size 4 bytes at " + saxpy, // TestFreed
	} {
		assert.True(t, slices.Contains(got, want), "no report %q among:\n%s", want, strings.Join(got, "\n"))
	}
}
