package rodinia

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gocuda/gocuda/gocuda"
)

// The options of streamcluster_cuda_cpu.cpp.
const (
	scSP   = 1 // SP: repetitions of speedy
	scIter = 3 // ITER: local search runs ITER·k·ln k gains
)

// scGain is one pgain call's work: the candidate centre x, the number of
// centres k and its arrays, which computeCost fills as
// kernel_compute_cost does.
type scGain struct {
	x, k, stride     int
	workMem          []float32
	centerTable      []int32
	switchMembership []bool
}

// scProgram is the state of streamcluster_cuda_cpu.cpp's pkmedian: the
// points, the centres, and the cost computation of pgain (the kernel's
// launch or the baselines' loop).
type scProgram struct {
	s           *StreamclusterPoints
	r           *rand.Rand
	isCenter    []bool
	centerTable []int32
	computeCost func(*scGain) error
}

// lrand48()/(float)INT_MAX's numerator: a uniform long in [0, 2^31), as a
// float.
func lrand48(r *rand.Rand) float32 { return float32(r.Int32()) }

// scDist is dist of streamcluster_cuda_cpu.cpp: the squared distance of
// two points' coordinates.
func scDist(a, b []float32) float32 {
	var result float32
	for i := range a {
		result += (a[i] - b[i]) * (a[i] - b[i])
	}
	return result
}

// streamclusterPKMedian runs pkmedian up to its first local search with
// computeCost as pgain's cost computation; it returns the cost, the
// number of centres and computeCost's first error.
func streamclusterPKMedian(s *StreamclusterPoints, kmin, kmax int, seed uint64, computeCost func(*scGain) error) (float32, int, error) {
	pr := &scProgram{s: s, r: newRand(seed), isCenter: make([]bool, s.Num), centerTable: make([]int32, s.Num), computeCost: computeCost}
	var hiz, loz float32
	p0 := s.Coord[:s.Dim]
	for kk := range s.Num {
		hiz += scDist(s.Coord[kk*s.Dim:][:s.Dim], p0) * s.P[kk].Weight
	}
	z := float32(float64(hiz+loz) / 2.0)

	cost, k := pr.speedy(z)
	i := 0
	// give speedy SP chances to get at least kmin/2 facilities
	for k < kmin && i < scSP {
		cost, k = pr.speedy(z)
		i++
	}
	// if still not enough facilities, assume z is too high
	for k < kmin {
		if z == 0 { // Rodinia loops forever here
			return 0, 0, fmt.Errorf("%w: rodinia.Streamcluster: fewer than kmin = %d distinct points", gocuda.ErrInvalidValue, kmin)
		}
		if i >= scSP {
			hiz = z
			z = float32(float64(hiz+loz) / 2.0)
			i = 0
		}
		cost, k = pr.speedy(z)
		i++
	}

	feasible := pr.selectFeasible(kmin)
	for _, p := range s.P {
		pr.isCenter[p.Assign] = true
	}
	return pr.fl(feasible, z, k, cost, int(scIter*float64(kmax)*math.Log(float64(float32(kmax)))), 0.1)
}

// speedy is pspeedy with one thread: a centre at the first point, then
// each point in turn opened as a centre with probability its cost over z.
// It returns the solution's cost and number of centres.
func (pr *scProgram) speedy(z float32) (float32, int) {
	s := pr.s
	point := func(i int) []float32 { return s.Coord[i*s.Dim:][:s.Dim] }
	for k := range s.Num {
		s.P[k].Cost = scDist(point(k), point(0)) * s.P[k].Weight
		s.P[k].Assign = 0
	}
	kcenter := 1
	for i := 1; i < s.Num; i++ {
		if lrand48(pr.r)/math.MaxInt32 < s.P[i].Cost/z {
			kcenter++
			for k := range s.Num {
				distance := scDist(point(i), point(k))
				if distance*s.P[k].Weight < s.P[k].Cost {
					s.P[k].Cost = distance * s.P[k].Weight
					s.P[k].Assign = i
				}
			}
		}
	}
	var mytotal float32
	for k := range s.Num {
		mytotal += s.P[k].Cost
	}
	totalcost := z * float32(kcenter)
	totalcost += mytotal
	return totalcost, kcenter
}

// selectFeasible is selectfeasible_fast: up to ITER·kmin·ln kmin points
// drawn with probabilities their weights (all points if there are fewer).
func (pr *scProgram) selectFeasible(kmin int) []int {
	s := pr.s
	numfeasible := s.Num
	if bound := scIter * float64(kmin) * math.Log(float64(float32(kmin))); float64(numfeasible) > bound {
		numfeasible = int(bound)
	}
	feasible := make([]int, numfeasible)
	if numfeasible == s.Num {
		for i := range feasible {
			feasible[i] = i
		}
		return feasible
	}
	accumweight := make([]float32, s.Num)
	accumweight[0] = s.P[0].Weight
	for i := 1; i < s.Num; i++ {
		accumweight[i] = accumweight[i-1] + s.P[i].Weight
	}
	totalweight := accumweight[s.Num-1]
	for i := range feasible {
		w := (lrand48(pr.r) / math.MaxInt32) * totalweight
		l, r := 0, s.Num-1
		if accumweight[0] > w {
			feasible[i] = 0
			continue
		}
		for l+1 < r { // binary search
			k := (l + r) / 2
			if accumweight[k] > w {
				r = k
			} else {
				l = k
			}
		}
		feasible[i] = r
	}
	return feasible
}

// fl is pFL: rounds of iter gains at the feasible points in a random
// order, until a round improves the cost by no more than a fraction e.
// It returns the cost and the number of centres.
func (pr *scProgram) fl(feasible []int, z float32, k int, cost float32, iter int, e float32) (float32, int, error) {
	change := cost
	for float64(change/cost) > 1.0*float64(e) {
		change = 0
		for i := range feasible { // intshuffle
			j := int(pr.r.Int32())%(len(feasible)-i) + i
			feasible[i], feasible[j] = feasible[j], feasible[i]
		}
		for i := range iter {
			x := i % len(feasible)
			gain, err := pr.gain(feasible[x], z, &k)
			if err != nil {
				return cost, k, err
			}
			change += gain
		}
		cost -= change
	}
	return cost, k, nil
}

// gain is pgain of streamcluster_cuda.cu: the points' costs of opening a
// centre at x (computeCost), then on the host the centres whose points
// would all rather go to x, and if opening x and closing those saves, the
// points reassigned and the centres updated. It returns the saving.
func (pr *scProgram) gain(x int, z float32, numcenters *int) (float32, error) {
	s := pr.s
	g := &scGain{x: x, k: *numcenters, stride: *numcenters + 1, centerTable: pr.centerTable, switchMembership: make([]bool, s.Num)}
	g.workMem = make([]float32, g.stride*(s.Num+1))
	count := int32(0) // build the center-index table
	for i := range s.Num {
		if pr.isCenter[i] {
			pr.centerTable[i] = count
			count++
		}
	}
	if err := pr.computeCost(g); err != nil {
		return 0, err
	}

	stride, K, workMem := g.stride, g.k, g.workMem
	numberOfCentersToClose := 0
	glCostOfOpeningX := z
	glLower := workMem[stride*s.Num:]
	// compute the number of centers to close if we are to open i
	for i := range s.Num {
		if pr.isCenter[i] {
			low := z
			for j := range s.Num {
				low += workMem[j*stride+int(pr.centerTable[i])]
			}
			glLower[pr.centerTable[i]] = low
			if low > 0 {
				numberOfCentersToClose++
				workMem[i*stride+K] -= low
			}
		}
		glCostOfOpeningX += workMem[i*stride+K]
	}
	// if opening a center at x saves cost (i.e. cost is negative) do so
	if glCostOfOpeningX >= 0 {
		return 0, nil
	}
	for i := range s.Num {
		closeCenter := glLower[pr.centerTable[s.P[i].Assign]] > 0
		if g.switchMembership[i] || closeCenter {
			s.P[i].Cost = scDist(s.Coord[i*s.Dim:][:s.Dim], s.Coord[x*s.Dim:][:s.Dim]) * s.P[i].Weight
			s.P[i].Assign = x
		}
	}
	for i := range s.Num {
		if pr.isCenter[i] && glLower[pr.centerTable[i]] > 0 {
			pr.isCenter[i] = false
		}
	}
	pr.isCenter[x] = true
	*numcenters = *numcenters + 1 - numberOfCentersToClose
	return -glCostOfOpeningX, nil
}
