package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchMarkdown runs one kernel with -markdown, then joins two -json
// reports into one table, and checks both tables' rows and columns.
func TestBenchMarkdown(t *testing.T) {
	quick := []string{"-quick", "-kernel", "saxpy", "-count", "2", "-time", "1ms"}
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"bench", "-markdown"}, quick...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "| kernel | size | runtime path | compiled") || !strings.Contains(out, "\n| saxpy | n=1048576 | ") {
		t.Errorf("-markdown printed no table of saxpy:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "perThreadCompiled") {
		t.Errorf("-markdown: the text table is not on standard error:\n%s", &stderr)
	}

	dir := t.TempDir()
	var files []string
	for _, name := range []string{"a.json", "b.json"} {
		file := filepath.Join(dir, name)
		stdout.Reset()
		if code := run(append([]string{"bench", "-json", "-o", file}, quick...), &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d\n%s", code, &stderr)
		}
		files = append(files, file)
	}
	stdout.Reset()
	if code := run(append([]string{"bench", "-markdown"}, files...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 5 || strings.Count(lines[0], "| compiled") != 2 || !strings.HasPrefix(lines[2], "| saxpy | n=1048576 | ") ||
		strings.Count(lines[2], "|") != 6 || !strings.Contains(lines[4], "gocuda bench -json -o "+files[1]) {
		t.Errorf("-markdown of two reports:\n%s", &stdout)
	}
}

// TestBenchMarkdownUsage: -markdown and -json are two formats; report
// files go with -markdown; a file that is not a report fails.
func TestBenchMarkdownUsage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("not json"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"bench", "-markdown", "-json"}, exitUsage},
		{[]string{"bench", "report.json"}, exitUsage},
		{[]string{"bench", "-markdown", bad}, exitFailure},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != tt.code {
			t.Errorf("%v: exit %d, want %d\n%s", tt.args, code, tt.code, &stderr)
		}
	}
}
