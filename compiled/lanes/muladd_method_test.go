//go:build !(goexperiment.simd && amd64)

package lanes_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// TestAddMulSliceMethod checks the method, which code generated before
// the function calls, against the function.
func TestAddMulSliceMethod(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		acc, s := make([]float32, 8), make([]float32, 8)
		for i := range acc {
			acc[i], s[i] = float32x8.gen(r), float32x8.gen(r)
		}
		y := float32x8.gen(r)
		sum := lanes.LoadFloat32x8Slice(acc)
		got, want := float32x8.lanesOf(sum.AddMulSlice(y, s)), float32x8.lanesOf(lanes.AddMulSlice(sum, y, s))
		for i := range got {
			assert.True(t, float32x8.same(got[i], want[i]), "lane %d: %v, want %v", i, got[i], want[i])
		}
	}
	assert.Regexp(t, regexp.MustCompile(`can inline portableFloat32x8\.AddMulSlice`), buildM(t))
}
