package atomic_test

import (
	"math"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/atomic"
)

// TestIncDecLimits checks Inc and Dec against the CUDA C++ Programming
// Guide's formulas at and around their limits: every old value in 0, 1,
// limit-1, limit, limit+1, MaxUint32-1 and MaxUint32 for limits 0, 1, 5,
// MaxUint32-1 and MaxUint32.
func TestIncDecLimits(t *testing.T) {
	inc := func(old, limit uint32) uint32 {
		if old >= limit {
			return 0
		}
		return old + 1
	}
	dec := func(old, limit uint32) uint32 {
		if old == 0 || old > limit {
			return limit
		}
		return old - 1
	}
	for _, limit := range []uint32{0, 1, 5, math.MaxUint32 - 1, math.MaxUint32} {
		olds := []uint32{0, 1, limit - 1, limit, limit + 1, math.MaxUint32 - 1, math.MaxUint32}
		for _, old := range olds {
			for _, c := range []struct {
				name string
				op   func(*uint32, uint32) uint32
				want uint32
			}{
				{"Inc", atomic.Inc, inc(old, limit)},
				{"Dec", atomic.Dec, dec(old, limit)},
			} {
				x := old
				if got := c.op(&x, limit); got != old || x != c.want {
					t.Errorf("%s(&%d, %d) returned %d, left %d; want %d, %d", c.name, old, limit, got, x, old, c.want)
				}
			}
		}
	}
	// Spelled out: the cases the formulas are known for.
	for _, c := range []struct {
		name             string
		op               func(*uint32, uint32) uint32
		old, limit, want uint32
	}{
		{"Inc below limit", atomic.Inc, 3, 5, 4},
		{"Inc at limit wraps", atomic.Inc, 5, 5, 0},
		{"Inc above limit wraps", atomic.Inc, 6, 5, 0},
		{"Inc limit 0", atomic.Inc, 0, 0, 0},
		{"Inc MaxUint32 limit is a plain increment", atomic.Inc, math.MaxUint32 - 1, math.MaxUint32, math.MaxUint32},
		{"Inc MaxUint32 at MaxUint32 limit wraps", atomic.Inc, math.MaxUint32, math.MaxUint32, 0},
		{"Dec above 0", atomic.Dec, 3, 5, 2},
		{"Dec 0 wraps to limit", atomic.Dec, 0, 5, 5},
		{"Dec above limit restarts", atomic.Dec, 6, 5, 5},
		{"Dec at limit", atomic.Dec, 5, 5, 4},
		{"Dec limit 0", atomic.Dec, 0, 0, 0},
		{"Dec MaxUint32 limit is a plain decrement", atomic.Dec, 0, math.MaxUint32, math.MaxUint32},
	} {
		x := c.old
		if got := c.op(&x, c.limit); got != c.old || x != c.want {
			t.Errorf("%s: returned %d, left %d; want %d, %d", c.name, got, x, c.old, c.want)
		}
	}
}

// TestIncDecSequence checks the ring counters Inc and Dec make: with limit
// 3 they cycle through 4 values.
func TestIncDecSequence(t *testing.T) {
	var got []uint32
	x := uint32(0)
	for range 9 {
		got = append(got, atomic.Inc(&x, 3))
	}
	if want := []uint32{0, 1, 2, 3, 0, 1, 2, 3, 0}; !slices.Equal(got, want) {
		t.Errorf("Inc with limit 3 returned %v, want %v", got, want)
	}
	got = got[:0]
	x = 0
	for range 9 {
		got = append(got, atomic.Dec(&x, 3))
	}
	if want := []uint32{0, 3, 2, 1, 0, 3, 2, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("Dec with limit 3 returned %v, want %v", got, want)
	}
}

// TestSubWraps checks that Sub wraps around as CUDA's atomicSub does.
func TestSubWraps(t *testing.T) {
	u := uint32(0)
	if old := atomic.Sub(&u, 1); old != 0 || u != math.MaxUint32 {
		t.Errorf("Sub(&uint32(0), 1) returned %d, left %d", old, u)
	}
	u64 := uint64(1)
	if old := atomic.Sub(&u64, 3); old != 1 || u64 != math.MaxUint64-1 {
		t.Errorf("Sub(&uint64(1), 3) returned %d, left %d", old, u64)
	}
	i := int32(math.MinInt32)
	if old := atomic.Sub(&i, 1); old != math.MinInt32 || i != math.MaxInt32 {
		t.Errorf("Sub(&MinInt32, 1) returned %d, left %d", old, i)
	}
	i64 := int64(5)
	if old := atomic.Sub(&i64, math.MinInt64); old != 5 || i64 != math.MinInt64+5 {
		t.Errorf("Sub(&5, MinInt64) returned %d, left %d", old, i64)
	}
}
