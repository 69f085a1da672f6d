//go:build goexperiment.simd && amd64

package lanes_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// TestWrappersInline checks that every function of the SIMD build, a
// call of archsimd's, inlines: a call left would cost more than the
// instruction it wraps.
func TestWrappersInline(t *testing.T) {
	out := buildM(t)
	for _, f := range []string{"lanes_simd.go", "muladd_simd.go"} {
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				assert.Regexp(t, regexp.MustCompile(`(?m)can inline `+fd.Name.Name+`$`), out)
			}
		}
	}
}

// TestAddMulSliceScalar checks AddMulSlice against the scalar code's
// x + y*s[i], bit for bit but for NaNs' payloads: no fused
// multiply-add.
func TestAddMulSliceScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		acc, s := make([]float32, 8), make([]float32, 8)
		for i := range acc {
			acc[i], s[i] = lanes.GenFloat32(r), lanes.GenFloat32(r)
		}
		y := lanes.GenFloat32(r)
		got := make([]float32, 8)
		lanes.AddMulSlice(lanes.LoadFloat32x8Slice(acc), y, s).StoreSlice(got)
		for i := range got {
			want := acc[i] + y*s[i]
			if want != want && got[i] != got[i] {
				continue // which NaN, Go leaves unspecified
			}
			require.Equal(t, math.Float32bits(want), math.Float32bits(got[i]), "lane %d of %v + %v * %v", i, acc[i], y, s[i])
		}
	}
	require.Panics(t, func() { lanes.AddMulSlice(lanes.BroadcastFloat32x8(1), 2, make([]float32, 7)) }, "seven elements")
}
