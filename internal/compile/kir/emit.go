package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
)

// An emitter writes a kernel's body function from its IR: the last pass,
// and the only place Go text is made. It writes each piece once, in
// order; leaf statements are copies of the source's with the
// substitutions the passes decided, printed by go/printer with //line
// directives to their source lines.
type emitter struct {
	f   *Func
	w   *bytes.Buffer
	pos *posMap

	name map[string]string // the generated names of the body's builtins (gc_tx, gc_bdx...), by role
	// private names the private copies of the parameters that have one
	// (Func.Private).
	private map[*types.Var]string
	// fused gives, for the loops a private shared array's block skips
	// where it updates the private copy, the test that says it does
	// (Func.PrivateShared); fusedWritten counts those written.
	fused        map[*ThreadLoop]string
	fusedWritten int
	used         map[string]bool // the roles the written code uses

	loop        Node                     // the thread or lane loop being written, nil at block or warp level
	jamVar      string                   // the state of the jam of the thread loop being written (jam.go)
	slpJam      *slpJamSite              // the lockstep loop being written whose twin calls run in pairs (slpjam.go)
	lane        bool                     // loop is a lane loop
	warpRemat   []*types.Var             // remat variables of the lane loop being written that are the warp's, written before it
	warp        *WarpLoop                // the warp loop being written
	collOut     map[*ast.CallExpr]string // the result array of each collective
	collIDs     map[*Collective]int      // the number of each collective
	warpDecls   []string                 // the arrays the current warp loop declares
	shared      map[*ast.CallExpr]string // the literal declaring each shared array of a helper inlined twice
	sharedDecls []string
	label       string                   // its label: a thread's return continues it
	loopUse     map[string]bool          // the roles the current loop's code uses
	enter       bool                     // the current loop's code uses the thread itself
	reduced     map[*ast.CallExpr]string // the result of each predicate barrier
	inLit       int                      // inside function literals: their returns are theirs
	tileHandle  bool                     // writing a tile handle as the block has it
	simt        []simtLoop               // the WarpFors being written, innermost last
	labelUsed   bool                     // a thread returns from the current loop
	rowStep     string                   // the rows the current loop steps, where its Row bound has a RowStep; "" for one
	simd        bool                     // writing the SIMD build
	lanesUsed   bool                     // a portable step was written: the file imports package compiled/lanes
	scalarOnly  bool                     // writing a loop's scalar form only (a lockstep loop's fallback)
	vecPos      token.Pos                // the last position a vector step's statement had, for those without
	vecAnchor   token.Pos                // the vector step's loop's first statement
	lockMore    string                   // the flag a lockstep loop's steps set where threads ran
	stepVar     string                   // the variable a row's steps advance (stepStart), "" for their own
	vec         *vecLoop                 // the current thread loop's vector step, if it has one
	farLoop     *ThreadLoop              // the far form being written (vec_far.go)
	farVec      *vecLoop                 // its far step, if it has one
	fast        *rebasedLoop             // the current thread loop's unchecked form, if it has one
	vecFast     *vecLoop                 // the vector step of its unchecked form, where it has both
	seg         *segmentedLoop           // the current thread loop's segmented form, if it has one
	quot        *Quotients               // while writing that form, or the unchecked one of such a loop, the divisions it replaces
	rebasedU    string                   // while writing the unchecked form of such a loop, its segment's counter (rebasedLoop.u)
	segStart    string                   // the first thread of the current segment of such a loop
	// flatRun is set while the flat form of a grid-stride body in runs is
	// written (runs.go): its chunk's rows run as one.
	flatRun bool
	rebased []string            // while writing that form, the names of its rebased slices
	hoisted []string            // and of the elements it loads once (rebasedLoop.hoisted)
	strided []string            // and of the counters of its strided indexes, where they count (emit_induction.go)
	prefix  bool                // the warp's active lanes are its first cnt, with none returned (see prefixLanes)
	cntUsed bool                // a lane loop of the current warp loop counts to cnt
	actRead bool                // a lane loop of the current warp loop tests the active lanes' mask
	keep    map[*types.Var]bool // while writing a reversed step's fused code, its iteration's locals (Reversed.Locals)
	// ahead are the rows the current warp loop's lane loops read ahead
	// (rowsahead.go), and aheadArrays the scratch arrays of those written.
	ahead       map[*LaneLoop][]*aheadRow
	aheadArrays []*aheadRow
	// whole is set while a warp loop's code for whole warps is written
	// (emit_warp_whole.go).
	whole *wholeWarp
	// pairFused is the reduction a whole warp's code ran with the lane
	// loop before it (emitter.pairTree), while that code is written.
	pairFused *For
	// memo is the state of the memo runs of the lane loop being written,
	// and memoRun that of the run whose statements are (emit_memo.go).
	memo    map[*MemoRun]*memoState
	memoRun *memoState
	// everyExact is set while a stepped loop's form for an exact residue
	// is written (ThreadLoop.Every): its guard holds; every is that form.
	everyExact bool
	every      *everyForm
	// uniformLoops counts the block-level loops around the node being
	// written (emit_clean.go).
	uniformLoops int
}

var (
	sourcePrinter = printer.Config{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	plainPrinter  = printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
)

// roles are the builtins of a body, with the base of their names.
var roles = []string{"b", "tx", "ty", "tz", "rank", "n", "bd", "bdx", "bdy", "bdz", "gd", "gdx", "gdy", "gdz",
	"bidx", "bx", "by", "bz", "pos", "exited", "blk", "lo", "hi", "blocks", "w", "act", "dead", "lane", "tidx", "c", "from", "to", "bound", "base", "end", "cnt"}

// Emit writes the body function of f: func name[tparams](gc_b *compiled.Block<params>),
// with params the kernel's parameters after the thread (", a float32, x []float32").
func emit(f *Func, name, tparams, params string, simd bool) (string, bool) {
	e := &emitter{f: f, simd: simd, pos: newPosMap(f.Src.Fset), name: map[string]string{}, used: map[string]bool{},
		reduced: map[*ast.CallExpr]string{}, collOut: map[*ast.CallExpr]string{}, collIDs: map[*Collective]int{}, shared: map[*ast.CallExpr]string{}}
	defer f.Names.restore(f.Names.save()) // the body's names are its own
	for _, r := range roles {
		e.name[r] = f.Names.Fresh(r)
	}
	if f.Runs {
		e.name["runlo"], e.name["runhi"] = f.Names.Fresh("runlo"), f.Names.Fresh("runhi")
	}
	e.private = map[*types.Var]string{}
	for _, p := range f.privateParams() {
		e.private[p] = f.Names.Fresh("pv")
	}
	e.fused = map[*ThreadLoop]string{}
	for _, n := range f.Body {
		if ps := f.PrivateShared[asCode(n)]; ps != nil {
			// The merge tests the array itself: a flag live across the
			// block's code costs Go's register allocator a register.
			fz := f.Names.Fresh("fz")
			e.fused[ps.Clear] = fz
			e.fused[ps.Merge] = fmt.Sprintf("%s.Holds(%s)", e.private[ps.Param], f.Vars[ps.Shared].Name)
		}
	}
	var body bytes.Buffer
	e.w = &body
	e.nodes(f.Body)
	if e.fusedWritten != len(e.fused) {
		panic("kir: emit: a loop of a private shared array was not written")
	}
	if f.Grid {
		e.gridNeeds()
	}
	var out bytes.Buffer
	e.w = &out
	sig := fmt.Sprintf("%s *%s.Block%s", e.name["b"], f.Src.Compiled, params)
	if f.Grid {
		sig = fmt.Sprintf("%s *%s.Block, %s, %s int%s", e.name["b"], f.Src.Compiled, e.name["lo"], e.name["hi"], params)
	}
	e.line(f.Src.Decl.Pos()) // the preamble is the kernel's entry, not what the last directive named
	e.printf("func %s%s(%s) {\n", name, tparams, sig)
	e.preamble()
	if f.Grid && f.GridStride == nil {
		e.blockLoop(body.Bytes())
	} else {
		e.w.Write(body.Bytes())
	}
	e.printf("}\n")
	return out.String(), e.lanesUsed
}

func (e *emitter) printf(format string, args ...any) { fmt.Fprintf(e.w, format, args...) }

// use returns the name of a builtin, noting that the code uses it.
func (e *emitter) use(role string) string {
	e.used[role] = true
	if e.loopUse != nil {
		e.loopUse[role] = true
	}
	return e.name[role]
}

// preamble declares the builtins the body uses, the thread, the scratch
// arrays of spilled variables and the record of exited threads.
func (e *emitter) preamble() {
	b, f := e.name["b"], e.f
	if e.used["thread"] {
		e.printf("%s := %s.Thread()\n", f.Src.Thread.Name(), b)
	}
	if e.used["pos"] {
		e.printf("%s := %s.Pos()\n", e.name["pos"], b)
	}
	for _, d := range e.sharedDecls {
		e.printf("%s\n", d)
	}
	dims := []struct{ whole, of string }{{"bd", "Dim"}, {"gd", "GridDim"}}
	if !f.Grid {
		dims = append(dims, struct{ whole, of string }{"bidx", "Index"})
	}
	for _, d := range dims {
		parts := map[string]string{"bd": "bd", "gd": "gd", "bidx": "b"}[d.whole]
		need := e.used[d.whole]
		for _, c := range []string{"x", "y", "z"} {
			need = need || e.used[parts+c]
		}
		if !need {
			continue
		}
		var comps []string
		for _, c := range []string{"x", "y", "z"} {
			if e.used[parts+c] {
				comps = append(comps, c)
			}
		}
		whole := e.name[d.whole]
		if e.used[d.whole] || len(comps) > 1 {
			e.printf("%s := %s.%s()\n", whole, b, d.of)
		} else {
			whole = fmt.Sprintf("%s.%s()", b, d.of) // one component: no name for the whole
		}
		for _, c := range comps {
			e.printf("%s := %s.%s\n", e.name[parts+c], whole, e.f.emitAxis(string(c[0]-'a'+'A')))
		}
	}
	if e.used["n"] {
		e.printf("%s := %s.Len()\n", e.name["n"], b)
	}
	slot := 0 // scratch arrays, resliced to the block's length for bounds-check elimination
	for _, obj := range sortedVars(e.f, f.Vars) {
		v := f.Vars[obj]
		if s := f.aheadTemps[obj]; !v.Spill || s != nil && !e.streamsOn(s) {
			continue // no loop ahead written (streamed)
		}
		if v.InPlace {
			// Pointers to it may outlive the block (stored in global
			// memory): a scratch array would be the next block's.
			e.printf("%s := make([]%s, %s.Len())\n", v.SpillName, e.typeString(obj.Type()), b)
		} else {
			e.printf("%s := %s.Scratch[%s](%s, %d)%s\n", v.SpillName, f.Src.Compiled, e.typeString(obj.Type()), b, slot, e.blockLen())
			slot++
		}
		if f.deadSomewhere(obj) {
			e.printf("_ = %s\n", v.SpillName) // a build may write only loops whose stores are dead, and none reading it
		}
		if f.isParam(obj) {
			e.printf("for %s := range %s {\n%s[%s] = %s\n}\n", e.name["rank"], v.SpillName, v.SpillName, e.name["rank"], obj.Name())
		}
	}
	for _, a := range e.aheadArrays {
		e.printf("%s := %s.Scratch[%s](%s, %d)%s\n", a.array, f.Src.Compiled, a.typ, b, slot, e.blockLen())
		slot++
	}
	if f.Exits {
		e.printf("%s := %s.Exited()\n", e.name["exited"], b)
	}
	e.privateCopies()
	e.floatParamsInMemory()
}

// privateCopies takes the chunk's private copies of the parameters that
// have one (compiled.PrivateIn), which the engine merges.
func (e *emitter) privateCopies() {
	for slot, p := range e.f.privateParams() {
		others := ""
		for _, q := range e.f.privateOthers(p) {
			others += ", " + e.f.ParamName(q)
		}
		rt := e.f.Src.Compiled
		e.printf("%s := %s.PrivateIn(%s, %d, %s.%s, %s%s)\n", e.private[p], rt, e.name["b"], slot, rt, e.f.PrivateOps[p], e.f.ParamName(p), others)
	}
}

// gridNeeds marks the builtins the loop over a chunk's blocks uses.
func (e *emitter) gridNeeds() {
	e.use("pos")
	if e.f.Transposed || e.f.Runs && e.f.GridStride == nil { // the source's index of a block reads all three
		e.used["bx"], e.used["by"], e.used["bz"] = true, true, true
	}
	x, y, _ := e.blockUse()
	if x {
		e.use("gdx")
	}
	if y {
		e.use("gdy")
	}
}

// blockLoop writes the loop over the chunk's blocks of a grid body.
func (e *emitter) blockLoop(body []byte) {
	if e.f.BlocksYFirst {
		e.blockLoopYFirst(body)
		return
	}
	if e.f.Runs {
		e.blockLoopRuns(body)
		return
	}
	if e.f.Transposed {
		e.blockLoopTransposed(body)
		return
	}
	n := e.name
	e.blockCounters()
	if e.used["blocks"] {
		e.printf("%s:\n", n["blocks"])
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", n["blk"], n["lo"], n["blk"], n["hi"], n["blk"])
	e.printf("if %s.Stopped() {\nreturn\n}\n", n["b"])
	e.blockCoords()
	e.w.Write(body)
	e.printf("}\n")
}

// blockUse returns which of the block's coordinates the code uses: x, y
// and z, where a later one needs the earlier ones to count.
func (e *emitter) blockUse() (x, y, z bool) {
	u := e.used
	z = u["bz"] || u["bidx"]
	y = z || u["by"]
	x = y || u["bx"]
	return x, y, z
}

// blockCounters declares the coordinates of the block before the chunk's
// first: the loop counts them along, so that a block costs no division.
func (e *emitter) blockCounters() {
	n := e.name
	x, y, z := e.blockUse()
	if x {
		e.printf("%s := %s%%%s - 1\n", n["bx"], n["lo"], e.use("gdx"))
	}
	if y {
		e.printf("%s := %s/%s%%%s\n", n["by"], n["lo"], n["gdx"], e.use("gdy"))
	}
	if z {
		e.printf("%s := %s/(%s*%s)\n", n["bz"], n["lo"], n["gdx"], n["gdy"])
	}
}

// blockCoords writes, at the top of a block of the chunk, its position
// and the coordinates of its index that the code uses.
func (e *emitter) blockCoords() {
	n := e.name
	e.printf("%s.Block = %s\n", n["pos"], n["blk"])
	if e.f.Exits {
		e.printf("clear(%s)\n", n["exited"])
	}
	if e.used["thread"] {
		e.printf("%s.EnterBlock(%s)\n", n["b"], n["blk"])
	}
	x, y, z := e.blockUse()
	if !x {
		return
	}
	e.printf("%s++\nif %s == %s {\n%s = 0\n", n["bx"], n["bx"], n["gdx"], n["bx"])
	switch {
	case z:
		e.printf("%s++\nif %s == %s {\n%s = 0\n%s++\n}\n", n["by"], n["by"], n["gdy"], n["by"], n["bz"])
	case y: // wraps too: the grid may have a z extent
		e.printf("%s++\nif %s == %s {\n%s = 0\n}\n", n["by"], n["by"], n["gdy"], n["by"])
	}
	e.printf("}\n")
	if e.used["bidx"] {
		e.printf("%s := %s.Dim3{X: %s, Y: %s, Z: %s}\n", n["bidx"], e.f.Src.Gocuda, n["bx"], n["by"], n["bz"])
	}
}

// typeString names t in the generated file.
func (e *emitter) typeString(t types.Type) string {
	return types.TypeString(e.f.substType(t), e.f.Src.Qualifier)
}

// line writes a //line directive to pos.
func (e *emitter) line(pos token.Pos) {
	if p := e.pos.at(pos); p.IsValid() {
		q := e.pos.to.Position(p)
		e.printf("\n//line %s:%d\n", q.Filename, q.Line)
	}
}

// source writes a statement with //line directives.
func (e *emitter) source(s ast.Stmt) {
	var b bytes.Buffer
	if err := sourcePrinter.Fprint(&b, e.pos.to, e.clone(s)); err != nil {
		panic(err) // printing a well-formed tree does not fail
	}
	e.w.WriteString("\n")
	e.w.Write(b.Bytes())
	e.w.WriteString("\n")
	e.placeDecls(s)
}

// plain returns a fragment (a condition, a loop's header) as text.
func (e *emitter) plain(n ast.Node) string {
	if n == nil || n == ast.Node(nil) {
		return ""
	}
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, e.pos.to, e.cloneNode(n)); err != nil {
		panic(err)
	}
	return b.String()
}

// exprText prints x, an expression the emitter built (no source
// positions, nothing to substitute), as gofmt spaces it.
func exprText(x ast.Expr) string {
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, token.NewFileSet(), x); err != nil {
		panic(err)
	}
	return b.String()
}

// oneLine returns a fragment as text on one line: an expression the passes
// put together from pieces of several source lines, whose positions would
// otherwise break it where the pieces began.
func (e *emitter) oneLine(n ast.Node) string {
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, token.NewFileSet(), e.cloneNode(n)); err != nil {
		panic(err)
	}
	return b.String()
}

// blockLen returns "[:n]", n the body's name for the block's number of
// threads, where the body declares it, else "": a scratch array has one
// element per thread, and a slice resliced to n lets Go's bounds-check
// elimination drop the checks of a thread loop's rank, which n bounds.
func (e *emitter) blockLen() string {
	if !e.used["n"] {
		return ""
	}
	return "[:" + e.name["n"] + "]"
}
