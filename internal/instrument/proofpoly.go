package instrument

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
)

// Index arithmetic for the proofs of proof.go: an index is a polynomial
// with integer coefficients in atoms, the fields of the thread's indices
// and dimensions (t.ThreadIdx.X is "tix", t.BlockDim.Y "bdy") and the
// values every thread of a launch shares (a parameter p no statement
// assigns, "p:p"; the length of a slice parameter s, "len:s").

// A poly maps each monomial, its atoms sorted and joined by "*" ("" for
// the constant term), to its coefficient.
type poly map[string]int64

// Thread-index atoms by field: BlockIdx, ThreadIdx vary among a launch's
// threads; BlockDim, GridDim do not.
var threadAtoms = map[string]string{"BlockIdx": "bi", "ThreadIdx": "ti", "BlockDim": "bd", "GridDim": "gd"}

// constPoly returns the constant c.
func constPoly(c int64) poly { return poly{"": c} }

// atom returns the polynomial of one atom.
func atom(a string) poly { return poly{a: 1} }

// add returns p + s*q.
func (p poly) add(q poly, s int64) poly {
	r := maps.Clone(p)
	for m, c := range q {
		r[m] += s * c
		if r[m] == 0 {
			delete(r, m)
		}
	}
	return r
}

// mul returns p*q.
func (p poly) mul(q poly) poly {
	r := poly{}
	for m1, c1 := range p {
		for m2, c2 := range q {
			r = r.add(poly{monomial(m1, m2): c1 * c2}, 1)
		}
	}
	return r
}

// monomial returns the product of monomials a and b.
func monomial(a, b string) string {
	var atoms []string
	for _, m := range []string{a, b} {
		if m != "" {
			atoms = append(atoms, strings.Split(m, "*")...)
		}
	}
	slices.Sort(atoms)
	return strings.Join(atoms, "*")
}

// equal reports whether p and q are the same polynomial.
func (p poly) equal(q poly) bool { return len(p.add(q, -1)) == 0 }

// uniform reports whether no monomial of p varies among threads.
func (p poly) uniform() bool {
	for m := range p {
		for _, a := range strings.Split(m, "*") {
			if varying[a] || strings.HasPrefix(a, "gs:") {
				return false
			}
		}
	}
	return true
}

// varying are the atoms that vary among a launch's threads.
var varying = map[string]bool{"bix": true, "biy": true, "biz": true, "tix": true, "tiy": true, "tiz": true}

// global returns the thread's global index in dimension d ("x", "y",
// "z"): BlockIdx.d*BlockDim.d + ThreadIdx.d.
func global(d string) poly {
	return atom("bi"+d).mul(atom("bd"+d)).add(atom("ti"+d), 1)
}

// divide returns the quotient of the monomials of p holding atom a once,
// and the rest of p; ok is false if a monomial holds a more than once.
func (p poly) divide(a string) (quot, rest poly, ok bool) {
	quot, rest = poly{}, poly{}
	for m, c := range p {
		atoms := strings.Split(m, "*")
		switch n := count(atoms, a); n {
		case 0:
			rest[m] = c
		case 1:
			i := slices.Index(atoms, a)
			quot[strings.Join(slices.Delete(atoms, i, i+1), "*")] = c
		default:
			return nil, nil, false
		}
	}
	return quot, rest, true
}

func count(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// polyOf returns e as a polynomial, if it is one of int or int64 values
// whose atoms the analysis knows (see resolve); a conversion, or a value
// of another type, is none: it could wrap.
func (a *prover) polyOf(e ast.Expr, depth int) (poly, bool) {
	if depth > 16 || !wideInt(a.info.TypeOf(e)) {
		return nil, false
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		c, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return constPoly(c), exact
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return a.polyOf(e.X, depth+1)
	case *ast.Ident:
		return a.identPoly(e, depth)
	case *ast.SelectorExpr:
		if d, ok := a.threadField(e); ok {
			return atom(d), true
		}
	case *ast.CallExpr:
		if s := a.lenOf(e); s != nil {
			return atom("len:" + s.Name()), true
		}
	case *ast.UnaryExpr:
		if p, ok := a.polyOf(e.X, depth+1); ok && e.Op == token.SUB {
			return poly{}.add(p, -1), true
		}
	case *ast.BinaryExpr:
		x, ok1 := a.polyOf(e.X, depth+1)
		y, ok2 := a.polyOf(e.Y, depth+1)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch e.Op {
		case token.ADD:
			return x.add(y, 1), true
		case token.SUB:
			return x.add(y, -1), true
		case token.MUL:
			return x.mul(y), true
		}
	}
	return nil, false
}

// identPoly returns the polynomial of a variable: a parameter no
// statement assigns is an atom, a local assigned once (by its
// definition) is its definition's polynomial.
func (a *prover) identPoly(id *ast.Ident, depth int) (poly, bool) {
	v, ok := a.info.Uses[id].(*types.Var)
	if !ok || a.assigned[v] {
		return nil, false
	}
	if a.params[v] {
		return atom("p:" + v.Name()), true
	}
	if post := a.strides[v]; post != nil {
		return a.gridStride(v, post, depth)
	}
	if def, ok := a.defs[v]; ok && def != nil {
		return a.polyOf(def, depth+1)
	}
	return nil, false
}

// gridStride returns the atom of v, the variable of a grid-stride loop
// (for v := x + u; ...; v += BlockDim.X*GridDim.X, with x the thread's
// global x index and u uniform): "gs:v". On a one-dimensional launch its
// values in one thread, x + u + k*(threads of the grid), are no other
// thread's.
func (a *prover) gridStride(v *types.Var, post *ast.AssignStmt, depth int) (poly, bool) {
	start, ok1 := a.polyOf(a.defs[v], depth+1)
	step, ok2 := a.polyOf(post.Rhs[0], depth+1)
	if !ok1 || !ok2 || !start.add(global("x"), -1).uniform() || !step.equal(atom("bdx").mul(atom("gdx"))) {
		return nil, false
	}
	return atom("gs:" + v.Name()), true
}

// threadField returns the atom of t.F.D, F a field of the thread's
// indices or dimensions, t the kernel's thread.
func (a *prover) threadField(e *ast.SelectorExpr) (string, bool) {
	inner, ok := e.X.(*ast.SelectorExpr)
	if !ok || !a.isThread(inner.X) {
		return "", false
	}
	prefix, ok := threadAtoms[inner.Sel.Name]
	d := strings.ToLower(e.Sel.Name)
	if !ok || (d != "x" && d != "y" && d != "z") {
		return "", false
	}
	return prefix + d, true
}

// wideInt reports whether t is int or int64.
func wideInt(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Int || b.Kind() == types.Int64 || b.Kind() == types.UntypedInt)
}

// A fact is lhs < rhs, known where a write happens.
type fact struct{ lhs, rhs poly }

// facts returns what cond being true (or, with !holds, false) says,
// where the analysis can tell.
func (a *prover) facts(cond ast.Expr, holds bool) []fact {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return a.facts(e.X, !holds)
		}
	case *ast.BinaryExpr:
		if (e.Op == token.LAND && holds) || (e.Op == token.LOR && !holds) {
			return append(a.facts(e.X, holds), a.facts(e.Y, holds)...)
		}
		x, ok1 := a.polyOf(e.X, 0)
		y, ok2 := a.polyOf(e.Y, 0)
		if !ok1 || !ok2 {
			return nil
		}
		op := e.Op
		if !holds {
			op = map[token.Token]token.Token{token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS}[op]
		}
		one := constPoly(1)
		switch op {
		case token.LSS:
			return []fact{{x, y}}
		case token.LEQ:
			return []fact{{x, y.add(one, 1)}}
		case token.GTR:
			return []fact{{y, x}}
		case token.GEQ:
			return []fact{{y, x.add(one, 1)}}
		}
	}
	return nil
}
