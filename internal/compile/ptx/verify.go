package ptx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Verify reports the first defect of a module that ptxas would reject and
// that a look at its text finds, or nil: a register used but not
// declared, a branch to no label, a constant written as a destination, a
// register of the wrong class for an arithmetic instruction, neg of an
// unsigned type. It is a check for tests and generators, not an
// assembler: a nil answer does not promise that ptxas takes the module.
func Verify(module string) error {
	if msg := wellFormed(module); msg != "" {
		return fmt.Errorf("ptx: %s", msg)
	}
	return nil
}

var (
	regDecl  = regexp.MustCompile(`^\t\.reg \.\w+ (%[a-z]+)<(\d+)>;$`)
	regUse   = regexp.MustCompile(`%(p|r|rd|f|fd)(\d+)\b`)
	labelDef = regexp.MustCompile(`^(\$\w+):$`)
	branch   = regexp.MustCompile(`\bbra(?:\.uni)? (\$\w+);`)
	instr    = regexp.MustCompile(`^\t(?:@!?%p\d+ )?([a-z][\w.]*) ([^;]*);$`)
)

// noDest are the instructions whose first operand is not a destination.
var noDest = []string{"st.", "bar.", "bra", "red.", "membar", "ret", "exit"}

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
		if msg := operandClasses(m[1], m[2]); msg != "" {
			return "line " + strconv.Itoa(i+1) + ": " + msg
		}
	}
	return ""
}

// classOf are the register prefixes of each instruction type's class.
var classOf = map[string]string{
	"s32": "%r", "u32": "%r", "b32": "%r", "s64": "%rd", "u64": "%rd", "b64": "%rd", "f32": "%f", "f64": "%fd",
}

// operandClasses checks the operands of the arithmetic instructions: each
// register is of the instruction type's class (a shift's count aside), and
// neg is of a signed or float type, as ptxas requires.
func operandClasses(op, operands string) string {
	parts := strings.Split(op, ".")
	switch parts[0] {
	case "add", "sub", "mul", "div", "rem", "min", "max", "and", "or", "xor", "neg", "not", "mad", "shl", "shr":
	default:
		return ""
	}
	typ := parts[len(parts)-1]
	if parts[0] == "neg" && strings.HasPrefix(typ, "u") {
		return op + ": neg of an unsigned type"
	}
	want := classOf[typ]
	ops := strings.Split(operands, ",")
	if parts[0] == "shl" || parts[0] == "shr" {
		ops = ops[:2] // the count is a .u32 whatever the type
	}
	for _, o := range ops {
		o = strings.TrimSpace(o)
		if !strings.HasPrefix(o, "%") || want == "" {
			continue
		}
		if u := regUse.FindStringSubmatch(o); u != nil && "%"+u[1] != want {
			return op + " takes " + o + ", a register of another class"
		}
	}
	return ""
}
