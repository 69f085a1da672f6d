package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/types"
	"slices"
	"strings"
)

// Dump returns f's IR as text: its variables with their classes, and its
// body as a tree, for golden tests and debugging.
func Dump(f *Func) string {
	var b bytes.Buffer
	for _, obj := range sortedVars(f, f.Vars) {
		v := f.Vars[obj]
		fmt.Fprintf(&b, "var %s %s", v.Name, v.Class)
		if v.Spill {
			fmt.Fprintf(&b, " spilled")
		}
		if v.InPlace {
			fmt.Fprintf(&b, " in-place")
		}
		b.WriteString("\n")
	}
	if f.Grid {
		b.WriteString("mode grid\n")
	}
	if f.Exits {
		b.WriteString("exits\n")
	}
	for _, flag := range []struct {
		set  bool
		text string
	}{{f.BlocksYFirst, "blocks y first"}, {f.Transposed, "transposed"}, {f.Runs, "runs"}} {
		if flag.set {
			b.WriteString(flag.text + "\n")
		}
	}
	var atomics []string
	for call, name := range f.SharedAtomics {
		atomics = append(atomics, fmt.Sprintf("plain atomic %s: %s", name, types.ExprString(call)))
	}
	for call, p := range f.Private {
		atomics = append(atomics, fmt.Sprintf("private %s on %s: %s", f.PrivateOps[p], p.Name(), types.ExprString(call)))
	}
	for _, ps := range f.PrivateShared {
		atomics = append(atomics, fmt.Sprintf("private shared %s in %s: L%d and L%d skipped, width %q", ps.Shared.Name(), ps.Param.Name(), ps.Clear.ID, ps.Merge.ID, ps.Width))
	}
	slices.Sort(atomics)
	for _, a := range atomics {
		b.WriteString(a + "\n")
	}
	d := &dumper{f: f, w: &b}
	d.nodes(f.Body, 0)
	return b.String()
}

// arrays lists a warp loop's lane arrays.
func (d *dumper) arrays(w *WarpLoop) string {
	var names []string
	for _, v := range sortedVars(d.f, w.Arrays) {
		names = append(names, d.f.Vars[v].Name)
	}
	if len(names) == 0 {
		return ""
	}
	return " lanes(" + strings.Join(names, ", ") + ")"
}

// vars lists the names of vars, or "none".
func (d *dumper) vars(vars []*types.Var) string {
	if len(vars) == 0 {
		return "none"
	}
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = d.f.Vars[v].Name
	}
	return strings.Join(names, ", ")
}

type dumper struct {
	f *Func
	w *bytes.Buffer
}

func (d *dumper) line(depth int, format string, args ...any) {
	fmt.Fprintf(d.w, "%s%s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...))
}

// text prints n on one line.
func (d *dumper) text(n ast.Node) string {
	if n == nil || n == ast.Node(nil) {
		return ""
	}
	var b bytes.Buffer
	printer.Fprint(&b, d.f.Src.Fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func (d *dumper) nodes(nodes []Node, depth int) {
	for _, n := range nodes {
		d.node(n, depth)
	}
}

// code is the line of a statement: block or thread code, a grid-stride
// loop marked as stride (in the lockstep pass) left it.
func (d *dumper) code(n *Code) string {
	kind := "code"
	switch {
	case n.Check:
		kind = "block check"
	case n.Block:
		kind = "block"
	}
	extra := ""
	if fs, ok := n.Stmt.(*ast.ForStmt); ok && d.f.Strides[fs] != nil {
		extra = " [lockstep]"
		switch s := d.f.Strides[fs]; {
		case s.Flat:
			extra = " [lockstep, flat]"
		case s.Chunk:
			extra = " [lockstep, chunked]"
		}
	}
	if s, ok := d.f.Filled[n]; ok {
		extra = fmt.Sprintf(" [filled, %d per x]", s)
	}
	return fmt.Sprintf("%s%s: %s", kind, extra, d.text(n.Stmt))
}

// threadHead is the line of a thread loop: its id and what the passes
// decided of it.
func (d *dumper) threadHead(n *ThreadLoop) string {
	head := fmt.Sprintf("threads L%d", n.ID)
	if n.Reduce != nil {
		head += " reduce " + d.text(n.Reduce.Call)
	}
	if n.Step > 1 {
		head += fmt.Sprintf(" [%d per step]", n.Step)
	}
	if d.f.Vector[n] {
		head += " [vector]"
	}
	if d.f.Portable[n] {
		head += " [portable]"
	}
	if n.Outside {
		head += " [outside]"
	}
	if n.writesFar(d.f.Vector[n] || d.f.Portable[n]) {
		head += " [far chunked]"
	}
	if n.Outline != nil {
		head += " [outline"
		for _, s := range n.Outline.Sized {
			head += " " + s.Var.Name() + "[:" + s.Len + "]"
		}
		head += "]"
	}
	if n.Tile != nil {
		head += " [tile]"
		if c := n.Tile.Copy; c != nil && c.Whole != nil {
			head += fmt.Sprintf(" [rows of %s whole, %d clamps checked]", c.Whole.Slice.Name, len(c.Whole.Clamps))
		}
	}
	if n.Jam != nil {
		head += " [jam " + n.Jam.describe() + "]"
	}
	if n.SlpJam != nil {
		head += " [slp jam " + n.SlpJam.Var.Name() + "]"
	}
	for _, b := range n.Bounds {
		head += d.bound(b)
	}
	if n.Every != nil {
		head += d.every(n.Every)
	}
	if n.Quot != nil {
		for _, s := range n.Quot.Segs {
			head += " " + s.String(d.text)
		}
	}
	if n.Rebase != nil {
		for _, r := range n.Rebase.Slices {
			off := "x"
			if r.Stride != nil {
				off = "(" + d.text(r.Stride) + ")*x"
			}
			switch {
			case r.One:
				off = d.text(r.Off)
			case r.Off != nil:
				off = d.text(r.Off) + "+" + off
			}
			x := r.X.Name
			if r.Row != nil {
				x += "[" + d.text(r.Row) + "]"
			}
			if r.Bound {
				head += fmt.Sprintf(" [bound len(%s) > %s]", x, off)
				continue
			}
			once := ""
			if r.Hoist {
				once = " once"
			}
			if r.Fit != nil {
				once += " in " + r.Fit.String()
			}
			head += fmt.Sprintf(" [rebase %s[%s]%s]", x, off, once)
		}
		for _, w := range n.Rebase.Apart {
			head += fmt.Sprintf(" [apart %s]", w.Name)
		}
		if n.Rebase.Partial {
			head += " [checked]"
		}
		if n.Rebase.Peel {
			head += " [peeled]"
		}
		if n.Copy != nil {
			head += " [copy]"
		}
	}
	return head
}

// every is a thread loop's residue class, as its head shows it.
func (d *dumper) every(ev *Every) string {
	if ev.Mask {
		return fmt.Sprintf(" [x & %s == %s, guard kept]", d.text(ev.M), d.text(ev.C))
	}
	return fmt.Sprintf(" [x %% %s == %s, guard kept]", d.text(ev.M), d.text(ev.C))
}

// bound is a thread loop's bound, as its head shows it.
func (d *dumper) bound(b Bound) string {
	if b.Row != nil && b.RowStep != nil {
		return fmt.Sprintf(" [no row where %s, rows step %s]", d.text(b.Row), d.text(b.RowStep))
	}
	if b.Row != nil {
		return fmt.Sprintf(" [no row where %s]", d.text(b.Row))
	}
	op := map[bool]string{true: "<", false: ">="}[b.Upper]
	adj := map[int]string{0: "", 1: "+1"}[b.Adj]
	x := "x"
	if b.Off != nil {
		x += "+" + d.text(b.Off)
	}
	if b.Scale != nil { // the guard stays: the bound may admit more
		x = "x*(" + d.text(b.Scale) + ")"
		if b.Off != nil {
			x += "+" + d.text(b.Off)
		}
		return fmt.Sprintf(" [%s %s %s%s, guard kept]", x, op, d.text(b.X), adj)
	}
	if b.Fit != nil {
		return fmt.Sprintf(" [%s %s %s%s, sums in %s]", x, op, d.text(b.X), adj, b.Fit)
	}
	return fmt.Sprintf(" [%s %s %s%s]", x, op, d.text(b.X), adj)
}

// node writes n, at depth, and the nodes it holds one level deeper.
func (d *dumper) node(n Node, depth int) {
	switch n := n.(type) {
	case *Code:
		d.line(depth, "%s", d.code(n))
	case *ThreadLoop:
		d.line(depth, "%s", d.threadHead(n))
		d.nodes(n.Body, depth+1)
	case *If:
		d.line(depth, "if %s", d.text(n.Src.Cond))
		d.nodes(n.Then, depth+1)
		if len(n.Else) > 0 {
			d.line(depth, "else")
			d.nodes(n.Else, depth+1)
		}
	case *For:
		head := fmt.Sprintf("for %s; %s; %s", d.text(n.Src.Init), d.text(n.Src.Cond), d.text(n.Src.Post))
		if n.Interchanged {
			head += " [interchanged]"
		}
		if fd := n.Fold; fd != nil {
			head += fmt.Sprintf(" [fold %s%s, read below %d after]", fd.Row.Name, map[string]string{"": "", "FoldMin": " by min", "FoldMax": " by max"}[fd.Op], fd.Keep)
		}
		if sw := n.Sweep; sw != nil {
			head += fmt.Sprintf(" [sweep %s by %s, %s%s]", sw.Row.Name, sw.Offset.Name(), map[bool]string{false: "up", true: "down"}[sw.Down], map[string]string{"": "", "FoldMin": ", min", "FoldMax": ", max"}[sw.Op])
		}
		d.line(depth, "%s", head)
		d.nodes(n.Body, depth+1)
	case *Range:
		d.line(depth, "for range %s", d.text(n.Src.X))
		d.nodes(n.Body, depth+1)
	case *Scope:
		d.line(depth, "scope")
		d.nodes(n.Body, depth+1)
	case *Barrier:
		d.line(depth, "barrier %s", d.text(n.Call))
	case *Streamed:
		d.line(depth, "streamed: ahead, rest, or whole")
		d.nodes(n.nodes(), depth+1)
	case *Reversed:
		offs := make([]string, len(n.Offsets))
		for i, o := range n.Offsets {
			offs[i] = d.text(o)
		}
		d.line(depth, "reversed %s, offsets %s", n.X.Name(), strings.Join(offs, ", "))
		d.nodes(n.nodes(), depth+1)
	case *Collective:
		extra := ""
		if dm := n.Demand; dm != nil {
			extra = fmt.Sprintf(" [result read in lanes < %d", dm.Lanes)
			if dm.OneD {
				extra += " of one-dimensional blocks"
			}
			extra += "]"
		}
		if n.ValueIn != nil {
			extra += fmt.Sprintf(" [value in %s's lanes]", n.ValueIn.Name())
		}
		d.line(depth, "collective %s%s", d.text(n.Call), extra)
	case *Reduced:
		d.line(depth, "result %s", d.text(n.Barrier.Stmt))
	case *Branch:
		d.line(depth, "%s", d.text(n.Src))
	case *Return:
		d.line(depth, "return")
	default:
		d.warpNode(n, depth)
	}
}

// warpNode writes n, a node of a warp's code (warp.go), as node does.
func (d *dumper) warpNode(n Node, depth int) {
	switch n := n.(type) {
	case *WarpLoop:
		head := fmt.Sprintf("warps W%d%s", n.ID, d.arrays(n))
		if wt := n.Tree; wt != nil {
			head += fmt.Sprintf(" [tree of %s from %d, element 0 read after]", wt.Row.Name, wt.Start)
		}
		d.line(depth, "%s", head)
		d.nodes(n.Body, depth+1)
	case *LaneLoop:
		head := fmt.Sprintf("lanes L%d", n.ID)
		if d.f.VectorLanes[n] {
			head += " [vector]"
		}
		if n.Copy != nil {
			head += " [copy]"
		}
		for _, k := range n.Ahead {
			head += fmt.Sprintf(" [row %s ahead]", n.Rebase.Slices[k].X.Name)
		}
		if p := n.Pair; p != nil {
			head += fmt.Sprintf(" [with the tree of %s to lane 0]", p.Var.Name())
		}
		if n.Jam != nil {
			head += " [jam " + n.Jam.describe() + "]"
		}
		if u := n.Upto; u != nil {
			head += fmt.Sprintf(" [upto: lanes < %d", u.Lanes)
			if u.OneD {
				head += " of one-dimensional blocks"
			}
			head += "]"
		}
		if dm := n.Demand; dm != nil {
			lanes := dm.Step.Name()
			if dm.Lanes > 1 {
				lanes += fmt.Sprintf("+%d", dm.Lanes-1)
			}
			head += " [lanes < " + lanes + " of one-dimensional blocks]"
		}
		for _, r := range n.Memo {
			head += fmt.Sprintf(" [memo %s from %s]", d.vars(r.Outputs), d.vars(r.Inputs))
		}
		d.line(depth, "%s", head)
		d.nodes(n.Body, depth+1)
		for _, c := range n.Operands {
			d.line(depth+1, "operands %s", d.text(c.Call))
		}
	case *WarpFor:
		d.line(depth, "lanes for %s; %s; %s", d.text(n.Src.Init), d.text(n.Src.Cond), d.text(n.Src.Post))
		d.nodes([]Node{n.Init}, depth+1)
		d.nodes(n.Body, depth+1)
		d.nodes([]Node{n.Post}, depth+1)
	case *WarpIf:
		head := "lanes if " + d.text(n.Src.Cond)
		if n.Warp != nil {
			head += " [per warp: " + d.text(n.Warp) + "]"
		}
		d.line(depth, "%s", head)
		d.nodes(n.Then, depth+1)
		if len(n.Else) > 0 {
			d.line(depth, "else")
			d.nodes(n.Else, depth+1)
		}
	}
}
