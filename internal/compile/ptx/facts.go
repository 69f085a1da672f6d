package ptx

import (
	"go/ast"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"go/token"
	"go/types"
	"maps"
	"math/bits"
	"reflect"
	"strconv"
)

// Index facts decide which checks cannot fail. A check of index i against
// length n is needed unless i is known non-negative and i < n holds on
// every path to it. They come from three places:
//
//   - widths: a register's value lies in [0, 2^k) (the thread's indices,
//     lengths, which device memory bounds, sums and products of them);
//   - paths: a condition holds in the branch it guards, its negation after
//     a guard that leaves, and a counted loop's condition in its body;
//   - value numbers: an operation on the same registers gives the same
//     register, so a condition's i+k is the body's i+k.
//
// A register is written once unless it holds a variable that is assigned
// again (mutable): facts about a mutable register hold only on a path,
// and a write of the variable ends them.

// maxLenBits bounds lengths: a slice on the device lies in its memory,
// whose addresses have 48 bits (64-bit PTX's virtual address space).
const maxLenBits = 48

// A fact holds on the path being written: a < b (kind 'l', signed), a
// lies in [0, 2^bits) (kind 'w'), or index a was checked against length
// b (kind 'c'). Killed facts have kind 0.
type fact struct {
	kind byte
	a, b string
	bits int
}

// setWidth records that register r, written once, lies in [0, 2^k).
func (e *emitter) setWidth(r string, k int) {
	if k <= 62 && !immediate(r) {
		e.widths[r] = k
	}
}

// width returns k where operand r lies in [0, 2^k), or false.
func (e *emitter) width(r string) (int, bool) {
	if immediate(r) {
		v, err := strconv.ParseInt(r, 10, 64)
		if err != nil || v < 0 {
			return 0, false
		}
		return bits.Len64(uint64(v)), true
	}
	if !e.mutable[r] {
		k, ok := e.widths[r]
		return k, ok
	}
	for i := len(e.facts) - 1; i >= 0; i-- {
		if f := e.facts[i]; f.kind == 'w' && f.a == r {
			return f.bits, true
		}
	}
	return 0, false
}

// less reports whether a < b holds on the path.
func (e *emitter) less(a, b string) bool {
	for _, f := range e.facts {
		if f.kind == 'l' && f.a == a && f.b == b {
			return true
		}
	}
	return false
}

// inRange reports whether index i is known to lie in [0, n).
func (e *emitter) inRange(i, n string) bool {
	if _, ok := e.width(i); !ok {
		return false
	}
	if e.less(i, n) {
		return true
	}
	// A constant below a length of constant or known width.
	iv, err1 := strconv.ParseInt(i, 10, 64)
	nv, err2 := strconv.ParseInt(n, 10, 64)
	return err1 == nil && err2 == nil && iv < nv
}

// push records fact f for the rest of the scope being written.
func (e *emitter) push(f fact) { e.facts = append(e.facts, f) }

// kill ends the facts about variable v's registers, which are written.
func (e *emitter) kill(v *val) {
	regs := map[string]bool{}
	var walk func(v *val)
	walk = func(v *val) {
		for _, r := range []string{v.reg, v.ptr, v.len} {
			if r != "" {
				regs[r] = true
				e.mutable[r] = true
			}
		}
		for _, el := range v.elems {
			walk(el)
		}
	}
	walk(v)
	for i, f := range e.facts {
		if regs[f.a] || regs[f.b] {
			e.facts[i] = fact{}
		}
	}
	for k, r := range e.numbers {
		if regs[k.a] || regs[k.b] || regs[r] {
			delete(e.numbers, k)
		}
	}
}

// killMutable ends every fact about a mutable register, at the top of a
// loop, whose body may write any of them.
func (e *emitter) killMutable() {
	for i, f := range e.facts {
		if e.mutable[f.a] || e.mutable[f.b] {
			e.facts[i] = fact{}
		}
	}
}

// A comparison is what a predicate register was set from.
type comparison struct {
	op   token.Token
	a, b string
}

// condFacts returns the facts predicate p gives where it holds (or,
// with neg, where it does not): comparisons of signed integers, and the
// conjuncts of &&.
func (e *emitter) condFacts(p string, neg bool) []fact {
	if parts, ok := e.conjuncts[p]; ok && !neg {
		// Where the && holds, both operands ran: their values stand.
		maps.Copy(e.numbers, e.condNumbers[p])
		var out []fact
		for _, q := range parts {
			out = append(out, e.condFacts(q, false)...)
		}
		return out
	}
	c, ok := e.comparisons[p]
	if !ok {
		return nil
	}
	op := c.op
	if neg {
		op = map[token.Token]token.Token{token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR}[op]
	}
	switch op {
	case token.LSS:
		return e.lessFacts(c.a, c.b)
	case token.GTR:
		return e.lessFacts(c.b, c.a)
	case token.LEQ:
		return e.atMostFacts(c.a, c.b)
	case token.GEQ:
		return e.atMostFacts(c.b, c.a)
	}
	return nil
}

// lessFacts returns a < b, and a's width where b's bounds it.
func (e *emitter) lessFacts(a, b string) []fact {
	out := []fact{{kind: 'l', a: a, b: b}}
	if k, ok := e.width(b); ok {
		if _, known := e.width(a); !known && e.nonNegative(a) {
			out = append(out, fact{kind: 'w', a: a, bits: k})
		}
	}
	return out
}

// nonNegative reports whether a is known to be at least 0: a's width is
// known, or a is a counted loop's variable (inductions).
func (e *emitter) nonNegative(a string) bool {
	_, ok := e.width(a)
	return ok || e.inductions[a]
}

// A valueKey is an integer operation on operands: the register holding
// its result, written once, stands for any later instance.
type valueKey struct {
	op   string
	a, b string
}

// numbered returns the register an earlier instance of the operation
// wrote, or "".
func (e *emitter) numbered(op, a, b string) string { return e.numbers[valueKey{op, a, b}] }

// number records r as the result of the operation.
func (e *emitter) number(op, a, b, r string) { e.numbers[valueKey{op, a, b}] = r }

// arithWidth sets the width of d = a op b where the operands' widths
// bound it.
func (e *emitter) arithWidth(op token.Token, d, a, b string) {
	ka, oka := e.width(a)
	kb, okb := e.width(b)
	switch {
	case op == token.ADD && oka && okb:
		e.setWidth(d, max(ka, kb)+1)
	case op == token.MUL && oka && okb:
		e.setWidth(d, ka+kb)
	case (op == token.QUO || op == token.REM || op == token.SHR) && oka && okb:
		e.setWidth(d, ka)
	case op == token.AND && (oka || okb):
		k := 64
		if oka {
			k = ka
		}
		if okb {
			k = min(k, kb)
		}
		e.setWidth(d, k)
	}
}

// exprWidth returns k where x, not yet evaluated, lies in [0, 2^k):
// constants, variables of known width, the thread's fields, lengths, and
// sums and products of them.
func (e *emitter) exprWidth(x ast.Expr) (int, bool) {
	if tv, ok := e.src.Info.Types[x]; ok && tv.Value != nil {
		v, ok := constantInt(tv)
		if !ok || v < 0 {
			return 0, false
		}
		return bits.Len64(uint64(v)), true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		if v, ok := e.vars[e.object(x)]; ok && v.reg != "" {
			return e.width(v.reg)
		}
	case *ast.SelectorExpr:
		if inner, ok := x.X.(*ast.SelectorExpr); ok {
			if v, ok := e.vars[e.object(identOf(inner.X))]; ok && v.thread {
				return threadWidths[inner.Sel.Name], true
			}
		}
	case *ast.BinaryExpr:
		a, oka := e.exprWidth(x.X)
		b, okb := e.exprWidth(x.Y)
		switch {
		case !oka || !okb:
		case x.Op == token.ADD && max(a, b) < 62:
			return max(a, b) + 1, true
		case x.Op == token.MUL && a+b <= 62:
			return a + b, true
		}
	case *ast.CallExpr:
		if id := calleeIdent(x.Fun); id != nil {
			if b, ok := e.src.Info.Uses[id].(*types.Builtin); ok && b.Name() == "len" {
				return maxLenBits, true
			}
		}
	}
	return 0, false
}

// threadWidths bound the thread's fields: blocks have at most 1024
// threads, grids fewer than 2^32 blocks a dimension.
var threadWidths = map[string]int{"ThreadIdx": 11, "BlockDim": 11, "BlockIdx": 32, "GridDim": 32}

// reassignedIn returns the variables that the kernel's program, or a
// helper of its package, assigns after their definition.
func reassignedIn(src *kir.Source, f *kir.Func) map[types.Object]bool {
	out := map[types.Object]bool{}
	mark := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if o := src.Info.Uses[id]; o != nil {
				out[o] = true
			}
		}
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				mark(n.X)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				mark(n.Key)
			}
			if n.Value != nil {
				mark(n.Value)
			}
		case *ast.ValueSpec:
			if n.Values == nil {
				for _, name := range n.Names {
					if o := src.Info.Defs[name]; o != nil {
						out[o] = true // zeroed, then assigned
					}
				}
			}
		}
		return true
	}
	ast.Inspect(src.Decl, visit)
	for _, d := range src.Decls {
		ast.Inspect(d, visit)
	}
	// The build pass's inlined copies have variables of their own.
	kir.Walk(f.Body, func(n kir.Node) {
		var x ast.Node
		switch n := n.(type) {
		case *kir.Code:
			x = n.Stmt
		case *kir.For:
			x = n.Src
		case *kir.Range:
			x = n.Src
		case *kir.If:
			x = n.Src
		case *kir.Barrier:
			x = n.Stmt
		case *kir.Collective:
			x = n.Stmt
		}
		if x != nil && !reflect.ValueOf(x).IsNil() {
			ast.Inspect(x, visit)
		}
	})
	return out
}
