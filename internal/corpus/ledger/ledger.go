package ledger

import (
	"bufio"
	"fmt"
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

// Refusals reads the generated files of the package in dir and returns
// one "Name: reason" line per kernel left on the runtime path, sorted.
func Refusals(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_gocuda.go"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("ledger: no generated files in %s", dir)
	}
	var lines []string
	for _, name := range files {
		found, err := fileRefusals(name)
		if err != nil {
			return nil, err
		}
		lines = append(lines, found...)
	}
	slices.Sort(lines)
	return lines, nil
}

// fileRefusals returns the refusals of the generated file name.
func fileRefusals(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
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
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if reason != "" {
		return nil, fmt.Errorf("ledger: %s: a refusal with no constructor after it", filepath.Base(name))
	}
	return lines, nil
}

// Check requires testdata/refused.txt of the package in dir to list
// exactly its refusals (Refusals); with update, it first writes the file
// anew from them.
func Check(t testing.TB, dir string, update bool) {
	t.Helper()
	got, err := Refusals(dir)
	require.NoError(t, err)
	path := filepath.Join(dir, "testdata", "refused.txt")
	if update {
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
