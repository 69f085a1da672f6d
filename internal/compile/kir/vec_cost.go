package kir

// The vector pass's cost model. A step gains by what it computes as
// vectors (arithmetic, comparisons, loads and stores of consecutive or
// paired elements) and pays for what it moves lane by lane every step: a
// gather of elements' parts, or a load or store at a stride past two,
// costs a scalar access per lane and a round trip through a lane array,
// which a CPU forwards to the vector load slowly. A step that moves at
// least as many vectors lane by lane as it computes runs slower than the
// scalar form (SAXPY with four consecutive elements per thread: two
// gathers and a scatter at stride four for a multiply and an add), so the
// loop stays scalar. Work inside a loop of the step counts loopTrips
// times per loop around it, since it runs that often per step.

// loopTrips is the trips the cost model takes a loop inside a step to run.
const loopTrips = 8

// maxCostDepth caps the loops around an operation that its weight counts.
const maxCostDepth = 3

// weight returns what one operation counts at the point being translated.
func (v *vectorizer) weight() int {
	w := 1
	for range min(len(v.loopStack), maxCostDepth) {
		w *= loopTrips
	}
	return w
}

// computes counts a vector operation of the step.
func (v *vectorizer) computes() { v.work += v.weight() }

// movesLanes counts a vector the step moves lane by lane every step.
func (v *vectorizer) movesLanes() { v.moves += v.weight() }

// gains reports whether the step computes more than it moves lane by lane.
func (v *vectorizer) gains() bool { return v.moves == 0 || v.work > v.moves }
