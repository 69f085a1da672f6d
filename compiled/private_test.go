package compiled_test

import (
	"math/rand/v2"
	"sync"
	"testing"

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
			p := compiled.Privatize(bins, c.updates, c.others...)
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
	p := compiled.Privatize(none, 1<<20)
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
			p := compiled.Privatize(got, each)
			defer p.Merge()
			for _, a := range adds[w] {
				p.Add(&got[a.bin], uint32(a.v))
			}
		})
	}
	wg.Wait()
	assert.Equal(t, want, got)
}
