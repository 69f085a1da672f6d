package fuzz

import (
	"bytes"
	"fmt"
	"strings"
)

// A helper is a helper function taking the thread that the kernel calls.
type helper struct {
	name    string
	uniform bool    // it may hold barriers: calls only under block-uniform control
	seg     int     // its shuffles need the lanes of the call to fill segments of 1<<seg lanes
	start   shState // the state of sh it was written for
	end     shState // the state of sh after it, from start
	shared  bool    // it declares shared memory of its own, which a thread's first call zeroes
	bit     uint32  // its bit in the kernel's done: set once the thread called it
	functor bool    // its functor and templates are declared (functor.go)
}

// helperCall writes a call of a helper taking the thread: with barriers
// where the call is under block-uniform control, with warp collectives
// over the caller's lanes (passed as m) in any case. It may call again a
// helper written for an earlier call, where the two calls are alike.
func (g *gen) helperCall(c ctx) {
	mask, seg := g.mask(c)
	arg := g.val(i32, false, 0)
	var h *helper
	if old := g.reusable(c, seg); len(old) > 0 && g.ch.pick(3) != 0 {
		h = old[g.ch.pick(len(old))]
		g.sh = h.end
	} else {
		h = g.newHelper(c, seg)
	}
	if strings.HasPrefix(mask, "0x") && g.ch.pick(2) == 0 {
		mask = "uint32(" + mask + ")"
	}
	first := fmt.Sprintf("done&%#x == 0", h.bit)
	args := fmt.Sprintf("in, out, g, sh, p0, p1, gid, rank, lane, size, %s, %s, %s", mask, arg, first)
	call := fmt.Sprintf("%s(t, %s)", h.name, args)
	if g.ch.pick(4) == 3 {
		call = g.functorCall(h, args)
	}
	defer g.line("done |= %#x", h.bit)
	switch vs := thread(g.vars(i32, false, true)); g.ch.pick(4) {
	case 0:
		g.line("%s", call)
	case 1:
		if len(vs) > 0 {
			g.line("%s = %s", g.target(vs), call)
			break
		}
		fallthrough
	default:
		name := g.fresh("v")
		g.line("%s := %s", name, call)
		g.declare(name, i32, false, true)
	}
}

// reusable returns the helpers a call at c, whose lanes fill segments of
// 1<<seg, may call again: those written for calls like it, in a state of
// sh that allowed at least what the current one allows (the end state
// from a smaller state is no larger).
func (g *gen) reusable(c ctx, seg int) []*helper {
	var out []*helper
	for _, h := range g.helpers {
		if h.start.join(g.sh) == h.start && (c.uniform || !h.uniform) && (h.seg < 0 || seg >= h.seg) {
			out = append(out, h)
		}
	}
	return out
}

// newHelper writes a helper for a call at c, whose lanes fill segments of
// 1<<seg lanes. It may declare shared memory of its own, which it uses one
// slot per thread (so that calling it twice is race-free) and which the
// thread's first call of it (first is true: the kernel's per-thread done
// has no bit for it yet) zeroes, so that no call reads a slot never
// written, as CUDA requires.
func (g *gen) newHelper(c ctx, seg int) *helper {
	h := &helper{name: g.fresh(g.prefix + "h"), uniform: c.uniform, seg: seg, start: g.sh,
		bit: 1 << (len(g.helpers) % 32)}
	saved, savedIndent, savedFrames := g.buf, g.indent, g.frames
	g.buf, g.indent, g.helper = bytes.Buffer{}, 0, true
	g.line("func %s(t *gocuda.Thread, in []int32, out []uint32, g []int32, sh []int32, p0 int32, p1 int, gid, rank, lane, size int, m uint32, x int32, first bool) int32 {", h.name)
	g.indent++
	g.frames = [][]*variable{{{name: "p0", typ: i32, uniform: true}, {name: "p1", typ: tint, uniform: true},
		{name: "gid", typ: tint}, {name: "rank", typ: tint}, {name: "lane", typ: tint},
		{name: "size", typ: tint, uniform: true}, {name: "m", typ: u32}, {name: "x", typ: i32, mut: true},
		{name: "first", typ: tbool}}}
	g.line("r := x")
	g.declare("r", i32, false, true).used = true
	if g.ch.pick(2) == 0 && len(g.helpers) < 32 {
		h.shared = true
		g.line("hs := gocuda.Shared[int32](t, size)")
		g.line("if first {")
		g.line("\ths[rank] = 0")
		g.line("}")
		g.line("r += hs[rank]")
		g.line("hs[rank] = r")
	}
	g.sink = "r"
	g.block(ctx{uniform: c.uniform, coll: true, mconst: ^uint32(0), mdyn: "m", seg: seg, depth: 1})
	g.line("return r")
	g.indent--
	g.line("}")
	g.decls = append(g.decls, g.buf.String())
	g.buf, g.indent, g.frames, g.helper, g.sink = saved, savedIndent, savedFrames, false, "a0"
	h.end = g.sh
	g.helpers = append(g.helpers, h)
	return h
}
