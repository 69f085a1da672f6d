package kir

import "slices"

// sinkLoops moves each plain thread loop that follows a block-level if
// into both of its branches, where a branch ends with a plain thread loop
// the moved one then merges with (fuseList): the loop runs after the if
// either way, so running it at the end of each branch computes the same,
// and where it merges, the values the branch's last loop leaves it are
// locals, not scratch (the CUDA samples' block scan adds the warps'
// totals under if blockDim > 32, then every thread stores its prefix).
// No loop moves where a branch ends leaving the block (return, break,
// continue), which would make it unreachable there. No name the if
// declares can hide one the moved loop reads: every variable of the
// kernel has a name of its own in generated code (Namer).
func (f *Func) sinkLoops(nodes []Node) []Node {
	var out []Node
	for i := 0; i < len(nodes); i++ {
		n, isIf := nodes[i].(*If)
		if isIf && i+1 < len(nodes) {
			if c, ok := nodes[i+1].(*ThreadLoop); ok && f.sinks(n, c) {
				f.loops++
				n.Then = append(n.Then, c)
				n.Else = append(n.Else, &ThreadLoop{ID: f.loops, Body: slices.Clone(c.Body), Pos: c.Pos})
				out = append(out, n)
				i++
				continue
			}
		}
		out = append(out, nodes[i])
	}
	return out
}

// sinks reports whether loop c, after if n, can move into n's branches
// and merges there with a branch's last loop.
func (f *Func) sinks(n *If, c *ThreadLoop) bool {
	if n.ElseIf || !f.plainLoop(c) {
		return false
	}
	merges := false
	for _, arm := range [][]Node{n.Then, n.Else} {
		if len(arm) == 0 {
			continue
		}
		switch last := arm[len(arm)-1].(type) {
		case *Return, *Branch:
			return false
		case *ThreadLoop:
			merges = merges || f.plainLoop(last)
		}
	}
	return merges
}
