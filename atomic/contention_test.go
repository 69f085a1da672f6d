package atomic_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/atomic"
)

// Contention: goroutines (more of them than cores) hammer one address. The
// checks are exact: the final value against a host computation, and, where
// the atomic returns distinct old values, the multiset of returned values,
// which a lost or doubled update would change.
const (
	hammers = 8
	rounds  = 5000
)

// hammer runs body(g, i) for i in [0, rounds) on each of hammers goroutines
// at once.
func hammer(body func(g, i int)) {
	var wg sync.WaitGroup
	for g := range hammers {
		wg.Go(func() {
			for i := range rounds {
				body(g, i)
			}
		})
	}
	wg.Wait()
}

func TestContendedAdd(t *testing.T) {
	t.Run("int32", func(t *testing.T) { testContendedAdd[int32](t) })
	t.Run("uint32", func(t *testing.T) { testContendedAdd[uint32](t) })
	t.Run("int64", func(t *testing.T) { testContendedAdd[int64](t) })
	t.Run("uint64", func(t *testing.T) { testContendedAdd[uint64](t) })
	t.Run("float32", func(t *testing.T) { testContendedAdd[float32](t) })
	t.Run("float64", func(t *testing.T) { testContendedAdd[float64](t) })
}

// testContendedAdd adds 1 hammers×rounds times: the counter must reach the
// count, and the old values returned must be 0, 1, 2, ... each exactly
// once (a linearizable counter hands out every ticket once).
func testContendedAdd[T atomic.Number](t *testing.T) {
	var x T
	olds := make([][]T, hammers)
	hammer(func(g, i int) { olds[g] = append(olds[g], atomic.Add(&x, 1)) })
	if x != T(hammers*rounds) {
		t.Errorf("counter = %v, want %d", x, hammers*rounds)
	}
	checkTickets(t, slices.Concat(olds...), 0)
}

// checkTickets checks that got holds first, first+1, ... each once.
func checkTickets[T atomic.Number](t *testing.T, got []T, first T) {
	t.Helper()
	slices.Sort(got)
	for i, v := range got {
		if v != first+T(i) {
			t.Fatalf("sorted returned old values: [%d] = %v, want %v", i, v, first+T(i))
		}
	}
}

// TestContendedFloatAddExact adds integer-valued floats of both signs from
// every goroutine; while every partial sum is an integer below 2^24 each
// addition is exact, so the result must equal the integer sum whatever the
// order.
func TestContendedFloatAddExact(t *testing.T) {
	term := func(g, i int) int { return (g*rounds+i)%13 - 4 } // -4..8
	want := 0
	for g := range hammers {
		for i := range rounds {
			want += term(g, i)
		}
	}
	var f32 float32
	var f64 float64
	hammer(func(g, i int) {
		atomic.Add(&f32, float32(term(g, i)))
		atomic.Add(&f64, float64(term(g, i)))
	})
	if f32 != float32(want) || f64 != float64(want) {
		t.Errorf("float sums = %v, %v; want %d", f32, f64, want)
	}
}

func TestContendedSub(t *testing.T) {
	x := uint64(hammers * rounds)
	olds := make([][]uint64, hammers)
	hammer(func(g, i int) { olds[g] = append(olds[g], atomic.Sub(&x, 1)) })
	if x != 0 {
		t.Errorf("counter = %d, want 0", x)
	}
	checkTickets(t, slices.Concat(olds...), 1)
}

// TestContendedIncDec checks that contended Inc and Dec hand out each value
// of their ring equally often and end where the count says.
func TestContendedIncDec(t *testing.T) {
	const limit = 9 // a ring of 10; hammers*rounds is a multiple of it
	for _, c := range []struct {
		name  string
		op    func(*uint32, uint32) uint32
		start uint32
	}{{"Inc", atomic.Inc, 0}, {"Dec", atomic.Dec, limit}} {
		t.Run(c.name, func(t *testing.T) {
			x := c.start
			counts := make([][limit + 1]int, hammers)
			hammer(func(g, i int) { counts[g][c.op(&x, limit)]++ })
			if x != c.start {
				t.Errorf("after %d calls the ring is at %d, want %d", hammers*rounds, x, c.start)
			}
			for v := range limit + 1 {
				n := 0
				for g := range hammers {
					n += counts[g][v]
				}
				if n != hammers*rounds/(limit+1) {
					t.Errorf("%s returned %d %d times, want %d", c.name, v, n, hammers*rounds/(limit+1))
				}
			}
		})
	}
}

// TestContendedMinMax checks that contended Min and Max find the extremes
// of seeded random values, NaNs among them for the floats.
func TestContendedMinMax(t *testing.T) {
	values := make([][]float64, hammers)
	r := rand.New(rand.NewPCG(1, 2))
	lo, hi := math.Inf(1), math.Inf(-1)
	for g := range values {
		for i := range rounds {
			v := math.Round(r.NormFloat64() * 1e6)
			if i%97 == 0 {
				v = math.NaN()
			} else {
				lo, hi = min(lo, v), max(hi, v)
			}
			values[g] = append(values[g], v)
		}
	}
	minF, maxF := float32(math.NaN()), float32(math.NaN()) // a NaN start gives way to the first number
	minD, maxD := math.Inf(1), math.Inf(-1)
	var minI, maxI int64 = math.MaxInt64, math.MinInt64
	var minU uint32 = math.MaxUint32
	var maxU uint64
	hammer(func(g, i int) {
		v := values[g][i]
		atomic.Min(&minF, float32(v))
		atomic.Max(&maxF, float32(v))
		atomic.Min(&minD, v)
		atomic.Max(&maxD, v)
		if v == v {
			atomic.Min(&minI, int64(v))
			atomic.Max(&maxI, int64(v))
			atomic.Min(&minU, uint32(int64(v)+1e8))
			atomic.Max(&maxU, uint64(int64(v)+1e8))
		}
	})
	if minF != float32(lo) || maxF != float32(hi) || minD != lo || maxD != hi {
		t.Errorf("float Min, Max = %v, %v (float32), %v, %v (float64); want %v, %v", minF, maxF, minD, maxD, lo, hi)
	}
	if minI != int64(lo) || maxI != int64(hi) || minU != uint32(int64(lo)+1e8) || maxU != uint64(int64(hi)+1e8) {
		t.Errorf("integer Min, Max = %d, %d, %d, %d; want %v, %v shifted", minI, maxI, minU, maxU, lo, hi)
	}
}

// TestContendedCAS builds a counter from CAS loops, the way CUDA code
// builds atomics the hardware lacks: every successful CAS must hand out a
// distinct old value.
func TestContendedCAS(t *testing.T) {
	var x int32
	olds := make([][]int32, hammers)
	hammer(func(g, i int) {
		for old := atomic.CAS(&x, 0, 0); ; {
			got := atomic.CAS(&x, old, old+1)
			if got == old {
				olds[g] = append(olds[g], old)
				return
			}
			old = got
		}
	})
	if x != hammers*rounds {
		t.Errorf("counter = %d, want %d", x, hammers*rounds)
	}
	checkTickets(t, slices.Concat(olds...), 0)
}

// TestContendedExch passes distinct tokens through one word: the values
// Exch returns, plus the one left, must be the start value and every token,
// each exactly once.
func TestContendedExch(t *testing.T) {
	x := float64(-1)
	olds := make([][]float64, hammers)
	hammer(func(g, i int) { olds[g] = append(olds[g], atomic.Exch(&x, float64(g*rounds+i))) })
	checkTickets(t, append(slices.Concat(olds...), x), -1)
}

// TestContendedBitwise checks Or, And and Xor under contention: each bit is
// set (or cleared) by exactly one call, and Xor of every token twice is 0.
func TestContendedBitwise(t *testing.T) {
	var set, cleared uint64 = 0, math.MaxUint64
	var toggled int32
	setBy := make([]int, hammers)
	clearedBy := make([]int, hammers)
	hammer(func(g, i int) {
		bit := uint64(1) << ((g*rounds + i) % 64)
		if atomic.Or(&set, bit)&bit == 0 {
			setBy[g]++
		}
		if atomic.And(&cleared, ^bit)&bit != 0 {
			clearedBy[g]++
		}
		atomic.Xor(&toggled, int32(g*rounds+i)*-1640531535)
		atomic.Xor(&toggled, int32(g*rounds+i)*-1640531535)
	})
	if set != math.MaxUint64 || cleared != 0 || toggled != 0 {
		t.Errorf("Or left %#x, And left %#x, Xor left %#x; want all ones, 0, 0", set, cleared, toggled)
	}
	n, m := 0, 0
	for g := range hammers {
		n, m = n+setBy[g], m+clearedBy[g]
	}
	if n != 64 || m != 64 {
		t.Errorf("%d calls saw their bit newly set and %d newly cleared, want 64 and 64", n, m)
	}
}
