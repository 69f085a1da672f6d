package probe

import (
	"fmt"
	"strings"
)

// prefix starts every line, as compute-sanitizer's.
const prefix = "========= "

// String formats r as compute-sanitizer prints it: a hazard in racecheck's
// hazard mode, with both accesses in the order they happened; other findings
// as memcheck does, each access followed by its thread; then the detail and
// the number of occurrences folded into r.
func (r *Report) String() string {
	var b strings.Builder
	if r.Tool == "racecheck" {
		r.hazardString(&b)
	} else {
		r.plainString(&b)
	}
	if r.Detail != "" {
		line(&b, "    %s", r.Detail)
	}
	if r.Count > 1 {
		unit := "occurrences"
		if r.Tool == "racecheck" {
			unit = "hazards"
		}
		line(&b, "    [%d %s]", r.Count, unit)
	}
	return b.String()
}

func line(b *strings.Builder, format string, args ...any) {
	b.WriteString(prefix)
	fmt.Fprintf(b, format, args...)
	b.WriteByte('\n')
}

// hazardString writes
//
//	========= ERROR: Potential RAW hazard detected at __shared__ 0x10 in block (0,0,0) :
//	=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
//	=========     Read Thread (4,0,0) at kernels.reduce in reduce.go:46 (sh[tid+1])
func (r *Report) hazardString(b *strings.Builder) {
	at := uint64(r.Offset)
	if r.Space == spaceGlobal.String() {
		at = r.Addr
	}
	line(b, "%s: %s detected at %s %#x in block %s :", r.Severity, r.What, r.Space, at, dim(r.Block))
	for _, a := range r.Accesses {
		where := ""
		if a.Block != r.Block {
			where = " in block " + dim(a.Block)
		}
		line(b, "    %s Thread %s%s at %s", a.Kind, dim(a.Thread), where, a.place())
	}
	if r.Alloc != "" {
		line(b, "    in %s", r.Alloc)
	}
}

// plainString writes
//
//	========= Invalid __global__ write of size 4 bytes
//	=========     at kernels.k in k.go:6 (out[i])
//	=========     by thread (0,0,0) in block (0,0,0)
func (r *Report) plainString(b *strings.Builder) {
	if r.Severity == "WARNING" {
		line(b, "WARNING: %s", r.What)
	} else {
		line(b, "%s", r.What)
	}
	for _, a := range r.Accesses {
		line(b, "    at %s", a.place())
		if r.Kernel != "" {
			line(b, "    by thread %s in block %s", dim(a.Thread), dim(a.Block))
		}
	}
	switch {
	case r.Alloc != "":
		line(b, "    Address %#x is at offset %d of %s", r.Addr, r.Offset, r.Alloc)
	case r.Tool == "initcheck":
		line(b, "    Address %#x", r.Offset)
	}
}

// place is "func in file:line (expr)".
func (a Access) place() string {
	if a.File == "" {
		return "an unknown place"
	}
	s := fmt.Sprintf("%s in %s:%d", a.Func, a.File, a.Line)
	if a.Expr != "" {
		s += " (" + a.Expr + ")"
	}
	return s
}

func dim(d [3]int) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }
