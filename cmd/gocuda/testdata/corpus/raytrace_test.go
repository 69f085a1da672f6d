package corpus

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// TestRender runs Render on 4×2 blocks of 8×4 threads and compares each
// pixel with the same computation on the host.
func TestRender(t *testing.T) {
	const maxX, maxY, ns = 32, 8, 4
	fb, states := make([]vec3, maxX*maxY), make([]randState, maxX*maxY)
	for k := range states {
		states[k] = randState(k*2654435761 + 1)
	}
	want := make([]vec3, len(fb))
	for j := range maxY {
		for i := range maxX {
			rs := states[j*maxX+i]
			var sum [3]float64
			for range ns {
				c := sample(i, j, rs.uniform())
				for k := range sum {
					sum[k] += float64(c.e[k])
				}
			}
			for k := range sum {
				want[j*maxX+i].e[k] = float32(math.Sqrt(sum[k] / ns))
			}
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4, Y: 2}, Block: gocuda.Dim3{X: 8, Y: 4}}
	if err := gocudatest.NewDevice(t).Launch(cfg, func(th *gocuda.Thread) { Render(th, fb, states, maxX, maxY, ns) }); err != nil {
		t.Fatal(err)
	}
	for k := range fb {
		for c := range 3 {
			if !near(float64(fb[k].e[c]), float64(want[k].e[c]), 1e-5) {
				t.Fatalf("fb[%d] = %v, want %v", k, fb[k], want[k])
			}
		}
	}
}

// TestRenderRaces runs RenderRaces on 4 blocks of 32 threads: each row's
// pixel is divided by ns once per thread.
func TestRenderRaces(t *testing.T) {
	fb := make([]vec3, 4)
	for k := range fb {
		fb[k] = vec3{[3]float32{1, 2, 4}}
	}
	launch(t, gocudatest.NewDevice(t), x1(4), x1(32), func(th *gocuda.Thread) { RenderRaces(th, fb, 2) })
	if fb[0].e[2] >= 4 {
		t.Fatalf("fb[0] = %v, not divided", fb[0])
	}
}
