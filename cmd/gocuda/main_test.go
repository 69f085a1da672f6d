package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDemo runs the demo end to end on the default device, as the command
// does, and checks the table.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	ok, err := demo(&out, gocuda.Default(), 10000)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		t.Errorf("demo did not verify:\n%s", &out)
	}
	for _, want := range []string{"name", "verified", "saxpy", "reduce", "handParallel", "hand-written parallel Go's speed"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, &out)
		}
	}
	for _, name := range []string{"saxpy", "reduce"} {
		if f := rowFields(out.String(), name); len(f) != 4 || f[1] != "10000" || f[3] != "yes" {
			t.Errorf("%s row = %q, want [%s 10000 <time> yes]", name, f, name)
		}
	}
}

// rowFields returns the fields of the table row for name.
func rowFields(out, name string) []string {
	for line := range strings.Lines(out) {
		if f := strings.Fields(line); len(f) > 0 && f[0] == name {
			return f
		}
	}
	return nil
}

// TestKernelSizes checks both kernels at sizes around the block size, on a
// device of its own, with the reduction's grid capped low so that its
// threads add up several elements each.
func TestKernelSizes(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(3))
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for _, n := range []int{0, 1, 255, 256, 257, 3 * 256, 5*256 + 1} {
		x, y := demoData(n)
		s, err := runSAXPY(dev, x, y)
		if err != nil || !s.verified {
			t.Errorf("saxpy n=%d: verified %v, err %v: %s", n, s.verified, err, s.detail)
		}
		for _, maxBlocks := range []int{1, 2, reduceMaxBlocks} {
			r, err := runReduce(dev, x, maxBlocks)
			if err != nil || !r.verified {
				t.Errorf("reduce n=%d maxBlocks=%d: verified %v, err %v: %s", n, maxBlocks, r.verified, err, r.detail)
			}
		}
	}
}

func TestRunDemo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"demo", "-n", "1000"}, &stdout, &stderr); code != exitOK {
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

func TestReportFailure(t *testing.T) {
	var out bytes.Buffer
	writeReport(&out, 2, []result{
		{name: "saxpy", n: 3, verified: true},
		{name: "reduce", n: 3, verified: false, detail: "sum = 1, want 2"},
	})
	if f := rowFields(out.String(), "reduce"); len(f) != 4 || f[3] != "no" {
		t.Errorf("reduce row = %q, want verified no", f)
	}
	if !strings.Contains(out.String(), "reduce: FAIL: sum = 1, want 2") {
		t.Errorf("report lacks the failure:\n%s", &out)
	}
}

func TestChecks(t *testing.T) {
	if ok, _ := sameFloats([]float32{1, 2}, []float32{1, 2}); !ok {
		t.Error("sameFloats of equal slices = false")
	}
	if ok, msg := sameFloats([]float32{1, 3}, []float32{1, 2}); ok || msg != "y[1] = 3, want 2" {
		t.Errorf("sameFloats of different slices = %v, %q", ok, msg)
	}
	for _, tt := range []struct {
		got, want float64
		ok        bool
	}{
		{1e12, 1e12 + 1, true},
		{1e12, 1e12 + 1e4, false},
		{0, 1e-10, true},
		{0, 1e-8, false},
	} {
		if ok := closeTo(tt.got, tt.want, reduceTolerance); ok != tt.ok {
			t.Errorf("closeTo(%v, %v) = %v, want %v", tt.got, tt.want, ok, tt.ok)
		}
	}
}
