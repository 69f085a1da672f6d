package hecbenchatok

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// ekGrid is a grid of xg×yg×zg blocks of 4×4×4 cells, stored block by block.
type ekGrid struct{ xg, yg, zg int }

// addr is the index of cell (x, y, z).
func (g ekGrid) addr(x, y, z int) int {
	const L = ekBlockLength
	blk := (z/L)*g.xg*g.yg + (y/L)*g.xg + x/L
	return blk*L*L*L + (z%L)*L*L + (y%L)*L + x%L
}

// sweep is the host's run_solver (iters sweeps) or run_check_neighbor's
// computing branch (one sweep, writing only valid cells) on block blk.
func (g ekGrid) sweep(blk, iters int, spd []float64, mask []bool, solIn, solOut []float64, con []bool, check bool) {
	const L = ekBlockLength
	bx, by, bz := blk%g.xg, blk/g.xg%g.yg, blk/(g.xg*g.yg)
	var s [L + 2][L + 2][L + 2]float64
	at := func(x, y, z, ox, oy, oz int) float64 { // the halo: the neighbour, or the cell at the grid's end
		nx, ny, nz := x+ox, y+oy, z+oz
		if nx < 0 || ny < 0 || nz < 0 || nx >= g.xg*L || ny >= g.yg*L || nz >= g.zg*L {
			return solIn[g.addr(x, y, z)]
		}
		return solIn[g.addr(nx, ny, nz)]
	}
	for tz := range L {
		for ty := range L {
			for tx := range L {
				x, y, z := bx*L+tx, by*L+ty, bz*L+tz
				s[tx+1][ty+1][tz+1] = solIn[g.addr(x, y, z)]
				switch tx {
				case 0:
					s[0][ty+1][tz+1] = at(x, y, z, -1, 0, 0)
				case L - 1:
					s[L+1][ty+1][tz+1] = at(x, y, z, 1, 0, 0)
				}
				switch ty {
				case 0:
					s[tx+1][0][tz+1] = at(x, y, z, 0, -1, 0)
				case L - 1:
					s[tx+1][L+1][tz+1] = at(x, y, z, 0, 1, 0)
				}
				switch tz {
				case 0:
					s[tx+1][ty+1][0] = at(x, y, z, 0, 0, -1)
				case L - 1:
					s[tx+1][ty+1][L+1] = at(x, y, z, 0, 0, 1)
				}
			}
		}
	}
	var oldT, newT [L][L][L]float64
	for range iters {
		for tz := range L {
			for ty := range L {
				for tx := range L {
					a := g.addr(bx*L+tx, by*L+ty, bz*L+tz)
					oldT[tx][ty][tz] = s[tx+1][ty+1][tz+1]
					newT[tx][ty][tz] = oldT[tx][ty][tz]
					if mask[a] {
						f := spd[a]
						if f > 0 {
							f = 1 / f
						}
						t := getTimeEikonal(min(s[tx][ty+1][tz+1], s[tx+2][ty+1][tz+1]),
							min(s[tx+1][ty][tz+1], s[tx+1][ty+2][tz+1]),
							min(s[tx+1][ty+1][tz], s[tx+1][ty+1][tz+2]), f)
						newT[tx][ty][tz] = min(t, oldT[tx][ty][tz])
					}
				}
			}
		}
		for tz := range L {
			for ty := range L {
				for tx := range L {
					if mask[g.addr(bx*L+tx, by*L+ty, bz*L+tz)] {
						s[tx+1][ty+1][tz+1] = newT[tx][ty][tz]
					}
				}
			}
		}
	}
	for tz := range L {
		for ty := range L {
			for tx := range L {
				a := g.addr(bx*L+tx, by*L+ty, bz*L+tz)
				con[a] = oldT[tx][ty][tz]-newT[tx][ty][tz] < ekEps
				if !check || mask[a] {
					solOut[a] = newT[tx][ty][tz]
				}
			}
		}
	}
}

// TestEikonal runs run_solver (3 sweeps) and run_reduction on 4 active
// blocks of a 12×8×8 grid (3×2×2 blocks), and run_check_neighbor on a list
// of the 4 and 3 more, against the same sweeps on the host.
func TestEikonal(t *testing.T) {
	g := ekGrid{3, 2, 2}
	const L, iters = ekBlockLength, 3
	n := g.xg * g.yg * g.zg * L * L * L
	r := rng(n)
	spd := make([]float64, n)
	mask := make([]bool, n)
	sol := make([]float64, n)
	for i := range n {
		spd[i] = 0.5 + 1.5*r.Float64()
		mask[i] = r.IntN(10) != 0
		sol[i] = ekInf
		if r.IntN(3) == 0 {
			sol[i] = 10 * r.Float64()
		}
	}
	active := []uint32{0, 5, 7, 11}
	list := []uint32{0, 5, 7, 11, 1, 4, 9}
	xdim, ydim, zdim := g.xg*L, g.yg*L, g.zg*L

	wantSol := append([]float64(nil), sol...)
	wantCon := make([]bool, n)
	for _, b := range active {
		g.sweep(int(b), iters, spd, mask, sol, wantSol, wantCon, false)
	}
	wantVol := make([]bool, len(active)+8)
	for _, b := range active {
		all := true
		for i := range L * L * L {
			all = all && wantCon[int(b)*L*L*L+i]
		}
		wantVol[b] = !all
	}
	wantSol2 := append([]float64(nil), wantSol...)
	wantCon2 := append([]bool(nil), wantCon...)
	for _, b := range list[len(active):] {
		g.sweep(int(b), 1, spd, mask, wantSol, wantSol2, wantCon2, true)
	}

	block := gocuda.Dim3{X: L, Y: L, Z: L}
	type result struct {
		sol, sol2 []float64
		con, con2 []bool
		vol       []bool
	}
	got := agree(t, func(f form) (result, error) {
		s1 := append([]float64(nil), sol...)
		con := make([]bool, n)
		vol := make([]bool, len(wantVol))
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len(active)}, Block: block},
			RunSolverKernel(spd, mask, sol, s1, con, active, xdim, ydim, zdim, iters, uint32(len(active)))); err != nil {
			return result{}, err
		}
		con1 := append([]bool(nil), con...)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len(active)}, Block: gocuda.Dim3{X: L, Y: L, Z: L / 2}},
			RunReductionKernel(con, vol, active, uint32(len(active)))); err != nil {
			return result{}, err
		}
		s2 := append([]float64(nil), s1...)
		return result{s1, s2, con1, con, vol}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len(list)}, Block: block},
			RunCheckNeighborKernel(spd, mask, s1, s2, con, list, xdim, ydim, zdim, uint32(len(active)), uint32(len(list))))
	})
	require.Equal(t, wantSol, got.sol, "run_solver")
	require.Equal(t, wantCon, got.con, "run_solver's con")
	require.Equal(t, wantVol, got.vol, "run_reduction")
	require.Equal(t, wantSol2, got.sol2, "run_check_neighbor")
	require.Equal(t, wantCon2, got.con2, "run_check_neighbor's con")
}
