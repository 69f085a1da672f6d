package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/instrument"
	"github.com/gocuda/gocuda/probe"
)

func TestProbeArgs(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		ok       bool
		tags     string
		patterns []string
		goArgs   []string
	}{
		{args: nil, ok: true, patterns: []string{"."}},
		{args: []string{"./a", "./b/..."}, ok: true, patterns: []string{"./a", "./b/..."}},
		{args: []string{"-tags", "x,y", "./a", "--", "-run", "TestX", "-v"}, ok: true, tags: "x,y", patterns: []string{"./a"}, goArgs: []string{"-run", "TestX", "-v"}},
		{args: []string{"--", "-count=1"}, ok: true, patterns: []string{"."}, goArgs: []string{"-count=1"}},
		{args: []string{"./a", "-tags", "x"}, code: exitUsage},
		{args: []string{"-bogus"}, code: exitUsage},
		{args: []string{"-h"}, code: exitOK},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("check", flag.ContinueOnError)
		r := &probeRun{}
		fs.StringVar(&r.tags, "tags", "", "")
		code, ok := probeArgs(fs, "usage\n", tt.args, io.Discard, r)
		assert.Equal(t, tt.code, code, "%q", tt.args)
		require.Equal(t, tt.ok, ok, "%q", tt.args)
		if ok {
			assert.Equal(t, tt.tags, r.tags, "%q", tt.args)
			assert.Equal(t, tt.patterns, r.patterns, "%q", tt.args)
			assert.Equal(t, tt.goArgs, r.goArgs, "%q", tt.args)
		}
	}
}

func TestCommandLine(t *testing.T) {
	r := probeRun{patterns: []string{"./a", "./b"}, goArgs: []string{"-run", "X"}}
	assert.Equal(t, []string{"test", "-overlay=o.json", "-count=1", "./a", "./b", "-run", "X"}, r.commandLine("o.json"), "never a cached result, which would leave no records")
	r = probeRun{runMain: true, tags: "t", patterns: []string{"./cmd"}, goArgs: []string{"in.txt"}}
	assert.Equal(t, []string{"run", "-overlay=o.json", "-tags=t", "./cmd", "in.txt"}, r.commandLine("o.json"))
}

// testReports are two findings as a checker would record them.
var testReports = []*probe.Report{
	{Tool: "racecheck", Severity: "ERROR", What: "Potential RAW hazard", Kernel: "k", Space: "__shared__", Size: 4, Count: 3,
		Accesses: []probe.Access{{Kind: "Write", Func: "p.k", File: "/x.go", Line: 7}, {Kind: "Read", Thread: [3]int{1, 0, 0}, Func: "p.k", File: "/x.go", Line: 8}}},
	{Tool: "memcheck", Severity: "ERROR", What: "Invalid __global__ read of size 4 bytes", Kernel: "k", Block: [3]int{2, 0, 0},
		Accesses: []probe.Access{{Kind: "Read", Func: "p.k", File: "/x.go", Line: 9}}, Detail: "Index 20 is out of range [0:16]", Count: 1},
}

func encodeRecords(t *testing.T, records []probe.Record) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range records {
		require.NoError(t, enc.Encode(r))
	}
	return b.Bytes()
}

func TestDecodeRecords(t *testing.T) {
	want := []probe.Record{{Report: testReports[0]}, {Profile: &probe.KernelProfile{}}, {Report: testReports[1]}}
	got, err := decodeRecords(bytes.NewReader(encodeRecords(t, want)))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, testReports, reports(got)[:2])
	assert.Len(t, profiles(got), 1)

	got, err = decodeRecords(strings.NewReader(""))
	assert.NoError(t, err)
	assert.Empty(t, got)

	_, err = decodeRecords(strings.NewReader(`{"report":{"tool":"memcheck"}}` + "\n" + `{"report":`))
	assert.ErrorContains(t, err, "record 2")
}

// fakeGo is a goCommand that checks what it is asked to run, writes
// records where the probe would, prints a line and exits with code.
type fakeGo struct {
	t       *testing.T
	mode    string
	env     []string // more environment it must get
	records []probe.Record
	code    int
	err     error
	ran     bool
}

func (g *fakeGo) run(dir string, args, env []string, stdout, stderr io.Writer) (int, error) {
	g.ran = true
	require.GreaterOrEqual(g.t, len(args), 3)
	assert.Equal(g.t, "test", args[0])
	overlay, ok := strings.CutPrefix(args[1], "-overlay=")
	require.True(g.t, ok, "args %q", args)
	assert.FileExists(g.t, overlay)
	assert.Contains(g.t, env, probe.EnvMode+"="+g.mode)
	for _, e := range g.env {
		assert.Contains(g.t, env, e)
	}
	i := slices.IndexFunc(env, func(e string) bool { return strings.HasPrefix(e, probe.EnvOut+"=") })
	require.GreaterOrEqual(g.t, i, 0, "no %s in %q", probe.EnvOut, env)
	out := strings.TrimPrefix(env[i], probe.EnvOut+"=")
	require.NoError(g.t, os.WriteFile(out, encodeRecords(g.t, g.records), 0o644))
	fmt.Fprintln(stdout, "ok  \tfake/pkg")
	return g.code, g.err
}

// fakeInstrument is an instrumenter that writes an empty overlay.
func fakeInstrument(c instrument.Config, dir string, patterns ...string) (*instrument.Result, error) {
	path, err := instrument.WriteOverlay(dir, nil)
	return &instrument.Result{Overlay: path, Files: []*instrument.File{{Path: "/x.go"}}}, err
}

func TestCheck(t *testing.T) {
	twoReports := []probe.Record{{Report: testReports[0]}, {Profile: &probe.KernelProfile{}}, {Report: testReports[1]}}
	tests := []struct {
		name    string
		json    bool
		records []probe.Record
		goCode  int
		goErr   error
		code    int
		reports []*probe.Report
	}{
		{name: "clean", code: exitOK},
		{name: "reports", records: twoReports, code: exitFailure, reports: testReports},
		{name: "tests failed", goCode: 1, code: exitFailure},
		{name: "json clean", json: true, code: exitOK},
		{name: "json reports", json: true, records: twoReports, goCode: 1, code: exitFailure, reports: testReports},
		{name: "go missing", goErr: errors.New("no go"), code: exitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &fakeGo{t: t, mode: "check", records: tt.records, code: tt.goCode, err: tt.goErr}
			args := []string{"./pkg"}
			if tt.json {
				args = []string{"-json", "./pkg"}
			}
			var stdout, stderr bytes.Buffer
			code := check(args, &stdout, &stderr, func(r *probeRun) { r.goCmd, r.instrument = g.run, fakeInstrument })
			assert.Equal(t, tt.code, code, "stderr:\n%s", &stderr)
			require.True(t, g.ran)
			switch {
			case tt.goErr != nil:
				assert.Contains(t, stderr.String(), "gocuda check: no go")
			case tt.json:
				assert.Contains(t, stderr.String(), "fake/pkg", "the go command's output goes to stderr")
				var got []*probe.Report
				require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "stdout:\n%s", &stdout)
				assert.Equal(t, append([]*probe.Report{}, tt.reports...), got)
			default:
				want := "ok  \tfake/pkg\n"
				for _, r := range tt.reports {
					want += r.String() + "\n"
				}
				want += fmt.Sprintf("========= ERROR SUMMARY: %d error%s\n", len(tt.reports), plural(len(tt.reports)))
				assert.Equal(t, want, stdout.String())
			}
		})
	}
}

func TestCheckInstrumentError(t *testing.T) {
	g := &fakeGo{t: t}
	var stdout, stderr bytes.Buffer
	code := check([]string{"./pkg"}, &stdout, &stderr, func(r *probeRun) {
		r.goCmd = g.run
		r.instrument = func(instrument.Config, string, ...string) (*instrument.Result, error) {
			return nil, errors.New("x.go:3: syntax error")
		}
	})
	assert.Equal(t, exitFailure, code)
	assert.False(t, g.ran)
	assert.Equal(t, "gocuda check: x.go:3: syntax error\n", stderr.String())
}

func TestProfile(t *testing.T) {
	ps := []probe.Record{{Profile: &probe.KernelProfile{}}, {Report: testReports[0]}, {Profile: &probe.KernelProfile{}}}
	tests := []struct {
		name   string
		args   []string
		env    []string
		goCode int
	}{
		{name: "default", env: []string{probe.EnvArch + "=sm_90"}},
		{name: "arch and regs", args: []string{"-arch", "7.0", "-regs", "32"}, env: []string{probe.EnvArch + "=sm_70", probe.EnvRegs + "=32"}},
		{name: "json", args: []string{"-format", "json"}, env: []string{probe.EnvArch + "=sm_90"}},
		{name: "pprof", args: []string{"-pprof", "PPROF"}, env: []string{probe.EnvArch + "=sm_90"}},
		{name: "tests failed", goCode: 1, env: []string{probe.EnvArch + "=sm_90"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pprof := filepath.Join(t.TempDir(), "prof.pb.gz")
			args := slices.Clone(tt.args)
			if i := slices.Index(args, "PPROF"); i >= 0 {
				args[i] = pprof
			}
			g := &fakeGo{t: t, mode: "profile", env: tt.env, records: ps, code: tt.goCode}
			var stdout, stderr bytes.Buffer
			code := profile(append(args, "./pkg"), &stdout, &stderr, func(r *probeRun) { r.goCmd, r.instrument = g.run, fakeInstrument })
			require.True(t, g.ran)
			format := "text"
			if slices.Contains(args, "json") {
				format = "json"
			}
			// What package probe writes of the two profiles is the output.
			var want, wantPprof bytes.Buffer
			require.NoError(t, probe.WriteProfiles(&want, format, profiles(ps)))
			require.NoError(t, probe.WriteProfiles(&wantPprof, "pprof", profiles(ps)))
			if tt.goCode != 0 {
				assert.Equal(t, exitFailure, code)
			} else {
				assert.Equal(t, exitOK, code, "stderr:\n%s", &stderr)
			}
			assert.True(t, strings.HasSuffix(stdout.String(), want.String()))
			if slices.Contains(args, pprof) {
				got, rerr := os.ReadFile(pprof)
				require.NoError(t, rerr)
				assert.Equal(t, wantPprof.Bytes(), got)
			}
		})
	}
}

// TestProbeUsage checks the command lines check and profile refuse, and
// their help.
func TestProbeUsage(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{args: []string{"help", "check"}, code: exitOK, stdout: "usage: gocuda check"},
		{args: []string{"help", "profile"}, code: exitOK, stdout: "usage: gocuda profile"},
		{args: []string{"check", "-bogus"}, code: exitUsage, stderr: "flag provided but not defined"},
		{args: []string{"check", "./x", "-json"}, code: exitUsage, stderr: "flag -json after the packages"},
		{args: []string{"profile", "-arch", "sm_99"}, code: exitUsage, stderr: "not modelled"},
		{args: []string{"profile", "-format", "xml"}, code: exitUsage, stderr: `-format "xml": want text or json`},
		{args: []string{"profile", "-regs", "-1"}, code: exitUsage, stderr: "-regs -1"},
		{args: []string{"check", "-run-main", "./a", "./b"}, code: exitUsage, stderr: "-run-main runs one package, not 2"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		assert.Equal(t, tt.code, code, "gocuda %q", tt.args)
		checkStream(t, tt.args, "stdout", stdout.String(), tt.stdout)
		checkStream(t, tt.args, "stderr", stderr.String(), tt.stderr)
	}
}
