package fuzz

import "fmt"

// laneIf writes an if on the lane's segment: both branches hold whole
// aligned segments of 1<<s lanes, so a shuffle of width up to 1<<s in a
// branch reads only lanes of that branch.
func (g *gen) laneIf(c ctx) {
	c = g.inner(c)
	s := g.ch.pick(5)
	q := "lane"
	if s > 0 {
		q = fmt.Sprintf("(lane >> %d)", s)
	}
	n := 32 >> s // segments in a warp
	var cond string
	var in func(int) bool
	switch k := g.ch.pick(5); {
	case k == 1 && n > 1:
		v := g.ch.pick(2)
		cond, in = fmt.Sprintf("%s&1 == %d", q, v), func(x int) bool { return x&1 == v }
	case k == 2:
		v := 1 + g.ch.pick(n)
		cond, in = fmt.Sprintf("%s < %d", q, v), func(x int) bool { return x < v }
	case k == 3:
		v := g.ch.pick(3)
		cond, in = fmt.Sprintf("%s%%3 == %d", q, v), func(x int) bool { return x%3 == v }
	case k == 4:
		v := g.ch.pick(n)
		cond, in = fmt.Sprintf("%s >= %d", q, v), func(x int) bool { return x >= v }
	default:
		v := g.ch.pick(n)
		cond, in = fmt.Sprintf("%s == %d", q, v), func(x int) bool { return x == v }
	}
	var set uint32
	for l := range 32 {
		if in(l >> s) {
			set |= 1 << l
		}
	}
	if c.mconst&set == 0 { // a branch no lane takes
		cond, set = "!("+cond+")", ^set
	}
	then, els := c, c
	then.mconst, els.mconst = c.mconst&set, c.mconst&^set
	if c.seg >= 0 {
		then.seg, els.seg = min(c.seg, s), min(c.seg, s)
	}
	g.ifElse(then, els, "if "+cond+" {", true)
}

// warpIf writes an if whose condition is the same for every lane of a
// warp: the lanes stay those of the enclosing code.
func (g *gen) warpIf(c ctx) {
	c = g.inner(c)
	conds := []string{"t.WarpID()%2 == 0", "rank/32 == 1", "t.WarpID() < 1", "(rank>>5)%3 != 2"}
	g.ifElse(c, c, "if "+conds[g.ch.pick(len(conds))]+" {", true)
}

// voteIf writes an if on a vote of the lanes at c, a collective in the
// condition: the vote is the same for all of them, so the branch runs for
// all of them or none.
func (g *gen) voteIf(c ctx) {
	mask, _ := g.mask(c)
	c = g.inner(c)
	vote := []string{"Any", "All"}[g.ch.pick(2)]
	g.ifElse(c, c, fmt.Sprintf("if t.%sSync(%s, %s) {", vote, mask, g.cond(false, 1)), true)
}

// dataIf writes an if on a per-thread predicate, whose branches' lanes are
// a ballot of it: collectives there may not shuffle but from the first
// lane of the mask.
func (g *gen) dataIf(c ctx) {
	mask, _ := g.mask(c)
	c = g.inner(c)
	p, m := g.fresh("d"), g.fresh("m")
	var cond, open string
	if g.ch.pick(3) == 0 { // a range of lanes or of x, which the compiled form decides once per warp
		cond = g.laneRangeCond()
		open = "if " + cond + " {"
	} else {
		cond, open = g.cond(false, 0), "if "+p+" {" // cond marks what it reads used: written once
	}
	g.line("%s := %s", p, cond)
	g.line("%s := t.BallotSync(%s, %s)", m, mask, p)
	then, els := c, c
	then.mdyn, then.mconst, then.seg = m, ^uint32(0), -1
	els.mdyn, els.mconst, els.seg = fmt.Sprintf("%s &^ %s", paren(mask), m), ^uint32(0), -1
	g.push()
	g.declare(p, tbool, false, false).used = true
	g.declare(m, u32, false, false)
	g.ifElse(then, els, open, true)
	g.pop()
}

// laneRangeCond returns a condition that bounds the lane (t.LaneID()) or
// the thread's x index, plus an offset the same for the block, by values
// the same for the block.
func (g *gen) laneRangeCond() string {
	k := []string{"0", "1", "5", "16", "31", "32", "int(p1)", "int(p0&63) - 20"}
	lo, hi := k[g.ch.pick(len(k))], k[g.ch.pick(len(k))]
	switch g.ch.pick(5) {
	case 0:
		return fmt.Sprintf("t.LaneID() < %s", hi)
	case 1:
		return fmt.Sprintf("t.LaneID() == %s", lo)
	case 2:
		return fmt.Sprintf("t.LaneID() >= %s && t.LaneID() <= %s", lo, hi)
	case 3:
		return fmt.Sprintf("t.ThreadIdx.X < %s", hi)
	}
	return fmt.Sprintf("t.ThreadIdx.X+int(p0&7) >= %s && t.ThreadIdx.X != %s", lo, hi)
}

// collective writes a warp collective over the lanes at c.
func (g *gen) collective(c ctx) {
	mask, seg := g.mask(c)
	if seg >= 0 && g.ch.pick(2) == 0 {
		g.shuffle(mask, seg)
		return
	}
	switch g.ch.pick(8) {
	case 7:
		g.result(u32, "t.ActiveMask()") // the lanes here: gocuda defines which converge
	case 0:
		g.result(u32, fmt.Sprintf("t.BallotSync(%s, %s)", mask, g.cond(false, 1)))
	case 1:
		name := g.fresh("q")
		g.line("%s := t.%sSync(%s, %s)", name, []string{"Any", "All"}[g.ch.pick(2)], mask, g.cond(false, 1))
		g.declare(name, tbool, false, false)
	case 2:
		t := []typ{i32, u32}[g.ch.pick(2)]
		op := []string{"Add", "Min", "Max"}[g.ch.pick(3)]
		g.result(t, fmt.Sprintf("gocuda.Reduce%sSync(t, %s, %s)", op, mask, g.val(t, false, 1)))
	case 3:
		op := []string{"And", "Or", "Xor"}[g.ch.pick(3)]
		g.result(u32, fmt.Sprintf("gocuda.Reduce%sSync(t, %s, %s)", op, mask, g.val(u32, false, 1)))
	case 4:
		g.line("t.SyncWarp(%s)", mask)
	case 5:
		t := []typ{i32, u32}[g.ch.pick(2)]
		g.result(u32, fmt.Sprintf("gocuda.MatchAnySync(t, %s, %s)", mask, g.val(t, false, 1)))
	default:
		t := []typ{i32, u32}[g.ch.pick(2)]
		g.imports["math/bits"] = true
		g.result(t, fmt.Sprintf("gocuda.ShflSync(t, %s, %s, bits.TrailingZeros32(%s), 32)", mask, g.val(t, false, 1), mask))
	}
}

// shuffle writes one of the four shuffles, of a width that keeps its
// reads in the caller's segment of 1<<seg lanes.
func (g *gen) shuffle(mask string, seg int) {
	t := []typ{i32, u32}[g.ch.pick(2)]
	if seg >= 5 && g.ch.pick(3) == 0 && g.shuffleStep(mask, t) {
		return
	}
	width := 1 << g.ch.pick(seg+1)
	v := g.val(t, false, 1)
	if g.ch.pick(4) == 0 { // the same over a tile of width lanes (cooperative groups)
		g.imports["github.com/gocuda/gocuda/cg"] = true
		tile := fmt.Sprintf("cg.TiledPartition(cg.ThisThreadBlock(t), %d)", width)
		var call string
		switch g.ch.pick(4) {
		case 0:
			call = fmt.Sprintf("cg.ShflDown(%s, %s, %d)", tile, v, g.ch.pick(width+1))
		case 1:
			call = fmt.Sprintf("cg.ShflXor(%s, %s, %d)", tile, v, g.ch.pick(width))
		case 2:
			op := []string{"Plus", "Less", "Greater"}[g.ch.pick(3)]
			call = fmt.Sprintf("cg.Reduce(%s, %s, cg.%s[%s])", tile, v, op, typeName(t))
		default:
			call = fmt.Sprintf("cg.InclusiveScan(%s, %s, cg.BitXor[%s])", tile, v, typeName(t))
		}
		g.result(t, call)
		return
	}
	var call string
	switch g.ch.pick(4) {
	case 0:
		src := fmt.Sprint(g.ch.pick(32))
		if g.ch.pick(2) == 0 {
			src = fmt.Sprintf("int(%s & 31)", g.val(u32, false, 2))
		}
		call = fmt.Sprintf("gocuda.ShflSync(t, %s, %s, %s, %d)", mask, v, src, width)
	case 1:
		call = fmt.Sprintf("gocuda.ShflXorSync(t, %s, %s, %d, %d)", mask, v, g.ch.pick(width), width)
	default:
		kind := []string{"Up", "Down"}[g.ch.pick(2)]
		delta := fmt.Sprint(g.ch.pick(width + 1))
		if g.ch.pick(3) == 0 {
			delta = g.intExpr(false, width)
		}
		call = fmt.Sprintf("gocuda.Shfl%sSync(t, %s, %s, %s, %d)", kind, mask, v, delta, width)
	}
	g.result(t, call)
}

// shuffleStep writes the steps of a shuffle scan or reduction over the
// whole warp on a variable of type t, if there is one, in a loop of their
// own: x += Shfl(Up|Down|Xor)Sync(x, k), or the shuffle into y and, for the
// lanes at k and above, x += y (compiled.ShflAddWarp's shapes). The first
// form of a shuffle down halves its offsets from 16 (a reduction, which
// the compiled form runs in one call: compiled.ShflDownHalving); the
// others double them from 1 (the guarded shuffle up, with the lane read
// by t.LaneID(), is a scan the compiled form runs in one call:
// compiled.ShflUpDoubling).
func (g *gen) shuffleStep(mask string, t typ) bool {
	vs := thread(g.vars(t, false, true))
	if len(vs) == 0 {
		return false
	}
	x, k := g.target(vs), g.fresh("k")
	kind := []string{"Up", "Down", "Xor"}[g.ch.pick(3)]
	plain := g.ch.pick(2) == 0
	if kind == "Down" && plain { // Luitjens's warpReduceSum: offsets halving from 16
		g.line("for %s := 16; %s > 0; %s /= 2 {", k, k, k)
	} else {
		g.line("for %s := 1; %s < 32; %s <<= 1 {", k, k, k)
	}
	if plain {
		g.line("\t%s += gocuda.Shfl%sSync(t, %s, %s, %s, 32)", x, kind, mask, x, k)
	} else {
		y := g.fresh("y")
		lane := "lane" // the thread's rank mod 32
		if g.ids%2 == 0 {
			lane = "t.LaneID()" // every other loop, without a choice of its own (the corpus's kernels stay as they are)
		}
		g.line("\t%s := gocuda.Shfl%sSync(t, %s, %s, %s, 32)", y, kind, mask, x, k)
		g.line("\tif %s >= %s {", lane, k)
		g.line("\t\t%s += %s", x, y)
		g.line("\t}")
	}
	g.line("}")
	return true
}

// result assigns the result of a collective of type t: to a new variable,
// to a variable, or inside an expression (beside other values, or twice
// in one statement: two collectives, one after the other).
func (g *gen) result(t typ, call string) {
	vs := thread(g.vars(t, false, true))
	switch k := g.ch.pick(30); {
	case k < 10 || len(vs) == 0:
		name := g.fresh("r")
		g.line("%s := %s", name, call)
		g.declare(name, t, false, true)
	case k == 29:
		g.line("%s = %s + %s", g.target(vs), g.val(t, false, 2), call)
	case k == 25:
		g.line("%s = %s ^ (%s + %s)", g.target(vs), call, g.val(t, false, 2), call)
	case k >= 26:
		g.line("%s %s %s", g.target(vs), []string{"+=", "^="}[g.ch.pick(2)], call)
	default:
		g.line("%s = %s", g.target(vs), call)
	}
}
