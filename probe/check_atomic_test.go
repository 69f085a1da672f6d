package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

const privBins = 16

var privSites = sitesOf("probe.privHistKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "bins[k]"},
	Site{Kind: Barrier, Line: 4, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 6, Expr: "data[i]"},
	Site{Kind: AtomicOp, Line: 6, Expr: "atomic.Add(&bins[data[i]], 1)"},
	Site{Kind: Barrier, Line: 8, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 10, Expr: "bins[k]"},
	Site{Kind: AtomicOp, Line: 10, Expr: "atomic.Add(&hist[k], bins[k])"},
)

// privHistKernel is the privatized histogram of exercise 7 as gocuda
// check rewrites it: each block zeroes its shared bins, adds its elements
// to them with shared atomics, and adds its bins to hist with global ones;
// zeroed and merged say whether the barriers after the zeroing and after
// the counting are there.
func privHistKernel(data, hist []uint32, zeroed, merged bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := privSites
		tid, b := t.ThreadIdx.X, t.BlockDim.X
		bins := gocuda.Shared[uint32](t, privBins)
		for k := tid; k < privBins; k += b {
			Store(t, &s[0], bins, k, 0)
		}
		if zeroed {
			Sync(t, &s[1], t).SyncThreads()
		}
		for i := t.BlockIdx.X*b + tid; i < len(data); i += b * t.GridDim.X {
			d := *Index(t, &s[2], data, i)
			After(t, &s[3], atomic.Add(Atomic(t, &s[3], &bins[d]), 1))
		}
		if merged {
			Sync(t, &s[4], t).SyncThreads()
		}
		for k := tid; k < privBins; k += b {
			c := *Index(t, &s[5], bins, k)
			After(t, &s[6], atomic.Add(Atomic(t, &s[6], &hist[k]), c))
		}
	}
}

// TestRacecheckAtomics: a privatized histogram with both its barriers is
// race-free, its atomics among themselves included; without the barrier
// after the zeroing, the zeroing and the shared atomics race (a WAW
// hazard in either order), and an atomic before the zeroing reads bytes
// no thread wrote (initcheck); without the one after the counting, the
// atomics and the reads of the bins race (RAW, and WAR where a reading
// thread ran before another's atomic). Each report names the atomic's
// access "Atomic", is of shared memory, and hints at a barrier.
func TestRacecheckAtomics(t *testing.T) {
	const blocks, threads, n = 2, 64, 1000
	s := privSites
	data, want := make([]uint32, n), make([]uint32, privBins)
	for i := range data {
		data[i] = uint32(i*7) % privBins
		want[data[i]]++
	}
	for _, tc := range []struct {
		name           string
		zeroed, merged bool
		pairs          map[string][][2]*Site // the sites' pairs a hazard may name
	}{
		{"both barriers", true, true, nil},
		{"no barrier after the zeroing", false, true, map[string][][2]*Site{
			"Potential WAW hazard": {{&s[0], &s[3]}, {&s[3], &s[0]}}}},
		{"no barrier after the counting", true, false, map[string][][2]*Site{
			"Potential RAW hazard": {{&s[3], &s[5]}}, "Potential WAR hazard": {{&s[5], &s[3]}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hist := make([]uint32, privBins)
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, launch1D(dev, blocks, threads, privHistKernel(data, hist, tc.zeroed, tc.merged)))
			})
			if tc.pairs == nil {
				assert.Empty(t, got)
				assert.Equal(t, want, hist)
				return
			}
			races := 0
			for _, r := range got {
				if r.Tool == "initcheck" {
					// An atomic before the zeroing reads bytes no thread wrote.
					assert.False(t, tc.zeroed)
					assert.Equal(t, &s[3], siteAt(r.Accesses[0]))
					continue
				}
				races++
				pairs, ok := tc.pairs[r.What]
				require.True(t, ok, "unexpected %s", r)
				assert.Equal(t, []any{"racecheck", "__shared__"}, []any{r.Tool, r.Space})
				require.Len(t, r.Accesses, 2)
				// Its example is of two warps, or of one where only
				// lanes of one warp raced.
				if r.Severity == "ERROR" {
					assert.Equal(t, hintBlock, r.Detail)
					assert.NotEqual(t, r.Accesses[0].Thread[0]/32, r.Accesses[1].Thread[0]/32)
				} else {
					assert.Equal(t, []any{"WARNING", hintWarp}, []any{r.Severity, r.Detail})
				}
				sites := [2]*Site{siteAt(r.Accesses[0]), siteAt(r.Accesses[1])}
				assert.Contains(t, pairs, sites, r.What)
				for i, a := range r.Accesses {
					if sites[i].Kind == AtomicOp {
						assert.Equal(t, "Atomic", a.Kind)
					} else {
						assert.NotEqual(t, "Atomic", a.Kind)
					}
				}
			}
			assert.NotZero(t, races, "no racecheck report")
		})
	}
}

var atomicOnlySites = sitesOf("probe.atomicOnlyKernel.func1",
	Site{Kind: AtomicOp, Line: 3, Expr: "atomic.Max(&out[0], tid)"},
	Site{Kind: AtomicOp, Line: 4, Expr: "atomic.Add(&out[1+tid%3], 1)"},
	Site{Kind: AtomicOp, Line: 5, Expr: "atomic.Exch(&out[4+tid%2], tid)"},
)

// atomicOnlyKernel touches global memory with atomics only: a maximum,
// counters and exchanges, every thread of every block on a few words.
func atomicOnlyKernel(out []uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := atomicOnlySites
		tid := uint32(t.ThreadIdx.X)
		After(t, &s[0], atomic.Max(Atomic(t, &s[0], &out[0]), tid))
		After(t, &s[1], atomic.Add(Atomic(t, &s[1], &out[1+tid%3]), 1))
		After(t, &s[2], atomic.Exch(Atomic(t, &s[2], &out[4+tid%2]), tid))
	}
}

// TestRacecheckAtomicsOnly: atomics never race with atomics, of one block
// or of many (shared memory's are TestRacecheckAtomics's).
func TestRacecheckAtomicsOnly(t *testing.T) {
	const blocks, threads = 4, 96
	out := make([]uint32, 6)
	got := checkReports(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, blocks, threads, atomicOnlyKernel(out)))
	})
	assert.Empty(t, got)
	assert.Equal(t, []uint32{threads - 1, blocks * threads / 3, blocks * threads / 3, blocks * threads / 3}, out[:4])
}
