package refuse

import "github.com/gocuda/gocuda/gocuda"

var sink *gocuda.Thread

//gocuda:kernel WarpKernel
func warp(t *gocuda.Thread, out []uint32) {
	out[t.ThreadIdx.X] = 1 + t.BallotSync(gocuda.FullMask, true) // want `a warp collective inside an expression`
}

//gocuda:kernel ShuffleKernel
func shuffle(t *gocuda.Thread, out []int32) {
	_, _ = gocuda.MatchAllSync(t, gocuda.FullMask, int32(1)) // want `gocuda.MatchAllSync \(not compiled yet`
}

//gocuda:kernel UniKernel
func uni(t *gocuda.Thread) {
	_ = t.UniSync(gocuda.FullMask, true) // want `t.UniSync \(not compiled yet`
}

//gocuda:kernel WarpLoopKernel
func warpLoop(t *gocuda.Thread, v int32) {
	for i := 0; i < t.LaneID(); i++ { // want `condition of a loop with a barrier or warp collective`
		v = gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	}
}

//gocuda:kernel MaskedBarrierKernel
func maskedBarrier(t *gocuda.Thread, v int32) {
	if t.LaneID() < 16 { // want `condition of an if with a barrier is not provably the same`
		v = gocuda.ShflDownSync(t, 0xffff, v, 1, 32)
		t.SyncThreads()
	}
}

//gocuda:kernel DivergentKernel
func divergent(t *gocuda.Thread) {
	if t.ThreadIdx.X < 16 { // want `condition of an if with a barrier is not provably the same`
		t.SyncThreads()
	}
}

//gocuda:kernel LoopKernel
func loop(t *gocuda.Thread, n []int) {
	for i := 0; i < n[0]; i++ { // want `condition of a loop with a barrier`
		t.SyncThreads()
	}
}

//gocuda:kernel GotoKernel
func gotoKernel(t *gocuda.Thread) {
	goto done // want `goto`
done:
	t.SyncThreads()
}

//gocuda:kernel DeferKernel
func deferKernel(t *gocuda.Thread) {
	defer t.SyncThreads() // want `defer`
}

//gocuda:kernel EscapeKernel
func escape(t *gocuda.Thread) {
	sink = t // want `escapes`
}

//gocuda:kernel CaptureKernel
func capture(t *gocuda.Thread) {
	f := func() { t.SyncThreads() } // want `function literal captures`
	f()
}

//gocuda:kernel WriteIndexKernel
func writeIndex(t *gocuda.Thread) {
	t.ThreadIdx.X = 0 // want `assigns to the \*gocuda.Thread's fields`
}

//gocuda:kernel HelperKernel
func helper(t *gocuda.Thread, k int) {
	early(t, k)
}

func early(t *gocuda.Thread, k int) {
	if k > 0 {
		return // want `helper early: returns early`
	}
	t.SyncThreads()
}

//gocuda:kernel NestedHelperKernel
func nestedHelper(t *gocuda.Thread, k int) {
	_ = 1 + value(t) // want `helper with a barrier is called inside an expression`
}

func value(t *gocuda.Thread) int {
	t.SyncThreads()
	return 1
}

//gocuda:kernel SwitchKernel
func switchKernel(t *gocuda.Thread, k int) {
	switch k { // want `a barrier inside a switch`
	case 1:
		t.SyncThreads()
	}
}

//gocuda:kernel BreakKernel
func breakKernel(t *gocuda.Thread, k int, in []int) {
	for i := 0; i < k; i++ {
		if in[t.ThreadIdx.X] > 0 {
			break // want `break of a loop containing a barrier`
		}
		t.SyncThreads()
	}
}

//gocuda:kernel AddressKernel
func address(t *gocuda.Thread, out []*int) {
	x := t.ThreadIdx.X * 2
	x++
	t.SyncThreads()
	out[t.ThreadIdx.X] = &x // want `the address of x, which lives across a barrier`
}

//gocuda:kernel ReservedKernel
func reserved(t *gocuda.Thread) {
	gc_x := 1 // want `reserved for generated code`
	_ = gc_x
}

//gocuda:kernel GridKernel
func grid(t *gocuda.Thread) {
	t.SyncGrid() // want `t.SyncGrid \(not compiled yet`
}

//gocuda:kernel NestedCollectiveKernel
func nestedCollective(t *gocuda.Thread, v int32) {
	v = gocuda.ReduceAddSync(t, t.ActiveMask(), v) // want `a warp collective inside an expression`
	_ = v
}

//gocuda:kernel CollectiveConditionKernel
func collectiveCondition(t *gocuda.Thread, out []int32) {
	if t.AnySync(gocuda.FullMask, t.LaneID() > 3) { // want `a warp collective inside an if's condition`
		out[0] = gocuda.ShflSync(t, gocuda.FullMask, int32(1), 0, 32)
	}
}

//gocuda:kernel PredicateKernel
func predicate(t *gocuda.Thread) {
	t.SyncThreadsOr(t.AllSync(gocuda.FullMask, true)) // want `a warp collective inside an expression`
}
