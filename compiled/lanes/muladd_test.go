//go:build !(goexperiment.simd && amd64)

package lanes_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled/lanes"
)

func TestAddMulSlice(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		acc, s := make([]float32, 8), make([]float32, 9)
		for i := range acc {
			acc[i] = float32x8.gen(r)
		}
		for i := range s {
			s[i] = float32x8.gen(r)
		}
		y := float32x8.gen(r)
		sum := lanes.LoadFloat32x8Slice(acc)
		got := float32x8.lanesOf(lanes.AddMulSlice(sum, y, s[1:]))
		want := float32x8.lanesOf(sum.Add(lanes.BroadcastFloat32x8(y).Mul(lanes.LoadFloat32x8Slice(s[1:]))))
		for i := range got {
			assert.True(t, float32x8.same(got[i], want[i]), "lane %d: %v, want %v", i, got[i], want[i])
			assert.True(t, float32x8.same(got[i], acc[i]+y*s[1+i]), "lane %d: %v, want the scalar %v", i, got[i], acc[i]+y*s[1+i])
		}
	}
	assert.Panics(t, func() { lanes.AddMulSlice(lanes.BroadcastFloat32x8(1), 2, make([]float32, 7)) }, "seven elements")
}

// TestAddMulSliceInlines checks that AddMulSlice stays within Go's
// inlining budget: called, it would cost a call a trip with every sum
// spilled, more than it saves.
func TestAddMulSliceInlines(t *testing.T) {
	assert.Regexp(t, regexp.MustCompile(`can inline AddMulSlice`), buildM(t))
}
