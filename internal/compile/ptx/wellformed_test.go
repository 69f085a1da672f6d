package ptx_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	regDecl  = regexp.MustCompile(`^\t\.reg \.\w+ (%[a-z]+)<(\d+)>;$`)
	regUse   = regexp.MustCompile(`%(p|r|rd|f|fd)(\d+)\b`)
	labelDef = regexp.MustCompile(`^(\$\w+):$`)
	branch   = regexp.MustCompile(`\bbra(?:\.uni)? (\$\w+);`)
	instr    = regexp.MustCompile(`^\t(?:@!?%p\d+ )?([a-z][\w.]*) ([^;]*);$`)
)

// noDest are the instructions whose first operand is not a destination.
var noDest = []string{"st.", "bar.", "bra", "red.", "membar", "ret", "exit"}

// TestPTXWellFormed checks what ptxas would reject in every golden module
// without needing ptxas: each register used is declared, each branch
// target is a label of the entry, and each instruction that writes one
// writes a register, not a constant.
func TestPTXWellFormed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.ptx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden modules: %v", err)
	}
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if msg := wellFormed(string(text)); msg != "" {
			t.Errorf("%s: %s", path, msg)
		}
	}
}

// wellFormed returns the first defect of a module, or "".
func wellFormed(text string) string {
	declared := map[string]int{}
	labels := map[string]bool{}
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		if m := regDecl.FindStringSubmatch(l); m != nil {
			declared[m[1]], _ = strconv.Atoi(m[2])
		}
		if m := labelDef.FindStringSubmatch(l); m != nil {
			labels[m[1]] = true
		}
	}
	for i, l := range lines {
		m := instr.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(l, "\t.") {
			continue
		}
		for _, u := range regUse.FindAllStringSubmatch(m[2], -1) {
			if n, _ := strconv.Atoi(u[2]); n >= declared["%"+u[1]] {
				return "line " + strconv.Itoa(i+1) + ": undeclared register %" + u[1] + u[2]
			}
		}
		if b := branch.FindStringSubmatch(l); b != nil && !labels[b[1]] {
			return "line " + strconv.Itoa(i+1) + ": branch to undefined " + b[1]
		}
		dest := true
		for _, p := range noDest {
			if strings.HasPrefix(m[1], p) {
				dest = false
			}
		}
		if first := strings.TrimSpace(strings.Split(m[2], ",")[0]); dest && !strings.HasPrefix(first, "%") && !strings.HasPrefix(first, "{") {
			return "line " + strconv.Itoa(i+1) + ": " + m[1] + " writes " + first + ", not a register"
		}
	}
	return ""
}

// TestWellFormedCatches keeps the checker honest: each defect it looks
// for is found.
func TestWellFormedCatches(t *testing.T) {
	base := "\t.reg .b64 %rd<2>;\n"
	for _, bad := range []string{
		"\t.reg .b64 %rd<2>;\n\tmov.b64 32, %rd1;\n",
		"\t.reg .b64 %rd<2>;\n\tmov.b64 %rd2, 1;\n",
		"\t.reg .b64 %rd<2>;\n\tbra.uni $L9;\n",
	} {
		if wellFormed(bad) == "" {
			t.Errorf("no defect found in %q", bad)
		}
	}
	if msg := wellFormed(base + "\tmov.b64 %rd1, 1;\n"); msg != "" {
		t.Errorf("a good module: %s", msg)
	}
}
