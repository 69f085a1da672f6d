package compiled_test

import (
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestPrivatizeDecides: a copy only where each of its elements serves
// privateShare updates, and never for a slice sharing memory with one the
// kernel uses plainly. Either way, Add and Merge leave the sums.
func TestPrivatizeDecides(t *testing.T) {
	bins := make([]uint32, 256)
	data := make([]uint32, 4096)
	cases := []struct {
		name    string
		updates int
		others  [][]uint32
		private bool
	}{
		{"enough updates", 1024, nil, true},
		{"too few updates", 1023, nil, false},
		{"disjoint others", 4096, [][]uint32{data, data[:0]}, true},
		{"overlapping other", 4096, [][]uint32{data, bins[255:]}, false},
		{"same slice", 4096, [][]uint32{bins}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			clear(bins)
			p := compiled.Privatize(compiled.OpAdd, bins, c.updates, c.others...)
			for i := range 1000 {
				p.Add(&bins[i%256], uint32(i))
			}
			if c.private {
				assert.Zero(t, bins[3], "a private copy keeps the sums until Merge")
			} else {
				assert.Equal(t, uint32(3+259+515+771), bins[3], "no copy: Add is the atomic")
			}
			p.Merge()
			assert.Equal(t, uint32(3+259+515+771), bins[3])
			p.Merge() // merged sums are not merged twice
			assert.Equal(t, uint32(3+259+515+771), bins[3])
		})
	}
}

// TestPrivatizeEmpty: an empty slice has nothing to copy.
func TestPrivatizeEmpty(t *testing.T) {
	var none []int64
	p := compiled.Privatize(compiled.OpAdd, none, 1<<20)
	p.Merge()
	var zero compiled.Private[int64]
	x := []int64{5}
	zero.Add(&x[0], -7)
	assert.Equal(t, int64(-2), x[0], "the zero Private adds atomically")
}

// TestPrivatizeConcurrent: goroutines adding to private copies of one
// slice and merging them leave what sequential adds leave, wrapping as
// the atomics do (run under -race: the merges are the only shared
// writes).
func TestPrivatizeConcurrent(t *testing.T) {
	const workers, each, n = 4, 20000, 64
	got := make([]uint32, n)
	want := make([]uint32, n)
	adds := make([][]struct{ bin, v int }, workers)
	r := rand.New(rand.NewPCG(1, 2))
	for w := range adds {
		for range each {
			a := struct{ bin, v int }{r.IntN(n), r.IntN(1 << 31)}
			adds[w] = append(adds[w], a)
			want[a.bin] += uint32(a.v)
		}
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			p := compiled.Privatize(compiled.OpAdd, got, each)
			defer p.Merge()
			for _, a := range adds[w] {
				p.Add(&got[a.bin], uint32(a.v))
			}
		})
	}
	wg.Wait()
	assert.Equal(t, want, got)
}

// TestPrivateOps: each operator's private copies, merged from several
// goroutines, leave what its atomics leave, for signed and unsigned
// lanes of both widths (the copies start at the operator's identity: the
// minimum for Max, all ones for And).
func TestPrivateOps(t *testing.T) {
	t.Run("int32", func(t *testing.T) { privateOps[int32](t) })
	t.Run("uint32", func(t *testing.T) { privateOps[uint32](t) })
	t.Run("int64", func(t *testing.T) { privateOps[int64](t) })
	t.Run("uint64", func(t *testing.T) { privateOps[uint64](t) })
}

func privateOps[T interface {
	~int32 | ~uint32 | ~int64 | ~uint64
}](t *testing.T) {
	const workers, each, n = 3, 3000, 16
	ops := []struct {
		op    compiled.PrivateOp
		name  string
		apply func(p *compiled.Private[T], at *T, v T)
		ref   func(x, v T) T
	}{
		{compiled.OpAdd, "Sub", (*compiled.Private[T]).Sub, func(x, v T) T { return x - v }},
		{compiled.OpOr, "Or", (*compiled.Private[T]).Or, func(x, v T) T { return x | v }},
		{compiled.OpAnd, "And", (*compiled.Private[T]).And, func(x, v T) T { return x & v }},
		{compiled.OpXor, "Xor", (*compiled.Private[T]).Xor, func(x, v T) T { return x ^ v }},
		{compiled.OpMax, "Max", (*compiled.Private[T]).Max, func(x, v T) T { return max(x, v) }},
		{compiled.OpMin, "Min", (*compiled.Private[T]).Min, func(x, v T) T { return min(x, v) }},
	}
	r := rand.New(rand.NewPCG(3, 4))
	var zero T
	lowest := zero
	if zero-1 < 0 {
		lowest = T(1) << (8*unsafe.Sizeof(zero) - 1)
	}
	// values anywhere, near the type's minimum and near its maximum: an
	// operator whose copy started from a wrong identity (0 for Max of
	// negative values, for Min of large ones) leaves another result
	draws := []func() T{
		func() T { return T(r.Uint64()) },
		func() T { return lowest + T(r.IntN(1000)) },
		func() T { return ^lowest - T(r.IntN(1000)) },
	}
	for _, o := range ops {
		for _, c := range []struct{ updates, draw int }{{each, 0}, {each, 1}, {each, 2}, {1, 0}} { // a copy, and none
			draw := draws[c.draw]
			updates := c.updates
			start := make([]T, n)
			for i := range start {
				start[i] = draw()
			}
			got, want := append([]T(nil), start...), append([]T(nil), start...)
			vals := make([][]T, workers)
			for w := range vals {
				for range each {
					vals[w] = append(vals[w], draw())
				}
			}
			for w := range vals {
				for k, v := range vals[w] {
					want[k%n] = o.ref(want[k%n], v)
				}
			}
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					p := compiled.Privatize(o.op, got, updates)
					defer p.Merge()
					for k, v := range vals[w] {
						o.apply(&p, &got[k%n], v)
					}
				})
			}
			wg.Wait()
			assert.Equal(t, want, got, "%s, %d updates, draw %d", o.name, updates, c.draw)
		}
	}
}

// TestPrivateSpan: a shared array may be the first elements of a private
// copy, which then starts at the operator's identity and merges what is
// added to it; there is no span without a copy, or past its end, and
// Holds tells a span from another slice.
func TestPrivateSpan(t *testing.T) {
	bins := []int32{10, 20, 30, 40}
	p := compiled.Privatize(compiled.OpMax, bins, 1024)
	s := p.Span(3)
	assert.Equal(t, []int32{-1 << 31, -1 << 31, -1 << 31}, s, "the identity of max")
	assert.Equal(t, 3, cap(s), "appending cannot reach past the span")
	assert.Nil(t, p.Span(5), "longer than the copy")
	assert.Nil(t, p.Span(0))
	assert.True(t, p.Holds(s))
	assert.False(t, p.Holds(bins[:3]), "the slice itself is no span of its copy")
	s[1] = 25
	s[2] = 7
	p.Merge()
	assert.Equal(t, []int32{10, 25, 30, 40}, bins)
	none := compiled.Privatize(compiled.OpAdd, bins, 4) // too few updates for a copy
	assert.Nil(t, none.Span(1))
	assert.False(t, none.Holds(bins))
}
