package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gpu"
)

// TestSharedAtomic: a warp's shared atomic takes as many steps as the most
// lanes one bank serves: every lane on one word is 32 serialized
// operations where a load of it is one broadcast, distinct words of
// distinct banks one step, two words of one bank the lanes on both, and
// 1.x's half-warps are two requests of 16 at most.
func TestSharedAtomic(t *testing.T) {
	for _, tc := range []struct {
		name       string
		w          gpu.Warp
		sm90, sm10 gpu.AtomicCount
	}{
		{"one word", warpOf(func(int) int { return 5 }), gpu.AtomicCount{Requests: 1, Operations: 32},
			gpu.AtomicCount{Requests: 2, Operations: 32}},
		{"distinct words", warpOf(func(t int) int { return t }), gpu.AtomicCount{Requests: 1, Operations: 1},
			gpu.AtomicCount{Requests: 2, Operations: 2}},
		{"two words of one bank", warpOf(func(t int) int { return 32 * (t % 2) }), gpu.AtomicCount{Requests: 1, Operations: 32},
			gpu.AtomicCount{Requests: 2, Operations: 32}},
		{"two banks", warpOf(func(t int) int { return t % 2 }), gpu.AtomicCount{Requests: 1, Operations: 16},
			gpu.AtomicCount{Requests: 2, Operations: 16}},
	} {
		assert.Equal(t, tc.sm90, gpu.SM90.SharedAtomic(tc.w), "%s on sm_90", tc.name)
		assert.Equal(t, tc.sm10, gpu.SM10.SharedAtomic(tc.w), "%s on sm_10", tc.name)
	}
	assert.Equal(t, 1, gpu.SM90.Shared(warpOf(func(int) int { return 5 })).Transactions, "a load of one word: a broadcast")
	var idle gpu.Warp
	assert.Equal(t, gpu.AtomicCount{}, gpu.SM90.SharedAtomic(idle))
}

// TestGlobalAtomic: a warp's global atomic has its addresses' requests and
// sectors, as a load would, and as many serialized operations as the most
// lanes naming one address.
func TestGlobalAtomic(t *testing.T) {
	one := gpu.SM90.GlobalAtomic(warpOf(func(int) int { return 5 }))
	assert.Equal(t, gpu.AtomicCount{Requests: 1, Transactions: 1, Operations: 32}, one)
	distinct := gpu.SM90.GlobalAtomic(warpOf(func(t int) int { return t }))
	assert.Equal(t, gpu.AtomicCount{Requests: 1, Transactions: 4, Operations: 1}, distinct)
	bins := gpu.SM90.GlobalAtomic(warpOf(func(t int) int { return t % 4 }))
	assert.Equal(t, gpu.AtomicCount{Requests: 1, Transactions: 1, Operations: 8}, bins)
	// 1.x: a request per half-warp, each serialized on its own.
	assert.Equal(t, 32, gpu.SM13.GlobalAtomic(warpOf(func(int) int { return 5 })).Operations)
	assert.Equal(t, 2, gpu.SM13.GlobalAtomic(warpOf(func(t int) int { return t })).Operations)
}

// TestPredictAtomicConflicts: a launch whose global atomics wait on one
// address takes longer than the same without the wait, by AtomicCycles a
// serialized operation in its memory cycles; a later GPU's L2 waits less
// per operation than Fermi's.
func TestPredictAtomicConflicts(t *testing.T) {
	w := copyWorkload(1 << 16)
	base, err := g80(t).Predict(w)
	require.NoError(t, err)
	w.GlobalAtomicSerial = 31 * (1 << 16) / 32 / 2 // every other warp's atomic on one address
	hot, err := g80(t).Predict(w)
	require.NoError(t, err)
	assert.Greater(t, hot.Nanos, base.Nanos)
	warps := float64(1<<16) / 32
	assert.InDelta(t, base.MemCycles+180*float64(w.GlobalAtomicSerial)/warps, hot.MemCycles, 1e-9)

	fermi, err := gpu.LookupGPU("gf100")
	require.NoError(t, err)
	kepler, err := gpu.LookupGPU("gk110")
	require.NoError(t, err)
	assert.Greater(t, fermi.AtomicCycles, kepler.AtomicCycles)
}
