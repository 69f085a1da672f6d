package intrinsic_test

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

var sink32 float32

// benchInputs are 1024 float32s in [0.5, 2) with varied bits.
var benchInputs = func() []float32 {
	r := newRand(99)
	xs := make([]float32, 1024)
	for i := range xs {
		xs[i] = 0.5 + 1.5*r.Float32()
	}
	return xs
}()

// BenchmarkRounded compares the rounding-mode arithmetic with Go's own
// float32 operators (which round to nearest even).
func BenchmarkRounded(b *testing.B) {
	xs := benchInputs
	b.Run("add/go", func(b *testing.B) {
		var s float32
		for i := 0; b.Loop(); i++ {
			s += xs[i&1023] + xs[(i+1)&1023]
		}
		sink32 = s
	})
	for _, m := range modes {
		b.Run("add/"+m.String(), func(b *testing.B) {
			var s float32
			for i := 0; b.Loop(); i++ {
				s += intrinsic.FaddR(xs[i&1023], xs[(i+1)&1023], m)
			}
			sink32 = s
		})
	}
	for _, m := range []intrinsic.RoundingMode{intrinsic.RN, intrinsic.RZ} {
		b.Run("fma/"+m.String(), func(b *testing.B) {
			var s float32
			for i := 0; b.Loop(); i++ {
				s += intrinsic.FmaR(xs[i&1023], xs[(i+1)&1023], xs[(i+2)&1023], m)
			}
			sink32 = s
		})
		b.Run("div/"+m.String(), func(b *testing.B) {
			var s float32
			for i := 0; b.Loop(); i++ {
				s += intrinsic.FdivR(xs[i&1023], xs[(i+1)&1023], m)
			}
			sink32 = s
		})
	}
}

func BenchmarkFloat2Half(b *testing.B) {
	xs := benchInputs
	for _, m := range []intrinsic.RoundingMode{intrinsic.RN, intrinsic.RZ} {
		b.Run(m.String(), func(b *testing.B) {
			var s intrinsic.Half
			for i := 0; b.Loop(); i++ {
				s ^= intrinsic.Float2Half(xs[i&1023], m)
			}
			sink32 = float32(s)
		})
	}
	b.Run("Float32", func(b *testing.B) {
		var s float32
		for i := 0; b.Loop(); i++ {
			s += intrinsic.Half(i).Float32()
		}
		sink32 = s
	})
}

// BenchmarkFastMath puts each fast approximation next to the float32
// rounding of Go's float64 math function it stands for.
func BenchmarkFastMath(b *testing.B) {
	xs := benchInputs
	fns := []struct {
		name string
		fast func(float32) float32
		std  func(float64) float64
	}{
		{"sin", intrinsic.Sinf, math.Sin},
		{"cos", intrinsic.Cosf, math.Cos},
		{"exp", intrinsic.Expf, math.Exp},
		{"log", intrinsic.Logf, math.Log},
		{"rsqrt", intrinsic.Rsqrtf, func(x float64) float64 { return 1 / math.Sqrt(x) }},
	}
	for _, f := range fns {
		b.Run(f.name+"/intrinsic", func(b *testing.B) {
			var s float32
			for i := 0; b.Loop(); i++ {
				s += f.fast(xs[i&1023])
			}
			sink32 = s
		})
		b.Run(f.name+"/math", func(b *testing.B) {
			var s float32
			for i := 0; b.Loop(); i++ {
				s += float32(f.std(float64(xs[i&1023])))
			}
			sink32 = s
		})
	}
}
