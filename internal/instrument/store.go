package instrument

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
)

// Stores of a value the checker can compare. A write-after-write hazard
// whose second write stores the bytes the first left (every lane of a
// warp writing its warp's sum to one slot) is harmless, and gocuda check
// hides it, as Oclgrind does; for that the probe must see the value
// before it is stored. So a plain assignment s[i] = v of a number or a
// boolean becomes probe.Store(t, site, s, i, v), and a[i][j] = v becomes
// probe.StoreAddr(t, site, &a[i][j], v): the operands are evaluated in the
// same order, and the probe stores v.

// store instruments n as a store of its value, if it is one assignment of
// a number or boolean to a slice element or an element chain that is not
// the thread's own, and reports whether it did. Its operands are walked.
func (r *fileRewriter) store(n *ast.AssignStmt, f *fn) bool {
	if n.Tok != token.ASSIGN || len(n.Lhs) != 1 || len(n.Rhs) != 1 || f.k == nil {
		return false
	}
	lhs, rhs := ast.Unparen(n.Lhs[0]), n.Rhs[0]
	if !r.storable(lhs, rhs) {
		return false
	}
	expr := r.text(lhs.Pos(), lhs.End())
	if ix, ok := lhs.(*ast.IndexExpr); ok && r.sliceIndex(ix) {
		args, ok := r.site(f, Write, lhs.Pos(), lhs.Pos(), expr)
		if !ok {
			return false
		}
		r.insert(ix.Pos(), r.names.probe+".Store("+args+", ", false)
		open, close := ", ", ","
		if r.floatConst(ix.Index) {
			open, close = ", int(", "),"
		}
		r.replace(ix.Lbrack, ix.Lbrack+1, open)
		r.storeTail(n, ix.Rbrack, true, close)
		r.access(ix.X, Read, f)
		r.walk(ix.Index, f)
		r.walk(rhs, f)
		return true
	}
	links, base := r.chain(lhs)
	if len(links) == 0 || !hasIndex(links) || !r.info.Types[lhs].Addressable() || r.ownVar(f, links, base) != "" {
		return false
	}
	args, ok := r.site(f, Write, lhs.Pos(), lhs.Pos(), expr)
	if !ok {
		return false
	}
	r.insert(lhs.Pos(), r.names.probe+".StoreAddr("+args+", &", false)
	r.storeTail(n, lhs.End(), false, ",")
	r.chainParts(links, base, f)
	r.walk(rhs, f)
	return true
}

// tight matches the text from the end of the stored-to operand (a
// slice's closing bracket, or the chain's end) to the assignment's '='
// when it can become one separator.
var tight = regexp.MustCompile(`^\]?[ \t]*=$`)

// storeTail turns what follows the stored-to operand of n into the
// separator sep before the value, and closes the call after the value:
// from from (a slice's closing bracket, replaced too, or the end of the
// chain) to the '='.
func (r *fileRewriter) storeTail(n *ast.AssignStmt, from token.Pos, bracket bool, sep string) {
	switch {
	case tight.MatchString(r.text(from, n.TokPos+1)):
		r.replace(from, n.TokPos+1, sep)
	case bracket:
		r.replace(from, from+1, sep)
		r.replace(n.TokPos, n.TokPos+1, "")
	default:
		r.replace(n.TokPos, n.TokPos+1, sep)
	}
	r.insert(n.Rhs[0].End(), ")", true)
}

// storable reports whether lhs = rhs stores a number or boolean the probe
// can be handed as a value of lhs's type: rhs has that type, or is
// untyped; and is no receive (an assignment in a select case must stay
// one).
func (r *fileRewriter) storable(lhs, rhs ast.Expr) bool {
	if u, ok := ast.Unparen(rhs).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return false
	}
	lt, rt := r.info.TypeOf(lhs), r.info.TypeOf(rhs)
	if lt == nil || rt == nil {
		return false
	}
	if tp, ok := lt.(*types.TypeParam); ok {
		if !plainTerms(tp.Constraint()) {
			return false
		}
	} else if !plainBasic(lt) {
		return false
	}
	if rb, ok := rt.(*types.Basic); ok && rb.Info()&types.IsUntyped != 0 {
		return true
	}
	return types.Identical(lt, rt)
}

// plainBasic reports whether t is a number or a boolean, whose bytes the
// probe compares to tell a store of the value already there.
func plainBasic(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0
}

// plainTerms reports whether every type of constraint c's type set is
// plainBasic (T float32 | float64, a named Number constraint): a store of
// a T is then one the probe may compare, as in a plain kernel
// (HeCBench jaccard's generic row sums).
func plainTerms(c types.Type) bool {
	switch t := c.(type) {
	case *types.Union:
		for i := range t.Len() {
			if !plainTerms(t.Term(i).Type()) {
				return false
			}
		}
		return t.Len() > 0
	case *types.Named, *types.Alias, *types.Interface:
		iface, ok := c.Underlying().(*types.Interface)
		if !ok {
			return plainBasic(c)
		}
		if iface.NumEmbeddeds() == 0 || iface.NumMethods() > 0 {
			return false
		}
		for i := range iface.NumEmbeddeds() {
			if !plainTerms(iface.EmbeddedType(i)) {
				return false
			}
		}
		return true
	}
	return plainBasic(c)
}
