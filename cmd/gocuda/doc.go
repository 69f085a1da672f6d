/*
Gocuda runs CUDA-style kernels on the CPU with package gocuda, to show the
programming model at work and what it costs next to hand-written Go.

Usage:

	gocuda <command> [arguments]

The commands are:

	demo         a guided run of SAXPY, tiled matmul, reduction, scan and n-body
	bench        compare the kernels with hand-written Go; -quick, -json, -o, -benchstat, -svg
	compile      compile the kernels marked //gocuda:kernel into block loops (go generate)
	check        run tests with kernels checked for races, sync and memory errors, like compute-sanitizer
	profile      run tests and show what kernels would cost on a GPU: coalescing, bank conflicts, divergence
	devicequery  print the properties of the device, like CUDA's deviceQuery
	version      print the gocuda version, commit and Go toolchain
	help         print usage, or a command's with help <command>

# Run the demo kernels

Usage:

	gocuda demo [-n elements] [-time d]

Demo opens with what to expect: kernels without barriers run near
hand-written Go, while on the runtime path a barrier is a coroutine switch
per thread, so barrier-heavy kernels need gocuda compile. It then runs five classic kernels of
package kernels on the default device, which has one worker goroutine per
GOMAXPROCS: SAXPY with one thread per element, matrix multiply with 16×16
shared-memory tiles (on the runtime path and compiled), a coarsened sum
reduction, a coarsened inclusive scan with decoupled look-back, and
all-pairs n-body with shared-memory tiles. Each is checked against a
sequential host reference, then timed beside hand-written Go, serial and
parallel, with bench's procedure: 3 interleaved samples of at least -time
(default 50ms). -n (default 1<<24) is the element count of SAXPY, the
reduction and the scan; the matrix (256×256) and the n-body system (4096
bodies) shrink to 64×64 and 512 bodies for n below 1<<20. Demo prints the
table bench prints. It exits with status 1 if a check fails or a launch
returns an error, and 2 for a bad command line.

# Compare the kernels with hand-written Go

Usage:

	gocuda bench [-quick] [-kernel list] [-count n] [-time d] [-json | -markdown] [-o file] [-benchstat file] [-svg file]
	gocuda bench -markdown report.json...

Bench runs the comparisons of package bench, the ones its go test
benchmarks run, with the same sizes, variants and warm-up: for each of
its kernels (gocuda help bench lists them and their sizes), at each size,
every gocuda variant on the runtime path and compiled (named with Compiled appended)
beside handSerial and handParallel. Each variant is checked against a
sequential host reference; then, per kernel and size, each warms up and
the variants are timed in -count interleaved rounds (default 6), one
sample of each per round, each sample at least -time long (default 100ms,
20ms with -quick). -quick uses the small sizes (go test -short's) and
finishes within a minute on 2 cores. -kernel runs only the named kernels.
Progress goes to standard error; the table to standard output: kernel,
size, variant, median time, median absolute deviation, samples, GB/s or
GFLOP/s, the speedup over the best hand-written baseline at that size
(its median time divided by the variant's) and which baseline that was,
handSerial or handParallel, and verified.

-benchstat writes every sample in the Go benchmark format, named as go
test names the sub-benchmarks (BenchmarkSAXPY/n=1048576/impl=perThread-2),
with go test's configuration lines, for benchstat. -json prints, instead
of the table (which then goes to standard error),
{"command", "env", "count", "results"}: the machine (CPU, cores,
GOMAXPROCS, Go version, gocuda module version and commit, date) and for
each variant every sample's time and runs, the median, minimum, maximum
and median absolute deviation, the rate, the speedup and its baseline.
-o writes the table, or with -json the JSON, to a file, as for check and
profile. -svg draws the speedups as an SVG chart: on a log scale, grouped by kernel
and size, each variant's runtime-path and compiled speed side by side with
the spread of its samples, 1× marked, a note for each point not drawn
(such as a runtime path too slow to run at a large size), and the machine
and date in the caption. -markdown prints, instead of the table (which then
goes to standard error), a Markdown table of the speedups: per kernel and
size, the runtime path's fastest variant and the compiled variants'
fastest and slowest. Given the files of -json runs instead (one of the
default build and one built with GOEXPERIMENT=simd, say), it runs nothing
and joins them, a column of compiled variants per file: the README's
table is made so. Bench exits
with status 1 if a check fails and 2 for a bad command line.

# Check kernels for races, synchronization and memory errors

Usage:

	gocuda check [-json] [-o file] [-html file] [-same-value] [-tags t] [-run-main] [packages] [-- go test flags]

Check does on the CPU what NVIDIA's compute-sanitizer does on a GPU. It
runs go test on the packages (default ".") with their kernels rewritten
to call package probe at every slice or array element they read or
write, every if and for condition, the top of every loop body, every
block or grid barrier and the mask of every warp collective. Kernels are
the functions with a *gocuda.Thread parameter and the closures inside
them; functions and methods of the package that they call without the
thread and that index slices or arrays, or make atomics or fences (a spin
lock's lock and unlock), get an instrumented twin that takes it;
generated files (*_gocuda.go) are not rewritten, and an instrumented
build runs every kernel on the runtime path. The rewritten
files reach the compiler through the go command's -overlay flag, as with
go test -cover: the source is never touched, and since rewriting never
moves a line, panics and reports name the kernel's own lines. The
environment variable GOCUDA_PROBE=check tells the instrumented test
binaries to analyse what they record: racecheck (shared memory hazards
between barriers, and global memory accessed by different threads),
synccheck (barriers not reached by the whole block, bad warp masks),
memcheck (accesses out of bounds or to freed memory, leaks) and
initcheck (reads of memory never written). A kernel's own arrays and
structs are registers or local memory, never shared or global; atomics
never race with atomics, and a device-wide fence before an atomic orders
the accesses before it for the blocks that observe the atomic. Every
process appends its findings to a file the command names in
GOCUDA_PROBE_OUT.

The go command's output streams through. Then check prints one report
per problem (a kind of finding between two source lines of a kernel,
counting the threads, addresses and launches that had it) in
compute-sanitizer's form, within 120 columns and with paths relative to
the module's root, and the summary line

	========= ERROR SUMMARY: N errors, M warnings

A write-after-write hazard whose writes all stored the value already
there is left out unless -same-value is given. With -json check prints
every report as a JSON array instead (the go command's output then goes
to standard error); -o writes the reports to a file; -html also writes
them as a web page, a section per report with the threads and blocks
involved, their accesses, and the source lines around them. -tags passes build tags to both the
rewriting and the go command. Arguments after -- go to go test after the
packages, such as -run TestSaxpy or -count=1. With -run-main the one
package is a main package, run with go run, and the arguments after --
are the program's.

Package probe and the packages it depends on (package gocuda among them)
cannot be instrumented; check says so and runs their tests
uninstrumented. Check exits with status 1 if there is a report or the
tests (or the program) failed, and 2 for a bad command line, such as
packages none of which has a test file (for a main package, check says
to run it with -run-main).

# Profile kernels as a GPU would run them

Usage:

	gocuda profile [-arch sm_XX | -gpu name[,name...]] [-regs N] [-metrics list] [-wide] [-format json]
		[-o file] [-html file] [-pprof file] [-tags t] [-run-main] [packages] [-- go test flags]

Profile runs the packages' tests instrumented as check does, with
GOCUDA_PROBE=profile, and shows per kernel and source line what the GPU
of compute capability -arch (default sm_90, the capability gocuda's
devices report; GOCUDA_PROBE_ARCH) would incur: global memory
transactions per request, shared memory bank conflicts, branch
divergence, and the occupancy of each launch, with -regs registers per
thread (GOCUDA_PROBE_REGS; 0 leaves the estimate to the profiler). The
profile is printed as a summary per kernel within 120 columns, in the
manner of Nsight Compute's speed-of-light section: occupancy and the
resource that limits it, branch and warp execution efficiency, each kind
of memory used, and the costliest lines with the metrics that matter
for the kernel, and the time the launches would take on a GPU preset
(-gpu g80, gt200, gf100, gk110, gm204, gp100, gv100, tu102, ga100 or
gh100; by default -arch's) with what bounds it, from package gpu's
analytical model (docs/tutorials/timing.md). -metrics a,b,c prints a
table of every line with those metrics, by their nvprof names; -wide
one with every metric. With -format json (or -json, as check and bench
take it too) the profile is printed as JSON, each kernel and each of
its launch configurations with its predicted_ns (the go command's output
then goes to standard error); -o writes it to a file, and -pprof also
writes it in pprof's format, for go tool pprof. -html also writes one
self-contained web page (no network; inline CSS, JavaScript and SVG):
per kernel a summary card, the source with per-line heat of a chosen
metric, warp access diagrams of the costliest global and shared lines,
the occupancy calculator's three graphs, and with -gpu a,b,c (one run
per preset) the kernel on each GPU side by side. -tags, -run-main and
the arguments after -- are as for check. Profile exits with status
1 if the tests (or the program) failed or the profile could not be
written, and 2 for a bad command line (packages without test files
among them, as for check).

# Print device properties

Usage:

	gocuda devicequery [-workers n] [-mem bytes]

Devicequery starts a device and prints the properties of every open
device (gocuda.Devices; in this command, the one it started), as
gocuda.Device.Properties reports them and in the spirit of CUDA's
deviceQuery sample: "Detected 1 gocuda device(s)", then for each device
its ordinal and name (the CPU's brand string), the compute capability
gocuda emulates (9.0), total global memory, multiprocessors (worker
goroutines), clock rate, the shared last-level cache, constant and shared
memory limits, warp size, thread and dimension limits of blocks and grids,
what may run concurrently, and the CPU: vendor, family and model, cores,
L1d, L1i, L2 and L3 cache sizes and SIMD extensions (SSE4.2, AVX, AVX2,
AVX-512F, FMA3, NEON, SVE). It ends with "Result = PASS".

Without flags it starts the default device, with one worker per
GOMAXPROCS and the machine's physical memory as global memory. -workers n
and -mem bytes start a device with n workers and that much global memory
instead (gocuda.WithWorkers, gocuda.WithGlobalMem); -mem takes a byte
count with an optional KiB, MiB, GiB or TiB suffix, such as 512MiB.
Devicequery exits with status 0, 1 if the device cannot be started, and 2
for a bad command line.

# Print the version

Usage:

	gocuda version

Version prints one line: the version of module github.com/gocuda/gocuda
the command was built from (a tag such as v0.1.0 after go install ...@v0.1.0,
a pseudo-version after go install ...@latest before the first tag or in a
clone, or (devel) with go run, which does not stamp versions), the commit
and its time with "modified" for a clone with uncommitted changes when
the build recorded them, and the Go toolchain and platform, as
runtime/debug.ReadBuildInfo reports them:

	gocuda v0.1.0 go1.26.0 linux/amd64

When another module runs the command (go tool, or go run of
github.com/gocuda/gocuda/cmd/gocuda from a module that requires gocuda),
the version is that of the gocuda module it requires.

# Print help

Usage:

	gocuda help [command]

Help prints the list of commands to standard output, or with an argument
that command's usage. An unknown command, for help or for gocuda itself,
prints an error and the usage to standard error and exits with status 2.
*/
package main
