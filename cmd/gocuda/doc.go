/*
Gocuda runs CUDA-style kernels on the CPU with package gocuda, to show the
programming model at work and what it costs next to hand-written Go.

Usage:

	gocuda <command> [arguments]

The commands are:

	demo         run SAXPY and a shared-memory reduction, check and time them
	devicequery  print the properties of the device, like CUDA's deviceQuery
	help         print usage, or a command's with help <command>

# Run the demo kernels

Usage:

	gocuda demo [-n elements]

Demo runs two kernels on the default device, which has one worker
goroutine per GOMAXPROCS, over n elements (-n, default 1<<24):

  - saxpy computes y = a*x + y with one thread per element and 256 threads
    per block. Its first run is checked element by element against
    bench.SAXPYSerial on a copy of y, and its time is shown next to that of
    bench.SAXPYParallel, the same loop split across goroutines by hand,
    with gocuda's speed relative to it (1.00 = as fast).
  - reduce sums x with a shared-memory tree reduction: each block of 256
    threads stores one value per thread in a gocuda.Shared array, the
    threads add pairs at a halving stride with SyncThreads after each step,
    and thread 0 writes the block's sum; the host adds the blocks' sums.
    The grid is capped at 1024 blocks, each thread first adding up a
    grid-stride share of the input, so that the barriers run for a fixed
    number of threads. The first run is checked against a sequential sum on
    the host, to a relative tolerance of 1e-9.

Each kernel is timed as the median of 5 runs after one warm-up run, the
one that is checked. Demo prints a table of name, n, time and whether the
result was verified, then the SAXPY comparison. It exits with status 1 if a
check fails or a launch returns an error, and 2 for a bad command line.

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
