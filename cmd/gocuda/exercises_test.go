package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// TestExerciseMistakes plants the classic mistakes of exercises 4 (no
// barrier between loading shared memory and reading it back) and 7 (a
// non-atomic merge of the blocks' counts) in a copy of the exercises
// module and runs gocuda check on them, as a student would: each is
// reported as a race between the two source lines, with a hint naming the
// fix. The plain tests of exercise 7 pass with its mistake, which is why
// the checker is needed.
func TestExerciseMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two exercises' tests instrumented")
	}
	t.Parallel()
	dir := copyExercises(t)
	for starter, mistake := range map[string]string{
		"04-reverse/reverse.go":     "testdata/mistakes/reverse.go",
		"07-histogram/histogram.go": "testdata/mistakes/histogram.go",
	} {
		src, err := os.ReadFile(mistake)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, starter), src, 0o644))
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"-json", "./04-reverse", "./07-histogram"}, &stdout, &stderr,
		func(r *probeRun) { r.dir = dir })
	assert.Equal(t, exitFailure, code)
	var reports []*record.Report
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &reports), "stdout:\n%s\nstderr:\n%s", &stdout, &stderr)

	race := func(file, first, second, hint string) {
		t.Helper()
		lines := []int{lineIn(t, filepath.Join(dir, file), first), lineIn(t, filepath.Join(dir, file), second)}
		for _, r := range reports {
			if r.Tool == "racecheck" && len(r.Accesses) == 2 && strings.HasSuffix(r.Accesses[0].File, file) &&
				r.Accesses[0].Line == lines[0] && r.Accesses[1].Line == lines[1] && strings.Contains(r.Detail, hint) {
				assert.Contains(t, r.String(), file)
				return
			}
		}
		t.Errorf("no racecheck report between %s:%d and :%d with the hint %q in\n%s", file, lines[0], lines[1], hint, &stdout)
	}
	race("04-reverse/reverse.go", "// LOAD", "// STORE", "t.SyncThreads()")
	race("07-histogram/histogram.go", "// MERGE", "// MERGE", "atomic.Add")
}

// copyExercises copies docs/exercises into a temporary module that
// requires this repository by its absolute path.
func copyExercises(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	from, to := filepath.Join(root, "docs", "exercises"), t.TempDir()
	err = filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			b = []byte(strings.Replace(string(b), "=> ../..", "=> "+root, 1))
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	require.NoError(t, err)
	return to
}

// lineIn returns the line of file holding text.
func lineIn(t *testing.T, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	before, _, ok := strings.Cut(string(src), text)
	require.True(t, ok, "%s lacks %q", file, text)
	return strings.Count(before, "\n") + 1
}
