package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/gocuda"
)

const deviceQueryUsage = `usage: gocuda devicequery [-workers n] [-mem bytes]

Devicequery starts a device and prints the properties of every open device,
in the spirit of CUDA's deviceQuery sample: the compute capability gocuda
emulates, the device's limits, its workers (multiprocessors) and global
memory, and the CPU it runs on (clock, caches, SIMD features).

Without flags it starts the default device (one worker per GOMAXPROCS,
global memory = the machine's physical memory); -workers and -mem start a
device with those settings instead. -mem takes a byte count with an optional
KiB, MiB, GiB or TiB suffix.

Flags:
`

// runDeviceQuery is the devicequery subcommand.
func runDeviceQuery(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("devicequery", flag.ContinueOnError)
	workers := fs.Int("workers", 0, "number of worker goroutines (`n`); 0 means one per GOMAXPROCS")
	var mem byteSize
	fs.Var(&mem, "mem", "global memory in `bytes`; 0 means the machine's physical memory")
	if code, ok := parseFlags(fs, deviceQueryUsage, args, stderr); !ok {
		return code
	}
	if *workers < 0 {
		fmt.Fprintf(stderr, "gocuda devicequery: -workers %d is negative\n", *workers)
		return exitUsage
	}
	var opts []gocuda.Option
	if *workers > 0 {
		opts = append(opts, gocuda.WithWorkers(*workers))
	}
	if mem > 0 {
		opts = append(opts, gocuda.WithGlobalMem(int64(mem)))
	}
	if len(opts) == 0 {
		gocuda.Default()
	} else {
		dev, err := gocuda.NewDevice(opts...)
		if err != nil {
			fmt.Fprintf(stderr, "gocuda devicequery: %v\n", err)
			return exitFailure
		}
		defer dev.Close()
	}
	if !deviceQuery(stdout, gocuda.Devices()) {
		return exitFailure
	}
	return exitOK
}

// deviceQuery prints the properties of devs and reports whether there was
// any device to query.
func deviceQuery(w io.Writer, devs []*gocuda.Device) bool {
	fmt.Fprint(w, "gocuda devicequery: CUDA-style device properties of CPU devices\n\n")
	if len(devs) == 0 {
		fmt.Fprint(w, "There is no open gocuda device\nResult = FAIL\n")
		return false
	}
	fmt.Fprintf(w, "Detected %d gocuda device(s)\n", len(devs))
	for _, d := range devs {
		p := d.Properties()
		fmt.Fprintf(w, "\nDevice %d: %q\n", d.Ordinal(), p.Name)
		writeProperties(w, p)
	}
	fmt.Fprintf(w, "\ndevicequery, gocuda, NumDevs = %d\nResult = PASS\n", len(devs))
	return true
}

// writeProperties prints p as an indented list of labelled values.
func writeProperties(w io.Writer, p gocuda.DeviceProp) {
	line := func(label, format string, args ...any) {
		fmt.Fprintf(w, "  %-52s%s\n", label+":", fmt.Sprintf(format, args...))
	}
	line("Emulated CUDA compute capability", "%d.%d", p.Major, p.Minor)
	line("Total amount of global memory", "%d MBytes (%d bytes)", p.TotalGlobalMem>>20, p.TotalGlobalMem)
	line("Multiprocessors (worker goroutines)", "%d", p.MultiProcessorCount)
	line("Clock rate", "%s", formatClock(p.ClockRate))
	line("L2 cache size (CPU last-level cache)", "%d bytes", p.L2CacheSize)
	line("Total amount of constant memory", "%d bytes", p.TotalConstMem)
	line("Total amount of shared memory per block", "%d bytes", p.SharedMemPerBlock)
	line("Maximum shared memory per block (opt-in)", "%d bytes", p.SharedMemPerBlockOptin)
	line("Total shared memory per multiprocessor", "%d bytes", p.SharedMemPerMultiprocessor)
	line("Warp size", "%d", p.WarpSize)
	line("Maximum number of threads per multiprocessor", "%d", p.MaxThreadsPerMultiProcessor)
	line("Maximum number of blocks per multiprocessor", "%d", p.MaxBlocksPerMultiProcessor)
	line("Maximum number of threads per block", "%d", p.MaxThreadsPerBlock)
	line("Max dimension size of a thread block (x,y,z)", "(%d, %d, %d)", p.MaxThreadsDim[0], p.MaxThreadsDim[1], p.MaxThreadsDim[2])
	line("Max dimension size of a grid size (x,y,z)", "(%d, %d, %d)", p.MaxGridSize[0], p.MaxGridSize[1], p.MaxGridSize[2])
	line("Concurrent kernel execution", "%s", yesNoCap(p.ConcurrentKernels))
	line("Supports cooperative kernel launch", "%s", yesNoCap(p.CooperativeLaunch))
	line("Concurrent copy and kernel execution", "%s with %d copy engine(s)", yesNoCap(p.AsyncEngineCount > 0), p.AsyncEngineCount)
	line("Integrated (device memory is host memory)", "%s", yesNoCap(p.Integrated))
	line("Support host memory mapping", "%s", yesNoCap(p.CanMapHostMemory))
	line("Unified addressing", "%s", yesNoCap(p.UnifiedAddressing))
	c := p.CPU
	line("CPU", "%s, %s family %d model %d stepping %d (%s)", c.BrandName, vendor(c.Vendor), c.Family, c.Model, c.Stepping, c.Arch)
	line("CPU cores (physical / logical)", "%s / %s", formatCount(c.PhysicalCores), formatCount(c.LogicalCores))
	line("CPU caches (L1d / L1i / L2 / L3)", "%s / %s / %s / %s",
		formatSize(c.L1DCache), formatSize(c.L1ICache), formatSize(c.L2Cache), formatSize(c.L3Cache))
	line("CPU SIMD features", "%s", simdFeatures(c))
}

// simdFeatures lists the SIMD extensions c has, or "none".
func simdFeatures(c gocuda.CPUInfo) string {
	var names []string
	for _, f := range []struct {
		name string
		has  bool
	}{
		{"SSE4.2", c.SSE42}, {"AVX", c.AVX}, {"AVX2", c.AVX2}, {"AVX-512F", c.AVX512F},
		{"FMA3", c.FMA3}, {"NEON", c.NEON}, {"SVE", c.SVE},
	} {
		if f.has {
			names = append(names, f.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}

// formatClock formats a clock rate in kHz as deviceQuery does, or
// "unknown" for 0.
func formatClock(khz int) string {
	if khz <= 0 {
		return "unknown (cpuid cannot tell)"
	}
	return fmt.Sprintf("%d MHz (%.2f GHz)", khz/1000, float64(khz)/1e6)
}

// formatSize formats a size in bytes with a binary unit, or "unknown" for
// 0.
func formatSize(n int) string {
	switch {
	case n <= 0:
		return "unknown"
	case n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func formatCount(n int) string {
	if n <= 0 {
		return "unknown"
	}
	return strconv.Itoa(n)
}

func vendor(v string) string {
	if v == "" {
		return "unknown vendor"
	}
	return v
}

func yesNoCap(v bool) string {
	if v {
		return "Yes"
	}
	return "No"
}

// A byteSize is a flag value: a byte count with an optional binary unit
// suffix (KiB, MiB, GiB, TiB).
type byteSize int64

func (b *byteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

// Set parses s, such as "4096", "512MiB" or "2GiB".
func (b *byteSize) Set(s string) error {
	num, shift := s, 0
	for i, unit := range []string{"KiB", "MiB", "GiB", "TiB"} {
		if rest, ok := strings.CutSuffix(s, unit); ok {
			num, shift = rest, 10*(i+1)
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	switch {
	case err != nil:
		return errors.New("not a byte count (such as 4096 or 512MiB)")
	case n < 0:
		return errors.New("negative")
	case n > (1<<63-1)>>shift:
		return errors.New("too large")
	}
	*b = byteSize(n << shift)
	return nil
}
