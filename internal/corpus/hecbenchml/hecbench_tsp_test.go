package hecbenchml

import (
	"math"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// tspBestThreadCount is main.cu's best_thread_count.
func tspBestThreadCount(cities int) int {
	maxT := min(cities-2, 256)
	best, bthr := 0, 4
	for threads := 1; threads <= maxT; threads++ {
		smem := 4*threads + 2*4*tspTilesize + 4*tspTilesize
		blocks := min((16384*2)/smem, 16)
		thr := (threads + 31) / 32 * 32
		for blocks*thr > 2048 {
			blocks--
		}
		if perf := threads * blocks; perf > best {
			best, bthr = perf, threads
		}
	}
	return bthr
}

// TestTwoOpt runs TwoOpt on 150 random cities with 3 climbers and the
// block size of main.cu's best_thread_count, and checks what does not
// depend on the order of the non-deterministic winners: each block ends
// with a permutation of the cities that starts at city 0 and closes the
// tour, no 2-opt move (under the kernel's integer distances) shortens
// it, and best is the shortest of the blocks' tour lengths.
func TestTwoOpt(t *testing.T) {
	const cities, restarts = 150, 3
	r := rng(cities, restarts)
	posx, posy := make([]float32, cities), make([]float32, cities)
	for i := range posx {
		posx[i], posy[i] = 1000*r.Float32(), 1000*r.Float32()
	}
	threads := tspBestThreadCount(cities)
	stride := (3*cities + 2 + 31) / 32 * 32
	got := both(t, func(f form) ([]int32, error) {
		glob := make([]int32, restarts*stride)
		climbs, best := []int32{0}, []int32{math.MaxInt32}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: restarts}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * threads},
			TwoOptKernel(cities, posx, posy, glob, climbs, best))
		return append(glob, best[0]), err
	})
	type pt struct{ x, y float32 }
	all := make([]pt, cities)
	for i := range cities {
		all[i] = pt{posx[i], posy[i]}
	}
	cmpPt := func(a, b pt) int { return cmpF(float64(a.x)*1e4+float64(a.y), float64(b.x)*1e4+float64(b.y)) }
	slices.SortFunc(all, cmpPt)
	for fi, g := range got {
		best := math.MaxInt
		for b := range restarts {
			px := asFloat32(g[b*stride+cities:])
			py := px[cities+1:]
			tour := make([]pt, cities)
			for i := range cities {
				tour[i] = pt{px[i], py[i]}
			}
			if tour[0] != (pt{posx[0], posy[0]}) {
				t.Errorf("%s block %d: the tour does not start at city 0", forms[fi].name, b)
			}
			if px[cities] != px[0] || py[cities] != py[0] {
				t.Errorf("%s block %d: the tour is not closed", forms[fi].name, b)
			}
			slices.SortFunc(tour, cmpPt)
			if !slices.Equal(all, tour) {
				t.Fatalf("%s block %d: the tour is not a permutation of the cities", forms[fi].name, b)
			}
			length := 0
			for i := range cities {
				length += tspDist(px, py, i, i+1)
			}
			best = min(best, length)
			for i := 0; i < cities-2; i++ {
				for j := i + 2; j < cities; j++ {
					change := -tspDist(px, py, i, i+1) - tspDist(px, py, j, j+1) + tspDist(px, py, i, j) + tspDist(px, py, i+1, j+1)
					if change < 0 {
						t.Fatalf("%s block %d: moving (%d, %d) shortens the tour by %d", forms[fi].name, b, i, j, -change)
					}
				}
			}
		}
		if int(g[len(g)-1]) != best {
			t.Errorf("%s: best = %d, want %d", forms[fi].name, g[len(g)-1], best)
		}
	}
}
