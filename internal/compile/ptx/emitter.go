package ptx

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/gpulink"
)

// A val is a Go value as PTX registers hold it.
type val struct {
	t     types.Type
	reg   string // a number or bool: its register, or an immediate
	ptr   string // a slice or pointer: its address
	len   string // a slice: its length (s64)
	space string // a slice or pointer: "global" or "shared"
	elems []*val // an array held in registers, element by element
	tuple []*val // the results of a call of several
	// thread marks the *gocuda.Thread, which has no registers.
	thread bool
	// mem, for a variable kept in the thread's local memory (its address
	// taken, or an array indexed at run time), is its address.
	mem string
	// group is a cooperative group's kind ("block", "grid", "tile"), tile
	// a tile's size: handles with no registers.
	group string
	tile  int64
}

// An emitter writes one kernel's entry. Registers are virtual: PTX gives
// each function as many as it names, and ptxas allocates them.
type emitter struct {
	src *kir.Source
	f   *kir.Func

	body    strings.Builder
	regs    map[string]int // registers used, by class
	labels  int
	vars    map[types.Object]*val
	statics []string // module-level declarations: static shared arrays
	shared  map[*ast.CallExpr]*val
	dynamic bool   // a shared declaration takes dynamic shared memory
	dynOff  string // its register: the bytes of dynamic shared memory taken
	dynSize string // the register of DynamicSize, where DynamicShared is called
	files   []string

	faults []fault
	loops  []loop
	inline []*frame
	// prepared are the addresses of index expressions whose checks the
	// statement being written made ahead (checks.go), prepStop set where
	// it stopped making them.
	prepared map[ast.Expr]memAddr
	prepStop bool
	// The index facts (facts.go): widths of registers written once,
	// registers written more than once, facts of the path, what each
	// predicate compared, value numbers, counted loops' variables, and
	// the variables assigned after their definition.
	widths      map[string]int
	mutable     map[string]bool
	facts       []fact
	comparisons map[string]comparison
	conjuncts   map[string][]string
	numbers     map[valueKey]string
	inductions  map[string]bool
	reassigned  map[types.Object]bool
	// inMemory are the variables kept in local memory (locals.go), and
	// locals the declarations of that memory.
	inMemory map[types.Object]bool
	locals   []string
	// nonNil are the registers holding an element's address, never nil.
	nonNil map[string]bool
	// condNumbers are the value numbers of the operands of a && that are
	// valid where it holds.
	condNumbers map[string]map[valueKey]string
	// base replaces the kernel's own type parameters, for an
	// instantiation: the records of the helpers' calls name them.
	base map[*types.TypeParam]types.Type
	// results are the values of calls the walk met as nodes of their own
	// (predicate barriers), for the statement that uses them.
	results map[*ast.CallExpr]*val
}

// A loop is a loop around the code being written: its branch targets.
type loop struct {
	stmt             ast.Stmt // *ast.ForStmt or *ast.RangeStmt
	label            string   // the source label, or ""
	brk, cont        string
	inlineDepthAtTop int
	isSwitch         bool // a switch: a target of break only
}

// A frame is a helper being inlined: where its returns go.
type frame struct {
	decl    *ast.FuncDecl
	results []*val
	end     string
	subst   map[*types.TypeParam]types.Type
}

func newEmitter(src *kir.Source, f *kir.Func) *emitter {
	e := &emitter{
		src: src, f: f,
		regs: map[string]int{}, vars: map[types.Object]*val{},
		shared: map[*ast.CallExpr]*val{}, results: map[*ast.CallExpr]*val{},
		base:     map[*types.TypeParam]types.Type{},
		prepared: map[ast.Expr]memAddr{},
		widths:   map[string]int{}, mutable: map[string]bool{}, comparisons: map[string]comparison{},
		conjuncts: map[string][]string{}, numbers: map[valueKey]string{}, inductions: map[string]bool{},
		nonNil: map[string]bool{}, condNumbers: map[string]map[valueKey]string{},
	}
	e.reassigned = reassignedIn(src, f)
	e.inMemory = inMemoryIn(src, f)
	if targs := src.TypeArgs(); targs != nil {
		tps := src.Info.Defs[src.Decl.Name].(*types.Func).Signature().TypeParams()
		for i := range tps.Len() {
			e.base[tps.At(i)] = targs[i]
		}
	}
	return e
}

// regPrefix names each class's registers.
var regPrefix = map[string]string{"pred": "%p", "b32": "%r", "b64": "%rd", "f32": "%f", "f64": "%fd"}

// reg returns a new register of s's class.
func (e *emitter) reg(s scalar) string {
	n := e.regs[s.class]
	e.regs[s.class] = n + 1
	return fmt.Sprintf("%s%d", regPrefix[s.class], n)
}

// regDecls declares the registers used.
func (e *emitter) regDecls() string {
	var b strings.Builder
	for _, class := range []string{"pred", "b32", "b64", "f32", "f64"} {
		if n := e.regs[class]; n > 0 {
			fmt.Fprintf(&b, "\t.reg .%s %s<%d>;\n", class, regPrefix[class], n)
		}
	}
	return b.String()
}

// line writes one instruction.
func (e *emitter) line(format string, args ...any) {
	e.body.WriteString("\t")
	fmt.Fprintf(&e.body, format, args...)
	e.body.WriteString("\n")
}

// label returns a new label.
func (e *emitter) label() string {
	e.labels++
	return fmt.Sprintf("$L%d", e.labels)
}

// place writes label l.
func (e *emitter) place(l string) {
	fmt.Fprintf(&e.body, "%s:\n", l)
	clear(e.numbers) // a value computed on one path into the join is not on the other
}

// FaultSymbol is the module's fault record (gpulink.FaultSymbol says
// what it holds).
const FaultSymbol = gpulink.FaultSymbol

// The codes of the fault record's word 1 (gpulink's).
const (
	FaultIndex       = gpulink.FaultIndex
	FaultDivide      = gpulink.FaultDivide
	FaultSlice       = gpulink.FaultSlice
	FaultNil         = gpulink.FaultNil
	FaultShared      = gpulink.FaultShared
	FaultShift       = gpulink.FaultShift
	FaultPanic       = gpulink.FaultPanic
	FaultConvert     = gpulink.FaultConvert
	FaultPartialTile = gpulink.FaultPartialTile
)

// A fault is a check's failing branch: its code, position and operands.
type fault struct {
	label      string
	code       int
	file, line int
	a, b       string // b64 operands, or ""
}

// check branches to a new fault of code when p holds, with operands a
// and b (64-bit registers or immediates).
func (e *emitter) check(p string, n ast.Node, code int, a, b string) {
	pos := e.src.Fset.Position(n.Pos())
	file := slices.Index(e.files, filepath.Base(pos.Filename))
	if file < 0 {
		file = len(e.files)
		e.files = append(e.files, filepath.Base(pos.Filename))
	}
	l := e.label()
	e.faults = append(e.faults, fault{label: l, code: code, file: file, line: pos.Line, a: a, b: b})
	e.line("@%s bra %s;", p, l)
}

// faultHandler writes each fault's branch target and the shared record
// writer: the first failing thread records and every failing thread
// exits, as a thread whose Go code panics ends.
func (e *emitter) faultHandler() {
	if len(e.faults) == 0 {
		return
	}
	code, where := e.reg(u32T), e.reg(u32T)
	a, b := e.reg(u64T), e.reg(u64T)
	for _, f := range e.faults {
		e.place(f.label)
		e.line("mov.u32 %s, %d;", code, f.code)
		e.line("mov.u32 %s, %d;", where, f.file<<24|f.line)
		e.line("mov.u64 %s, %s;", a, orZero(f.a))
		e.line("mov.u64 %s, %s;", b, orZero(f.b))
		e.line("bra.uni $Lfault;")
	}
	e.place("$Lfault")
	addr, old, p, r := e.reg(u64T), e.reg(u32T), e.reg(predT), e.reg(u32T)
	e.line("mov.u64 %s, %s;", addr, FaultSymbol)
	e.line("atom.global.cas.b32 %s, [%s], 0, 1;", old, addr)
	e.line("setp.ne.u32 %s, %s, 0;", p, old)
	e.line("@%s exit;", p)
	e.line("st.global.u32 [%s+4], %s;", addr, code)
	e.line("st.global.u32 [%s+8], %s;", addr, where)
	for i, sreg := range []string{"%ctaid.x", "%ctaid.y", "%ctaid.z", "%tid.x", "%tid.y", "%tid.z"} {
		e.line("mov.u32 %s, %s;", r, sreg)
		e.line("st.global.u32 [%s+%d], %s;", addr, 12+4*i, r)
	}
	e.line("st.global.u64 [%s+40], %s;", addr, a)
	e.line("st.global.u64 [%s+48], %s;", addr, b)
	e.line("membar.gl;")
	e.line("exit;")
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// typeOf returns the type of x, with the type parameters of the helpers
// being inlined replaced by their arguments.
func (e *emitter) typeOf(x ast.Expr) types.Type {
	t := e.src.Info.TypeOf(x)
	if t == nil {
		e.refuse(x, "no type for %s", types.ExprString(x))
	}
	return e.subst(t)
}

// subst replaces the inlined helpers' type parameters in t.
func (e *emitter) subst(t types.Type) types.Type {
	for i := len(e.inline) - 1; i >= 0; i-- {
		t = substitute(t, e.inline[i].subst)
	}
	return substitute(t, e.base)
}

// substitute replaces the type parameters of m in t, for the types the
// back end handles: type parameters, slices, pointers and arrays of them.
func substitute(t types.Type, m map[*types.TypeParam]types.Type) types.Type {
	if len(m) == 0 {
		return t
	}
	switch u := t.(type) {
	case *types.TypeParam:
		if r, ok := m[u]; ok {
			return r
		}
	case *types.Slice:
		if el := substitute(u.Elem(), m); el != u.Elem() {
			return types.NewSlice(el)
		}
	case *types.Pointer:
		if el := substitute(u.Elem(), m); el != u.Elem() {
			return types.NewPointer(el)
		}
	case *types.Array:
		if el := substitute(u.Elem(), m); el != u.Elem() {
			return types.NewArray(el, u.Len())
		}
	case *types.Named:
		// A generic type instantiated with type parameters: instantiate
		// it again with their arguments.
		targs := u.TypeArgs()
		if targs.Len() == 0 {
			return t
		}
		args, changed := make([]types.Type, targs.Len()), false
		for i := range targs.Len() {
			args[i] = substitute(targs.At(i), m)
			changed = changed || args[i] != targs.At(i)
		}
		if changed {
			if inst, err := types.Instantiate(nil, u.Origin(), args, false); err == nil {
				return inst
			}
		}
	}
	return t
}
