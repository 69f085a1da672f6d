package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gocuda/gocuda/probe/record"
)

const checkUsage = `usage: gocuda check [-json] [-o file] [-html file] [-same-value] [-tags t] [-run-main] [packages] [-- go test flags]

Check runs the tests of packages (default ".") with their kernels
rewritten to record every access, branch, barrier and warp mask, and
reports what NVIDIA's compute-sanitizer would: racecheck (shared memory
hazards between barriers, global accesses from different threads),
synccheck (divergent barriers, bad warp masks), memcheck (out-of-bounds
and freed memory, leaks) and initcheck (uninitialized reads). The source
is not touched: the go command reads the rewritten files through
-overlay. The go command's output streams through; then the reports are
printed, one per problem (a kind of finding between two source lines of a
kernel, however many threads, addresses and launches had it, which it
counts), with paths relative to the module's root, and the line

	========= ERROR SUMMARY: N errors, M warnings

A kernel compiled by gocuda compile that check proves race-free (no
shared memory, barrier, warp collective or atomic, and each slice it
writes written only at the thread's own index) runs its compiled form,
unprobed, on each launch whose slices do not overlap and whose memory
memcheck and initcheck have nothing to say of; an index out of range
there is reported as the launch's invalid memory access. A note on
standard error names those kernels.

A write-after-write hazard whose writes all stored the value already
there (every lane of a warp writing the warp's sum to one slot) is
harmless: it is left out unless -same-value is given. -json prints every
report, those included, as a JSON array; -o writes the reports to a file;
-html also writes them as a web page, each report with its source lines
in context, the threads and blocks involved and their accesses.

With -run-main the one package is a main package, run with go run; the
arguments after -- are the program's. Check exits with status 1 if there
is a report or the tests (or the program) failed, 2 for a bad command
line; a run of packages that have no test files is one.

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
	var out outputFlags
	out.register(fs, "the reports")
	htmlFile := fs.String("html", "", "also write the reports as a web page to `file`")
	sameValue := fs.Bool("same-value", false, "also report write-after-write hazards whose writes stored the value already there")
	r := &probeRun{mode: "check", stdout: stdout, stderr: stderr}
	fs.StringVar(&r.tags, "tags", "", "comma-separated build `tags`, as for go test")
	fs.BoolVar(&r.runMain, "run-main", false, "go run the main package instead of testing")
	if code, ok := probeArgs(fs, checkUsage, args, stderr, r); !ok {
		return code
	}
	if out.stdoutIsOutput() {
		r.stdout = stderr // standard output is the JSON's alone
	}
	if setup != nil {
		setup(r)
	}
	records, failed, err := r.run()
	if err != nil {
		fmt.Fprintf(stderr, "gocuda check: %v\n", err)
		return runErrorCode(err)
	}
	writeUnprobedNote(stderr, records)
	rs := reports(records)
	shown, hidden := record.Visible(rs, *sameValue)
	err = out.write(stdout, func(w io.Writer) error {
		if out.json {
			return writeReportsJSON(w, rs)
		}
		return writeReports(w, shown, hidden, moduleRoot(r.dir))
	})
	if err == nil && *htmlFile != "" {
		err = writeFile(*htmlFile, func(w io.Writer) error { return writeCheckHTML(w, shown, hidden, moduleRoot(r.dir)) })
	}
	if err != nil {
		fmt.Fprintf(stderr, "gocuda check: %v\n", err)
		return exitFailure
	}
	if len(shown) > 0 || failed {
		return exitFailure
	}
	return exitOK
}

// writeReports prints each report in compute-sanitizer's style, with
// paths relative to root, then the summary line, and a note of the hidden
// same-value hazards.
func writeReports(w io.Writer, rs []*record.Report, hidden int, root string) error {
	for _, r := range rs {
		if _, err := fmt.Fprintln(w, r.Text(root)); err != nil {
			return err
		}
	}
	if hidden > 0 {
		fmt.Fprintf(w, "========= %d same-value write-after-write hazard%s not shown (-same-value shows them)\n",
			hidden, plural(hidden))
	}
	_, err := fmt.Fprintln(w, record.Summary(rs))
	return err
}

// moduleRoot returns the directory of the go.mod governing dir (the
// current directory for ""), or "" if there is none.
func moduleRoot(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// writeReportsJSON writes the reports as a JSON array ([] for none).
func writeReportsJSON(w io.Writer, rs []*record.Report) error {
	if rs == nil {
		rs = []*record.Report{}
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
