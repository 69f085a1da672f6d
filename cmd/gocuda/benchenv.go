package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"

	"github.com/gocuda/gocuda/compiled"
)

// A benchEnv is the machine and software a bench run measured, for the
// JSON file, the chart's caption and the header of the Go benchmark file.
type benchEnv struct {
	CPU           string    `json:"cpu"` // brand string
	PhysicalCores int       `json:"physical_cores"`
	LogicalCPUs   int       `json:"logical_cpus"` // runtime.NumCPU: what this process may use
	GOMAXPROCS    int       `json:"gomaxprocs"`
	Workers       int       `json:"workers"`           // of the device the compiled variants ran on
	Build         string    `json:"build"`             // the compiled kernels' build: vectorBuild
	GODEBUG       string    `json:"godebug,omitempty"` // the SIMD build's asyncpreemptoff=1 (bench.RerunWithoutAsyncPreempt), or the user's
	GOOS          string    `json:"goos"`
	GOARCH        string    `json:"goarch"`
	GoVersion     string    `json:"go_version"`
	Module        string    `json:"module"`
	Version       string    `json:"version"`            // the module's version: "(devel)" for a local build
	Revision      string    `json:"revision,omitempty"` // VCS commit, when the build recorded it
	Modified      bool      `json:"modified,omitempty"` // the working tree had changes
	Date          time.Time `json:"date"`
}

// currentEnv describes this process's machine and build, dated now.
func currentEnv(workers int) benchEnv {
	e := benchEnv{
		CPU:           strings.TrimSpace(cpuid.CPU.BrandName),
		PhysicalCores: cpuid.CPU.PhysicalCores,
		LogicalCPUs:   runtime.NumCPU(),
		GOMAXPROCS:    runtime.GOMAXPROCS(0),
		Workers:       workers,
		Build:         vectorBuild(),
		GODEBUG:       os.Getenv("GODEBUG"),
		GOOS:          runtime.GOOS,
		GOARCH:        runtime.GOARCH,
		GoVersion:     runtime.Version(),
		Date:          time.Now().UTC().Truncate(time.Second),
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		e.Module, e.Version = bi.Main.Path, bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				e.Revision = s.Value
			case "vcs.modified":
				e.Modified = s.Value == "true"
			}
		}
	}
	return e
}

// vectorBuild names the build of the compiled kernels a run measures:
// "simd" where GOEXPERIMENT=simd built their vector steps and the CPU runs
// them (AVX2), "simd without AVX2 (scalar)" where it cannot, "scalar"
// for the default build.
func vectorBuild() string {
	switch {
	case simdBuild && compiled.SIMD:
		return "simd"
	case simdBuild:
		return "simd without AVX2 (scalar)"
	}
	return "scalar"
}

// version returns the gocuda version: the module version, and the commit
// if the build recorded one.
func (e benchEnv) version() string {
	v := "gocuda " + e.Version
	if e.Revision != "" {
		v += " " + e.Revision[:min(12, len(e.Revision))]
		if e.Modified {
			v += "+dirty"
		}
	}
	return v
}

// caption is a one-line description of the machine and the date.
func (e benchEnv) caption() string {
	cpu := e.CPU
	if cpu == "" {
		cpu = e.GOARCH
	}
	build := e.Build + " build"
	if e.GODEBUG != "" {
		build += ", GODEBUG=" + e.GODEBUG
	}
	return fmt.Sprintf("%s, %d CPUs, GOMAXPROCS %d, %s/%s, %s, %s, %s, %s",
		cpu, e.LogicalCPUs, e.GOMAXPROCS, e.GOOS, e.GOARCH, e.GoVersion, e.version(), build, e.Date.Format("2006-01-02 15:04 UTC"))
}
