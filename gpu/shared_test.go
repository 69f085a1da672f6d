package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gpu"
)

// TestSharedWorkedExamples reproduces GPU-MODELS.md §2.3, the transpose
// tile of Harris's article: __shared__ float tile[32][32] read down a
// column has 32-way conflicts on 2.0 and later (16-way per half-warp on
// 1.x, 16-way on 3.x), the 33-column padded tile none, a row read none,
// and all threads reading one word none (broadcast).
func TestSharedWorkedExamples(t *testing.T) {
	column := warpOf(func(t int) int { return 32 * t })
	padded := warpOf(func(t int) int { return 33 * t })
	row := warpOf(func(t int) int { return t })
	same := warpOf(func(int) int { return 5 })
	for _, tc := range []struct {
		name                   string
		w                      gpu.Warp
		sm10, sm20, sm35, sm90 int // ways
	}{
		{"column of tile[32][32]", column, 16, 32, 16, 32},
		{"column of tile[32][33]", padded, 1, 1, 1, 1},
		{"row", row, 1, 1, 1, 1},
		{"one word", same, 1, 1, 1, 1},
	} {
		for arch, ways := range map[gpu.Arch]int{gpu.SM10: tc.sm10, gpu.SM20: tc.sm20, gpu.SM35: tc.sm35, gpu.SM90: tc.sm90} {
			assert.Equal(t, ways, arch.Shared(tc.w).Ways, "%s on %v", tc.name, arch)
		}
	}
	// Nsight Compute on 7.0+: the column read is 32 wavefronts, 31 conflicts.
	c := gpu.SM70.Shared(column)
	assert.Equal(t, 32, c.Transactions)
	assert.Equal(t, 31, c.Conflicts())
	// On 1.x a warp is two half-warps of 16 serialized steps each.
	assert.Equal(t, 32, gpu.SM10.Shared(column).Transactions)
}

// TestSharedStrides: "there will be no bank conflict only if s is odd";
// stride 2 is two-way (PG Fig. 39).
func TestSharedStrides(t *testing.T) {
	for s, ways := range map[int]int{1: 1, 2: 2, 3: 1, 4: 4, 8: 8, 16: 16, 17: 1} {
		assert.Equal(t, ways, gpu.SM90.Shared(warpOf(func(t int) int { return s * t })).Ways, "stride %d", s)
	}
}
