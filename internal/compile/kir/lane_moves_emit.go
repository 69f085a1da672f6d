package kir

import "fmt"

// laneMoves writes lane loop l, whose code only copies (LaneLoop.Moves),
// as one copy per variable it stores, for the warp's lanes [0, cnt), and
// reports whether it did. It writes nothing where the lanes that run are
// not the warp's first cnt (an if of the lanes, a loop they leave at
// different trips, threads that return), where the SIMD build runs the
// loop in vector steps, where a later pass bounds its lanes (demand) or
// changes its code (jam, rowsahead), or where a variable is kept
// otherwise than the copy writes it.
func (e *emitter) laneMoves(l *LaneLoop) bool {
	if l.Moves == nil || !e.prefix || e.simd && e.f.VectorLanes[l] || l.Upto != nil || l.Demand != nil || l.Jam != nil || len(l.Ahead) > 0 {
		return false
	}
	n := e.name
	var copies []string
	for _, obj := range sortedVars(e.f, e.f.LoopVars[l].defs) {
		v, m := e.f.Vars[obj], l.Moves[obj]
		var dst string
		switch arr, inArray := e.warp.Arrays[obj]; {
		case v.InPlace || e.keep[obj]:
			return false
		case v.Spill && e.f.deadSpills[l][obj]:
			continue
		case v.Spill:
			dst = fmt.Sprintf("%s[%s:][:%s]", v.SpillName, n["w"], n["cnt"])
		case inArray:
			dst = fmt.Sprintf("%s[:%s]", arr, n["cnt"])
		default:
			continue // the loop's own
		}
		src := ""
		if m.Var != nil {
			src = e.warp.Arrays[m.Var]
		} else {
			src = e.collOut[m.Coll.Call]
		}
		if src == "" {
			return false
		}
		copies = append(copies, fmt.Sprintf("copy(%s, %s[:%s])\n", dst, src, n["cnt"]))
	}
	e.cntUsed = true
	e.line(l.Body[0].(*Code).Stmt.Pos())
	for _, c := range copies {
		e.printf("%s", c)
	}
	return true
}
