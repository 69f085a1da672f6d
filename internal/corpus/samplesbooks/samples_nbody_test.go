package samplesbooks

import (
	"math"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// nbodyRef is one step of the sample's CPU body system (bodysystemcpu's
// _computeNBodyGravitation and _integrateNBodySystem), in float64.
func nbodyRef[T nbodyReal](pos, vel []Vec4[T], dt, damping, soft2 float64) (newPos, newVel []Vec4[float64]) {
	n := len(pos)
	newPos, newVel = make([]Vec4[float64], n), make([]Vec4[float64], n)
	for i := range n {
		var a [3]float64
		for j := range n {
			r := [3]float64{float64(pos[j].X - pos[i].X), float64(pos[j].Y - pos[i].Y), float64(pos[j].Z - pos[i].Z)}
			d2 := r[0]*r[0] + r[1]*r[1] + r[2]*r[2] + soft2
			s := float64(pos[j].W) / (d2 * math.Sqrt(d2))
			for k := range 3 {
				a[k] += r[k] * s
			}
		}
		v := Vec4[float64]{(float64(vel[i].X) + a[0]*dt) * damping, (float64(vel[i].Y) + a[1]*dt) * damping, (float64(vel[i].Z) + a[2]*dt) * damping, float64(vel[i].W)}
		newVel[i] = v
		newPos[i] = Vec4[float64]{float64(pos[i].X) + v.X*dt, float64(pos[i].Y) + v.Y*dt, float64(pos[i].Z) + v.Z*dt, float64(pos[i].W)}
	}
	return newPos, newVel
}

// testIntegrateBodies runs one step of 512 random bodies in blocks of 128
// (numTiles = 4, dynamic shared memory a position a thread) on both paths
// against nbodyRef.
func testIntegrateBodies[T nbodyReal](t *testing.T, tol float64) {
	const n, block = 512, 128
	const dt, damping, soft2 = 0.016, 0.995, 0.01
	r := rng(n, int(unsafe.Sizeof(T(0))))
	pos, vel := make([]Vec4[T], n), make([]Vec4[T], n)
	for i := range pos {
		pos[i] = Vec4[T]{T(2*r.Float64() - 1), T(2*r.Float64() - 1), T(2*r.Float64() - 1), T(0.5 + r.Float64())}
		vel[i] = Vec4[T]{T(r.Float64() - 0.5), T(r.Float64() - 0.5), T(r.Float64() - 0.5), 1}
	}
	// The kernel takes deltaTime and damping as float32, the softening as T.
	wantPos, wantVel := nbodyRef(pos, vel, float64(float32(dt)), float64(float32(damping)), float64(T(soft2)))
	type res struct{ pos, vel []Vec4[T] }
	got := agree(t, func(f form) (res, error) {
		np, v := make([]Vec4[T], n), append([]Vec4[T](nil), vel...)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / block}, Block: gocuda.Dim3{X: block}, SharedMem: block * 4 * int(unsafe.Sizeof(T(0)))}
		return res{np, v}, f.launch(cfg, IntegrateBodiesKernel(np, pos, v, 0, n, dt, damping, n/block, T(soft2)))
	})
	flat := func(v []Vec4[T]) []float64 {
		out := make([]float64, 0, 4*len(v))
		for _, e := range v {
			out = append(out, float64(e.X), float64(e.Y), float64(e.Z), float64(e.W))
		}
		return out
	}
	flat64 := func(v []Vec4[float64]) []float64 {
		out := make([]float64, 0, 4*len(v))
		for _, e := range v {
			out = append(out, e.X, e.Y, e.Z, e.W)
		}
		return out
	}
	nearSlice(t, flat64(wantPos), flat(got.pos), tol, "positions")
	nearSlice(t, flat64(wantVel), flat(got.vel), tol, "velocities")
}

// TestIntegrateBodies runs integrateBodies<float> and integrateBodies<double>.
func TestIntegrateBodies(t *testing.T) {
	t.Run("float32", func(t *testing.T) { testIntegrateBodies[float32](t, 1e-4) })
	t.Run("float64", func(t *testing.T) { testIntegrateBodies[float64](t, 1e-10) })
}
