package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/gocuda/gocuda/probe"
)

const checkUsage = `usage: gocuda check [-json] [-tags t] [-run-main] [packages] [-- go test flags]

Check runs the tests of packages (default ".") with their kernels
rewritten to record every access, branch, barrier and warp mask, and
reports what NVIDIA's compute-sanitizer would: racecheck (shared memory
hazards between barriers, global accesses from different threads),
synccheck (divergent barriers, bad warp masks), memcheck (out-of-bounds
and freed memory, leaks) and initcheck (uninitialized reads). The source
is not touched: the go command reads the rewritten files through
-overlay. The go command's output streams through; then each report is
printed, and the line

	========= ERROR SUMMARY: N errors

With -run-main the one package is a main package, run with go run; the
arguments after -- are the program's. Check exits with status 1 if there
is a report or the tests (or the program) failed, 2 for a bad command
line.

Flags:
`

// runCheck is the check subcommand.
func runCheck(args []string, stdout, stderr io.Writer) int {
	return check(args, stdout, stderr, nil)
}

// check is runCheck with the run's go command and instrumenter set up by
// setup, when not nil (tests replace them).
func check(args []string, stdout, stderr io.Writer, setup func(*probeRun)) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the reports as a JSON array (the go command's output goes to standard error)")
	r := &probeRun{mode: "check", stdout: stdout, stderr: stderr}
	fs.StringVar(&r.tags, "tags", "", "comma-separated build `tags`, as for go test")
	fs.BoolVar(&r.runMain, "run-main", false, "go run the main package instead of testing")
	if code, ok := probeArgs(fs, checkUsage, args, stderr, r); !ok {
		return code
	}
	if *asJSON {
		r.stdout = stderr // standard output is the JSON's alone
	}
	if setup != nil {
		setup(r)
	}
	records, failed, err := r.run()
	if err != nil {
		fmt.Fprintf(stderr, "gocuda check: %v\n", err)
		return exitFailure
	}
	rs := reports(records)
	if *asJSON {
		err = writeReportsJSON(stdout, rs)
	} else {
		err = writeReports(stdout, rs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gocuda check: %v\n", err)
		return exitFailure
	}
	if len(rs) > 0 || failed {
		return exitFailure
	}
	return exitOK
}

// writeReports prints each report in compute-sanitizer's style, then the
// summary line.
func writeReports(w io.Writer, rs []*probe.Report) error {
	for _, r := range rs {
		if _, err := fmt.Fprintln(w, r.String()); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "========= ERROR SUMMARY: %d error%s\n", len(rs), plural(len(rs)))
	return err
}

// writeReportsJSON writes the reports as a JSON array ([] for none).
func writeReportsJSON(w io.Writer, rs []*probe.Report) error {
	if rs == nil {
		rs = []*probe.Report{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(rs)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
