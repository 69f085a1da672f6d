package heldout5

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// refusalPrefix opens the line gocuda compile adds to the doc comment of a
// kernel it leaves on the runtime path.
const refusalPrefix = "// gocuda compile left it on the runtime path: "

// constructor matches the constructor a generated doc comment documents.
var constructor = regexp.MustCompile(`^func ([A-Za-z0-9_]+)[\[(]`)

// refusals reads the generated files of the package and returns one
// "Name: reason" line per kernel left on the runtime path, sorted.
func refusals(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*_gocuda.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var lines []string
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		reason := ""
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if r, ok := strings.CutPrefix(line, refusalPrefix); ok {
				reason = strings.TrimSuffix(r, ".")
				continue
			}
			if m := constructor.FindStringSubmatch(line); m != nil && reason != "" {
				lines = append(lines, m[1]+": "+reason)
				reason = ""
			}
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
		require.Empty(t, reason, "%s: a refusal with no constructor after it", name)
	}
	slices.Sort(lines)
	return lines
}

// TestRefusedLedger requires testdata/refused.txt to list exactly the
// kernels gocuda compile leaves on the runtime path, with its reasons, so
// that the ledger's history shows the compiler's progress on this corpus.
// After go generate, write the ledger anew with
//
//	go test ./internal/corpus/heldout5 -run TestRefusedLedger -update
func TestRefusedLedger(t *testing.T) {
	got := refusals(t)
	path := filepath.Join("testdata", "refused.txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644))
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	want := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(want) == 1 && want[0] == "" {
		want = nil
	}
	require.Equal(t, want, got, "testdata/refused.txt differs from the generated files' refusals")
}
