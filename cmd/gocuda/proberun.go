package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/instrument"
	"github.com/gocuda/gocuda/probe/record"
)

// This file is what gocuda check and gocuda profile share: an
// instrumented run of the user's tests (or main package) through the go
// command's -overlay, with package probe's mode in the environment, and
// the records it leaves.

// A probeRun is one instrumented run.
type probeRun struct {
	mode     string   // record.EnvMode's value: "check", "profile", or "" for none
	tags     string   // build tags
	runMain  bool     // go run the one package instead of go test
	patterns []string // the packages
	goArgs   []string // after --: go test's flags, or with runMain the program's arguments
	env      []string // more environment, as "KEY=value"
	// envs, if set, run the go command once per element, with that
	// environment added to env (gocuda profile's several -gpu presets).
	envs [][]string
	dir  string // where to run; "" is the current directory

	stdout, stderr io.Writer // the go command's output; stderr also gets notes

	// goCmd and instrument default to the go command and
	// instrument.Instrument; tests replace them.
	goCmd      goCommand
	instrument func(c instrument.Config, dir string, patterns ...string) (*instrument.Result, error)
}

// A goCommand runs the go command with args in dir, with env added to its
// environment and its output going to stdout and stderr. It returns the
// command's exit status, or an error if it could not run at all.
type goCommand func(dir string, args, env []string, stdout, stderr io.Writer) (int, error)

// execGo is the goCommand that runs the go command found in PATH.
func execGo(dir string, args, env []string, stdout, stderr io.Writer) (int, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	if err != nil {
		return 0, fmt.Errorf("running go: %w", err)
	}
	return 0, nil
}

// probeArgs parses the command line of check and profile, fs's flags,
// then the packages, then after -- the go command's arguments, into r.
// ok reports whether the command should run; if not, code is its exit
// status.
func probeArgs(fs *flag.FlagSet, usage string, args []string, stderr io.Writer, r *probeRun) (code int, ok bool) {
	if i := slices.Index(args, "--"); i >= 0 {
		args, r.goArgs = args[:i], args[i+1:]
	}
	if code, ok = parseFlagsArgs(fs, usage, args, stderr); !ok {
		return code, false
	}
	r.patterns = fs.Args()
	for _, p := range r.patterns {
		if strings.HasPrefix(p, "-") {
			fmt.Fprintf(stderr, "gocuda %s: flag %s after the packages (flags come first; the go command's go after --)\n", fs.Name(), p)
			return exitUsage, false
		}
	}
	if len(r.patterns) == 0 {
		r.patterns = []string{"."}
	}
	if r.runMain && len(r.patterns) != 1 {
		fmt.Fprintf(stderr, "gocuda %s: -run-main runs one package, not %d\n", fs.Name(), len(r.patterns))
		return exitUsage, false
	}
	return exitOK, true
}

// commandLine returns the go command's arguments: go test (or go run) with
// the overlay. Test results are never taken from the cache (-count=1): a
// cached result would leave no records.
func (r *probeRun) commandLine(overlay string) []string {
	args := []string{"test", "-overlay=" + overlay, "-count=1"}
	if r.runMain {
		args = []string{"run", "-overlay=" + overlay}
	}
	if r.tags != "" {
		args = append(args, "-tags="+r.tags)
	}
	args = append(args, r.patterns...)
	return append(args, r.goArgs...)
}

// run instruments the packages, runs the go command on them and returns
// the records the instrumented processes wrote, and whether the go
// command failed (a test failed, or the build). Notes on what was not
// instrumented go to r.stderr.
func (r *probeRun) run() (records []record.Record, failed bool, err error) {
	goCmd, instr := r.goCmd, r.instrument
	if goCmd == nil {
		goCmd = execGo
	}
	if instr == nil {
		instr = instrument.Instrument
	}
	tmp, err := os.MkdirTemp("", "gocuda-probe-")
	if err != nil {
		return nil, false, err
	}
	defer os.RemoveAll(tmp)
	res, err := instr(instrument.Config{Dir: r.dir, Tags: r.tags, Tests: !r.runMain}, tmp, r.patterns...)
	if err != nil {
		return nil, false, err
	}
	r.notes(res)
	if !r.runMain && res.Matched > 0 && len(res.Untested) == res.Matched {
		return nil, false, &noTestsError{mode: r.mode, patterns: r.patterns, pkgs: res.Untested}
	}
	out := filepath.Join(tmp, "records.jsonl")
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		return nil, false, err
	}
	env := append([]string{record.EnvMode + "=" + r.mode, record.EnvOut + "=" + out}, r.env...)
	envs := r.envs
	if envs == nil {
		envs = [][]string{nil}
	}
	for _, more := range envs {
		code, err := goCmd(r.dir, r.commandLine(res.Overlay), append(slices.Clip(env), more...), r.stdout, r.stderr)
		if err != nil {
			return nil, false, err
		}
		failed = failed || code != 0
	}
	records, err = readRecords(out)
	return records, failed, err
}

// notes tells of packages left uninstrumented, and of a run without a
// kernel.
func (r *probeRun) notes(res *instrument.Result) {
	for _, p := range res.Skipped {
		fmt.Fprintf(r.stderr, "gocuda: %s is not instrumented: package probe depends on it\n", p)
	}
	if len(res.Files) == 0 {
		fmt.Fprintf(r.stderr, "gocuda: no kernel (function with a *gocuda.Thread parameter) in %s\n", strings.Join(r.patterns, " "))
	}
}

// A noTestsError is a run of packages none of which has a test file: go
// test would run no kernel, and a clean summary would say nothing.
type noTestsError struct {
	mode     string // the subcommand
	patterns []string
	pkgs     []instrument.Untested
}

func (e *noTestsError) Error() string {
	paths := make([]string, len(e.pkgs))
	for i, p := range e.pkgs {
		paths[i] = p.Path
	}
	msg := fmt.Sprintf("no test files in %s: go test would run no kernel", strings.Join(paths, ", "))
	if len(e.pkgs) == 1 && e.pkgs[0].Main && len(e.patterns) == 1 {
		msg += fmt.Sprintf("; to run the program, gocuda %s -run-main %s [-- arguments]", e.mode, e.patterns[0])
	} else if slices.ContainsFunc(e.pkgs, func(p instrument.Untested) bool { return p.Main }) {
		msg += fmt.Sprintf("; to run a main package, gocuda %s -run-main package [-- arguments]", e.mode)
	}
	return msg
}

// runErrorCode returns the exit status of a run that failed with err: a
// command line with no tests to run is a usage error.
func runErrorCode(err error) int {
	if _, ok := errors.AsType[*noTestsError](err); ok {
		return exitUsage
	}
	return exitFailure
}
