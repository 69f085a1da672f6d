/*
Gocuda runs CUDA-style kernels on the CPU with package gocuda, to show the
programming model at work and what it costs next to hand-written Go.

Usage:

	gocuda <command> [arguments]

The commands are:

	demo         a guided run of SAXPY, tiled matmul, reduction, scan and n-body
	bench        compare the kernels with hand-written Go; -quick, -o, -json, -svg, -png
	devicequery  print the properties of the device, like CUDA's deviceQuery
	help         print usage, or a command's with help <command>

# Run the demo kernels

Usage:

	gocuda demo [-n elements] [-time d]

Demo opens with what to expect: a kernel without barriers runs at 0.5 to 1
times the speed of hand-written Go when each thread has some work to do,
while on the runtime path a barrier costs about 100 ns per thread, so
barrier-heavy kernels need gocuda compile. It then runs five classic kernels of
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

	gocuda bench [-quick] [-kernel list] [-count n] [-time d] [-o file] [-json file] [-svg file] [-png file]

Bench runs the comparisons of package bench, the ones its go test
benchmarks run, with the same sizes, variants and warm-up: for each of
saxpy, scan, reduce, nbody, matmul and blur, at each size, every gocuda
variant on the runtime path and compiled (named with Compiled appended)
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

-o writes every sample in the Go benchmark format, named as go test names
the sub-benchmarks (BenchmarkSAXPY/n=1048576/impl=perThread-2), with go
test's configuration lines, for benchstat. -json writes
{"command", "env", "count", "results"}: the machine (CPU, cores,
GOMAXPROCS, Go version, gocuda module version and commit, date) and for
each variant every sample's time and runs, the median, minimum, maximum
and median absolute deviation, the rate, the speedup and its baseline.
-svg and -png draw the speedups as a chart: on a log scale, grouped by
kernel and size, each variant's runtime-path and compiled speed side by
side, 1× marked, and the machine and date in the caption. Bench exits
with status 1 if a check fails and 2 for a bad command line.

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

# Print help

Usage:

	gocuda help [command]

Help prints the list of commands to standard output, or with an argument
that command's usage. An unknown command, for help or for gocuda itself,
prints an error and the usage to standard error and exits with status 2.
*/
package main
