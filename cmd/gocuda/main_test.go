package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// TestDemo runs the demo end to end on the default device, as the command
// does, and checks that it opens with what to expect, that every step's
// rows say verified, and that its table has bench's columns.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	runtimeDev, err := gocuda.NewDevice(gocuda.WithRuntimePath())
	if err != nil {
		t.Fatal(err)
	}
	defer runtimeDev.Close()
	if !demo(&out, gocuda.Default(), runtimeDev, 10000, bench.Options{MinTime: time.Millisecond, Count: 3}) {
		t.Errorf("demo did not verify:\n%s", &out)
	}
	if !strings.HasPrefix(out.String(), demoExpectations) {
		t.Errorf("the demo does not open with what to expect:\n%s", &out)
	}
	for _, want := range []string{"without barriers", "hand-written Go", "100 ns per thread", "gocuda compile", "function call"} {
		if !strings.Contains(strings.ReplaceAll(demoExpectations, "\n", " "), want) {
			t.Errorf("the demo's expectations do not mention %q", want)
		}
	}
	if !slices.ContainsFunc(strings.Split(out.String(), "\n"), func(l string) bool {
		return slices.Equal(strings.Fields(l), headers(resultColumns))
	}) {
		t.Errorf("demo's table lacks bench's header:\n%s", &out)
	}
	for _, s := range demoSteps {
		for _, v := range s.variants {
			f := rowFields(out.String(), s.kernel, v)
			if len(f) < len(resultColumns) || f[2] != v || f[len(f)-1] != "yes" || !strings.HasSuffix(f[len(f)-3], "×") {
				t.Errorf("%s row = %q, want variant %s verified yes", s.kernel, f, v)
			}
		}
	}
	if !strings.Contains(out.String(), resultsLegend) {
		t.Errorf("output lacks the columns' explanation:\n%s", &out)
	}
}

// rowFields returns the fields of the table row for kernel name and
// variant.
func rowFields(out, name, variant string) []string {
	for line := range strings.Lines(out) {
		if f := strings.Fields(line); len(f) > 2 && f[0] == name && slices.Contains(f[1:3], variant) {
			return f
		}
	}
	return nil
}

func TestRunDemo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"demo", "-n", "1000", "-time", "1ms"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gocuda demo -n 1000: exit %d, stderr:\n%s", code, &stderr)
	}
	if !strings.Contains(stdout.String(), "saxpy") || stderr.Len() != 0 {
		t.Errorf("gocuda demo -n 1000: stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	}
}

// TestUsage checks where usage goes and the exit status of each way to ask
// for it, or to get the command line wrong.
func TestUsage(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout string // substring of stdout; "" means stdout is empty
		stderr string // substring of stderr; "" means stderr is empty
	}{
		{args: nil, code: exitUsage, stderr: "Usage:"},
		{args: []string{"bogus"}, code: exitUsage, stderr: "gocuda bogus: unknown command"},
		{args: []string{"help"}, code: exitOK, stdout: "Usage:"},
		{args: []string{"-h"}, code: exitOK, stdout: "Usage:"},
		{args: []string{"help", "demo"}, code: exitOK, stdout: "usage: gocuda demo"},
		{args: []string{"help", "bogus"}, code: exitUsage, stderr: "gocuda help bogus: unknown command"},
		{args: []string{"help", "demo", "extra"}, code: exitUsage, stderr: "usage: gocuda help"},
		{args: []string{"demo", "-h"}, code: exitOK, stderr: "usage: gocuda demo"},
		{args: []string{"demo", "-bogus"}, code: exitUsage, stderr: "flag provided but not defined"},
		{args: []string{"demo", "-n", "x"}, code: exitUsage, stderr: "invalid value"},
		{args: []string{"demo", "-n", "-1"}, code: exitUsage, stderr: "negative"},
		{args: []string{"demo", "extra"}, code: exitUsage, stderr: `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != tt.code {
			t.Errorf("gocuda %q: exit %d, want %d", tt.args, code, tt.code)
		}
		checkStream(t, tt.args, "stdout", stdout.String(), tt.stdout)
		checkStream(t, tt.args, "stderr", stderr.String(), tt.stderr)
	}
}

func checkStream(t *testing.T, args []string, name, got, want string) {
	t.Helper()
	switch {
	case want == "" && got != "":
		t.Errorf("gocuda %q: unexpected %s:\n%s", args, name, got)
	case !strings.Contains(got, want):
		t.Errorf("gocuda %q: %s lacks %q:\n%s", args, name, want, got)
	}
}
