package teaching

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCbeRay traces 20 random spheres on a 64×64 image, as ray.cu's main
// draws them (scaled to the image), and compares with the host's tracer.
func TestCbeRay(t *testing.T) {
	const dim = 64
	r := rng(dim)
	s := make([]Sphere, spheres)
	for i := range s {
		s[i] = Sphere{
			R: r.Float32(), G: r.Float32(), B: r.Float32(),
			X: float32(dim)*r.Float32() - dim/2, Y: float32(dim)*r.Float32() - dim/2, Z: float32(dim)*r.Float32() - dim/2,
			Radius: float32(dim)/10*r.Float32() + 2,
		}
	}
	got := agree(t, func(f form) ([]uint8, error) {
		ptr := make([]uint8, 4*dim*dim)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: dim / 16, Y: dim / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}, RayKernel(s, ptr, dim))
		return ptr, err
	})
	lit := 0
	for y := range dim {
		for x := range dim {
			ox, oy := float32(x-dim/2), float32(y-dim/2)
			var cr, cg, cb float32
			maxz := float32(-rayINF)
			for _, sp := range s {
				dx, dy := ox-sp.X, oy-sp.Y
				if dx*dx+dy*dy < sp.Radius*sp.Radius {
					dz := sqrtf(sp.Radius*sp.Radius - dx*dx - dy*dy)
					if dz+sp.Z > maxz {
						n := dz / sqrtf(sp.Radius*sp.Radius)
						cr, cg, cb, maxz = sp.R*n, sp.G*n, sp.B*n, dz+sp.Z
					}
				}
			}
			if maxz > -rayINF {
				lit++
			}
			o := 4 * (x + y*dim)
			require.Equal(t, []uint8{uint8(int(cr * 255)), uint8(int(cg * 255)), uint8(int(cb * 255)), 255}, got[o:o+4], "pixel %d,%d", x, y)
		}
	}
	require.Positive(t, lit, "no sphere hit")
}

// heatStep is one step of the heat equation on the host, edges clamped.
func heatStep(in []float32, dim int) []float32 {
	at := func(x, y int) float32 {
		return in[min(max(y, 0), dim-1)*dim+min(max(x, 0), dim-1)]
	}
	out := make([]float32, dim*dim)
	for y := range dim {
		for x := range dim {
			c := at(x, y)
			out[y*dim+x] = c + speed*(at(x, y-1)+at(x, y+1)+at(x+1, y)+at(x-1, y)-4*c)
		}
	}
	return out
}

// heatInputs are heat.cu's initial conditions on a dim×dim grid: a
// rectangle of heaters at MAX_TEMP and a few single cells, MIN_TEMP and
// MAX_TEMP.
func heatInputs(dim int) []float32 {
	src := make([]float32, dim*dim)
	for i := range src {
		x, y := i%dim, i/dim
		if x > dim*3/10 && x < dim*6/10 && y > dim*31/100 && y < dim*6/10 {
			src[i] = 1.0
		}
	}
	src[dim*dim/10+dim/10] = (1.0 + 0.0001) / 2
	src[dim*7/10+dim/10] = 0.0001
	src[dim*3/10+dim*3/10] = 0.0001
	src[dim*2/10+dim*7/10] = 0.0001
	return src
}

// TestCbeHeat runs 30 steps of heat.cu's animation loop (copy_const_kernel
// then blend_kernel, alternating the textures), in the 1D and in the 2D
// textures' version, and float_to_color on the result, against the host.
func TestCbeHeat(t *testing.T) {
	const dim, steps = 48, 30
	src := heatInputs(dim)
	want := make([]float32, dim*dim)
	for range steps {
		for i, c := range src {
			if c != 0 {
				want[i] = c
			}
		}
		want = heatStep(want, dim)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: dim / 16, Y: dim / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}
	for _, twoD := range []bool{false, true} {
		name := "1D"
		if twoD {
			name = "2D"
		}
		t.Run(name, func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				inSrc, outSrc := make([]float32, dim*dim), make([]float32, dim*dim)
				dstOut := true
				for range steps {
					in, out := inSrc, outSrc
					if !dstOut {
						in, out = outSrc, inSrc
					}
					k := CopyConstKernel(in, src)
					if twoD {
						k = CopyConst2DKernel(in, src, dim)
					}
					if err := f.launch(cfg, k); err != nil {
						return nil, err
					}
					k = BlendKernel(out, dstOut, inSrc, outSrc, dim)
					if twoD {
						k = Blend2DKernel(out, dstOut, inSrc, outSrc, dim)
					}
					if err := f.launch(cfg, k); err != nil {
						return nil, err
					}
					dstOut = !dstOut
				}
				return inSrc, nil
			})
			nearSlice(t, want, got, 1e-5, "heat %s", name)
		})
	}
	colors := agree(t, func(f form) ([]uint8, error) {
		optr := make([]uint8, 4*dim*dim)
		return optr, f.launch(cfg, FloatToColorKernel(optr, want))
	})
	for i, l := range want {
		h := (180 + int(360.0*l)) % 360
		var m2 float32
		if l <= 0.5 {
			m2 = l * 2
		} else {
			m2 = l + 1 - l
		}
		m1 := 2*l - m2
		require.Equal(t, []uint8{value(m1, m2, h+120), value(m1, m2, h), value(m1, m2, h-120), 255}, colors[4*i:4*i+4], "pixel %d", i)
	}
}

// TestCbeHisto histograms random bytes with both of chapter 9's kernels,
// launched as the book launches them (256 threads, twice the
// multiprocessors' count of blocks: here 8), and compares with the host's
// count.
func TestCbeHisto(t *testing.T) {
	const size = 100 * 1024
	r := rng(size)
	buffer := make([]uint8, size)
	for i := range buffer {
		buffer[i] = uint8(r.UintN(256))
	}
	want := make([]uint32, 256)
	for _, v := range buffer {
		want[v]++
	}
	for _, shared := range []bool{false, true} {
		got := agree(t, func(f form) ([]uint32, error) {
			histo := make([]uint32, 256)
			k := HistoGmemKernel(buffer, size, histo)
			if shared {
				k = HistoShmemKernel(buffer, size, histo)
			}
			return histo, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 256}}, k)
		})
		require.Equal(t, want, got, "shared %v", shared)
	}
}
