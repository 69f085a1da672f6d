package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"slices"
)

// A vecLoop is one thread loop's code for a vector step of eight threads.
type vecLoop struct {
	hoisted []ast.Stmt // broadcasts the same in every step, written before the steps
	body    []ast.Stmt // one step, its first thread's index in the loop's variable
	// fails is set where the step may fail (a load or a division the
	// checks do not cover): a failure is then its first thread's, whose
	// rank the step records first.
	fails bool
	width int // the threads a step runs: 8 32-bit lanes or 4 64-bit ones (16 in x16)
	// x16 is the same code's step of sixteen lanes (vec_512.go), which
	// runs first where the CPU has AVX-512, or nil.
	x16 *vecLoop
	// diverges is set where a loop of the step runs while any lane is in
	// it: its lanes leave at different trips.
	diverges bool
	// portable is set for a step of package compiled/lanes' vectors,
	// which runs on any CPU (portable.go).
	portable bool
	// imports are the packages the step's code names.
	imports map[string]*types.PkgName
	// tables are the tables the step loads (vec_table.go).
	tables []Table
	// label labels the loop of the steps, where a load restarts them in
	// the scalar loop (vec_restart.go); "" where none does.
	label string
	// byLane is set where a load checked in place that would leave its
	// slice goes lane by lane: a failure there may be another thread's
	// than the scalar form's.
	byLane bool
	// when are the conditions under which the steps run: the variables
	// they take as 1 (vec_pin.go) are.
	when []ast.Expr
	// risks are the step's uniform operations that may fail, as written;
	// laneFails is set where one whose lanes differ, or one under a mask,
	// may fail too (vecjam.go).
	risks     []ast.Expr
	laneFails bool
	// windows are the ifs that run a loop's copy without checks where a
	// window's span holds, the loop as written otherwise (vec_window.go).
	windows map[*ast.IfStmt]bool
	// parts are body as the locals, a trip's code and the stores: a far
	// step (vec_far.go) runs the trip's code several times between them.
	parts [3][]ast.Stmt
	// far is set for a far step, which no jam takes.
	far bool
}

// vkey names a variable of the translated code: a kernel variable
// (inst 0) or one of an inlined helper's instance.
type vkey struct {
	v    *types.Var
	inst int
}

// vecFail stops a translation that meets what it cannot write.
type vecFail struct{}

// A vectorizer translates one thread loop's code into a vector step.
// With no emitter it only decides whether it can (the vector pass); with
// one, it writes the step (the SIMD build's emitter).
type vectorizer struct {
	f         *Func
	l         *ThreadLoop
	warpLanes *vlanes // set for a warp's lane loop (vec_lanes.go); l then holds its code
	e         *emitter
	simd      string                    // the generated file's name for package archsimd
	w64       bool                      // the step runs four 64-bit lanes (vec_wide.go), not eight 32-bit ones
	z         bool                      // the step runs sixteen 32-bit lanes, AVX-512's (vec_512.go)
	portable  bool                      // the step's vectors are package compiled/lanes' (portable.go), simd names it
	floats    bool                      // the step's float variables are vectors where their values are the same in every lane (vec_float.go)
	imports   map[string]*types.PkgName // the packages the step's code names (Func.VectorImports, once the step is taken)
	tables    []Table                   // the tables the step loads (Func.Tables, once the step is taken)

	wide      map[vkey]bool     // variables that must be vectors: assigned a vector somewhere
	maskLoops map[ast.Stmt]bool // loops whose lanes leave at different trips
	inPlace   map[ast.Node]bool // loads and stores whose index is checked where they are
	// pairs are the loads of one assignment's operands at i and i+1 (the
	// even and odd elements of one stride-2 window): the first's load
	// computes both, and the second's result is then its pair's name.
	pairs map[*ast.IndexExpr]*vpair
	// storePairs are the statements in a row that store a pair of
	// elements, as one (vec_store_pair.go).
	storePairs map[*ast.BlockStmt]*storePair
	retry      bool // a variable turned out wide, or a loop masked: translate again

	masks     []string // the mask variables in force (vec_mask.go)
	partial   int      // the general branches of every-lane ifs around (vec_all.go)
	level     int      // varying control around: a variable defined outside it is merged when assigned
	alive     string   // the lanes that have not returned, where a thread may return
	aliveOn   bool     // a return was translated: alive is in force
	loopStack []*vloop
	risky     int // loads, divisions and shifts translated that may fail
	// risks are the uniform ones, evaluated once for the step's lanes,
	// unmasked; laneRisky is set where another may fail (one whose lanes
	// differ, or one under a mask): vecjam.go.
	risks     []ast.Expr
	laneRisky bool
	windows   map[*ast.IfStmt]bool // the windows' ifs (vecLoop.windows)
	lvalue    int                  // translating the place a statement assigns, not a value

	env      map[*types.Var]*vbind
	inst     int // the helper instance being inlined, 0 in the kernel's code
	insts    int
	inlining map[*ast.FuncDecl]bool

	out   *[]ast.Stmt
	depth int // control (loops, ifs) around the statement being translated
	conds int // ifs around it

	seq      int             // the top-level statement being translated
	first    int             // the first top-level statement touching memory, or -1
	check    *ast.IfStmt     // where the index checks go
	rows     *ast.AssignStmt // after the checks, where the step's rows of checked loads are sliced (vec_rows.go)
	noBlank  bool            // definitions are a loop's init: no _ = v after them
	accesses []vaccess       // the vector loads and stores
	elems    []vaccess       // the reads of one element at an index the same for every lane, outside conditions (vec_rows.go)
	reads    *[]*vbind       // collects the variables an index reads, while set
	hoisted  []ast.Stmt      // broadcasts of values the same in every step
	hoist    map[string]string
	vectors  bool // the step has vectors: a loop with none gains nothing
	work     int  // its vector operations, weighted (vec_cost.go)
	moves    int  // its vectors moved lane by lane every step, weighted

	storeLoops [][]*vloop // the loops around each store translated (vec_restart.go)
	restarts   []vrestart // the loads checked in place

	// pinned are the variables the step takes as 1, with their scalar
	// code (vec_pin.go), shared by the translation's attempts.
	pinned map[*types.Var]ast.Expr
}

// translateLoop translates l's code into a vector step, or reports that
// it cannot. A variable found to need a vector after its definition was
// written as a scalar makes the translation start again, knowing it.
func (f *Func) translateLoop(l *ThreadLoop, simd string, e *emitter) (*vecLoop, bool) {
	return f.translate(l, nil, simd, e, false)
}

// translate is translateLoop for a thread loop (lanes nil) or the code of
// a lane loop.
func (f *Func) translate(l *ThreadLoop, lanes *vlanes, simd string, e *emitter, portable bool) (*vecLoop, bool) {
	if out, ok := f.translateAt(l, lanes, simd, e, vmode{portable: portable}); ok {
		return out, true
	}
	if lanes != nil {
		return nil, false // a warp's lane loop runs eight lanes a step
	}
	return f.translateAt(l, lanes, simd, e, vmode{w64: true, portable: portable})
}

// A vmode is the kind of step a translation writes: eight 32-bit lanes,
// four 64-bit ones (w64) or sixteen 32-bit ones (z), of archsimd's
// vectors or, where portable is set, of package compiled/lanes'.
type vmode struct{ w64, z, portable bool }

// translateAt is translate at the step of mode m. An archsimd step is
// translated with its floats in vectors first (vec_float.go); where that
// fails or runs a loop under masks, with scalar floats, which are taken
// if they translate and run under none (or the other failed). Only the
// step taken records the packages it names.
func (f *Func) translateAt(l *ThreadLoop, lanes *vlanes, simd string, e *emitter, m vmode) (*vecLoop, bool) {
	var out *vecLoop
	ok := false
	if !m.portable && e != nil {
		out, ok = f.translateFloats(l, lanes, simd, e, m, true)
	}
	if !ok || out.diverges {
		if plain, plainOK := f.translateFloats(l, lanes, simd, e, m, false); plainOK && (!ok || !plain.diverges) {
			out, ok = plain, true
		}
	}
	if ok {
		if e != nil {
			for _, t := range out.tables {
				f.addTable(e.simd, t)
			}
		}
		for path, pn := range out.imports { // the step taken's, not a discarded translation's
			if f.VectorImports == nil {
				f.VectorImports = map[string]*types.PkgName{}
			}
			f.VectorImports[path] = pn
		}
	}
	return out, ok
}

// translateFloats is translateAt with float variables in vectors or not.
func (f *Func) translateFloats(l *ThreadLoop, lanes *vlanes, simd string, e *emitter, m vmode, floats bool) (*vecLoop, bool) {
	wide, maskLoops, inPlace := map[vkey]bool{}, map[ast.Stmt]bool{}, map[ast.Node]bool{}
	pinned := map[*types.Var]ast.Expr{}
	for range 16 {
		v := &vectorizer{f: f, l: l, warpLanes: lanes, e: e, simd: simd, w64: m.w64, z: m.z, portable: m.portable, floats: floats,
			wide: wide, maskLoops: maskLoops, inPlace: inPlace, pinned: pinned,
			env: map[*types.Var]*vbind{}, pairs: map[*ast.IndexExpr]*vpair{},
			inlining: map[*ast.FuncDecl]bool{}, first: -1, hoist: map[string]string{}}
		out, ok := v.run()
		if !ok {
			return nil, false
		}
		if !v.retry {
			out.width, out.diverges, out.portable, out.imports, out.tables = v.width(), len(maskLoops) > 0, m.portable, v.imports, v.tables
			out.when = pinGuards(pinned)
			return out, true
		}
	}
	return nil, false
}

// run translates the loop once.
func (v *vectorizer) run() (out *vecLoop, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			if _, isFail := p.(vecFail); !isFail {
				panic(p)
			}
			out, ok = nil, false
		}
	}()
	var body []ast.Stmt
	v.out = &body
	switch {
	case v.warpLanes != nil && v.returns():
		v.fail() // a lane's return is the warp's business
	case v.warpLanes != nil:
	case v.f.Exits: // the lanes of threads that returned before are off
		v.alive = v.maskVar("alive", v.allLanes())
		v.emitExited()
		v.aliveOn = true
		v.masks = append(v.masks, v.alive)
	case v.returns():
		v.alive = v.maskVar("alive", v.allLanes())
	}
	lv := v.f.LoopVars[v.l]
	if v.warpLanes != nil {
		lv = v.f.LoopVars[v.warpLanes.loop]
	}
	if lv != nil {
		for _, obj := range v.f.rematFor(lv) {
			v.top(v.f.Vars[obj].Def)
		}
		v.locals(lv)
	}
	trip := len(body)
	v.body()
	if v.warpLanes != nil { // before the stores: a failed index check leaves the lane arrays as they were
		v.laneOperands()
	}
	stores := len(body)
	if lv != nil {
		v.stores(lv)
	}
	v.finishChecks()
	label, byLane := v.finishRestarts()
	if !v.vectors || !v.gains() {
		return nil, false
	}
	parts := [3][]ast.Stmt{slices.Clone(body[:trip]), slices.Clone(body[trip:stores]), slices.Clone(body[stores:])}
	for i := range parts {
		parts[i] = prune(parts[i])
	}
	return &vecLoop{hoisted: v.hoisted, body: prune(body), fails: v.risky > 0, label: label, byLane: byLane,
		risks: v.risks, laneFails: v.laneRisky, windows: v.windows, parts: parts}, true
}

func (v *vectorizer) fail() { panic(vecFail{}) }

// emitExited takes the lanes of threads that returned in an earlier loop
// out of alive: if gc_ex := compiled.ExitedBits(exited, rank); gc_ex != 0
// { alive = the mask of gc_ex's lanes, complemented }.
func (v *vectorizer) emitExited() {
	exited, compiled := v.builtin("exited"), v.compiledPkg()
	bits := v.temp("ex")
	of := map[int]string{vecWidth64: "ExitedBits4", vecWidth: "ExitedBits", vecWidth512: "ExitedBits16"}[v.width()]
	dead := v.maskOfBits(ast.NewIdent(bits))
	v.emit(&ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(bits)}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.CallExpr{
			Fun: &ast.SelectorExpr{X: ast.NewIdent(compiled), Sel: ast.NewIdent(of)}, Args: []ast.Expr{ast.NewIdent(exited), ast.NewIdent(v.rankName())}}}},
		Cond: &ast.BinaryExpr{X: ast.NewIdent(bits), Op: token.NEQ, Y: intLit(0)},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(v.alive)}, Tok: token.ASSIGN, Rhs: []ast.Expr{v.notMask(dead)}}}},
	})
}

// returns reports whether a thread may return in the loop's code.
func (v *vectorizer) returns() bool {
	for _, n := range v.l.Body {
		s := n.(*Code).Stmt
		switch holds, proven := v.l.Proven[s]; {
		case proven && !holds:
			continue // a guarding return the bounds make dead
		case proven:
			s = s.(*ast.IfStmt).Body
		}
		if hasReturn(s) {
			return true
		}
	}
	return false
}

// posOf returns the position in generated code of source node n, for
// statements the step writes in its place.
func (v *vectorizer) posOf(n ast.Node) token.Pos {
	if v.e == nil {
		return token.NoPos
	}
	return v.e.pos.at(n.Pos())
}

func (v *vectorizer) emit(s ast.Stmt) { *v.out = append(*v.out, s) }

// emitAll writes stmts to the current output.
func (v *vectorizer) emitAll(stmts []ast.Stmt) { *v.out = append(*v.out, stmts...) }

// body translates the loop's code: its statements, less the guards its
// bounds decide; for a flat grid-stride loop, the start of a trip and the
// loop's body (eight threads' trips at one offset).
func (v *vectorizer) body() {
	if s := v.f.lockstep(v.l); s != nil && v.warpLanes == nil { // a lane loop writes its grid-stride loop as it is
		v.top(s.Trip)
		for _, st := range v.paired(v.l.Body[0].(*Code).Stmt.(*ast.ForStmt).Body.List) {
			v.top(st)
		}
		return
	}
	var stmts []ast.Stmt
	for _, n := range v.l.Body {
		s := n.(*Code).Stmt
		switch holds, proven := v.l.Proven[s]; {
		case !proven:
			stmts = append(stmts, s)
		case holds:
			stmts = append(stmts, s.(*ast.IfStmt).Body) // the bounds hold its condition
		}
	}
	for _, s := range v.paired(stmts) {
		v.top(s)
	}
}

// top translates a top-level statement of the step: one run by every
// thread, not under a condition or in a loop of the code. Until the step
// first touches memory, each such statement is preceded by a place for
// the index checks; the innermost before the first touch is kept
// (finishChecks), the others pruned.
func (v *vectorizer) top(s ast.Stmt) {
	v.seq++
	if v.first >= 0 {
		v.stmt(s)
		return
	}
	check := &ast.IfStmt{If: v.posOf(s)}
	rows := &ast.AssignStmt{TokPos: v.posOf(s), Tok: token.DEFINE}
	v.emit(check)
	v.emit(rows)
	v.stmt(s)
	if v.first >= 0 && v.check == nil {
		v.check, v.rows = check, rows
	}
}

// locals binds the variables the loop's code reads from before it: those
// kept per thread (scratch) are loaded eight at a time, a parameter is
// copied, the rest declared.
func (v *vectorizer) locals(lv *loopVars) {
	for _, obj := range sortedVars(v.f, lv.refs) {
		kv := v.f.Vars[obj]
		switch {
		case v.warpLanes != nil && kv.InPlace:
			v.fail() // read and written in its lane array, through its address too
		case kv.Class != Varying || lv.decls[obj]:
		case v.warpLanes != nil && v.laneLocal(obj, lv):
		case kv.Spill && lv.exposed[obj] && v.boolSpill(obj):
			v.define(obj, vval{shape: vVector, x: v.loadBools(kv.SpillName), typ: v.varType(obj)})
		case kv.Spill && lv.exposed[obj]:
			vt, ok := v.vecType(v.varType(obj))
			if !ok || isMaskVec(vt) || !v.spillable(v.varType(obj)) {
				v.fail()
			}
			load := v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: ast.NewIdent(kv.SpillName), Low: ast.NewIdent(v.rankName())})
			v.define(obj, vval{shape: vVector, x: load, typ: v.varType(obj)})
		case v.f.isParam(obj) && lv.exposed[obj]:
			v.define(obj, vval{shape: vUniform, x: ast.NewIdent(obj.Name()), typ: v.varType(obj)})
		default:
			v.zero(obj, nil)
		}
	}
}

// stores writes back the variables kept per thread that the loop changed
// and a later loop reads.
func (v *vectorizer) stores(lv *loopVars) {
	for _, obj := range sortedVars(v.f, lv.defs) {
		kv := v.f.Vars[obj]
		if v.warpLanes != nil && v.laneStore(obj) || !kv.Spill || v.warpLanes == nil && v.f.deadSpills[v.l][obj] {
			continue // no later loop reads it (deadspill.go)
		}
		b := v.env[obj]
		if b == nil {
			v.fail()
		}
		val := vval{shape: b.shape, x: ast.NewIdent(b.name), typ: v.varType(obj)}
		if v.boolSpill(obj) {
			v.storeBools(kv.SpillName, v.vec(val, v.varType(obj)))
			continue
		}
		if vt, ok := v.vecType(v.varType(obj)); !ok || isMaskVec(vt) || b.shape == vAffine || !v.spillable(v.varType(obj)) {
			v.fail()
		}
		rank := vval{shape: vAffine, x: ast.NewIdent(v.rankName()), typ: types.Typ[types.Int]}
		v.storeVec(ast.NewIdent(kv.SpillName), rank, v.vec(val, v.varType(obj)), v.varType(obj), false, true) // scratch is the block's own
	}
}

// rankName is the name of the step's first thread's rank.
func (v *vectorizer) rankName() string {
	if v.e == nil {
		return "gc_rank"
	}
	return v.e.name["rank"]
}

// define binds a new variable to val, writing its definition.
func (v *vectorizer) define(obj *types.Var, val vval) {
	key := vkey{obj, v.inst}
	v.widenFloat(obj, val)
	shape := val.shape
	if v.wide[key] {
		shape = vVector
	}
	b := &vbind{name: v.nameOf(obj), shape: shape, seq: v.seqHere(), level: v.level, lane: val.lane, stride: val.stride}
	if val.guard != nil && shape == vAffine { // evaluated now: what it reads may change
		b.guard = ast.NewIdent(v.temp("in"))
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{b.guard}, Tok: token.DEFINE, Rhs: []ast.Expr{val.guard}})
		v.emit(blank(b.guard.(*ast.Ident).Name))
	}
	x := val.x
	if shape == vVector {
		x = v.vec(val, v.varType(obj))
	}
	v.env[obj] = b
	if b.name == "_" {
		return
	}
	if shape == vVector || v.noBlank {
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(b.name)}, Tok: token.DEFINE, Rhs: []ast.Expr{x}})
	} else { // typed: the value may be an untyped constant
		v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
			&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(b.name)}, Type: v.typeExpr(v.varType(obj)), Values: []ast.Expr{x}}}}})
	}
	if !v.noBlank {
		v.emit(blank(b.name))
	}
}

// zero binds a new variable to its type's zero value; typ, if not nil, is
// the declaration's type expression.
func (v *vectorizer) zero(obj *types.Var, typ ast.Expr) {
	key := vkey{obj, v.inst}
	v.widenFloat(obj, vval{shape: vUniform})
	b := &vbind{name: v.nameOf(obj), shape: vUniform, seq: v.seqHere(), level: v.level}
	var t ast.Expr
	switch vt, ok := v.vecType(v.varType(obj)); {
	case v.wide[key] && isMaskVec(vt):
		b.shape = vVector
		v.env[obj] = b
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(b.name)}, Tok: token.DEFINE, Rhs: []ast.Expr{v.noLanes()}})
		v.emit(blank(b.name))
		return
	case v.wide[key] && ok:
		b.shape = vVector
		v.env[obj] = b
		v.declVec(b.name, vt)
		v.emit(blank(b.name))
		return
	case typ != nil:
		t = v.scalar(typ).(ast.Expr)
	default:
		t = v.typeExpr(v.varType(obj))
	}
	v.env[obj] = b
	v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(b.name)}, Type: t}}}})
	v.emit(blank(b.name))
}

// seqHere is the defining statement to record for a variable defined
// now: the top-level statement, or none inside control.
func (v *vectorizer) seqHere() int {
	if v.depth > 0 {
		return math.MaxInt
	}
	return v.seq
}

// nameOf returns the name of obj in the step: a kernel variable keeps its
// generated name; a helper's gets a fresh one per instance.
func (v *vectorizer) nameOf(obj *types.Var) string {
	if obj.Name() == "_" {
		return "_"
	}
	if kv := v.f.Vars[obj]; kv != nil && v.inst == 0 {
		return kv.Name
	}
	if v.e == nil {
		return "gc_v"
	}
	return v.f.Names.Fresh(obj.Name())
}

// temp returns a fresh name for a temporary.
func (v *vectorizer) temp(base string) string {
	if v.e == nil {
		return "gc_" + base
	}
	return v.f.Names.Fresh(base)
}

// typeExpr writes type t.
func (v *vectorizer) typeExpr(t types.Type) ast.Expr {
	if v.e == nil {
		return ast.NewIdent("T")
	}
	return ast.NewIdent(v.e.typeString(t))
}

// scalar copies source syntax for the step where its value is a scalar:
// the step's names for the variables it binds, the emitter's
// substitutions for the rest.
func (v *vectorizer) scalar(n ast.Node) ast.Node {
	if v.e == nil {
		return n
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if pn, ok := v.f.Src.Info.Uses[id].(*types.PkgName); ok {
				if v.imports == nil {
					v.imports = map[string]*types.PkgName{}
				}
				v.imports[pn.Imported().Path()] = pn
			}
		}
		return true
	})
	c := &cloner{pos: v.e.pos}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		if id, ok := n.(*ast.Ident); ok {
			if obj, ok := v.f.Src.Info.ObjectOf(id).(*types.Var); ok {
				if b := v.env[obj]; b != nil && b.x != nil {
					return b.x, true
				} else if b != nil {
					return &ast.Ident{NamePos: v.e.pos.at(id.Pos()), Name: b.name}, true
				}
			}
		}
		return v.e.subst(c, n)
	}
	return c.node(n)
}

func blank(name string) ast.Stmt {
	return &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(name)}}
}

func paren(x ast.Expr) ast.Expr {
	switch x.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.CallExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr:
		return x
	}
	return &ast.ParenExpr{X: x}
}

// vcall writes recv.method(args...).
func vcall(recv ast.Expr, method string, args ...ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: paren(recv), Sel: ast.NewIdent(method)}, Args: args}
}

// pkgCall writes archsimd.fn(args...).
func (v *vectorizer) pkgCall(fn string, args ...ast.Expr) ast.Expr {
	v.vectors = true
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(v.simd), Sel: ast.NewIdent(fn)}, Args: args}
}

// compiledPkg returns the generated file's name for package compiled;
// the vector pass, which writes nothing, takes its usual name.
func (v *vectorizer) compiledPkg() string {
	if v.e == nil {
		return "compiled"
	}
	return v.f.Src.Compiled
}

// builtin returns the generated name of the body's builtin role (pos,
// exited), noting its use; the vector pass, which writes nothing, takes
// a placeholder.
func (v *vectorizer) builtin(role string) string {
	if v.e == nil {
		return "gc_" + role
	}
	return v.e.use(role)
}
