//go:build goexperiment.simd && amd64

package lanes_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"simd/archsimd"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled/lanes"
	"github.com/gocuda/gocuda/compiled/lanes/internal/portable"
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

// TestMethodSets checks that every method of the portable types is
// archsimd's, with the same signature, so that code written against
// lanes builds in both builds.
func TestMethodSets(t *testing.T) {
	pairs := [][2]reflect.Type{}
	add := func(p, a reflect.Type) { pairs = append(pairs, [2]reflect.Type{p, a}) }
	add(reflect.TypeFor[portable.Float32x8](), reflect.TypeFor[archsimd.Float32x8]())
	add(reflect.TypeFor[portable.Int32x8](), reflect.TypeFor[archsimd.Int32x8]())
	add(reflect.TypeFor[portable.Uint32x8](), reflect.TypeFor[archsimd.Uint32x8]())
	add(reflect.TypeFor[portable.Int32x4](), reflect.TypeFor[archsimd.Int32x4]())
	add(reflect.TypeFor[portable.Float64x4](), reflect.TypeFor[archsimd.Float64x4]())
	add(reflect.TypeFor[portable.Int64x4](), reflect.TypeFor[archsimd.Int64x4]())
	add(reflect.TypeFor[portable.Uint64x4](), reflect.TypeFor[archsimd.Uint64x4]())
	add(reflect.TypeFor[portable.Float32x4](), reflect.TypeFor[archsimd.Float32x4]())
	add(reflect.TypeFor[portable.Float64x2](), reflect.TypeFor[archsimd.Float64x2]())
	add(reflect.TypeFor[portable.Int64x2](), reflect.TypeFor[archsimd.Int64x2]())
	add(reflect.TypeFor[portable.Float32x16](), reflect.TypeFor[archsimd.Float32x16]())
	add(reflect.TypeFor[portable.Int32x16](), reflect.TypeFor[archsimd.Int32x16]())
	add(reflect.TypeFor[portable.Uint32x16](), reflect.TypeFor[archsimd.Uint32x16]())
	add(reflect.TypeFor[portable.Mask32x8](), reflect.TypeFor[archsimd.Mask32x8]())
	add(reflect.TypeFor[portable.Mask32x4](), reflect.TypeFor[archsimd.Mask32x4]())
	add(reflect.TypeFor[portable.Mask64x4](), reflect.TypeFor[archsimd.Mask64x4]())
	add(reflect.TypeFor[portable.Mask64x2](), reflect.TypeFor[archsimd.Mask64x2]())
	add(reflect.TypeFor[portable.Mask32x16](), reflect.TypeFor[archsimd.Mask32x16]())
	for _, pa := range pairs {
		p, a := pa[0], pa[1]
		for i := range p.NumMethod() {
			m := p.Method(i)
			if m.Name == "AddMulSlice" {
				continue // the function's old form, portable only
			}
			am, ok := a.MethodByName(m.Name)
			if !assert.True(t, ok, "archsimd.%s has no %s", a.Name(), m.Name) {
				continue
			}
			got := strings.ReplaceAll(m.Type.String(), "portable.", "archsimd.")
			assert.Equal(t, am.Type.String(), got, "%s.%s", a.Name(), m.Name)
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
			acc[i], s[i] = genFloat32(r), genFloat32(r)
		}
		y := genFloat32(r)
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
