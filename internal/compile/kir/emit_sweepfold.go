package kir

import "fmt"

// sweepFoldTrip writes, at the top of a trip of loop n, a sweep of
// Blelloch's scan (n.Sweep, sweepfold.go): the call of compiled.UpSweep3
// or compiled.DownSweep3 running this trip's step and the next two, where
// the block is one-dimensional, the offset is the one the three steps
// start from (1 up, 8 before a down trip halves it), the three trips run
// and every thread of their steps is in the block; the loop then goes on
// from the fourth trip, its offset and variable as the three trips would
// have left them. Where threads may have returned, none must have.
// Elsewhere, and where the call runs none (its slice too short, so that
// the steps fail as written), the trip runs as written.
func (e *emitter) sweepFoldTrip(n *For) {
	sw := n.Sweep
	d, offset := e.f.Vars[sw.Step].Name, e.f.Vars[sw.Offset].Name
	row, limit, bdx, c := e.plain(sw.Row), e.plain(sw.Limit), e.use("bdx"), e.f.Src.Compiled
	fn, op := "UpSweep3", ""
	if sw.Down {
		fn = "DownSweep3"
	}
	if sw.Op != "" {
		fn, op = fn+"Op", ", "+c+"."+sw.Op
	}
	call := fmt.Sprintf("%s.%s(%s, %s%s)", c, fn, row, d, op)
	if e.f.Exits { // the steps' loops skip the threads that returned: a scan of the record, after the cheap tests
		call = fmt.Sprintf("%s.NoneExited(%s) && %s", c, e.use("exited"), call)
	}
	if sw.Down {
		// trips d, 2d and 4d run; their threads are those below each
		e.printf("if %s && %s == 8 && %s >= 1 && %s <= %s/4 && 4*%s < %s && %s {\n",
			e.oneD(), offset, d, d, bdx, d, limit, call)
		e.printf("%s = 1\n%s *= 4\ncontinue\n}\n", offset, d)
		return
	}
	// trips d, d/2 and d/4 run, d a multiple of 4 (UpSweep3 checks)
	e.printf("if %s && %s == 1 && %s <= %s && %s/4 > %s && %s {\n",
		e.oneD(), offset, d, bdx, d, limit, call)
	e.printf("%s = 8\n%s /= 4\ncontinue\n}\n", offset, d)
}
