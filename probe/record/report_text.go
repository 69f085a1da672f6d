package record

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Width is the most columns a line of a report or a profile summary takes.
const Width = 120

// prefix starts every line, as compute-sanitizer's.
const prefix = "========= "

// String formats r as Text does, with its paths as they are.
func (r *Report) String() string { return r.Text("") }

// Text formats r as compute-sanitizer prints it: a hazard in racecheck's
// hazard mode, with both accesses in the order they happened; other
// findings as memcheck does, each access followed by its thread; then the
// detail and the occurrences folded into r. Paths under root are written
// relative to it, as go vet writes them (root "" keeps them as they are);
// functions are named without their closures' suffixes. Every line fits
// in Width columns: longer ones are wrapped at a space, their rest
// indented further.
func (r *Report) Text(root string) string {
	t := &text{root: root}
	if r.Tool == "racecheck" {
		r.hazardText(t)
	} else {
		r.plainText(t)
	}
	if r.SameValue {
		t.line("    every write stored the value the memory already held")
	}
	if r.Detail != "" {
		t.line("    %s", r.Detail)
	}
	if c := r.counts(); c != "" {
		t.line("    [%s]", c)
	}
	return t.String()
}

// counts is "512 hazards: 256 threads, 128 addresses, 2 launches", with
// only the parts that say something.
func (r *Report) counts() string {
	if r.Count <= 1 && r.Launches <= 1 {
		return ""
	}
	unit := "occurrence"
	if r.Tool == "racecheck" {
		unit = "hazard"
	}
	s := fmt.Sprintf("%d %s%s", r.Count, unit, plural(r.Count))
	var parts []string
	if r.Threads > 1 {
		parts = append(parts, fmt.Sprintf("%d threads", r.Threads))
	}
	if r.Addresses > 1 {
		parts = append(parts, fmt.Sprintf("%d addresses", r.Addresses))
	}
	if r.Launches > 1 {
		parts = append(parts, fmt.Sprintf("%d launches", r.Launches))
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// hazardText writes
//
//	========= ERROR: Potential RAW hazard detected at __shared__ 0x10 in block (0,0,0) :
//	=========     Write Thread (3,0,0) at kernels.reduce in reduce.go:40 (sh[tid])
//	=========     Read Thread (4,0,0) at kernels.reduce in reduce.go:46 (sh[tid+1])
func (r *Report) hazardText(t *text) {
	at := uint64(r.Offset)
	if r.Space == "__global__" {
		at = r.Addr
	}
	t.line("%s: %s detected at %s %#x in block %s :", r.Severity, r.What, r.Space, at, dim(r.Block))
	for _, a := range r.Accesses {
		where := ""
		if a.Block != r.Block {
			where = " in block " + dim(a.Block)
		}
		t.line("    %s Thread %s%s at %s", a.Kind, dim(a.Thread), where, t.place(a))
	}
	if r.Alloc != nil {
		t.line("    in %s", t.alloc(r.Alloc))
	}
}

// plainText writes
//
//	========= Invalid __global__ write of size 4 bytes
//	=========     at kernels.k in k.go:6 (out[i])
//	=========     by thread (0,0,0) in block (0,0,0)
func (r *Report) plainText(t *text) {
	if r.Severity == Warning {
		t.line("WARNING: %s", r.What)
	} else {
		t.line("%s", r.What)
	}
	for _, a := range r.Accesses {
		t.line("    at %s", t.place(a))
		if r.Kernel != "" {
			t.line("    by thread %s in block %s", dim(a.Thread), dim(a.Block))
		}
	}
	switch {
	case r.Alloc != nil:
		t.line("    Address %#x is at offset %d of %s", r.Addr, r.Offset, t.alloc(r.Alloc))
	case r.Tool == "initcheck":
		t.line("    Address %#x", r.Offset)
	}
}

// A text is a report being written.
type text struct {
	strings.Builder
	root string
}

// line writes one line, prefixed and wrapped to Width.
func (t *text) line(format string, args ...any) {
	for _, l := range Wrap(fmt.Sprintf(format, args...), Width-len(prefix), 8) {
		t.WriteString(prefix)
		t.WriteString(l)
		t.WriteByte('\n')
	}
}

// place is "func in file:line (expr)".
func (t *text) place(a Access) string {
	if a.File == "" {
		return "an unknown place"
	}
	s := fmt.Sprintf("%s in %s:%d", FuncName(a.Func), RelPath(t.root, a.File), a.Line)
	if a.Expr != "" {
		s += " (" + a.Expr + ")"
	}
	return s
}

// alloc is "mem.Malloc of 64 bytes at main.run (main.go:9)".
func (t *text) alloc(a *Allocation) string {
	return fmt.Sprintf("%s of %d bytes at %s (%s:%d)", a.What, a.Size, FuncName(a.Func), RelPath(t.root, a.File), a.Line)
}

func dim(d [3]int) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

// RelPath returns path relative to root if it lies under root (as go vet
// names files), else path itself.
func RelPath(root, path string) string {
	if root == "" || path == "" {
		return path
	}
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// FuncName returns a function's name as the runtime gives it without the
// suffixes of closures: "kernels.SaxpyKernel" for
// "kernels.SaxpyKernel.func1" or "kernels.SaxpyKernel.func1.2"; and for a
// closure of a function inlined into another, which the runtime names
// after both ("kernels_test.TestX.func1.SaxpyKernel.3"), the inlined
// function's: "kernels_test.SaxpyKernel".
func FuncName(fn string) string {
	path := fn
	if i := strings.IndexByte(fn, '['); i >= 0 {
		path = fn[:i] // type arguments may hold slashes
	}
	dot := strings.LastIndexByte(path, '/') + 1
	parts := strings.Split(fn[dot:], ".")
	n := len(parts)
	for n > 2 && closurePart(parts[n-1]) {
		n--
	}
	first := 1
	for i := 1; i < n-1; i++ {
		if closurePart(parts[i]) {
			first = i + 1
		}
	}
	return fn[:dot] + parts[0] + "." + strings.Join(parts[first:n], ".")
}

// closurePart reports whether s is a part the compiler gives a closure's
// name: "func1" or "2".
func closurePart(s string) bool {
	s = strings.TrimPrefix(s, "func")
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Wrap breaks s into lines of at most width columns at spaces, indenting
// every line after the first by indent spaces. A word longer than a line
// stays whole.
func Wrap(s string, width, indent int) []string {
	var lines []string
	pad := strings.Repeat(" ", indent)
	s = strings.TrimRight(s, " ")
	for utf8.RuneCountInString(s) > width {
		cut := lastSpaceBefore(s, width)
		if cut <= indent || strings.TrimSpace(s[:cut]) == "" {
			break
		}
		lines = append(lines, strings.TrimRight(s[:cut], " "))
		s = pad + strings.TrimLeft(s[cut:], " ")
	}
	return append(lines, s)
}

// lastSpaceBefore returns the byte offset of the last space of s at or
// before column col (counting runes), or 0.
func lastSpaceBefore(s string, col int) int {
	cut, n := 0, 0
	for i, c := range s {
		if n > col {
			break
		}
		if c == ' ' {
			cut = i
		}
		n++
	}
	return cut
}
