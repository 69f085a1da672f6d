package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

const profileUsage = `usage: gocuda profile [-arch sm_XX | -gpu name[,name...]] [-regs N] [-metrics list] [-wide] [-format json]
	[-o file] [-html file] [-pprof file] [-tags t] [-run-main] [packages] [-- go test flags]

Profile runs the tests of packages (default ".") with their kernels
rewritten to record every access and branch, and shows, per kernel and
source line, what the GPU of -arch would incur: global memory
transactions per request (coalescing), shared memory bank conflicts,
branch divergence, and the occupancy of each launch (with -regs
registers per thread). The source is not touched: the go command reads
the rewritten files through -overlay. The go command's output streams
through (to standard error with -json); then the profile is printed: per
kernel a summary within 120 columns (occupancy and what limits it,
branch and warp efficiency, the time the launches would take on a GPU of
that architecture and what bounds it, memory, and the costliest lines
with the metrics that matter for the kernel); with -metrics, a table of every line
with those metrics, by their nvprof names; with -wide, with every metric;
with -format json (or -json), as JSON, each kernel with its predicted_ns
and bottleneck.
-o writes it to a file; -pprof also writes it in pprof's format; -html
also writes it as one self-contained web page: per kernel a summary card,
the source with per-line heat, warp access diagrams of the costliest
global and shared lines, the occupancy calculator's graphs, and the
kernel on each -gpu preset.

The time is the analytical model of package gpu (GPU.Predict: Hong and
Kim's MWP-CWP with roofline bounds) on a GPU preset: the one of -arch's
compute capability, or the one -gpu names (g80, gt200, gf100, gk110,
gm204, gp100, gv100, tu102, ga100, gh100), whose architecture -arch then
defaults to. No time is predicted for an architecture without a preset.
-gpu a,b,c runs the tests once per preset, each on its own architecture,
and shows them side by side (-arch is then not given).

With -run-main the one package is a main package, run with go run; the
arguments after -- are the program's. Profile exits with status 1 if the
tests (or the program) failed or the profile could not be written, 2 for
a bad command line; a run of packages that have no test files is one.

Flags:
`

// profileOptions are the profile subcommand's own settings.
type profileOptions struct {
	arch, gpu, pprof, metrics string
	html                      string // the web page's file, if any
	regs                      int
	wide                      bool
	out                       outputFlags
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
	fs.StringVar(&o.arch, "arch", "", "the GPU's compute capability, as sm_XY (default sm_90, or -gpu's)")
	fs.StringVar(&o.gpu, "gpu", "", "the GPU `presets` to predict times on, such as g80 or gv100,gh100 (default: -arch's)")
	fs.StringVar(&o.html, "html", "", "also write the profile as a web page to `file`")
	fs.IntVar(&o.regs, "regs", 0, "registers per thread, for occupancy (0: left to the profiler)")
	fs.StringVar(&o.metrics, "metrics", "", "comma-separated nvprof `names` of the metrics of a table of every line")
	fs.BoolVar(&o.wide, "wide", false, "print a table of every line with every metric")
	o.out.register(fs, "the profile")
	fs.StringVar(&o.pprof, "pprof", "", "also write the profile in pprof's format to `file`")
	r := &probeRun{mode: "profile", stdout: stdout, stderr: stderr}
	fs.StringVar(&r.tags, "tags", "", "comma-separated build `tags`, as for go test")
	fs.BoolVar(&r.runMain, "run-main", false, "go run the main package instead of testing")
	if code, ok := probeArgs(fs, profileUsage, args, stderr, r); !ok {
		return code
	}
	env, envs, err := o.env()
	if err != nil {
		fmt.Fprintf(stderr, "gocuda profile: %v\n", err)
		fs.Usage()
		return exitUsage
	}
	r.env, r.envs = env, envs
	if o.out.stdoutIsOutput() {
		r.stdout = stderr // standard output is the JSON's alone
	}
	if setup != nil {
		setup(r)
	}
	records, failed, err := r.run()
	if err == nil {
		err = writeProfiles(stdout, o, profiles(records))
	}
	if err == nil && o.html != "" {
		err = writeFile(o.html, func(w io.Writer) error {
			return writeProfileHTML(w, profiles(records), o.gpuNames(), moduleRoot(r.dir))
		})
	}
	if err != nil {
		fmt.Fprintf(stderr, "gocuda profile: %v\n", err)
		return runErrorCode(err)
	}
	if failed {
		return exitFailure
	}
	return exitOK
}

// env checks o and returns the environment that passes it to the
// profiler, and with several -gpu presets, each one's own.
func (o profileOptions) env() (env []string, envs [][]string, err error) {
	gs, err := o.gpus()
	if err != nil {
		return nil, nil, err
	}
	if len(gs) > 1 && o.arch != "" {
		return nil, nil, fmt.Errorf("-arch with %d -gpu presets: each runs on its own architecture", len(gs))
	}
	if _, err := o.textOptions(); err != nil {
		return nil, nil, err
	}
	if o.regs < 0 || o.regs > 255 {
		return nil, nil, fmt.Errorf("-regs %d: want 1 to 255 registers per thread, or 0", o.regs)
	}
	if o.regs > 0 {
		env = append(env, record.EnvRegs+"="+strconv.Itoa(o.regs))
	}
	if len(gs) > 1 {
		for _, g := range gs {
			envs = append(envs, []string{record.EnvGPU + "=" + g.Key, record.EnvArch + "=" + g.Arch.String()})
		}
		return env, envs, nil
	}
	arch := o.arch
	if len(gs) == 1 {
		env = append(env, record.EnvGPU+"="+gs[0].Key)
		if arch == "" {
			arch = gs[0].Arch.String()
		}
	}
	if arch == "" {
		arch = "sm_90"
	}
	a, err := gpu.ParseArch(arch)
	if err != nil {
		return nil, nil, err
	}
	if len(gs) == 1 && gs[0].Arch != a {
		return nil, nil, fmt.Errorf("-gpu %s is %v, not -arch %v", o.gpu, gs[0].Arch, a)
	}
	return append(env, record.EnvArch+"="+a.String()), nil, nil
}

// gpuNames returns the names of the -gpu presets, in their order.
func (o profileOptions) gpuNames() []string {
	gs, _ := o.gpus()
	var names []string
	for _, g := range gs {
		names = append(names, g.Name)
	}
	return names
}

// gpus returns the presets -gpu names, comma-separated, in its order.
func (o profileOptions) gpus() ([]gpu.GPU, error) {
	if o.gpu == "" {
		return nil, nil
	}
	var gs []gpu.GPU
	for name := range strings.SplitSeq(o.gpu, ",") {
		g, err := gpu.LookupGPU(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(gs, func(h gpu.GPU) bool { return h.Key == g.Key }) {
			return nil, fmt.Errorf("-gpu %s: %s twice", o.gpu, g.Key)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// textOptions returns how o lays out the text, checking the metrics.
func (o profileOptions) textOptions() (record.TextOptions, error) {
	t := record.TextOptions{Wide: o.wide}
	if o.metrics != "" {
		t.Metrics = strings.Split(o.metrics, ",")
	}
	return t, record.WriteProfilesText(io.Discard, nil, t)
}

// writeProfiles writes ps to w (or o's file) as o says, and to o's pprof
// file.
func writeProfiles(w io.Writer, o profileOptions, ps []*record.KernelProfile) error {
	t, err := o.textOptions()
	if err != nil {
		return err
	}
	err = o.out.write(w, func(w io.Writer) error {
		if o.out.json {
			return record.WriteProfiles(w, "json", ps)
		}
		return record.WriteProfilesText(w, ps, t)
	})
	if err != nil {
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
