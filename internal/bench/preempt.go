package bench

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/compiled"
)

// RerunWithoutAsyncPreempt makes the SIMD build's comparisons fair: where
// this binary has the SIMD build's vector steps (compiled.SIMD) and
// GODEBUG does not already turn Go's asynchronous preemption off, it runs
// the binary again, with the same arguments and GODEBUG=asyncpreemptoff=1
// added, and returns the exit code of that run and true; elsewhere it
// returns 0 and false, and the caller goes on. A TestMain or main calls it
// first and exits with the code where it ran.
//
// Built with GOEXPERIMENT=simd, the Go runtime restores every vector
// register in full after an asynchronous preemption and leaves their
// upper halves dirty, and on CPUs that merge a legacy SSE instruction
// with them (the AMD EPYC of this project's figures) every scalar
// floating-point instruction after it runs dependent on its register's
// last writer, until a VZEROUPPER. Compiled kernels execute one at the
// end of each vector loop; hand-written Go never does. In one run the
// hand-written serial matmul took 2.04 s against 0.37 s in the default
// build, so every ratio to it flattered gocuda about fivefold. Without
// asynchronous preemption, which no benchmark here needs, hand-written
// Go runs as fast as in the default build.
func RerunWithoutAsyncPreempt() (code int, rerun bool) {
	godebug := os.Getenv("GODEBUG")
	if !compiled.SIMD || asyncPreemptOff(godebug) {
		return 0, false
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, false // run on, unfair but working
	}
	if godebug != "" {
		godebug += ","
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Env = append(os.Environ(), "GODEBUG="+godebug+"asyncpreemptoff=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if exit, ok := errors.AsType[*exec.ExitError](err); ok {
			return exit.ExitCode(), true
		}
		return 0, false
	}
	return 0, true
}

// asyncPreemptOff reports whether the GODEBUG setting godebug turns
// asynchronous preemption off: its last asyncpreemptoff setting, as the
// runtime reads them, is a nonzero number.
func asyncPreemptOff(godebug string) bool {
	off := false
	for field := range strings.SplitSeq(godebug, ",") {
		if v, ok := strings.CutPrefix(field, "asyncpreemptoff="); ok {
			n, err := strconv.Atoi(v)
			off = err == nil && n != 0
		}
	}
	return off
}
