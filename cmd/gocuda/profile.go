package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

const profileUsage = `usage: gocuda profile [-arch sm_XX] [-regs N] [-format text|json] [-pprof file] [-tags t] [-run-main] [packages] [-- go test flags]

Profile runs the tests of packages (default ".") with their kernels
rewritten to record every access and branch, and shows, per kernel and
source line, what the GPU of -arch would incur: global memory
transactions per request (coalescing), shared memory bank conflicts,
branch divergence, and the occupancy of each launch (with -regs
registers per thread). The source is not touched: the go command reads
the rewritten files through -overlay. The go command's output streams
through (to standard error with -format json); then the profile is
printed as a table (text) or JSON, and with -pprof also written to file
in pprof's format.

With -run-main the one package is a main package, run with go run; the
arguments after -- are the program's. Profile exits with status 1 if the
tests (or the program) failed or the profile could not be written, 2 for
a bad command line.

Flags:
`

// profileOptions are the profile subcommand's own settings.
type profileOptions struct {
	arch, format, pprof string
	regs                int
}

// runProfile is the profile subcommand.
func runProfile(args []string, stdout, stderr io.Writer) int {
	return profile(args, stdout, stderr, nil)
}

// profile is runProfile with the run's go command and instrumenter set up
// by setup, when not nil (tests replace them).
func profile(args []string, stdout, stderr io.Writer, setup func(*probeRun)) int {
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	var o profileOptions
	fs.StringVar(&o.arch, "arch", "sm_90", "the GPU's compute capability, as sm_XY (gocuda's devices are 9.0)")
	fs.IntVar(&o.regs, "regs", 0, "registers per thread, for occupancy (0: left to the profiler)")
	fs.StringVar(&o.format, "format", "text", "the profile's `format`: text or json")
	fs.StringVar(&o.pprof, "pprof", "", "also write the profile in pprof's format to `file`")
	r := &probeRun{mode: "profile", stdout: stdout, stderr: stderr}
	fs.StringVar(&r.tags, "tags", "", "comma-separated build `tags`, as for go test")
	fs.BoolVar(&r.runMain, "run-main", false, "go run the main package instead of testing")
	if code, ok := probeArgs(fs, profileUsage, args, stderr, r); !ok {
		return code
	}
	env, err := o.env()
	if err != nil {
		fmt.Fprintf(stderr, "gocuda profile: %v\n", err)
		fs.Usage()
		return exitUsage
	}
	r.env = env
	if o.format == "json" {
		r.stdout = stderr // standard output is the JSON's alone
	}
	if setup != nil {
		setup(r)
	}
	records, failed, err := r.run()
	if err == nil {
		err = writeProfiles(stdout, o, profiles(records))
	}
	if err != nil {
		fmt.Fprintf(stderr, "gocuda profile: %v\n", err)
		return exitFailure
	}
	if failed {
		return exitFailure
	}
	return exitOK
}

// env checks o and returns the environment that passes it to the
// profiler.
func (o profileOptions) env() ([]string, error) {
	a, err := gpu.ParseArch(o.arch)
	if err != nil {
		return nil, err
	}
	if o.format != "text" && o.format != "json" {
		return nil, fmt.Errorf("-format %q: want text or json", o.format)
	}
	if o.regs < 0 || o.regs > 255 {
		return nil, fmt.Errorf("-regs %d: want 1 to 255 registers per thread, or 0", o.regs)
	}
	env := []string{record.EnvArch + "=" + a.String()}
	if o.regs > 0 {
		env = append(env, record.EnvRegs+"="+strconv.Itoa(o.regs))
	}
	return env, nil
}

// writeProfiles writes ps to w in o's format, and to o's pprof file.
func writeProfiles(w io.Writer, o profileOptions, ps []*record.KernelProfile) error {
	if err := record.WriteProfiles(w, o.format, ps); err != nil {
		return fmt.Errorf("writing the profile: %w", err)
	}
	if o.pprof == "" {
		return nil
	}
	f, err := os.Create(o.pprof)
	if err != nil {
		return err
	}
	if err := record.WriteProfiles(f, "pprof", ps); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", o.pprof, err)
	}
	return f.Close()
}
