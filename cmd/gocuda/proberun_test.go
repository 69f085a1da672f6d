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
	"github.com/gocuda/gocuda/probe/record"
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
var testReports = []*record.Report{
	{Tool: "racecheck", Severity: "ERROR", What: "Potential RAW hazard", Kernel: "k", Space: "__shared__", Size: 4, Count: 3,
		Accesses: []record.Access{{Kind: "Write", Func: "p.k", File: "/x.go", Line: 7}, {Kind: "Read", Thread: [3]int{1, 0, 0}, Func: "p.k", File: "/x.go", Line: 8}},
		Launches: 1},
	{Tool: "memcheck", Severity: "ERROR", What: "Invalid __global__ read of size 4 bytes", Kernel: "k", Block: [3]int{2, 0, 0},
		Accesses: []record.Access{{Kind: "Read", Func: "p.k", File: "/x.go", Line: 9}}, Detail: "Index 20 is out of range [0:16]", Count: 1,
		Launches: 1},
}

// sameValue is a same-value write-after-write hazard, as a checker records it.
var sameValue = &record.Report{Tool: "racecheck", Severity: "WARNING", What: "Potential WAW hazard", Kernel: "k",
	Space: "__shared__", Size: 4, Count: 31, SameValue: true, Launches: 1,
	Accesses: []record.Access{{Kind: "Write", Func: "p.k", File: "/x.go", Line: 10}, {Kind: "Write", Func: "p.k", File: "/x.go", Line: 10}}}

func encodeRecords(t *testing.T, records []record.Record) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range records {
		require.NoError(t, enc.Encode(r))
	}
	return b.Bytes()
}

func TestDecodeRecords(t *testing.T) {
	want := []record.Record{{Report: testReports[0]}, {Profile: &record.KernelProfile{}}, {Report: testReports[1]}}
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
	records []record.Record
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
	assert.Contains(g.t, env, record.EnvMode+"="+g.mode)
	for _, e := range g.env {
		assert.Contains(g.t, env, e)
	}
	i := slices.IndexFunc(env, func(e string) bool { return strings.HasPrefix(e, record.EnvOut+"=") })
	require.GreaterOrEqual(g.t, i, 0, "no %s in %q", record.EnvOut, env)
	out := strings.TrimPrefix(env[i], record.EnvOut+"=")
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
	twoReports := []record.Record{{Report: testReports[0]}, {Profile: &record.KernelProfile{}}, {Report: testReports[1]}}
	// The first report again, from a second launch, and a same-value WAW.
	folded := *testReports[0]
	folded.Count, folded.Launches = 6, 2
	withRepeat := append(slices.Clone(twoReports), record.Record{Report: testReports[0]}, record.Record{Report: sameValue})
	tests := []struct {
		name      string
		args      []string
		records   []record.Record
		goCode    int
		goErr     error
		code      int
		reports   []*record.Report
		hidden    int
		errs, wrn int
	}{
		{name: "clean", code: exitOK},
		{name: "reports", records: twoReports, code: exitFailure, reports: testReports, errs: 2},
		{name: "folded", records: withRepeat, code: exitFailure, reports: []*record.Report{&folded, testReports[1]},
			hidden: 1, errs: 2},
		{name: "same value shown", args: []string{"-same-value"}, records: withRepeat, code: exitFailure,
			reports: []*record.Report{&folded, testReports[1], sameValue}, errs: 2, wrn: 1},
		{name: "only same value", records: []record.Record{{Report: sameValue}}, code: exitOK, hidden: 1},
		{name: "tests failed", goCode: 1, code: exitFailure},
		{name: "json clean", args: []string{"-json"}, code: exitOK},
		{name: "json reports", args: []string{"-json"}, records: withRepeat, goCode: 1, code: exitFailure,
			reports: []*record.Report{&folded, testReports[1], sameValue}},
		{name: "go missing", goErr: errors.New("no go"), code: exitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &fakeGo{t: t, mode: "check", records: tt.records, code: tt.goCode, err: tt.goErr}
			args := append(slices.Clone(tt.args), "./pkg")
			var stdout, stderr bytes.Buffer
			code := check(args, &stdout, &stderr, func(r *probeRun) { r.goCmd, r.instrument = g.run, fakeInstrument })
			assert.Equal(t, tt.code, code, "stderr:\n%s", &stderr)
			require.True(t, g.ran)
			switch {
			case tt.goErr != nil:
				assert.Contains(t, stderr.String(), "gocuda check: no go")
			case slices.Contains(tt.args, "-json"):
				assert.Contains(t, stderr.String(), "fake/pkg", "the go command's output goes to stderr")
				var got []*record.Report
				require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "stdout:\n%s", &stdout)
				assert.Equal(t, append([]*record.Report{}, tt.reports...), got)
			default:
				want := "ok  \tfake/pkg\n"
				for _, r := range tt.reports {
					want += r.Text(moduleRoot("")) + "\n"
				}
				if tt.hidden > 0 {
					want += fmt.Sprintf("========= %d same-value write-after-write hazard not shown (-same-value shows them)\n", tt.hidden)
				}
				want += fmt.Sprintf("========= ERROR SUMMARY: %d error%s, %d warning%s\n", tt.errs, plural(tt.errs), tt.wrn, plural(tt.wrn))
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
	ps := []record.Record{{Profile: &record.KernelProfile{}}, {Report: testReports[0]}, {Profile: &record.KernelProfile{}}}
	tests := []struct {
		name   string
		args   []string
		env    []string
		goCode int
	}{
		{name: "default", env: []string{record.EnvArch + "=sm_90"}},
		{name: "arch and regs", args: []string{"-arch", "7.0", "-regs", "32"}, env: []string{record.EnvArch + "=sm_70", record.EnvRegs + "=32"}},
		{name: "json", args: []string{"-json"}, env: []string{record.EnvArch + "=sm_90"}},
		{name: "metrics", args: []string{"-metrics", "gld_transactions,branch"}, env: []string{record.EnvArch + "=sm_90"}},
		{name: "wide", args: []string{"-wide"}, env: []string{record.EnvArch + "=sm_90"}},
		{name: "pprof", args: []string{"-pprof", "PPROF"}, env: []string{record.EnvArch + "=sm_90"}},
		{name: "tests failed", goCode: 1, env: []string{record.EnvArch + "=sm_90"}},
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
			// What package record writes of the two profiles is the output.
			var want, wantPprof bytes.Buffer
			switch {
			case slices.Contains(args, "-json"):
				require.NoError(t, record.WriteProfiles(&want, "json", profiles(ps)))
			case slices.Contains(args, "-metrics"):
				o := record.TextOptions{Metrics: []string{"gld_transactions", "branch"}}
				require.NoError(t, record.WriteProfilesText(&want, profiles(ps), o))
			default:
				o := record.TextOptions{Wide: slices.Contains(args, "-wide")}
				require.NoError(t, record.WriteProfilesText(&want, profiles(ps), o))
			}
			require.NoError(t, record.WriteProfiles(&wantPprof, "pprof", profiles(ps)))
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
		{args: []string{"profile", "-metrics", "gld_transactions,nope"}, code: exitUsage, stderr: `unknown metric "nope"`},
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

// TestOutputFile: -o writes check's reports, or profile's profile, to a
// file, text or with -json JSON; the go command's output stays on
// standard output.
func TestOutputFile(t *testing.T) {
	records := []record.Record{{Report: testReports[0]}, {Profile: &record.KernelProfile{Kernel: "p.k"}}}
	for _, tc := range []struct {
		cmd  func([]string, io.Writer, io.Writer, func(*probeRun)) int
		mode string
		json bool
		want string
	}{
		{check, "check", false, "ERROR SUMMARY: 1 error, 0 warnings"},
		{check, "check", true, `"tool": "racecheck"`},
		{profile, "profile", false, "p.k on : 0 launches"},
		{profile, "profile", true, `"kernel": "p.k"`},
	} {
		file := filepath.Join(t.TempDir(), "out")
		args := []string{"-o", file, "./pkg"}
		if tc.json {
			args = append([]string{"-json"}, args...)
		}
		g := &fakeGo{t: t, mode: tc.mode, records: records}
		var stdout, stderr bytes.Buffer
		tc.cmd(args, &stdout, &stderr, func(r *probeRun) { r.goCmd, r.instrument = g.run, fakeInstrument })
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Contains(t, string(got), tc.want, "%s %v", tc.mode, args)
		assert.Equal(t, "ok  \tfake/pkg\n", stdout.String(), "%s %v: standard output is the go command's", tc.mode, args)
	}
}

// TestNoTests: check and profile of packages none of which has a test
// file say so, suggest -run-main for a main package, run nothing and exit
// 2, without a summary that would read as a clean check; a package
// without tests among others that have them runs as go test would.
func TestNoTests(t *testing.T) {
	const dir = "../../internal/instrument/testdata/src/"
	const path = "github.com/gocuda/gocuda/internal/instrument/testdata/src/"
	for _, tc := range []struct {
		name     string
		run      func(args []string, stdout, stderr io.Writer, setup func(*probeRun)) int
		patterns []string
		code     int
		says     []string
	}{
		{"check of a main package", check, []string{dir + "untested"}, exitUsage,
			[]string{"gocuda check: no test files in " + path + "untested", "gocuda check -run-main " + dir + "untested"}},
		{"profile of a main package", profile, []string{dir + "untested"}, exitUsage,
			[]string{"gocuda profile: no test files in " + path + "untested", "gocuda profile -run-main " + dir + "untested"}},
		{"check of two packages", check, []string{dir + "untested", dir + "nokernel"}, exitUsage,
			[]string{path + "untested, " + path + "nokernel", "gocuda check -run-main package"}},
		{"check of a library", check, []string{dir + "nokernel"}, exitUsage, []string{"no test files in " + path + "nokernel: "}},
		{"check of a package with tests too", check, []string{dir + "untested", dir + "closures"}, exitOK, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mode := "check"
			if strings.HasPrefix(tc.name, "profile") {
				mode = "profile"
			}
			g := &fakeGo{t: t, mode: mode}
			var stdout, stderr bytes.Buffer
			code := tc.run(tc.patterns, &stdout, &stderr, func(r *probeRun) { r.goCmd = g.run })
			assert.Equal(t, tc.code, code, "stderr:\n%s", &stderr)
			assert.Equal(t, tc.code == exitOK, g.ran, "the go command ran")
			for _, s := range tc.says {
				assert.Contains(t, stderr.String(), s)
			}
			if tc.code != exitOK {
				assert.NotContains(t, stdout.String(), "ERROR SUMMARY")
			}
			if tc.name == "check of a library" {
				assert.NotContains(t, stderr.String(), "-run-main")
			}
		})
	}
}
