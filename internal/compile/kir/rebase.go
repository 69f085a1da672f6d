package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// rebase is the pass that finds the thread loops which, once their
// indexes are known to be in range, cannot fail: every index into a
// slice is the thread's x index plus an offset the same for the whole
// row of x (SAXPY's y[i], i = blockIdx*blockDim + tx), and nothing else
// in the code may panic (no call but conversions, builtins and package
// math, no division but by a nonzero constant, no pointer). For such a
// loop the emitter writes two versions: where a check before the row
// finds every slice long enough, each slice is resliced to the row
// (x[off:][:to]) and the threads index it by tx, so that Go's
// bounds-check elimination drops the checks, and no thread records its
// position (none can fail); elsewhere the loop as usual, which fails at
// the thread that does. A loop whose code may fail elsewhere (a helper
// call, an index that is not of that form) is rebased in part: its
// rebased indexes lose their checks, the rest keep theirs, and each
// thread records its position.
func rebase(f *Func) {
	if f.Exits {
		return // a thread that has returned is skipped by its record: keep the usual loop
	}
	f.writes, f.lenDefs, f.addrTaken = nil, nil, nil // counted afresh, on the IR as it is now
	Walk(f.Body, func(n Node) {
		switch l := n.(type) {
		case *ThreadLoop:
			if l.Reduce != nil || l.Outside || l.stepped() {
				return
			}
			r := f.newRebaser(l.Quot)
			r.strides = l.Quot == nil && !f.Grid
			r.narrow = l.Quot == nil
			stmts := r.loopStmts(l)
			if s := f.lockstep(l); s != nil {
				r.strides = false
				if stmts = r.strideStmts(l, s); stmts == nil {
					return
				}
			}
			if l.Rebase = r.rebased(stmts); l.Rebase != nil {
				l.Rebase.Peel = r.peels(l, r.slices)
				r.hoist(l, stmts, l.Rebase)
			}
		case *LaneLoop:
			if l.Jam == nil {
				l.Rebase = f.newRebaser(nil).rebased(f.laneStmts(l))
			}
		}
	})
}

// newRebaser returns a rebaser for one loop, whose rows run in segments
// of quot's quotients where quot is set.
func (f *Func) newRebaser(quot *Quotients) *rebaser {
	r := &rebaser{rowScope: rowScope{f: f, assigned: map[*types.Var]bool{}, quot: quot}, at: map[ast.Expr]int{},
		locals: map[*types.Var]bool{}}
	r.rowScope.local = r.local
	return r
}

// rebased returns how a loop whose threads run stmts runs where its
// slices are long enough for the row, or nil where it has no index to
// rebase, or where code that may fail elsewhere leaves too few to pay.
func (r *rebaser) rebased(stmts []ast.Stmt) *Rebase {
	for _, s := range stmts {
		r.noteAssigned(s)
	}
	r.defs = r.f.bodyDefs(&ast.BlockStmt{List: stmts})
	partial := false
	for _, s := range stmts {
		if !r.stmt(s) {
			if !copyable(s) {
				return nil
			}
			partial = true
			r.indexes(s)
		}
	}
	if len(r.slices) == 0 || partial && !r.pays(stmts) {
		return nil
	}
	proven := r.provenConds(stmts) // first: it may add slices that bound guards
	return &Rebase{Slices: r.slices, At: r.at, Partial: partial, Locals: r.locals, Proven: proven}
}

// A Rebase is how a thread loop runs where its slices are long enough
// for the row (rebase.go): each slice resliced to the row, and the
// index expressions that read or write them.
type Rebase struct {
	Slices []RebasedSlice
	At     map[ast.Expr]int // each index expression (or guarded load) rebased, its slice
	// Partial is set where the code may fail elsewhere: its threads
	// record their positions.
	Partial bool
	// Locals are the variables of the loop's code whose definitions
	// rebased indexes took in (rebaser.local).
	Locals map[*types.Var]bool
	// Peel is set where a row's threads run the unchecked form from the
	// first whose indexes are all in range to the last (rebase_peel.go).
	Peel bool
	// Proven are the comparisons of a rebased index with a slice's
	// length, with the value each has in the unchecked form
	// (rebase_proven.go).
	Proven map[ast.Expr]ProvenCond
	// Apart, where a slice is hoisted, are the slices the loop writes:
	// the row's check requires each not to hold a hoisted element.
	Apart []*ast.Ident
}

// A RebasedSlice is a slice variable indexed at the thread's x index
// plus Off (nil for 0), the same for every thread of a row of x; or, with
// One, at Off itself, one element for the whole row; or, with Row, a
// slice of arrays whose element Row (the same for the row of x) is
// indexed at the thread's x index plus Off, as a shared tile's
// tile[ty][tx].
type RebasedSlice struct {
	X   *ast.Ident
	Row ast.Expr
	Off ast.Expr
	One bool
	// Stride, where set, is the row's stride of an index Stride*x + Off,
	// which the row's check bounds and the index keeps (rebase_stride.go).
	Stride ast.Expr
	// Hoist is set for a One element of a basic type that the loop
	// cannot change (rebase_hoist.go): its unchecked form loads it once
	// per row.
	Hoist bool
	// Fit, where set, is the narrow integer type of an index (int32,
	// uint32...) read as its wide form (widen.go): the row's check
	// requires every index of the row in the type's range.
	Fit types.Type
	// Bound is set for a slice the loop does not index at x + Off, whose
	// length a guard compares such an index with (if g < len(in) {
	// out[g] = ... }): the row's check requires it long enough for the
	// row, which decides the guard (rebase_proven.go).
	Bound bool
}

// A rebaser checks the code of one thread loop.
type rebaser struct {
	rowScope // its assigned are the variables the loop's code assigns
	slices   []RebasedSlice
	at       map[ast.Expr]int
	// defs holds the value of each variable the loop's code defines
	// once, by :=, and never changes (bodyDefs), for local.
	defs   map[*types.Var]ast.Expr
	locals map[*types.Var]bool // those whose definitions local gave
	// key, in a grid-stride loop run in lockstep, is its variable, which
	// each step sets to keyOff plus the thread's x index.
	key    *types.Var
	keyOff ast.Expr
	// strides, where set, lets strided indexes be taken (rebase_stride.go);
	// guards counts the ifs around the statement being checked, conds
	// holds their conditions (nil in an else).
	strides bool
	guards  int
	conds   []ast.Expr
	// narrow, where set, lets indexes of narrow integer types be taken
	// by their wide forms (RebasedSlice.Fit): in thread loops whose
	// rows' checks are written by rowCheck.slice.
	narrow bool
}

// strideStmts returns the statements a step of grid-stride loop s writes
// for each thread of l, noting its variable as the thread's x index plus
// the loop's start offset and the step's; or nil where the start is not
// of that form.
func (r *rebaser) strideStmts(l *ThreadLoop, s *Stride) []ast.Stmt {
	startOff, ok := r.f.threadXPlus(s.Start)
	if !ok || !types.Identical(s.Key.Type(), types.Typ[types.Int]) {
		return nil
	}
	r.key, r.keyOff = s.Key, sumOf(startOff, token.ADD, ast.NewIdent(s.Names[0]))
	var out []ast.Stmt
	for _, v := range r.f.rematFor(r.f.LoopVars[l]) {
		out = append(out, r.f.Vars[v].Def)
	}
	return append(out, l.Body[0].(*Code).Stmt.(*ast.ForStmt).Body.List...)
}

// loopStmts returns the statements the emitter writes for l's threads:
// its code, as the guards the bounds decide leave it, and the
// definitions of the remat variables it recomputes.
func (r *rebaser) loopStmts(l *ThreadLoop) []ast.Stmt {
	var out []ast.Stmt
	for _, v := range r.f.rematFor(r.f.LoopVars[l]) {
		out = append(out, r.f.Vars[v].Def)
	}
	for _, n := range l.Body {
		s := n.(*Code).Stmt
		switch holds, proven := l.Proven[s]; {
		case !proven:
			out = append(out, s)
		case holds:
			out = append(out, s.(*ast.IfStmt).Body)
		}
	}
	return out
}

// noteAssigned records the variables s assigns.
func (r *rebaser) noteAssigned(s ast.Stmt) {
	ast.Inspect(s, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
			if n.Tok == token.DEFINE {
				lhs = r.notDefined(n)
			}
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				lhs = []ast.Expr{n.X}
			}
		}
		for _, x := range lhs {
			if id, ok := ast.Unparen(x).(*ast.Ident); ok {
				if v, ok := r.f.Src.Info.ObjectOf(id).(*types.Var); ok {
					r.assigned[v] = true
				}
			}
		}
		return true
	})
}

// notDefined returns the left-hand sides of a := statement other than the
// remat variables it defines: those it only gives their value.
func (r *rebaser) notDefined(s *ast.AssignStmt) []ast.Expr {
	var out []ast.Expr
	for _, x := range s.Lhs {
		if v := r.f.varOf(x); v == nil || v.Class != Remat || v.Def != ast.Stmt(s) {
			out = append(out, x)
		}
	}
	return out
}

// stmt reports whether s cannot fail once its rebased indexes are in
// range.
func (r *rebaser) stmt(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE && s.Tok != token.ASSIGN && !r.opSafe(assignOp[s.Tok], s.Lhs[0], s.Rhs[0]) {
			return false
		}
		return r.all(s.Lhs, r.lhs) && r.all(s.Rhs, r.expr)
	case *ast.IncDecStmt:
		return r.lhs(s.X)
	case *ast.ExprStmt:
		return r.expr(s.X)
	case *ast.IfStmt:
		if (s.Init != nil && !r.stmt(s.Init)) || !r.expr(s.Cond) {
			return false
		}
		r.guards++
		r.conds = append(r.conds, s.Cond)
		defer func() { r.guards--; r.conds = r.conds[:len(r.conds)-1] }()
		if !r.stmt(s.Body) {
			return false
		}
		r.conds[len(r.conds)-1] = nil // an else: the condition does not hold
		return s.Else == nil || r.stmt(s.Else)
	case *ast.BlockStmt:
		for _, s := range s.List {
			if !r.stmt(s) {
				return false
			}
		}
		return true
	case *ast.DeclStmt:
		d := s.Decl.(*ast.GenDecl)
		if d.Tok != token.VAR {
			return false
		}
		for _, spec := range d.Specs {
			if !r.all(spec.(*ast.ValueSpec).Values, r.expr) {
				return false
			}
		}
		return true
	case *ast.EmptyStmt:
		return true
	case *ast.ReturnStmt:
		return len(s.Results) == 0 // the thread's: it goes on to the next thread
	}
	return false
}

// assignOp is the operator of each assignment operation.
var assignOp = map[token.Token]token.Token{token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB,
	token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR,
	token.AND_NOT_ASSIGN: token.AND_NOT}

func (r *rebaser) all(xs []ast.Expr, ok func(ast.Expr) bool) bool {
	for _, x := range xs {
		if !ok(x) {
			return false
		}
	}
	return true
}

// lhs reports whether assigning x cannot fail: a variable, or a rebased
// element.
func (r *rebaser) lhs(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return true
	case *ast.IndexExpr:
		return r.index(x)
	}
	return false
}

// expr reports whether evaluating x cannot fail once its rebased indexes
// are in range.
func (r *rebaser) expr(x ast.Expr) bool {
	info := r.f.Src.Info
	if tv := info.Types[x]; tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident:
		switch obj := info.ObjectOf(x).(type) {
		case *types.Var:
			return obj != r.f.Src.Thread
		case *types.Const, *types.Nil:
			return true
		}
	case *ast.ParenExpr:
		return r.expr(x.X)
	case *ast.SelectorExpr:
		return r.selector(x)
	case *ast.BinaryExpr:
		if seg, _ := r.quot.quotOf(x); seg != nil {
			return true // in a segment, by a divisor Segmented checked
		}
		return r.opSafe(x.Op, x.X, x.Y) && r.expr(x.X) && r.expr(x.Y)
	case *ast.UnaryExpr:
		return x.Op != token.AND && x.Op != token.ARROW && r.expr(x.X)
	case *ast.IndexExpr:
		return r.index(x)
	case *ast.CallExpr:
		return r.call(x)
	}
	return false
}

// opSafe reports whether x op y cannot fail: an integer division only by
// a nonzero constant, a shift only by a constant or an unsigned count.
func (r rowScope) opSafe(op token.Token, x, y ast.Expr) bool {
	info := r.f.Src.Info
	switch op {
	case token.QUO, token.REM:
		if b, ok := info.TypeOf(x).Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			tv := info.Types[y]
			return tv.Value != nil && tv.Value.String() != "0"
		}
	case token.SHL, token.SHR:
		if info.Types[y].Value != nil {
			return true
		}
		return unsigned(info.TypeOf(y))
	}
	return true
}

// selector reports whether s reads a package's name, a coordinate of the
// thread, or a field of a struct value.
func (r *rebaser) selector(s *ast.SelectorExpr) bool {
	if id, ok := s.X.(*ast.Ident); ok {
		if _, isPkg := r.f.Src.Info.Uses[id].(*types.PkgName); isPkg {
			return true
		}
	}
	if r.f.isThreadField(s) {
		return kapi.Field(s.Sel.Name) != kapi.NotField
	}
	if _, ok := r.f.threadFieldSel(s); ok {
		return true
	}
	if sel, isField := r.f.fieldSel(s); isField && !sel.indirect {
		return r.expr(s.X)
	}
	return false
}

// call reports whether call cannot fail: a conversion to a basic type, a
// builtin that cannot, a function of package math, or a helper whose
// result cannot fail (safelane.go), as Rodinia's IN_RANGE; or, once
// rebased, a guarded load (guardedload.go).
func (r *rebaser) call(call *ast.CallExpr) bool {
	info := r.f.Src.Info
	if _, ok := r.f.SharedAtomics[call]; ok { // a plain update of its element
		return r.lhs(ast.Unparen(call.Args[0]).(*ast.UnaryExpr).X) && r.all(call.Args[1:], r.expr)
	}
	if tv := info.Types[call.Fun]; tv.IsType() {
		_, basic := tv.Type.Underlying().(*types.Basic)
		return basic && r.all(call.Args, r.expr)
	}
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		switch fn.Name() {
		case "len", "cap", "min", "max", "real", "imag", "complex":
			return r.all(call.Args, r.expr)
		}
	case *types.Func:
		if fn.Pkg() != nil && fn.Pkg().Path() == "math" && fn.Signature().Recv() == nil || r.f.safeHelper(fn, 0) {
			return r.all(call.Args, r.expr)
		}
		return r.guardedCall(call)
	}
	return false
}

// index reports whether x cannot fail: a constant index into an array
// value, or an index into a slice the loop does not assign at the
// thread's x index plus a row's offset, or at the row's offset alone,
// which it rebases; or, in an element of such a slice of arrays at the
// row's offset, at the thread's x index plus a row's offset.
func (r *rebaser) index(x *ast.IndexExpr) bool {
	info := r.f.Src.Info
	switch info.TypeOf(x.X).Underlying().(type) {
	case *types.Array:
		if info.Types[x.Index].Value != nil {
			return r.expr(x.X)
		}
		return r.rowElement(x)
	case *types.Slice:
		if r.f.inBounds(x) {
			return r.expr(x.Index) // in range for every thread: nothing to rebase
		}
	default:
		return false
	}
	id, ok := r.uniformSlice(x.X)
	if !ok {
		return false
	}
	off, ok := r.affine(x.Index)
	var fit types.Type
	if !ok && r.narrow {
		if wide, isNarrow := r.widened(x.Index); isNarrow {
			if off, ok = r.affine(wide); ok {
				fit = info.TypeOf(x.Index)
			}
		}
	}
	one := false
	if !ok {
		if off, ok = r.rowIndex(x.Index); !ok {
			if stride, off, ok := r.strided(x.Index); ok && r.strides && (r.guards == 0 || r.lengthGuarded(x)) {
				r.note(x, RebasedSlice{X: id, Off: off, Stride: stride})
				return true
			}
			return false
		}
		one = true // every thread of the row reads the one element
	}
	r.note(x, RebasedSlice{X: id, Off: off, One: one, Fit: fit})
	return true
}

// rowElement reports whether x, an index into an array, is s[row][i]
// with s a slice of arrays the loop does not assign, row the same for the
// whole row of x and i the thread's x index plus a row's offset, which it
// rebases.
func (r *rebaser) rowElement(x *ast.IndexExpr) bool {
	inner, ok := ast.Unparen(x.X).(*ast.IndexExpr)
	if !ok {
		return false
	}
	if _, ok := r.f.Src.Info.TypeOf(inner.X).Underlying().(*types.Slice); !ok {
		return false
	}
	id, ok := r.uniformSlice(inner.X)
	if !ok {
		return false
	}
	row, ok := r.rowIndex(inner.Index)
	if !ok {
		return false
	}
	off, ok := r.affine(x.Index)
	if !ok {
		return false
	}
	r.note(x, RebasedSlice{X: id, Row: row, Off: off})
	return true
}

// uniformSlice returns x as the identifier of a block-uniform slice
// variable the loop does not assign.
func (r *rebaser) uniformSlice(x ast.Expr) (*ast.Ident, bool) {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := r.f.Src.Info.ObjectOf(id).(*types.Var)
	if !ok || r.assigned[v] || r.f.Vars[v] == nil || r.f.Vars[v].Class != Uniform {
		return nil, false
	}
	return id, true
}

// rowIndex returns index i, an int, in the row's terms, where it is the
// same for every thread of the row.
func (r *rebaser) rowIndex(i ast.Expr) (ast.Expr, bool) {
	row, ok := r.rowUniform(i)
	return row, ok && types.Identical(r.f.Src.Info.TypeOf(i), types.Typ[types.Int])
}

// note records index expression x as an index into rebased slice s,
// adding s unless the loop already rebases it.
func (r *rebaser) note(x ast.Expr, s RebasedSlice) {
	obj := r.f.Src.Info.ObjectOf(s.X)
	for k, t := range r.slices {
		if r.f.Src.Info.ObjectOf(t.X) == obj && t.One == s.One && offKey(t.Row) == offKey(s.Row) && offKey(t.Off) == offKey(s.Off) &&
			offKey(t.Stride) == offKey(s.Stride) && sameFit(t.Fit, s.Fit) {
			r.at[x] = k
			return
		}
	}
	r.at[x] = len(r.slices)
	r.slices = append(r.slices, s)
}

// sameFit reports whether two rebased slices' Fit are the same type, or
// both none.
func sameFit(a, b types.Type) bool {
	return a == nil && b == nil || a != nil && b != nil && types.Identical(a, b)
}

// offKey returns the text of a row's offset, "" for none.
func offKey(off ast.Expr) string {
	if off == nil {
		return ""
	}
	return types.ExprString(off)
}
