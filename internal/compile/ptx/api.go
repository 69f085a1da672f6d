package ptx

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/gocuda/gocuda/internal/kapi"
)

// api evaluates a call of the kernel API (package internal/kapi's table):
// each is the PTX instruction CUDA's intrinsic of the same name compiles
// to.
func (e *emitter) api(x *ast.CallExpr, entry kapi.Entry) *val {
	if isCG(entry) {
		switch entry.Kind {
		case kapi.Group:
			return e.group(x, entry)
		case kapi.Index, kapi.Uniform:
			g := e.receiver(x)
			if g.group == "block" && entry.Short == "ThreadRank" {
				return e.threadIndex(x, "ThreadRank")
			}
			return e.groupValue(x, g, entry.Short)
		case kapi.Collective:
			return e.tileCollective(x, entry, e.receiver(x))
		}
	}
	switch entry.Kind {
	case kapi.SharedDecl:
		return e.sharedDecl(x, entry)
	case kapi.Index:
		return e.threadIndex(x, entry.Short)
	case kapi.Collective:
		return e.collective(x, entry)
	case kapi.Atomic:
		return e.atomic(x, entry.Short)
	case kapi.Fence:
		if entry.Short == "ThreadFenceSystem" {
			e.line("membar.sys;")
		} else {
			e.line("membar.gl;")
		}
		return &val{t: types.Typ[types.Invalid]}
	case kapi.BlockFence:
		e.line("membar.cta;")
		return &val{t: types.Typ[types.Invalid]}
	}
	e.refuse(x, "%s has no GPU form yet", entry.Short)
	return nil
}

// isCG reports whether entry is of package cg.
func isCG(entry kapi.Entry) bool {
	return strings.HasPrefix(entry.Name, kapi.CGPath+".") || strings.HasPrefix(entry.Name, "("+kapi.CGPath+".")
}

// threadIndex evaluates ThreadRank, LaneID and WarpID: gocuda numbers
// threads x fastest, then y, then z, as CUDA does, and its warps are runs
// of 32 of that rank.
func (e *emitter) threadIndex(x *ast.CallExpr, name string) *val {
	rank := e.reg(u32T)
	e.line("mov.u32 %s, %s;", rank, e.rank())
	switch name {
	case "LaneID":
		e.line("and.b32 %s, %s, 31;", rank, rank)
	case "WarpID":
		e.line("shr.u32 %s, %s, 5;", rank, rank)
	case "ThreadRank":
	default:
		e.refuse(x, "%s has no GPU form yet", name)
	}
	return &val{t: e.typeOf(x), reg: e.convertReg(rank, u32T, e.scalarType(x))}
}

// rank returns the thread's linear index in its block, x fastest.
func (e *emitter) rank() string {
	rank := e.reg(u32T)
	tx, ty, tz, nx, ny := e.reg(u32T), e.reg(u32T), e.reg(u32T), e.reg(u32T), e.reg(u32T)
	e.line("mov.u32 %s, %%tid.x;", tx)
	e.line("mov.u32 %s, %%tid.y;", ty)
	e.line("mov.u32 %s, %%tid.z;", tz)
	e.line("mov.u32 %s, %%ntid.x;", nx)
	e.line("mov.u32 %s, %%ntid.y;", ny)
	e.line("mad.lo.u32 %s, %s, %s, %s;", rank, tz, ny, ty)
	e.line("mad.lo.u32 %s, %s, %s, %s;", rank, rank, nx, tx)
	return rank
}

// sharedDecl evaluates Shared: each call is an allocation of its own, a
// static .shared array where its length is constant, else a part of the
// dynamic shared memory, which the launch sizes.
func (e *emitter) sharedDecl(x *ast.CallExpr, entry kapi.Entry) *val {
	if v, ok := e.shared[x]; ok {
		return v
	}
	if entry.Short == "DynamicShared" {
		return e.dynamicShared(x)
	}
	t := e.typeOf(x)
	elem := t.Underlying().(*types.Slice).Elem()
	size, _, err := sizeOf(elem)
	if err != nil {
		e.refuse(x, "%v", err)
	}
	v := &val{t: t, ptr: e.reg(u64T), space: "shared"}
	if n, ok := constantInt(e.src.Info.Types[x.Args[1]]); ok {
		name := fmt.Sprintf("gc_shared%d", len(e.statics))
		e.statics = append(e.statics, fmt.Sprintf(".shared .align 16 .b8 %s[%d];", name, max(n*size, 1)))
		e.line("mov.u64 %s, %s;", v.ptr, name)
		v.len = strconv.FormatInt(n, 10)
		e.shared[x] = v
		return v
	}
	if len(e.loops) > 0 {
		e.refuse(x, "a shared declaration of run-time length inside a loop has no GPU form yet")
	}
	n := e.expr(x.Args[1])
	v.len = e.reg(s64T)
	e.line("mov.u64 %s, %s;", v.len, e.convertReg(n.reg, e.scalarType(x.Args[1]), s64T))
	if !e.dynamic {
		e.dynamic = true
		e.dynOff = e.reg(u64T)
		e.line("mov.u64 %s, 0;", e.dynOff)
	}
	// Each allocation starts 16-byte aligned, as the static ones do.
	e.line("add.s64 %s, %s, 15;", e.dynOff, e.dynOff)
	e.line("and.b64 %s, %s, -16;", e.dynOff, e.dynOff)
	e.line("mov.u64 %s, gc_dyn;", v.ptr)
	e.line("add.s64 %s, %s, %s;", v.ptr, v.ptr, e.dynOff)
	e.line("mad.lo.s64 %s, %s, %d, %s;", e.dynOff, v.len, size, e.dynOff)
	have, have64, p := e.reg(u32T), e.reg(u64T), e.reg(predT)
	e.line("mov.u32 %s, %%dynamic_smem_size;", have)
	e.line("cvt.u64.u32 %s, %s;", have64, have)
	e.line("setp.gt.u64 %s, %s, %s;", p, e.dynOff, have64)
	e.check(p, x, FaultShared, e.dynOff, have64)
	e.shared[x] = v
	return v
}

// dynamicShared evaluates DynamicShared: the launch's Config.SharedMem
// bytes, which the entry's last parameter (DynamicSize) passes, at the
// start of the dynamic shared memory; shared declarations of run-time
// length come after them.
func (e *emitter) dynamicShared(x *ast.CallExpr) *val {
	t := e.typeOf(x)
	size, _, err := sizeOf(t.Underlying().(*types.Slice).Elem())
	if err != nil {
		e.refuse(x, "%v", err)
	}
	if e.dynSize == "" {
		if e.dynamic {
			e.refuse(x, "DynamicShared after a shared declaration of run-time length has no GPU form yet")
		}
		e.dynamic = true
		e.dynSize, e.dynOff = e.reg(u64T), e.reg(u64T)
		r := e.reg(u32T)
		e.line("ld.param.u32 %s, [%s];", r, DynamicSize)
		e.line("cvt.u64.u32 %s, %s;", e.dynSize, r)
		e.line("mov.u64 %s, %s;", e.dynOff, e.dynSize)
	}
	v := &val{t: t, ptr: e.reg(u64T), len: e.reg(s64T), space: "shared"}
	e.line("mov.u64 %s, gc_dyn;", v.ptr)
	e.line("div.u64 %s, %s, %d;", v.len, e.dynSize, size)
	return v
}

// collective evaluates a warp shuffle: shfl.sync with CUDA's encoding of
// the width in the clamp operand.
func (e *emitter) collective(x *ast.CallExpr, entry kapi.Entry) *val {
	mode := map[string]string{"ShflSync": "idx", "ShflUpSync": "up", "ShflDownSync": "down", "ShflXorSync": "bfly"}[entry.Short]
	switch {
	case entry.Short == "SyncWarp":
		e.line("bar.warp.sync %s;", e.u32Arg(x, entry.Mask))
		return &val{t: types.Typ[types.Invalid]}
	case entry.Short == "ActiveMask":
		r := e.reg(u32T)
		e.line("activemask.b32 %s;", r)
		return &val{t: e.typeOf(x), reg: r}
	case entry.Short == "AnySync" || entry.Short == "AllSync" || entry.Short == "BallotSync":
		return e.vote(x, entry.Short, e.u32Arg(x, entry.Mask), x.Args[entry.Value], 32)
	case mode == "":
		e.refuse(x, "%s has no GPU form yet", entry.Short)
	}
	mask := e.u32Arg(x, entry.Mask)
	lane := e.u32Arg(x, entry.Arg)
	width := e.u32Arg(x, entry.Width)
	return e.shuffle(x, mode, x.Args[entry.Value], lane, width, mask)
}

// shuffle writes shfl.sync of value x in mode, lane operand lane, over
// segments of width lanes.
func (e *emitter) shuffle(n ast.Node, mode string, x ast.Expr, lane, width, mask string) *val {
	return e.shuffleVal(n, mode, e.expr(x), lane, width, mask)
}

// shuffleVal writes shfl.sync of value v.
func (e *emitter) shuffleVal(n ast.Node, mode string, v *val, lane, width, mask string) *val {
	c := e.reg(u32T)
	e.line("sub.u32 %s, 32, %s;", c, e.inReg(width, u32T))
	e.line("shl.b32 %s, %s, 8;", c, c)
	if mode != "up" {
		e.line("or.b32 %s, %s, 31;", c, c)
	}
	s, ok := scalarOf(v.t)
	if !ok || s.class == "pred" {
		e.refuse(n, "shuffles of %s have no GPU form yet", v.t)
	}
	shfl := func(d, a string) {
		e.line("shfl.sync.%s.b32 %s, %s, %s, %s, %s;", mode, d, a, lane, c, mask)
	}
	d := e.reg(s)
	src := e.inReg(v.reg, s)
	if !s.wide() {
		shfl(d, src)
		return &val{t: v.t, reg: d}
	}
	lo, hi := e.reg(u32T), e.reg(u32T)
	e.line("mov.b64 {%s, %s}, %s;", lo, hi, src)
	shfl(lo, lo)
	shfl(hi, hi)
	e.line("mov.b64 %s, {%s, %s};", d, lo, hi)
	return &val{t: v.t, reg: d}
}

// u32Arg evaluates argument i of x as a uint32 operand.
func (e *emitter) u32Arg(x *ast.CallExpr, i int) string {
	v := e.expr(x.Args[i])
	return e.convertReg(v.reg, e.scalarType(x.Args[i]), u32T)
}

// atomic evaluates package atomic's read-modify-writes, which return the
// old value.
func (e *emitter) atomic(x *ast.CallExpr, name string) *val {
	p := e.expr(x.Args[0])
	e.nilCheck(x, p)
	t := p.t.Underlying().(*types.Pointer).Elem()
	s, ok := scalarOf(t)
	if !ok || s.bits < 32 || s.class == "pred" {
		e.refuse(x, "atomic.%s on %s has no GPU form", name, t)
	}
	v := e.inReg(e.expr(x.Args[1]).reg, s)
	d := e.reg(s)
	typ := s.op
	switch name {
	case "Add":
		if typ == "s64" {
			typ = "u64"
		}
	case "Sub":
		nv := e.reg(s)
		e.line("neg.%s %s, %s;", negOp(s), nv, v)
		v, name = nv, "Add"
		if typ == "s64" {
			typ = "u64"
		}
		if s.float() {
			e.refuse(x, "atomic.Sub on floats has no GPU form")
		}
	case "Exch", "And", "Or", "Xor":
		typ = s.bitOp()
	case "Min", "Max":
		if s.float() {
			e.refuse(x, "atomic.%s on floats has no GPU form yet", name)
		}
	case "CAS":
		nv := e.inReg(e.expr(x.Args[2]).reg, s)
		e.line("atom.%s.cas.%s %s, [%s], %s, %s;", p.space, s.bitOp(), d, p.ptr, v, nv)
		return &val{t: t, reg: d}
	default:
		e.refuse(x, "atomic.%s has no GPU form yet", name)
	}
	ops := map[string]string{"Add": "add", "Exch": "exch", "And": "and", "Or": "or", "Xor": "xor", "Min": "min", "Max": "max"}
	e.line("atom.%s.%s.%s %s, [%s], %s;", p.space, ops[name], typ, d, p.ptr, v)
	return &val{t: t, reg: d}
}
