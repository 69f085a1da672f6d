package fuzz

import (
	"bytes"
	"fmt"
	"go/format"
	"regexp"
	"slices"
	"strings"
)

// Slots is the number of out elements each thread of a generated kernel
// owns: thread gid writes out[gid*Slots : (gid+1)*Slots] and no other.
const Slots = 16

// A Kernel is one generated kernel. Its signature is always
//
//	func name(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int)
//
// and its constructor Ctor takes the same parameters but t.
type Kernel struct {
	Name    string   // the kernel function's name
	Ctor    string   // the constructor named by its //gocuda:kernel directive
	Input   []byte   // the bytes it was generated from
	Imports []string // the packages its declarations use
	Decls   string   // its declarations: helpers, then the kernel, gofmt-formatted
	// Off names optional passes of the compiler switched off for this
	// kernel alone (compile.Options.KernelOff): Bisect runs copies of a
	// failing kernel with different passes off in one batch.
	Off []string
}

// File returns the kernel as a Go source file of package pkg.
func (k *Kernel) File(pkg string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg)
	for _, p := range k.Imports {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	fmt.Fprintf(&b, ")\n\n%s", k.Decls)
	return b.String()
}

// Generate returns the kernel data describes, named name (its constructor
// is name with the first letter upper-cased). The same data always gives
// the same kernel.
func Generate(name string, data []byte) *Kernel {
	return generate(name, data, false)
}

// GenerateNarrow is Generate whose guarded loads take their index in
// int32 or uint32 (narrowLoads), as ports of CUDA's int indexes compute
// it: the same choices from data, other text.
func GenerateNarrow(name string, data []byte) *Kernel {
	return generate(name, data, true)
}

func generate(name string, data []byte, narrow bool) *Kernel {
	g := &gen{ch: chooser{data: data}, prefix: name, budget: 40, narrow: narrow,
		imports: map[string]bool{"github.com/gocuda/gocuda/gocuda": true}}
	k := &Kernel{Name: name, Ctor: strings.ToUpper(name[:1]) + name[1:], Input: slices.Clone(data)}
	switch {
	case g.ch.pick(6) != 5: // an exhausted input, and a 0, choose the kernel with barriers
		g.kernel(k)
	case g.ch.pick(3) == 2:
		g.gridThreadKernel(k)
	default:
		g.gridKernel(k)
	}
	for p := range g.imports {
		k.Imports = append(k.Imports, p)
	}
	slices.Sort(k.Imports)
	src := strings.Join(append(g.decls, g.buf.String()), "\n")
	file := k.File("p")
	formatted, err := format.Source([]byte(file[:strings.Index(file, ")\n\n")+3] + src))
	if err != nil {
		panic(fmt.Sprintf("fuzz: generated kernel does not parse (a bug in the generator): %v\n%s", err, src))
	}
	_, decls, _ := strings.Cut(string(formatted), ")\n\n")
	k.Decls = decls
	return k
}

// A typ is the type of a generated expression or variable.
type typ int

const (
	i32   typ = iota // int32
	u32              // uint32
	tint             // int
	tbool            // bool
	tfn              // func(int32) int32, a closure (closure.go)
)

// A variable is a name in scope.
type variable struct {
	name    string
	typ     typ
	uniform bool // the same for every thread of the block
	mut     bool // the generator may assign it
	used    bool // read since declared; an unused local gets `_ = name`
	at      int  // the length of the function's text where it was declared
}

// A gen generates one kernel and its helpers.
type gen struct {
	ch      chooser
	prefix  string
	buf     bytes.Buffer // the function being written
	indent  int
	decls   []string // finished helpers
	ids     int
	budget  int // statements left
	imports map[string]bool
	frames  [][]*variable
	sh      shState
	breaks  []shState // per enclosing loop, the join of the states at its breaks and continues
	exited  bool      // threads may have returned early: masks at the top are `live`
	guarded bool      // threads may have returned without a ballot: no collectives after
	helper  bool      // writing a helper: no helper calls, no returns
	helpers []*helper // the helpers written so far, which calls may share
	pure    bool      // writing a pure helper: only its operands
	grid    bool      // writing a grid kernel (gridKernel): no shared memory, no y or z coordinates
	sink    string    // the int32 variable unused locals are folded into
	tiles   int       // the 2D shared tiles declared (tileStep), which take shared memory
	at      string    // the guarded load helper (guardedLoad), once declared
	atForm  int       // its body, of guardedLoads
	narrow  bool      // guarded loads of narrowLoads instead
}

// shState is what the current barrier interval of shared memory holds:
// own-slot writes, or reads of other threads' slots (a write after such a
// read, or such a read after a write, would race).
type shState struct{ wrote, read bool }

func (s shState) join(o shState) shState { return shState{s.wrote || o.wrote, s.read || o.read} }

// line writes one line of Go at the current indentation.
func (g *gen) line(format string, args ...any) {
	g.buf.WriteString(strings.Repeat("\t", g.indent))
	fmt.Fprintf(&g.buf, format, args...)
	g.buf.WriteByte('\n')
}

// fresh returns a new name with prefix p.
func (g *gen) fresh(p string) string {
	g.ids++
	return fmt.Sprintf("%s%d", p, g.ids)
}

// declare adds a variable to the innermost scope.
func (g *gen) declare(name string, t typ, uniform, mut bool) *variable {
	v := &variable{name: name, typ: t, uniform: uniform, mut: mut, at: g.buf.Len()}
	g.frames[len(g.frames)-1] = append(g.frames[len(g.frames)-1], v)
	return v
}

// push opens a scope; pop closes it, marking its unused locals used.
func (g *gen) push() { g.frames = append(g.frames, nil) }

func (g *gen) pop() {
	for _, v := range g.frames[len(g.frames)-1] {
		switch {
		case v.used && g.named(v):
		case v.typ == i32 || v.typ == u32:
			g.line("%s ^= int32(%s)", g.sink, v.name) // let a mismatch in it show
		default:
			g.line("_ = %s", v.name)
		}
	}
	g.frames = g.frames[:len(g.frames)-1]
}

// named reports whether the function's text reads v after its
// declaration: a generator that drew an expression naming v and then
// wrote another (seed 21000397's range counter k6) leaves v marked used
// but unnamed, which Go refuses, and so does one that then only assigns
// v (seed 32037321's r4, a helper's result assigned to it), since an
// assignment, compound or not, is no use.
func (g *gen) named(v *variable) bool {
	text := g.buf.Bytes()
	if v.at > len(text) {
		return true // declared in another function's text: trust the mark
	}
	text = text[v.at:]
	for _, m := range namePattern(v.name).FindAllIndex(text, -1) {
		if !assignTarget.Match(text[m[1]:]) {
			return true
		}
	}
	return false
}

// assignTarget matches the text after a name that an assignment, an
// increment or a decrement targets.
var assignTarget = regexp.MustCompile(`^\s*(\+\+|--|(\+|-|\*|/|%|&\^|&|\||\^|<<|>>)?=[^=])`)

// namePattern returns the pattern of the identifier name as a word.
func namePattern(name string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
}

// vars returns the variables in scope of type t, only the uniform ones if
// uniform, only the assignable ones if mut.
func (g *gen) vars(t typ, uniform, mut bool) []*variable {
	var out []*variable
	seen := map[string]bool{}
	for i := len(g.frames) - 1; i >= 0; i-- {
		for _, v := range g.frames[i] {
			if !seen[v.name] && v.typ == t && (!uniform || v.uniform) && (!mut || v.mut) {
				out = append(out, v)
			}
			seen[v.name] = true
		}
	}
	return out
}

// shadowable returns the per-thread variables of type t declared outside
// the innermost scope, which a declaration there would shadow. The first
// two frames (parameters and prologue, body) are one scope of Go.
func (g *gen) shadowable(t typ) []*variable {
	if len(g.frames) <= 2 {
		return nil
	}
	var out []*variable
	for _, v := range thread(g.vars(t, false, true)) {
		if v.name != g.sink && !slices.Contains(g.frames[len(g.frames)-1], v) {
			out = append(out, v)
		}
	}
	return out
}

// use returns the name of one of vs, chosen, marking it used.
func (g *gen) use(vs []*variable) string {
	v := vs[g.ch.pick(len(vs))]
	v.used = true
	return v.name
}

// target returns the name of one of vs, chosen, to assign: an assignment
// is no use of a variable.
func (g *gen) target(vs []*variable) string { return vs[g.ch.pick(len(vs))].name }
