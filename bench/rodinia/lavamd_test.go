package rodinia_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// lavaMDTol is the relative tolerance of LavaMD's comparisons with
// LavaMDSerial. Every particle gets the same operations in the same order
// in the kernel and the reference, in float64, and the results are equal
// bit for bit on amd64; the tolerance allows only for FMA fusion, as
// hotspotTol does.
const lavaMDTol = 1e-12

// TestLavaMD: LavaMD on both paths, and LavaMDParallel, compute the forces
// LavaMDSerial computes, for one box (no neighbours), two per side (every
// box a corner) and three (a box with all 26 neighbours).
func TestLavaMD(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, boxes1d := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("boxes1d=%d", boxes1d), func(t *testing.T) {
				s, err := rodinia.NewLavaMDSystem(boxes1d, seed)
				require.NoError(t, err)
				want := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
				rodinia.LavaMDSerial(s, want)

				got := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
				got[0].V = 1 // LavaMD zeroes fv first
				require.NoError(t, rodinia.LavaMD(dev, s, got))
				require.NoError(t, gocudatest.Close(lavaMDFlat(got), lavaMDFlat(want), lavaMDTol), "LavaMD")

				par := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
				rodinia.LavaMDParallel(s, par)
				require.Equal(t, want, par, "LavaMDParallel")
			})
		}
	})
}

// TestLavaMDKernelExtraBlocks: blocks past the last box skip the whole
// kernel, barriers included (its if around them is the same for the
// block), and leave the result as LavaMD's.
func TestLavaMDKernelExtraBlocks(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		s, err := rodinia.NewLavaMDSystem(2, seed)
		require.NoError(t, err)
		want := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
		rodinia.LavaMDSerial(s, want)
		got := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: s.Dim.NumberBoxes + 3}, Block: gocuda.Dim3{X: rodinia.LavaMDThreads}}
		require.NoError(t, dev.Launch(cfg, rodinia.LavaMDKernel(s.Par, s.Dim, s.Boxes, s.RV, s.QV, got)))
		require.NoError(t, gocudatest.Close(lavaMDFlat(got), lavaMDFlat(want), lavaMDTol))
	})
}

// TestLavaMDSerial: LavaMDSerial's sums checked against the formula of
// kernel_gpu_cuda written out directly over every pair of particles in
// neighbouring boxes, and the neighbours counted.
func TestLavaMDSerial(t *testing.T) {
	s, err := rodinia.NewLavaMDSystem(3, seed)
	require.NoError(t, err)
	require.Equal(t, 26, s.Boxes[13].NN, "the middle box")
	require.Equal(t, 7, s.Boxes[0].NN, "a corner box")
	got := make([]rodinia.LavaMDVector, s.Dim.SpaceElem)
	rodinia.LavaMDSerial(s, got)

	a2 := 2 * s.Par.Alpha * s.Par.Alpha
	box := func(p int) (x, y, z int) { b := s.Boxes[p/rodinia.LavaMDParPerBox]; return b.X, b.Y, b.Z }
	for _, i := range []int{0, 99, 1350, 2699} {
		var want rodinia.LavaMDVector
		xi, yi, zi := box(i)
		for j, b := range s.RV {
			xj, yj, zj := box(j)
			if abs(xi-xj) > 1 || abs(yi-yj) > 1 || abs(zi-zj) > 1 {
				continue
			}
			a := s.RV[i]
			v := math.Exp(-a2 * (a.V + b.V - (a.X*b.X + a.Y*b.Y + a.Z*b.Z)))
			want.V += s.QV[j] * v
			want.X += s.QV[j] * 2 * v * (a.X - b.X)
			want.Y += s.QV[j] * 2 * v * (a.Y - b.Y)
			want.Z += s.QV[j] * 2 * v * (a.Z - b.Z)
		}
		require.NoError(t, gocudatest.Close(lavaMDFlat(got[i:i+1]), lavaMDFlat([]rodinia.LavaMDVector{want}), 1e-9), "particle %d", i)
	}
}

// TestLavaMDErrors: bad arguments are errors matching
// gocuda.ErrInvalidValue.
func TestLavaMDErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	_, err := rodinia.NewLavaMDSystem(0, seed)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "no boxes")
	fv := make([]rodinia.LavaMDVector, 8*rodinia.LavaMDParPerBox)
	for name, broken := range map[string]func(s *rodinia.LavaMDSystem){
		"short RV":      func(s *rodinia.LavaMDSystem) { s.RV = s.RV[:10] },
		"boxes":         func(s *rodinia.LavaMDSystem) { s.Dim.NumberBoxes = 9 },
		"offset":        func(s *rodinia.LavaMDSystem) { s.Boxes[3].Offset = 750 },
		"neighbour":     func(s *rodinia.LavaMDSystem) { s.Boxes[1].Nei[0].Number = 8 },
		"neighbours":    func(s *rodinia.LavaMDSystem) { s.Boxes[1].NN = 27 },
		"negative nei":  func(s *rodinia.LavaMDSystem) { s.Boxes[2].Nei[6].Number = -1 },
		"nil system":    nil,
		"unset element": func(s *rodinia.LavaMDSystem) { s.Dim.SpaceElem = 0 },
	} {
		var s *rodinia.LavaMDSystem
		if broken != nil {
			s, err = rodinia.NewLavaMDSystem(2, seed)
			require.NoError(t, err)
			broken(s)
		}
		require.ErrorIs(t, rodinia.LavaMD(dev, s, fv), gocuda.ErrInvalidValue, name)
	}
	s, err := rodinia.NewLavaMDSystem(2, seed)
	require.NoError(t, err)
	require.ErrorIs(t, rodinia.LavaMD(nil, s, fv), gocuda.ErrInvalidValue, "nil device")
	require.ErrorIs(t, rodinia.LavaMD(dev, s, fv[:5]), gocuda.ErrInvalidValue, "short fv")
	require.Panics(t, func() { rodinia.LavaMDSerial(s, fv[:5]) })
}

// lavaMDFlat returns the components of vs one after another.
func lavaMDFlat(vs []rodinia.LavaMDVector) []float64 {
	out := make([]float64, 0, 4*len(vs))
	for _, v := range vs {
		out = append(out, v.V, v.X, v.Y, v.Z)
	}
	return out
}

func abs(x int) int { return max(x, -x) }
