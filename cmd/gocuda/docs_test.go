package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/perf/benchfmt"

	"github.com/gocuda/gocuda/internal/doccmd"
)

// TestDocCommands runs every gocuda bench and gocuda demo command shown in
// README.md and docs/ (as go run ./cmd/gocuda … or gocuda …), made quick
// by flags appended after the documented ones (-quick, one kernel, two
// short samples; a small -n for demo), in a temporary directory, and
// checks that it succeeds and writes the files it names. A benchstat
// command shown after one that wrote its input reads that input as
// benchstat does. The go test commands are checked in package bench, and
// the other subcommands by their own tests.
func TestDocCommands(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := doccmd.Find(root, "go", "gocuda", "benchstat")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	written := map[string]bool{} // Go benchmark files the commands wrote
	ran := map[string]bool{}     // each distinct command runs once
	for _, c := range cmds {
		if c.Args[0] == "benchstat" {
			for _, f := range c.Args[1:] {
				if written[f] {
					checkBenchfmt(t, c, f)
				}
			}
			continue
		}
		args := gocudaArgs(c.Args)
		if len(args) == 0 || (args[0] != "bench" && args[0] != "demo") || slices.Contains(args, "-h") {
			continue
		}
		if slices.Contains(valueFlags, args[len(args)-1]) {
			continue // prose naming a flag, such as `gocuda bench -benchstat`
		}
		if ran[strings.Join(args, " ")] {
			continue
		}
		ran[strings.Join(args, " ")] = true
		if files := reportArgs(args); len(files) > 0 {
			checkMarkdownCommand(t, c, args[:len(args)-len(files)], files, written)
			continue
		}
		quick := []string{"-n", "1000", "-time", "1ms"}
		if args[0] == "bench" {
			quick = []string{"-quick", "-kernel", "saxpy", "-count", "2", "-time", "1ms"}
		}
		var stdout, stderr bytes.Buffer
		if code := run(slices.Concat(args, quick), &stdout, &stderr); code != exitOK {
			t.Errorf("%v: exit %d\n%s", c, code, &stderr)
			continue
		}
		for i, a := range args[:len(args)-1] {
			if slices.Contains([]string{"-o", "-benchstat", "-svg"}, a) {
				if fi, err := os.Stat(args[i+1]); err != nil || fi.Size() == 0 {
					t.Errorf("%v: %s %s not written: %v", c, a, args[i+1], err)
				}
				written[args[i+1]] = a == "-benchstat"
			}
		}
	}
	if len(ran) < 3 {
		t.Errorf("ran %d gocuda bench and demo commands from the docs; they show more", len(ran))
	}
}

// reportArgs returns the report files that end a bench -markdown command
// (gocuda bench -markdown default.json simd.json), or nil.
func reportArgs(args []string) []string {
	i := len(args)
	for i > 1 && strings.HasSuffix(args[i-1], ".json") && !slices.Contains(valueFlags, args[i-2]) {
		i--
	}
	if i == len(args) || !slices.Contains(args[:i], "-markdown") {
		return nil
	}
	return args[i:]
}

// checkMarkdownCommand runs a bench -markdown command of the docs on the
// report files that earlier commands wrote (the SIMD build's report is
// written by a command run with GOEXPERIMENT=simd, which the test cannot
// run) and checks that it prints a table.
func checkMarkdownCommand(t *testing.T, c doccmd.Command, args, files []string, written map[string]bool) {
	t.Helper()
	var have []string
	for _, f := range files {
		if _, ok := written[f]; ok {
			have = append(have, f)
		}
	}
	if len(have) == 0 {
		t.Errorf("%v: no command before it writes %v", c, files)
		return
	}
	var stdout, stderr bytes.Buffer
	if code := run(slices.Concat(args, have), &stdout, &stderr); code != exitOK || !strings.HasPrefix(stdout.String(), "| kernel |") {
		t.Errorf("%v: exit %d, no table\n%s%s", c, code, &stdout, &stderr)
	}
}

// valueFlags are the flags of bench and demo that take a value.
var valueFlags = []string{"-o", "-benchstat", "-svg", "-kernel", "-count", "-time", "-n"}

// gocudaArgs returns the arguments of a gocuda command, given as
// "gocuda …" or "go run ./cmd/gocuda …", or nil for any other command.
func gocudaArgs(args []string) []string {
	switch {
	case args[0] == "gocuda":
		return args[1:]
	case len(args) > 2 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/gocuda":
		return args[3:]
	}
	return nil
}

// checkBenchfmt reads the Go benchmark file name as benchstat does and
// fails if it is malformed or has no results.
func checkBenchfmt(t *testing.T, c doccmd.Command, name string) {
	f, err := os.Open(name)
	if err != nil {
		t.Errorf("%v: %v", c, err)
		return
	}
	defer f.Close()
	results := 0
	for rd := benchfmt.NewReader(f, name); rd.Scan(); {
		switch rec := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("%v: %v", c, rec)
		case *benchfmt.Result:
			results++
		}
	}
	if results == 0 {
		t.Errorf("%v: %s has no results", c, name)
	}
}

// TestTutorialWidth: the example outputs of the checking and profiling
// tutorial, as the commands print them, fit in 120 columns.
func TestTutorialWidth(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "docs", "tutorials", "check-and-profile.md"))
	if err != nil {
		t.Fatal(err)
	}
	inBlock := false
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		if n := utf8.RuneCountInString(strings.ReplaceAll(line, "\t", "    ")); inBlock && n > 120 {
			t.Errorf("check-and-profile.md:%d: %d columns", i+1, n)
		}
	}
}
