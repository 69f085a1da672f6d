package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// stoppedBeforeWrap is StrideStopped's reference: it walks the keys from
// start by step, as the source's loop computes them, up to their first
// wrap, and reports whether one of them was out of the range; with a
// step of 0 or less, whether start is.
func stoppedBeforeWrap[K compiled.Integer](start, step, limit K, inclusive bool) bool {
	in := func(k K) bool { return k < limit || inclusive && k == limit }
	if step <= 0 {
		return !in(start)
	}
	for k := start; ; k += step {
		if !in(k) {
			return true
		}
		if k+step < k {
			return false // the next key wraps, the loop still running
		}
	}
}

// TestStrideStopped: against the walk of the keys, for every start,
// limit and step of the 8-bit types, and at the edges of the wider ones
// (with steps that take few trips to the wrap).
func TestStrideStopped(t *testing.T) {
	for start := math.MinInt8; start <= math.MaxInt8; start++ {
		for limit := math.MinInt8; limit <= math.MaxInt8; limit++ {
			for step := math.MinInt8; step <= math.MaxInt8; step += 3 {
				for _, inclusive := range []bool{false, true} {
					s, l, d := int8(start), int8(limit), int8(step)
					if got, want := compiled.StrideStopped(s, d, l, inclusive), stoppedBeforeWrap(s, d, l, inclusive); got != want {
						t.Fatalf("int8: start %d, step %d, limit %d, inclusive %v: %v, want %v", s, d, l, inclusive, got, want)
					}
					u, ul, ud := uint8(start), uint8(limit), uint8(step)
					if got, want := compiled.StrideStopped(u, ud, ul, inclusive), stoppedBeforeWrap(u, ud, ul, inclusive); got != want {
						t.Fatalf("uint8: start %d, step %d, limit %d, inclusive %v: %v, want %v", u, ud, ul, inclusive, got, want)
					}
				}
			}
		}
	}
	ends := []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64 - 100, math.MaxInt64 - 1, math.MaxInt64}
	steps := []int64{-1, 0, math.MaxInt64 / 8, math.MaxInt64 / 3, math.MaxInt64 / 2, math.MaxInt64 - 1, math.MaxInt64}
	for _, start := range ends {
		for _, limit := range ends {
			for _, step := range steps {
				assert.Equal(t, stoppedBeforeWrap(start, step, limit, false), compiled.StrideStopped(start, step, limit, false),
					"int64: start %d, step %d, limit %d", start, step, limit)
				u, ul, ud := uint64(start), uint64(limit), uint64(step)
				assert.Equal(t, stoppedBeforeWrap(u, ud, ul, true), compiled.StrideStopped(u, ud, ul, true),
					"uint64: start %d, step %d, limit %d", u, ud, ul)
				s, l, d := int32(start>>32), int32(limit>>32), int32(step>>32)
				assert.Equal(t, stoppedBeforeWrap(s, d, l, false), compiled.StrideStopped(s, d, l, false),
					"int32: start %d, step %d, limit %d", s, d, l)
			}
		}
	}
}
