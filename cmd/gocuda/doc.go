/*
Gocuda runs CUDA-style kernels on the CPU with package gocuda, to show the
programming model at work and what it costs next to hand-written Go.

Usage:

	gocuda <command> [arguments]

The commands are:

	demo         a guided run of SAXPY, tiled matmul, reduction, scan and n-body
	bench        compare the kernels with hand-written Go; -quick, -json, -svg
	devicequery  print the properties of the device, like CUDA's deviceQuery
	version      print the gocuda version, commit and Go toolchain
	help         print usage, or a command's with help <command>

# Run the demo kernels

Usage:

	gocuda demo [-n elements]

Demo runs five classic kernels of package kernels on the default device,
which has one worker goroutine per GOMAXPROCS: SAXPY with one thread per
element, matrix multiply with 16×16 shared-memory tiles, a coarsened sum
reduction, a coarsened inclusive scan with decoupled look-back, and
all-pairs n-body with shared-memory tiles. Each is checked against a
sequential host reference, then timed beside hand-written parallel Go
(package bench's handParallel) as the median of 3 samples of at least 50ms.
-n (default 1<<24) is the element count of SAXPY, the reduction and the
scan; the matrix (256×256) and the n-body system (4096 bodies) shrink to
64×64 and 512 bodies for n below 1<<20. Demo prints a table of kernel,
variant, size, time, rate, handParallel's time, the ratio of the two and
whether the result was verified. It exits with status 1 if a check fails
or a launch returns an error, and 2 for a bad command line.

# Compare the kernels with hand-written Go

Usage:

	gocuda bench [-quick] [-kernel list] [-time d] [-json file] [-svg file]

Bench runs the comparisons of package bench, the same ones its go test
benchmarks run: for each of saxpy, scan, reduce, nbody and matmul, at each
size, every gocuda variant beside handSerial and handParallel. Each variant
is checked against a sequential host reference, then timed as the median
of 5 samples (3 with -quick) of at least -time each (default 200ms, 20ms
with -quick). Progress goes to standard error; the table to standard
output: kernel, size, variant, time, GB/s or GFLOP/s, speed relative to
handParallel (its time divided by the variant's: 1.00 is as fast as
hand-written parallel Go) and verified. -quick uses small sizes and
finishes within a minute on 2 cores. -kernel runs only the named kernels.
-json writes {"results":[{"kernel":...,"variant":...,"n":...,
"ns_per_op":...,"speedup_vs_hand_parallel":...,"verified":...}, ...]}, and
-svg draws the speedups as a bar chart. Bench exits with status 1 if a
check fails and 2 for a bad command line.

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
