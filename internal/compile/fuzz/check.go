package fuzz

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
)

// A checkReport is the part of one report of `gocuda check -json` that
// Run reads.
type checkReport struct {
	Tool, Severity, What, Kernel, Detail string
	Accesses                             []struct{ Expr, Func string }
	// SameValue is set for a write-after-write race whose writes stored
	// the same value: the grid kernels' threads of a launch of more than
	// one dimension that share an i write g[i] alike, by design.
	SameValue bool `json:"same_value"`
}

// partialWarp is what gocuda check says of a shuffle reading a lane past
// the end of a partial warp, which gocuda defines (the caller's own value)
// and generated kernels rely on.
const partialWarp = "Undefined shuffle result: source lane inactive"

// check runs the batch's driver under `gocuda check` (racecheck,
// synccheck, memcheck, initcheck on the runtime path) and records what it
// reports of each kernel as a failure of the generator.
func (b *batch) check() error {
	cmd := exec.Command("go", "run", "github.com/gocuda/gocuda/cmd/gocuda", "check", "-json", "-run-main", ".")
	cmd.Dir, cmd.Env = b.dir, env()
	out, err := cmd.Output() // the reports; the driver's output goes to stderr
	start := strings.Index(string(out), "[")
	if start < 0 {
		if err == nil {
			return nil // nothing reported
		}
		return fmt.Errorf("gocuda check: %v\n%s", err, tail(out, 2000))
	}
	var reports []checkReport
	if err := json.Unmarshal(out[start:], &reports); err != nil {
		return fmt.Errorf("gocuda check: %v", err)
	}
	for _, rep := range reports {
		if rep.What == partialWarp || localRace(rep) || rep.SameValue {
			continue
		}
		r := b.kernelOf(reportFunc(rep))
		if r == nil {
			return fmt.Errorf("gocuda check reports %s of no kernel: %s", rep.Kernel, rep.Detail)
		}
		expr := ""
		if len(rep.Accesses) > 0 {
			expr = " at " + rep.Accesses[0].Expr
		}
		r.Failures = append(r.Failures, Failure{Kind: FailChecked,
			Detail: fmt.Sprintf("%s %s: %s%s: %s", rep.Tool, rep.Severity, rep.What, expr, rep.Detail)})
	}
	return nil
}

// reportFunc returns the function rep names: that of its first access,
// the kernel's or a helper's (main.k1), or else its kernel's, whose
// constructor's name (main.K1) is the kernel's function's capitalized.
func reportFunc(rep checkReport) string {
	if len(rep.Accesses) > 0 && rep.Accesses[0].Func != "" {
		return strings.TrimPrefix(rep.Accesses[0].Func, "main.")
	}
	name := strings.TrimPrefix(rep.Kernel, "main.")
	if name == "" {
		return ""
	}
	return strings.ToLower(name[:1]) + name[1:]
}

// kernelOf returns the result of the kernel whose name is the longest
// prefix of fn, a kernel or one of its helpers.
func (b *batch) kernelOf(fn string) *Result {
	var best *Result
	for name, r := range b.byName {
		if strings.HasPrefix(fn, name) && (best == nil || len(name) > len(best.Kernel.Name)) {
			best = r
		}
	}
	return best
}

// localRace reports whether rep is a race on the generated kernels'
// per-thread array q or struct st, which gocuda check (as of this writing)
// may take for global memory: heap memory of a thread, freed and reused by
// a thread of another block, looks like one location touched by both.
func localRace(rep checkReport) bool {
	if rep.Tool != "racecheck" || len(rep.Accesses) == 0 {
		return false
	}
	for _, a := range rep.Accesses {
		if !strings.HasPrefix(a.Expr, "q[") && !strings.HasPrefix(a.Expr, "st.") {
			return false
		}
	}
	return true
}
