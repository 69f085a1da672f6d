package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Cooperative groups (package cg) are handles with no registers: a
// block, the grid, or a tile of a block whose size is a constant power of
// two up to 32, whose lanes are a warp's aligned run of that many.

// group evaluates a group's constructor.
func (e *emitter) group(x *ast.CallExpr, entry kapi.Entry) *val {
	t := e.typeOf(x)
	switch entry.Short {
	case "ThisThreadBlock":
		return &val{t: t, group: "block"}
	case "ThisGrid":
		return &val{t: t, group: "grid"}
	case "TiledPartition":
		parent := e.expr(x.Args[0])
		n, ok := constantInt(e.src.Info.Types[x.Args[1]])
		if parent.group != "block" || !ok || n < 1 || n > 32 || n&(n-1) != 0 {
			e.refuse(x, "tiles other than a block's of a constant power-of-two size up to 32 have no GPU form yet")
		}
		return &val{t: t, group: "tile", tile: n}
	}
	e.refuse(x, "%s has no GPU form yet", entry.Short)
	return nil
}

// receiver returns the group a method of package cg is called on, or
// the group that is its first argument.
func (e *emitter) receiver(x *ast.CallExpr) *val {
	if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
		if _, isPkg := e.src.Info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
			return e.expr(sel.X)
		}
	}
	if len(x.Args) > 0 {
		return e.expr(x.Args[0])
	}
	return &val{}
}

// groupValue evaluates a group's ranks and sizes.
func (e *emitter) groupValue(x *ast.CallExpr, g *val, name string) *val {
	t := e.typeOf(x)
	s := e.scalarType(x)
	switch {
	case g.group == "tile" && name == "Size":
		return &val{t: t, reg: strconv.FormatInt(g.tile, 10)}
	case g.group == "tile" && name == "ThreadRank":
		return e.rankOp(x, "and.b32", g.tile-1)
	case g.group == "tile" && name == "MetaGroupRank":
		return e.rankOp(x, "shr.u32", int64(trailingZeros(g.tile)))
	case g.group == "tile" && name == "MetaGroupSize":
		size := e.blockSize()
		d := e.reg(u32T)
		e.line("add.u32 %s, %s, %d;", d, size, g.tile-1)
		e.line("shr.u32 %s, %s, %d;", d, d, trailingZeros(g.tile))
		return &val{t: t, reg: e.convertReg(d, u32T, s)}
	case g.group == "block" && name == "Size":
		return &val{t: t, reg: e.convertReg(e.blockSize(), u32T, s)}
	case g.group == "grid" && (name == "NumBlocks" || name == "BlockRank"):
		return &val{t: t, reg: e.convertReg(e.gridRank(name == "NumBlocks"), u64T, s)}
	case g.group == "grid" && (name == "Size" || name == "ThreadRank"):
		blocks := e.gridRank(name == "Size")
		size, d := e.reg(u64T), e.reg(u64T)
		e.line("cvt.u64.u32 %s, %s;", size, e.blockSize())
		if name == "Size" {
			e.line("mul.lo.u64 %s, %s, %s;", d, blocks, size)
		} else {
			rank, r64 := e.threadIndex(x, "ThreadRank"), e.reg(u64T)
			e.line("cvt.u64.u32 %s, %s;", r64, rank.reg)
			e.line("mad.lo.u64 %s, %s, %s, %s;", d, blocks, size, r64)
		}
		return &val{t: t, reg: e.convertReg(d, u64T, s)}
	}
	e.refuse(x, "%s of a %s group has no GPU form yet", name, g.group)
	return nil
}

// rankOp applies op with immediate k to the thread's rank in its block.
func (e *emitter) rankOp(x *ast.CallExpr, op string, k int64) *val {
	r := e.rank()
	d := e.reg(u32T)
	e.line("%s %s, %s, %d;", op, d, r, k)
	return &val{t: e.typeOf(x), reg: e.convertReg(d, u32T, e.scalarType(x))}
}

// blockSize returns the block's thread count.
func (e *emitter) blockSize() string {
	nx, ny, nz, d := e.reg(u32T), e.reg(u32T), e.reg(u32T), e.reg(u32T)
	e.line("mov.u32 %s, %%ntid.x;", nx)
	e.line("mov.u32 %s, %%ntid.y;", ny)
	e.line("mov.u32 %s, %%ntid.z;", nz)
	e.line("mul.lo.u32 %s, %s, %s;", d, nx, ny)
	e.line("mul.lo.u32 %s, %s, %s;", d, d, nz)
	return d
}

// gridRank returns the block's linear index in the grid, x fastest, or
// with count the grid's block count (64-bit).
func (e *emitter) gridRank(count bool) string {
	var r [6]string
	for i, sr := range []string{"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z"} {
		u := e.reg(u32T)
		e.line("mov.u32 %s, %s;", u, sr)
		r[i] = e.reg(u64T)
		e.line("cvt.u64.u32 %s, %s;", r[i], u)
	}
	d := e.reg(u64T)
	if count {
		e.line("mul.lo.u64 %s, %s, %s;", d, r[3], r[4])
		e.line("mul.lo.u64 %s, %s, %s;", d, d, r[5])
		return d
	}
	e.line("mad.lo.u64 %s, %s, %s, %s;", d, r[2], r[4], r[1])
	e.line("mad.lo.u64 %s, %s, %s, %s;", d, d, r[3], r[0])
	return d
}

// tileMask returns the mask of the calling lane's tile of g.
func (e *emitter) tileMask(g *val) string {
	if g.tile == 32 {
		return "-1"
	}
	m := e.reg(u32T)
	e.line("shl.b32 %s, %d, %s;", m, int64(1)<<g.tile-1, e.tileFirst(g.tile))
	return m
}

// tileCollective evaluates a tile's Sync, shuffles and votes.
func (e *emitter) tileCollective(x *ast.CallExpr, entry kapi.Entry, g *val) *val {
	if g.group != "tile" {
		e.refuse(x, "%s of a %s group has no GPU form yet", entry.Short, g.group)
	}
	mask := e.tileMask(g)
	switch entry.Short {
	case "Sync":
		e.line("bar.warp.sync %s;", mask)
		return &val{t: types.Typ[types.Invalid]}
	case "Any", "All", "Ballot":
		return e.vote(x, entry.Short, mask, x.Args[entry.Value], g.tile)
	case "Reduce":
		return e.tileReduce(x, g, mask)
	}
	mode := map[string]string{"Shfl": "idx", "ShflUp": "up", "ShflDown": "down", "ShflXor": "bfly"}[entry.Short]
	if mode == "" {
		e.refuse(x, "%s has no GPU form yet", entry.Short)
	}
	lane := e.u32Arg(x, entry.Arg)
	return e.shuffle(x, mode, x.Args[entry.Value], lane, strconv.FormatInt(g.tile, 10), mask)
}

// vote writes vote.sync: Any, All, or Ballot (of a tile of size n, its
// lanes' bits shifted down to the tile's first).
func (e *emitter) vote(x *ast.CallExpr, name, mask string, pred ast.Expr, n int64) *val {
	p := e.cond(pred)
	t := e.typeOf(x)
	switch name {
	case "Any", "AnySync", "All", "AllSync":
		q := e.reg(predT)
		mode := "any"
		if name == "All" || name == "AllSync" {
			mode = "all"
		}
		e.line("vote.sync.%s.pred %s, %s, %s;", mode, q, p, mask)
		return &val{t: t, reg: q}
	}
	r := e.reg(u32T)
	e.line("vote.sync.ballot.b32 %s, %s, %s;", r, p, mask)
	if n < 32 {
		e.line("shr.b32 %s, %s, %s;", r, r, e.tileFirst(n))
		e.line("and.b32 %s, %s, %d;", r, r, int64(1)<<n-1)
	}
	return &val{t: t, reg: r}
}

func trailingZeros(n int64) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}

// tileReduce evaluates cg.Reduce over a full tile as package cg computes
// it: a butterfly, op(v, the value m lanes away) for m from half the size
// down to 1. A tile the block leaves partial fails the thread (package cg
// scans those instead).
func (e *emitter) tileReduce(x *ast.CallExpr, g *val, mask string) *val {
	if g.tile > 1 {
		rank, size, first := e.rank(), e.blockSize(), e.reg(u32T)
		e.line("and.b32 %s, %s, %d;", first, rank, ^(g.tile-1)&0xffffffff)
		e.line("sub.u32 %s, %s, %s;", first, size, first)
		p := e.reg(predT)
		e.line("setp.lt.u32 %s, %s, %d;", p, first, g.tile)
		e.check(p, x, FaultPartialTile, "", "")
	}
	v := e.copyVal(e.expr(x.Args[1]))
	if _, ok := scalarOf(v.t); !ok {
		e.refuse(x, "cg.Reduce of %s has no GPU form yet", v.t)
	}
	for m := g.tile / 2; m > 0; m /= 2 {
		other := e.shuffleVal(x, "bfly", v, strconv.FormatInt(m, 10), strconv.FormatInt(g.tile, 10), mask)
		v = e.applyOp(x, x.Args[2], v, other)
	}
	return v
}

// applyOp applies the operator of a reduction, one of package cg's: Plus,
// Less, Greater, BitAnd, BitOr, BitXor, as cg defines them.
func (e *emitter) applyOp(n, op ast.Expr, a, b *val) *val {
	id := calleeIdent(op)
	fn, ok := e.src.Info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != kapi.CGPath {
		e.refuse(n, "reductions with operators other than package cg's have no GPU form yet")
	}
	s, _ := scalarOf(a.t)
	switch fn.Name() {
	case "Plus":
		return e.arith(n, token.ADD, a, b)
	case "BitAnd":
		return e.arith(n, token.AND, a, b)
	case "BitOr":
		return e.arith(n, token.OR, a, b)
	case "BitXor":
		return e.arith(n, token.XOR, a, b)
	case "Less", "Greater":
		// Less is b if b < a, else a; Greater is b if a < b, else a.
		p := e.reg(predT)
		x, y := b, a
		if fn.Name() == "Greater" {
			x, y = a, b
		}
		e.line("setp.lt.%s %s, %s, %s;", s.op, p, e.inReg(x.reg, s), y.reg)
		d := e.reg(s)
		e.line("selp.%s %s, %s, %s, %s;", movType(s), d, e.inReg(b.reg, s), e.inReg(a.reg, s), p)
		return &val{t: a.t, reg: d}
	}
	e.refuse(n, "cg.%s has no GPU form yet", fn.Name())
	return nil
}

// tileFirst returns the lane of the first thread of the calling lane's
// tile of n lanes.
func (e *emitter) tileFirst(n int64) string {
	lane, first := e.reg(u32T), e.reg(u32T)
	e.line("mov.u32 %s, %%laneid;", lane)
	e.line("and.b32 %s, %s, %d;", first, lane, ^(n-1)&31)
	return first
}
