package rodinia_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// TestStreamcluster: Streamcluster on both paths, and
// StreamclusterParallel, leave the cost, the number of centres and every
// point's centre and cost StreamclusterSerial leaves, bit for bit (the
// kernel's costs have the same operations in the same order), for one
// block of points with few dimensions to several blocks with many, and
// for all points feasible (kmin small) or a drawn sample.
func TestStreamcluster(t *testing.T) {
	cases := []struct{ num, dim, kmin, kmax int }{{100, 2, 2, 4}, {600, 5, 3, 6}, {1500, 32, 5, 10}, {3000, 8, 10, 20}}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, c := range cases {
			t.Run(fmt.Sprintf("points=%d/dim=%d/k=%d-%d", c.num, c.dim, c.kmin, c.kmax), func(t *testing.T) {
				want := rodinia.StreamclusterInput(c.num, c.dim, seed)
				wantCost, wantK := rodinia.StreamclusterSerial(want, c.kmin, c.kmax, seed)

				got := rodinia.StreamclusterInput(c.num, c.dim, seed)
				cost, k, err := rodinia.Streamcluster(dev, got, c.kmin, c.kmax, seed)
				require.NoError(t, err)
				require.Equal(t, wantCost, cost, "cost")
				require.Equal(t, wantK, k, "centres")
				require.Equal(t, want.P, got.P, "points")

				par := rodinia.StreamclusterInput(c.num, c.dim, seed)
				parCost, parK := rodinia.StreamclusterParallel(par, c.kmin, c.kmax, seed)
				require.Equal(t, []any{wantCost, wantK, want.P}, []any{parCost, parK, par.P}, "StreamclusterParallel")
			})
		}
	})
}

// scDist64 is the squared distance of points i and j of s in float64.
func scDist64(s *rodinia.StreamclusterPoints, i, j int) float64 {
	var d float64
	for k := range s.Dim {
		x := float64(s.Coord[i*s.Dim+k]) - float64(s.Coord[j*s.Dim+k])
		d += x * x
	}
	return d
}

// TestStreamclusterComputeCostKernel: kernel_compute_cost's rows checked
// against the distances in float64 for points assigned to three centres
// (weights not all 1), on a grid with blocks past the points.
func TestStreamclusterComputeCostKernel(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		const num, dim, x = 700, 6, 350
		s := rodinia.StreamclusterInput(num, dim, seed)
		centres := []int{0, 200, 500}
		centerTable := make([]int32, num)
		for c, i := range centres {
			centerTable[i] = int32(c)
		}
		for i := range s.P {
			s.P[i].Weight = float32(1 + i%3)
			s.P[i].Assign = centres[i%len(centres)]
			s.P[i].Cost = float32(scDist64(s, i, s.P[i].Assign)) * s.P[i].Weight
		}
		coord := make([]float32, num*dim)
		for i := range num {
			for d := range dim {
				coord[d*num+i] = s.Coord[i*dim+d]
			}
		}
		K, stride := len(centres), len(centres)+1
		workMem, switched := make([]float32, stride*(num+1)), make([]bool, num)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 2}, Block: gocuda.Dim3{X: rodinia.StreamclusterThreads}}
		require.NoError(t, dev.Launch(cfg, rodinia.StreamclusterComputeCostKernel(num, dim, x, s.P, K, stride, coord, workMem, centerTable, switched)))
		for i, p := range s.P {
			xCost := scDist64(s, i, x) * float64(p.Weight)
			row := make([]float64, stride)
			if xCost < float64(p.Cost) {
				row[K] = xCost - float64(p.Cost)
			} else {
				row[centerTable[p.Assign]] = float64(p.Cost) - xCost
			}
			require.Equal(t, xCost < float64(p.Cost), switched[i], "point %d switches", i)
			for c := range stride {
				require.InDelta(t, row[c], workMem[i*stride+c], 1e-5*(1+math.Abs(row[c])), "point %d, column %d", i, c)
			}
		}
		require.Equal(t, make([]float32, stride), workMem[num*stride:], "the row past the points")
	})
}

// TestStreamclusterSerial: the solution StreamclusterSerial leaves is
// consistent: each point's cost is its weight times its squared distance
// to its centre, each centre is its own, there are between 1 and
// the number of points centres, and the returned cost is z·k plus the
// points' costs, z half the points' costs to the first, halved again
// each time speedy opened too few centres.
func TestStreamclusterSerial(t *testing.T) {
	s := rodinia.StreamclusterInput(2000, 10, seed)
	cost, k := rodinia.StreamclusterSerial(s, 5, 10, seed)
	var hiz, sum float64
	for i, p := range s.P {
		hiz += scDist64(s, i, 0)
		require.InDelta(t, scDist64(s, i, p.Assign)*float64(p.Weight), float64(p.Cost), 1e-5, "point %d", i)
		require.Equal(t, p.Assign, s.P[p.Assign].Assign, "point %d's centre %d is its own", i, p.Assign)
		sum += float64(p.Cost)
	}
	centres := make(map[int]bool)
	for _, p := range s.P {
		centres[p.Assign] = true
	}
	require.GreaterOrEqual(t, k, len(centres))
	require.Greater(t, len(centres), 1)
	found := false
	for z := hiz / 2; z > 1e-3 && !found; z /= 2 { // z halved while speedy opened too few
		found = math.Abs(z*float64(k)+sum-float64(cost)) < 1e-4*float64(cost)
	}
	require.True(t, found, "cost %v is z·%d + %v for no z = %v/2^m", cost, k, sum, hiz)
}

// TestStreamclusterErrors: bad arguments, and fewer distinct points than
// kmin (where Rodinia loops forever), are errors matching
// gocuda.ErrInvalidValue, and panics for the baselines.
func TestStreamclusterErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	s := rodinia.StreamclusterInput(20, 3, seed)
	short := *s
	short.Coord = s.Coord[:10]
	for name, c := range map[string]struct {
		s          *rodinia.StreamclusterPoints
		kmin, kmax int
	}{
		"nil points":   {nil, 2, 4},
		"short coords": {&short, 2, 4},
		"kmin":         {s, 1, 4},
		"kmax < kmin":  {s, 5, 4},
		"kmax":         {s, 2, 20},
	} {
		_, _, err := rodinia.Streamcluster(dev, c.s, c.kmin, c.kmax, seed)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, name)
	}
	few := rodinia.StreamclusterInput(20, 3, seed)
	for i := range few.Num { // three distinct points
		copy(few.Coord[i*few.Dim:][:few.Dim], s.Coord[i%3*s.Dim:][:s.Dim])
	}
	_, _, err := rodinia.Streamcluster(dev, few, 5, 10, seed)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "fewer distinct points than kmin")
	require.Panics(t, func() { rodinia.StreamclusterSerial(few, 5, 10, seed) })
	_, _, err = rodinia.Streamcluster(nil, s, 2, 4, seed)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue, "nil device")
	require.Panics(t, func() { rodinia.StreamclusterSerial(&short, 2, 4, seed) })
	require.Panics(t, func() { rodinia.StreamclusterParallel(s, 2, 20, seed) })
	require.True(t, slices.Equal(s.Coord, rodinia.StreamclusterInput(20, 3, seed).Coord), "the input is deterministic")
}
