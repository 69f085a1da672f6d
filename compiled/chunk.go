package compiled

import "math"

// ChunkSpan is about how many elements the threads of a block walk
// together in a round of a chunked lockstep loop (StrideChunk): few
// enough that the cache holds what a slice's round touches while every
// thread takes its part of it.
const ChunkSpan = 2048

// ChunkRows is how many trips of each thread a chunked round runs at
// least: a round over rows a step apart reads that many at once, each a
// stream the memory system fetches beside the others, where a trip a
// round would read one row and wait; few enough that rows a multiple of
// a page apart, which share a cache set, do not evict one another.
const ChunkRows = 8

// farSteps bounds the steps whose rounds run ChunkRows trips: a round's
// span, ChunkRows steps, and a key one step past any limit up to
// ChunkLimit stay below MaxInt.
const farSteps = 1 << 32

// StrideChunk is how many trips of a lockstep loop generated code runs
// of each thread before the next, its state in locals: ChunkSpan ÷ step,
// but at least ChunkRows (one for a step beyond any slice's length). A
// step that is not positive, which never ends the loop, gives one, so
// that the launch still checks between trips whether it was stopped.
func StrideChunk(step int) int {
	if step <= 0 || step > farSteps {
		return 1
	}
	return max(ChunkSpan/step, ChunkRows)
}

// StrideFar reports whether a lockstep loop of this step, whose keys run
// below limit, runs chunked rounds (StrideChunk) though its rows could
// run unchecked or in vector steps: its rows lie at least ChunkSpan
// apart, and each thread takes at least farTrips of them, a walk the
// cache does not hold, so that a round reading ChunkRows rows at once, a
// thread at a time, outruns a row at a time.
func StrideFar(step, limit int) bool {
	return step >= ChunkSpan && step <= farSteps && limit/step >= farTrips
}

// farTrips is how many trips of each thread a lockstep loop's walk takes
// at least for its far form to pay (StrideFar): a shorter one is read
// from the cache, where the unchecked or vector rows are faster.
const farTrips = 64

// ChunkLimit is the largest limit of a chunked loop for which generated
// code counts a thread's trips itself, where its key starts at 0 or more
// and within a chunk's span of the limit: the key after the last trip,
// below the limit plus a step, does not wrap. Other loops call
// ChunkTrips.
const ChunkLimit = math.MaxInt - 2*farSteps

// ChunkTrips is how many trips a thread runs in a round of a chunked
// lockstep loop (StrideChunk): of its keys from, from+step, from+2*step
// ..., which wrap as Go's ints do, those before the first that is not
// below limit (above it, where inclusive), and at most chunk; none where
// the thread's loop, which began at start, had already stopped
// (StrideStopped), though its keys have since wrapped back below limit.
// Generated code counts them down, one test a trip where the loop's own
// form would test both the count and the key.
func ChunkTrips(start, from, step, chunk, limit int, inclusive bool) int {
	in := func(k int) bool { return k < limit || inclusive && k == limit }
	if chunk <= 0 || !in(from) || from < start && StrideStopped(start, step, limit, inclusive) {
		return 0
	}
	if step > 0 {
		d := uint(limit) - uint(from) // limit - from, exactly: from is at most limit
		if !inclusive {
			d-- // the keys below limit are those at most limit-1
		}
		q := d / uint(step) // the trips after the first whose keys stay in, ignoring wrapping
		if q >= uint(chunk-1) {
			return chunk // the chunk ends first: its keys are at most limit
		}
		if last := from + int(q)*step; last <= math.MaxInt-step {
			return int(q) + 1 // the next key is past limit, and does not wrap
		}
	}
	n := 0 // a key that wraps below limit goes on, as the source's does
	for k := from; n < chunk && in(k); k += step {
		n++
	}
	return n
}

// FarFull reports whether each of lanes threads of a lockstep loop's far
// form, whose keys this round are key, key+1, ..., runs chunk trips of
// step this round, all below limit: its keys did not wrap (off, the
// round's offset from the threads' starts, is not negative, and adding
// it did not overflow), and the last lane's last key is below limit.
// Such lanes run as one far step (a vector of them, their trips in
// turn); the others run a thread at a time.
func FarFull(key, off, lanes, step, chunk, limit int) bool {
	if off < 0 || key < 0 || key-off > key || lanes < 1 || step < 1 || step > farSteps || chunk < 1 || chunk > ChunkSpan || limit <= key {
		return false
	}
	return (lanes-1)+(chunk-1)*step < limit-key
}
