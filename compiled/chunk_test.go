package compiled_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestChunkTrips: the count is the trips the source's loop, for i :=
// start; i < limit (or <=); i += step, whose keys wrap as Go's ints do,
// runs from its trip round*chunk on, at most chunk: none where one of
// its earlier keys was out of the range, though the round's key, start
// plus round*chunk*step, has wrapped back into it. At the ints' edges,
// for steps that never end the loop, and for chunks of one trip and of
// many; as far as ChunkTrips promises (withinCycle).
func TestChunkTrips(t *testing.T) {
	in := func(k, limit int, inclusive bool) bool { return k < limit || inclusive && k == limit }
	trips := func(start, step, chunk, round, limit int, inclusive bool) int {
		k := start
		for range round * chunk {
			if !in(k, limit, inclusive) {
				return 0 // the loop stopped before this round
			}
			k += step
		}
		n := 0
		for ; n < chunk && in(k, limit, inclusive); k += step {
			n++
		}
		return n
	}
	ends := []int{math.MinInt, math.MinInt + 1, -3000, -1, 0, 1, 5, 31, 32, 33, 1000, 5000,
		math.MaxInt - 3000, math.MaxInt - 64, math.MaxInt - 1, math.MaxInt}
	steps := []int{math.MinInt, -32, -1, 0, 1, 2, 7, 32, 100, 2047, 2048, math.MaxInt / 2, math.MaxInt}
	for _, start := range ends {
		for _, limit := range ends {
			for _, step := range steps {
				for _, chunk := range []int{0, 1, 2, 64, 2048} {
					for _, round := range []int{0, 1, 3} {
						for _, inclusive := range []bool{false, true} {
							if !withinCycle(start, step, (round+1)*chunk) {
								continue
							}
							from := start + round*chunk*step
							assert.Equal(t, trips(start, step, chunk, round, limit, inclusive),
								compiled.ChunkTrips(start, from, step, chunk, limit, inclusive),
								"start %d, step %d, chunk %d, round %d, limit %d, inclusive %v", start, step, chunk, round, limit, inclusive)
						}
					}
				}
			}
		}
	}
}

// withinCycle reports whether the keys of trips trips from start by step
// stay within what ChunkTrips and StrideStopped are exact for: a step up
// wrapping at most once, a step down not at all.
func withinCycle(start, step, trips int) bool {
	advance := new(big.Int).Mul(big.NewInt(int64(step)), big.NewInt(int64(trips)))
	if step >= 0 {
		return advance.Cmp(new(big.Int).Lsh(big.NewInt(1), 64)) < 0
	}
	end := advance.Add(advance, big.NewInt(int64(start)))
	return end.Cmp(big.NewInt(math.MinInt)) >= 0
}

// TestStrideChunk: a round's trips, for steps from one element to beyond
// any slice: ChunkSpan's worth of near keys, ChunkRows far rows, one for
// steps that never end a loop or are beyond farSteps; the round's span,
// and one more step past ChunkLimit, never wrap.
func TestStrideChunk(t *testing.T) {
	for _, c := range []struct{ step, want int }{
		{math.MinInt, 1}, {-1, 1}, {0, 1}, {1, compiled.ChunkSpan}, {3, compiled.ChunkSpan / 3},
		{compiled.ChunkSpan / compiled.ChunkRows, compiled.ChunkRows}, {1000, compiled.ChunkRows},
		{compiled.ChunkSpan, compiled.ChunkRows}, {1 << 20, compiled.ChunkRows}, {1 << 32, compiled.ChunkRows},
		{1<<32 + 1, 1}, {math.MaxInt, 1},
	} {
		got := compiled.StrideChunk(c.step)
		assert.Equal(t, c.want, got, "step %d", c.step)
		if c.step > 0 {
			span := new(big.Int).Mul(big.NewInt(int64(c.step)), big.NewInt(int64(got)))
			past := new(big.Int).Add(big.NewInt(compiled.ChunkLimit), big.NewInt(int64(c.step)))
			assert.True(t, got == 1 || span.IsInt64() && past.IsInt64(), "step %d: span %v, past the limit %v", c.step, span, past)
		}
	}
}

// TestStrideFar: far where rows lie at least ChunkSpan apart and each
// thread walks at least 64 of them; not for near steps, short walks,
// negative limits or steps beyond farSteps.
func TestStrideFar(t *testing.T) {
	for _, c := range []struct {
		step, limit int
		want        bool
	}{
		{4096, 1 << 24, true}, {compiled.ChunkSpan, 64 * compiled.ChunkSpan, true},
		{compiled.ChunkSpan, 64*compiled.ChunkSpan - 1, false}, {compiled.ChunkSpan - 1, 1 << 30, false},
		{4096, 1 << 16, false}, {4096, -1 << 30, false}, {0, 1 << 30, false}, {-4096, 1 << 30, false},
		{1 << 32, 64 << 32, true}, {1<<32 + 1, math.MaxInt, false},
	} {
		assert.Equal(t, c.want, compiled.StrideFar(c.step, c.limit), "step %d, limit %d", c.step, c.limit)
	}
}

// TestFarFull: every lane's every trip key is in range, counted one by
// one, exactly where FarFull holds, for keys near the ends of the ints,
// negative offsets and keys that wrapped.
func TestFarFull(t *testing.T) {
	full := func(key, off, lanes, step, chunk, limit int) bool {
		start := key - off
		if off < 0 || key < start || lanes < 1 || step < 1 || chunk < 1 {
			return false
		}
		for l := range lanes {
			for j := range chunk {
				k := new(big.Int).Add(big.NewInt(int64(key+l)), new(big.Int).Mul(big.NewInt(int64(j)), big.NewInt(int64(step))))
				if key+l < key || k.Cmp(big.NewInt(int64(limit))) >= 0 || k.Sign() < 0 {
					return false
				}
			}
		}
		return true
	}
	for _, key := range []int{-5, 0, 1, 4096, 1 << 40, math.MaxInt - 100} {
		for _, off := range []int{-1, 0, 4096, math.MaxInt} {
			for _, step := range []int{-1, 0, 1, 2048, 4096} {
				for _, chunk := range []int{0, 1, 8} {
					for _, limit := range []int{-1, 0, key + 7, key + 7*step + 4, key + 7*step + 3, math.MaxInt} {
						got := compiled.FarFull(key, off, 4, step, chunk, limit)
						assert.Equal(t, full(key, off, 4, step, chunk, limit), got, "key %d, off %d, step %d, chunk %d, limit %d", key, off, step, chunk, limit)
					}
				}
			}
		}
	}
}
