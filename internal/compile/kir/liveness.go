package kir

import (
	"go/types"
	"maps"
)

// Liveness between loops: a variable a thread or warp loop assigns on
// some paths only must keep, on the others, the value it had before, but
// only where a loop that may run later reads that value. liveAfter walks
// the body backward, as a dataflow analysis of the loops' exposed reads,
// and records for each top-level loop what the loops after it read
// before assigning; promotePartial asks it. A first reduction's v, summed
// by shuffles, stored by lane 0, then assigned again by warp 0 alone
// (if tid < 32 { v = 0; ... }), is then no value kept across the barrier.

// liveAfter returns, for each thread or warp loop outside structural
// loops, the variables some loop that may run after it reads before
// assigning. Loops inside structural loops, which run again, are absent:
// every read of the body may follow them.
func (f *Func) liveAfter(info map[Node]*loopVars) map[Node]map[*types.Var]bool {
	out := map[Node]map[*types.Var]bool{}
	f.liveIn(f.Body, map[*types.Var]bool{}, info, out)
	return out
}

// liveIn walks nodes backward from live, what loops after them read,
// recording in out; it returns what the loops of nodes and after them
// read from before nodes.
func (f *Func) liveIn(nodes []Node, live map[*types.Var]bool, info map[Node]*loopVars, out map[Node]map[*types.Var]bool) map[*types.Var]bool {
	for i := len(nodes) - 1; i >= 0; i-- {
		switch n := nodes[i].(type) {
		case *Return:
			live = map[*types.Var]bool{}
		case *If:
			then := f.liveIn(n.Then, maps.Clone(live), info, out)
			live = f.liveIn(n.Else, live, info, out)
			maps.Copy(live, then)
		case *Scope:
			live = f.liveIn(n.Body, live, info, out)
		case *ThreadLoop, *WarpLoop:
			out[n] = maps.Clone(live)
			maps.Copy(live, f.exposedIn(nodes[i:i+1], info))
		default: // a structural loop or block code: what any loop in it reads
			maps.Copy(live, f.exposedIn(nodes[i:i+1], info))
		}
	}
	return live
}

// exposedIn returns what the loops in nodes read before assigning, lane
// loops included.
func (f *Func) exposedIn(nodes []Node, info map[Node]*loopVars) map[*types.Var]bool {
	read := map[*types.Var]bool{}
	Walk(nodes, func(m Node) {
		if lv := info[m]; lv != nil {
			maps.Copy(read, lv.exposed)
		}
		if l, ok := m.(*LaneLoop); ok {
			maps.Copy(read, f.scanItems(f.laneItems(l, 0)).exposed)
		}
	})
	return read
}
