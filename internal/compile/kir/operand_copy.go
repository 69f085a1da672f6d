package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A collective's value operand is often a copy of a variable the warp
// keeps in a lane array: inlining a helper that returns its parameter
// gives r := v then incl := r, and the samples' block scan shuffles incl
// (excl := ShflUpSync(mask, incl, 1, 32)). Where the copies run in the
// lane loop before the collective, at its top level, and neither they nor
// v change in that loop, v's lane array holds every lane's operand when
// the collective runs: the collective reads it there (the operand is
// direct) instead of the loop storing each lane's copy into an array of
// its own, a store per lane the collective then reads back (see
// BenchmarkScan's warpShuffle).

// operandCopies records, for the collectives of warp loop w, the lane
// variable whose array holds their value operand (Collective.ValueIn).
func (f *Func) operandCopies(w *WarpLoop) {
	Walk(w.Body, func(n Node) {
		l, ok := n.(*LaneLoop)
		if !ok {
			return
		}
		for _, c := range l.Operands {
			if c.Entry.Value < 0 || c.Entry.Tile || c.Entry.Coalesced {
				continue
			}
			x := f.identVar(c.Call.Args[c.Entry.Value])
			if x == nil || w.Arrays[x] != "" {
				continue // a lane variable's operand is direct already
			}
			if root := f.copiedLane(l, x, w.Arrays); root != nil {
				c.ValueIn = root
			}
		}
	})
}

// copiedLane returns the variable kept in arrays that x holds a copy of
// when lane loop l ends, through copies l defines at its top level, or
// nil.
func (f *Func) copiedLane(l *LaneLoop, x *types.Var, arrays map[*types.Var]string) *types.Var {
	defs := map[*types.Var]*types.Var{} // each copy the loop defines, to what it copies
	writes := map[*types.Var]int{}      // the times the loop assigns (or takes the address of) each variable
	for _, n := range l.Body {
		c, ok := n.(*Code)
		if !ok {
			return nil
		}
		if dst, src := copyDefinition(c.Stmt); dst != nil {
			defs[f.identVar(dst)] = f.identVar(src)
		}
		f.countWrites(c.Stmt, writes)
	}
	for v, seen := x, 0; seen <= len(defs); seen++ {
		if v == nil || !f.plainLocal(v) || writes[v] > 1 {
			return nil
		}
		if arrays[v] != "" {
			if writes[v] != 0 || !types.Identical(v.Type(), x.Type()) {
				return nil // changed in the loop, or converted on the way
			}
			return v
		}
		if writes[v] != 1 {
			return nil // not the loop's copy
		}
		v = defs[v]
	}
	return nil
}

// plainLocal reports whether v is a local of the kernel of a basic type
// (or a type parameter whose types all are): no element, field or method
// can reach it.
func (f *Func) plainLocal(v *types.Var) bool {
	kv := f.Vars[v]
	return basicValued(v.Type()) && kv != nil && !kv.InPlace && !f.isParam(v)
}

// basicValued reports whether t is a basic type or a type parameter
// whose constraint admits basic types only (Number, cmp.Ordered).
func basicValued(t types.Type) bool {
	tp, ok := t.(*types.TypeParam)
	if !ok {
		_, basic := t.Underlying().(*types.Basic)
		return basic
	}
	return basicTerms(tp.Constraint().Underlying().(*types.Interface), 0)
}

// basicTerms reports whether the type set of iface, an interface of
// unions (embedded to depth), holds basic types only.
func basicTerms(iface *types.Interface, depth int) bool {
	if iface.NumMethods() > 0 || iface.NumEmbeddeds() == 0 || depth > 8 {
		return false
	}
	for i := range iface.NumEmbeddeds() {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				if _, ok := e.Term(j).Type().Underlying().(*types.Basic); !ok {
					if in, ok := e.Term(j).Type().Underlying().(*types.Interface); !ok || !basicTerms(in, depth+1) {
						return false
					}
				}
			}
		default:
			in, ok := e.Underlying().(*types.Interface)
			if !ok || !basicTerms(in, depth+1) {
				return false
			}
		}
	}
	return true
}

// copyDefinition returns the variable s defines and the variable it
// copies, where s is x := y or var x T = y, or nils.
func copyDefinition(s ast.Stmt) (dst, src *ast.Ident) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE {
			return nil, nil
		}
	case *ast.DeclStmt:
	default:
		return nil, nil
	}
	d, r := copyOperands(s)
	dst, _ = d.(*ast.Ident)
	src, _ = ast.Unparen(r).(*ast.Ident)
	if dst == nil || src == nil {
		return nil, nil
	}
	return dst, src
}

// countWrites adds to writes each variable that s, at any depth, assigns
// or takes the address of.
func (f *Func) countWrites(s ast.Stmt, writes map[*types.Var]int) {
	ast.Inspect(s, func(n ast.Node) bool {
		f.noteWrites(n, writes)
		return true
	})
}

// noteWrites adds to writes each variable that node n itself assigns or
// takes the address of, and, for a function literal, every variable it
// names (a closure may assign any): twice, so that no count of one
// definition matches.
func (f *Func) noteWrites(n ast.Node, writes map[*types.Var]int) {
	switch n := n.(type) {
	case ast.Stmt:
		for _, lhs := range assigned(n) {
			if v := f.localOf(lhs); v != nil {
				writes[v]++
			}
		}
	case *ast.UnaryExpr:
		if v := f.identVar(n.X); v != nil && n.Op == token.AND {
			writes[v] += 2
		}
	case *ast.FuncLit:
		ast.Inspect(n.Body, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v := f.identVar(id); v != nil {
					writes[v] += 2
				}
			}
			return true
		})
	}
}
