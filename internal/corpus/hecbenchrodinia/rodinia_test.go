package hecbenchrodinia

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRodiniaBackpropAdjustWeights runs bpnn_adjust_weights_cuda as
// backprop_cuda.cu launches it (16×16 blocks, a 1 × in/16 grid, 16
// hidden units) and compares with backprop.c's bpnn_adjust_weights, in
// double as both compute it.
func TestRodiniaBackpropAdjustWeights(t *testing.T) {
	const in, hid = 64, 16
	r := rng(in, hid)
	delta, ly := randF32(r, hid+1), randF32(r, in+1)
	w, oldw := randF32(r, (in+1)*(hid+1)), randF32(r, (in+1)*(hid+1))
	type result struct{ w, oldw []float32 }
	got := agree(t, func(f form) (result, error) {
		res := result{slices.Clone(w), slices.Clone(oldw)}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: in / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
			BpnnAdjustWeightsKernel(delta, hid, ly, in, res.w, res.oldw))
		return res, err
	})
	wantW, wantOld := slices.Clone(w), slices.Clone(oldw)
	for k := 0; k <= in; k++ {
		lk := 1.0 // the bias unit
		if k > 0 {
			lk = float64(ly[k])
		}
		for j := 1; j <= hid; j++ {
			i := k*(hid+1) + j
			newDw := bpEta*float64(delta[j])*lk + bpMomentum*float64(oldw[i])
			wantW[i] = float32(float64(w[i]) + newDw)
			wantOld[i] = float32(newDw)
		}
	}
	require.Equal(t, wantW, got.w)
	require.Equal(t, wantOld, got.oldw)
}

// TestRodiniaNNEuclid runs euclid over a 2 × 2 grid of 256-thread blocks
// (the grid nn_cuda.cu computes when the device's largest grid dimension
// is 2) for 1000 records and compares with the host's distances.
func TestRodiniaNNEuclid(t *testing.T) {
	const numRecords = 1000
	r := rng(numRecords)
	locations := make([]latLong, 4*256) // a record for every thread
	for i := range numRecords {
		locations[i] = latLong{180*r.Float32() - 90, 360*r.Float32() - 180}
	}
	const lat, lng = 30, 90
	got := agree(t, func(f form) ([]float32, error) {
		d := make([]float32, numRecords)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 2}, Block: gocuda.Dim3{X: 256}},
			EuclidKernel(locations, d, numRecords, lat, lng))
		return d, err
	})
	for i := range numRecords {
		dx, dy := float64(lat-locations[i].lat), float64(lng-locations[i].lng)
		require.InDelta(t, math.Sqrt(dx*dx+dy*dy), got[i], 1e-4, "record %d", i)
	}
}

// TestRodiniaStreamclusterComputeCost runs kernel_compute_cost as
// streamcluster_cuda.cu's pgain launches it (blocks of 512) and compares
// the switch flags and the work_mem rows with the host's loop over the
// points, in the same float order.
func TestRodiniaStreamclusterComputeCost(t *testing.T) {
	const num, dim, K = 1000, 5, 4
	const stride = K + 1
	r := rng(num, dim, K)
	coord := randF32(r, num*dim)
	centers := []int{3, 100, 500, 900}
	centerTable := make([]int32, num)
	for i, c := range centers {
		centerTable[c] = int32(i)
	}
	p := make([]scPoint, num)
	for i := range p {
		p[i] = scPoint{weight: 1 + r.Float32(), coord: i, assign: int64(centers[r.IntN(K)]), cost: 4 * r.Float32()}
	}
	const x = 42
	type result struct {
		work    []float32
		switch_ []bool
	}
	got := agree(t, func(f form) (result, error) {
		res := result{make([]float32, stride*(num+1)), make([]bool, num)}
		err := f.launch(gocuda.Config{Grid: gocuda.Blocks(num, 512), Block: gocuda.Dim3{X: 512}},
			KernelComputeCost(num, dim, x, p, K, stride, coord, res.work, centerTable, res.switch_))
		return res, err
	})
	wantWork, wantSwitch := make([]float32, stride*(num+1)), make([]bool, num)
	for i := range num {
		var d float32
		for j := range dim {
			tmp := coord[j*num+i] - coord[j*num+x]
			d += tmp * tmp
		}
		cost := d * p[i].weight
		if cost < p[i].cost {
			wantSwitch[i] = true
			wantWork[i*stride+K] += cost - p[i].cost
		} else {
			wantWork[i*stride+int(centerTable[p[i].assign])] += p[i].cost - cost
		}
	}
	require.Equal(t, wantSwitch, got.switch_)
	require.Equal(t, wantWork, got.work)
}

// pfState is the particle filter's device state.
type pfState struct {
	arrayX, arrayY, xj, yj, CDF, likelihood, u, weights, partialSums []float64
	ind, seed                                                        []int32
}

func (s pfState) clone() pfState {
	return pfState{slices.Clone(s.arrayX), slices.Clone(s.arrayY), slices.Clone(s.xj), slices.Clone(s.yj),
		slices.Clone(s.CDF), slices.Clone(s.likelihood), slices.Clone(s.u), slices.Clone(s.weights),
		slices.Clone(s.partialSums), slices.Clone(s.ind), slices.Clone(s.seed)}
}

// TestRodiniaParticleFilter runs two frames of the particle filter's
// kernel sequence (likelihood_kernel, sum_kernel,
// normalize_weights_kernel, find_index_kernel, as particleFilter of
// ex_particle_CUDA_float_seq.cu launches them) for 400 particles, one
// block, and compares with the same steps done sequentially on the host:
// positions and resampling exactly, weights, CDF and u to rounding.
func TestRodiniaParticleFilter(t *testing.T) {
	const N, IszX, IszY, Nfr = 400, 32, 32, 3
	const maxSize = IszX * IszY * Nfr
	r := rng(N, IszX)
	I := make([]uint8, maxSize)
	for i := range I {
		I[i] = uint8(r.IntN(256))
	}
	var objxy []int32 // the disk of radius 3, as strelDisk and getneighbors make it
	for x := -3; x <= 3; x++ {
		for y := -3; y <= 3; y++ {
			if x*x+y*y <= 9 {
				objxy = append(objxy, int32(y), int32(x))
			}
		}
	}
	countOnes := len(objxy) / 2
	init := pfState{
		arrayX: make([]float64, N), arrayY: make([]float64, N), xj: make([]float64, N), yj: make([]float64, N),
		CDF: make([]float64, N), likelihood: make([]float64, N), u: make([]float64, N), weights: make([]float64, N),
		partialSums: make([]float64, N), ind: make([]int32, N*countOnes), seed: make([]int32, N),
	}
	for i := range N {
		init.arrayX[i], init.arrayY[i], init.xj[i], init.yj[i] = IszX/2, IszY/2, IszX/2, IszY/2
		init.weights[i] = 1 / float64(N)
		init.seed[i] = int32(1234567 * (i + 1))
	}
	numBlocks := (N + pfThreadsPerBlock - 1) / pfThreadsPerBlock
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: numBlocks}, Block: gocuda.Dim3{X: pfThreadsPerBlock}}
	got := agree(t, func(f form) (pfState, error) {
		s := init.clone()
		for k := 1; k < Nfr; k++ {
			for _, kernel := range []func(*gocuda.Thread){
				LikelihoodKernel(s.arrayX, s.arrayY, s.xj, s.yj, s.CDF, s.ind, objxy, s.likelihood, I, s.u, s.weights, N, countOnes, maxSize, k, IszY, Nfr, s.seed, s.partialSums),
				SumKernel(s.partialSums, N),
				NormalizeWeightsKernel(s.weights, N, s.partialSums, s.CDF, s.u, s.seed),
				FindIndexKernel(s.arrayX, s.arrayY, s.CDF, s.u, s.xj, s.yj, s.weights, N),
			} {
				if err := f.launch(cfg, kernel); err != nil {
					return s, err
				}
			}
		}
		return s, nil
	})
	s := init.clone()
	for k := 1; k < Nfr; k++ {
		sum := 0.0
		for i := range N {
			s.arrayX[i], s.arrayY[i] = s.xj[i], s.yj[i]
			s.weights[i] = 1 / float64(N)
			s.arrayX[i] = s.arrayX[i] + 1 + 5*dRandn(s.seed, i)
			s.arrayY[i] = s.arrayY[i] - 2 + 2*dRandn(s.seed, i)
			l := 0.0
			for y := range countOnes {
				ix := int32(math.Trunc(s.arrayX[i])) + objxy[2*y+1]
				iy := int32(math.Trunc(s.arrayY[i])) + objxy[2*y]
				v := iabs(ix*IszY*Nfr + iy*Nfr + int32(k))
				if v >= maxSize {
					v = 0
				}
				s.ind[i*countOnes+y] = v
				p := float64(I[v])
				l += ((p-100)*(p-100) - (p-228)*(p-228)) / 50
			}
			s.likelihood[i] = l / float64(countOnes)
			s.weights[i] *= math.Exp(s.likelihood[i])
			sum += s.weights[i]
		}
		for i := range N {
			s.weights[i] /= sum
			s.CDF[i] = s.weights[i]
			if i > 0 {
				s.CDF[i] += s.CDF[i-1]
			}
		}
		u0 := 1 / float64(N) * dRandu(s.seed, 0)
		for i := range N {
			s.u[i] = u0 + float64(i)/float64(N)
		}
		for i := range N {
			idx := N - 1
			for x := range N {
				if s.CDF[x] >= s.u[i] {
					idx = x
					break
				}
			}
			s.xj[i], s.yj[i] = s.arrayX[idx], s.arrayY[idx]
		}
	}
	require.Equal(t, s.seed, got.seed, "seeds")
	require.Equal(t, s.ind, got.ind, "pixel indices")
	require.Equal(t, s.arrayX, got.arrayX, "x")
	require.Equal(t, s.arrayY, got.arrayY, "y")
	require.Equal(t, s.xj, got.xj, "resampled x")
	require.Equal(t, s.yj, got.yj, "resampled y")
	nearSlice(t, s.likelihood, got.likelihood, 1e-9, "likelihood")
	nearSlice(t, s.weights, got.weights, 1e-9, "weights")
	nearSlice(t, s.CDF, got.CDF, 1e-9, "CDF")
	nearSlice(t, s.u, got.u, 1e-9, "u")
}
