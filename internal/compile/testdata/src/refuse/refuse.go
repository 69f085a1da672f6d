package refuse

import "github.com/gocuda/gocuda/gocuda"

var sink *gocuda.Thread

//gocuda:kernel WarpLoopKernel
func warpLoop(t *gocuda.Thread, v int32, in []int32) {
	for _, k := range in[:4] { // want `a break or continue that only some lanes take, of a range loop with a warp collective`
		v = gocuda.ShflDownSync(t, gocuda.FullMask, v+k, 1, 32)
		if v > 3 {
			break
		}
	}
}

//gocuda:kernel MaskedBarrierKernel
func maskedBarrier(t *gocuda.Thread, v int32) {
	if t.LaneID() < 16 { // want `condition of an if with a barrier is not provably the same`
		v = gocuda.ShflDownSync(t, 0xffff, v, 1, 32)
		t.SyncThreads()
	}
	t.SyncThreads() // the threads that skipped the if go on: not the kernel's end
}

//gocuda:kernel DivergentKernel
func divergent(t *gocuda.Thread) {
	if t.ThreadIdx.X < 16 { // want `condition of an if with a barrier is not provably the same`
		t.SyncThreads()
	}
	t.SyncThreads() // the threads that skipped the if go on: not the kernel's end
}

//gocuda:kernel LoopKernel
func loop(t *gocuda.Thread, n []int) {
	for i := 0; i < n[t.ThreadIdx.X]; i++ {
		t.SyncThreads()
		if i == 2 { // if i == 2 { continue } alone would end the trip with an if
			n[0] = i
			continue // want `a continue of a loop with a barrier whose header is not provably the same`
		}
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

//gocuda:kernel SwitchKernel
func switchKernel(t *gocuda.Thread, k int) {
	switch k {
	case 1:
		t.SyncThreads()
		fallthrough // want `a fallthrough in a switch holding a barrier or collective`
	case 2:
		t.SyncThreads()
	}
}

//gocuda:kernel BreakKernel
func breakKernel(t *gocuda.Thread, k int, in []int) {
	for i := 0; i < k; i++ {
		if in[t.ThreadIdx.X] > 0 { // want `a break or continue of a loop with a barrier, under a condition not provably`
			break
		}
		t.SyncThreads()
	}
	t.SyncThreads() // a thread that broke out would wait here: not one that returns
}

//gocuda:kernel AddressKernel
func address(t *gocuda.Thread, out []int) {
	x := t.ThreadIdx.X
	p := &x
	t.SyncThreads()
	x, y := x+*p, 2 // want `x, whose address is taken and which lives across a barrier or collective, is assigned by a short variable declaration`
	out[t.ThreadIdx.X] = x + y
}

//gocuda:kernel ReservedKernel
func reserved(t *gocuda.Thread) {
	gc_x := 1 // want `reserved for generated code`
	_ = gc_x
}

// reducer is a function value the launch cannot see the call bind.
var reducer = blockSum

// FuncValueKernel reaches a barrier through a function value held in a
// variable: the compiler cannot see whether it synchronizes (it compiled,
// then failed at launch, before). A function passed by name is followed.
//
//gocuda:kernel FuncValueKernel
func funcValue(t *gocuda.Thread, out []float32) {
	out[t.ThreadIdx.X] = apply(t, reducer, 1) // want `a call of a function value that takes the thread: the compiler cannot see whether it synchronizes`
}

func apply(t *gocuda.Thread, f func(*gocuda.Thread, float32) float32, v float32) float32 {
	return f(t, v)
}

func blockSum(t *gocuda.Thread, v float32) float32 {
	t.SyncThreads()
	return v
}

type stage struct{ s []float32 }

func (st stage) run(t *gocuda.Thread) {
	st.s[t.ThreadIdx.X] = 1
	t.SyncThreads()
}

// MethodKernel reaches a barrier through a method expression (a method
// called on a value, promoted from an embedded field or through a method
// value, is inlined).
//
//gocuda:kernel MethodKernel
func method(t *gocuda.Thread, s []float32) {
	stage.run(stage{s}, t) // want `method run reaches SyncThreads, called as a method expression`
}

// stepper is a warp scan's policy.
type stepper interface {
	step(t *gocuda.Thread, v int32, offset int) int32
}

// deferStep defers in a step that shuffles: no instantiation with it
// compiles.
type deferStep struct{}

func (deferStep) step(t *gocuda.Thread, v int32, offset int) int32 {
	defer func() {}() // want `with P = deferStep: defer`
	return gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
}

// PolicyKernel steps with the policy its type argument is: it compiles
// per instantiation, and its one instantiation in the package is refused.
//
//gocuda:kernel PolicyKernel
func policy[P stepper](t *gocuda.Thread, out []int32) {
	var p P
	out[t.ThreadIdx.X] = p.step(t, out[t.ThreadIdx.X], 1)
}

// resetter is a policy that also resets, as no type of the package does.
type resetter interface {
	stepper
	reset()
}

// UnmetKernel steps with a policy no type of the package can be.
//
//gocuda:kernel UnmetKernel
func unmet[P resetter](t *gocuda.Thread, out []int32) {
	var p P
	out[t.ThreadIdx.X] = p.step(t, out[t.ThreadIdx.X], 1) // want `step called on a value of type parameter P synchronizes through a method known only at instantiation, and no type of the kernel's package instantiates it`
}
