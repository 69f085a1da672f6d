package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gpu"
)

// warpOf returns the warp whose lane t loads the 4-byte float at word
// index(t) from a 256-byte aligned base.
func warpOf(index func(t int) int) gpu.Warp {
	var w gpu.Warp
	for t := range w {
		w[t] = gpu.Lane{Active: true, Addr: 1<<20 + uint64(4*index(t)), Size: 4}
	}
	return w
}

// TestGlobalWorkedExamples reproduces GPU-MODELS.md §1.3: transactions
// and bytes of one warp's float loads, per architecture generation.
func TestGlobalWorkedExamples(t *testing.T) {
	type cost struct{ transactions, bytes int }
	patterns := []struct {
		name                         string
		index                        func(t int) int
		sm10, sm13, sm20, sm70, sm90 cost
	}{
		{"stride 1", func(t int) int { return t }, cost{2, 128}, cost{2, 128}, cost{1, 128}, cost{4, 128}, cost{4, 128}},
		{"stride 2", func(t int) int { return 2 * t }, cost{32, 1024}, cost{2, 256}, cost{2, 256}, cost{8, 256}, cost{8, 256}},
		{"misaligned by one", func(t int) int { return t + 1 }, cost{32, 1024}, cost{3, 224}, cost{2, 256}, cost{5, 160}, cost{5, 160}},
		{"distinct lines", func(t int) int { return 32 * t }, cost{32, 1024}, cost{32, 1024}, cost{32, 4096}, cost{32, 1024}, cost{32, 1024}},
		{"one word", func(int) int { return 0 }, cost{32, 1024}, cost{2, 64}, cost{1, 128}, cost{1, 32}, cost{1, 32}},
	}
	for _, p := range patterns {
		w := warpOf(p.index)
		for arch, want := range map[gpu.Arch]cost{gpu.SM10: p.sm10, gpu.SM13: p.sm13, gpu.SM20: p.sm20, gpu.SM70: p.sm70, gpu.SM90: p.sm90} {
			got := arch.Global(w)
			assert.Equal(t, want, cost{got.Transactions, got.Bytes}, "%s on %v", p.name, arch)
			assert.Equal(t, 128, got.UsefulBytes, "%s on %v", p.name, arch)
		}
	}
}

// TestGlobalDivergent: inactive lanes take no part; on 1.0 a divergent
// half-warp still coalesces ("even if the warp is divergent").
func TestGlobalDivergent(t *testing.T) {
	w := warpOf(func(t int) int { return t })
	for t := range w {
		w[t].Active = t%2 == 0
	}
	assert.Equal(t, 2, gpu.SM10.Global(w).Transactions)
	assert.Equal(t, 4, gpu.SM90.Global(w).Transactions)
	assert.Equal(t, 64, gpu.SM90.Global(w).UsefulBytes)
	assert.Equal(t, gpu.GlobalCount{}, gpu.SM90.Global(gpu.Warp{}))
}
