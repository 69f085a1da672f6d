package hecbenchstencil

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestVmc runs vmc's main sequence on 7 blocks of 256 samples (initran,
// initialize, zero_stats, 40 equilibration steps, zero_stats, 25 sampling
// steps, then sum_stats's two SumWithinBlocks launches for each of the
// four statistics, the second over 7 block sums in one block of 7
// threads) against the samples run one after another on the host with the
// same generator, and the sums in float64.
func TestVmc(t *testing.T) {
	const nblock, nthr = 7, 256
	const npoint = nblock * nthr
	const neq, ngen = 40, 25
	// host
	st := make([]uint32, npoint)
	pos := make([][6]float32, npoint)
	psi := make([]float32, npoint)
	stats := make([]float32, 4*npoint)
	for i := range st {
		st[i] = 5551212 ^ uint32(i)
		lcgRandomInit(&st[i])
		for k := range pos[i] {
			pos[i][k] = (lcgRandom(&st[i]) - vmcHalf) * vmcFour
		}
		q := pos[i]
		psi[i] = waveFunction(q[0], q[1], q[2], q[3], q[4], q[5])
	}
	run := func(n int) {
		clear(stats)
		for i := range st {
			q, p := pos[i], psi[i]
			for range n {
				var nq [6]float32
				for k := range nq {
					nq[k] = q[k] + (lcgRandom(&st[i])-vmcHalf)*vmcDelta
				}
				pn := waveFunction(nq[0], nq[1], nq[2], nq[3], nq[4], nq[5])
				if pn*pn > p*p*lcgRandom(&st[i]) {
					stats[3*npoint+i]++
					p, q = pn, nq
				}
				var r1, r2, r12 float32
				computeDistances(q[0], q[1], q[2], q[3], q[4], q[5], &r1, &r2, &r12)
				stats[i] += r1
				stats[npoint+i] += r2
				stats[2*npoint+i] += r12
			}
			pos[i], psi[i] = q, p
		}
	}
	run(neq)
	run(ngen)
	var wantSum [4]float64
	for w := range wantSum {
		for i := 0; i < npoint; i++ {
			wantSum[w] += float64(stats[w*npoint+i])
		}
	}
	type res struct {
		stats []float32
		sums  []float32
	}
	got := agree(t, func(f form) (res, error) {
		bufs := make([][]float32, 7)
		for k := range bufs {
			bufs[k] = make([]float32, npoint)
		}
		states := make([]uint32, npoint)
		dstats, blocksums, statsum := make([]float32, 4*npoint), make([]float32, nblock), make([]float32, 4)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: nblock}, Block: gocuda.Dim3{X: nthr}}
		x1, y1, z1, x2, y2, z2, p := bufs[0], bufs[1], bufs[2], bufs[3], bufs[4], bufs[5], bufs[6]
		steps := []func(*gocuda.Thread){
			InitranKernel(5551212, states),
			VmcInitializeKernel(x1, y1, z1, x2, y2, z2, p, states),
			ZeroStatsKernel(npoint, dstats),
			PropagateKernel(npoint, neq, x1, y1, z1, x2, y2, z2, p, dstats, states),
			ZeroStatsKernel(npoint, dstats),
			PropagateKernel(npoint, ngen, x1, y1, z1, x2, y2, z2, p, dstats, states),
		}
		for _, k := range steps {
			if err := f.launch(cfg, k); err != nil {
				return res{}, err
			}
		}
		for w := 0; w < 4; w++ {
			if err := f.launch(cfg, SumWithinBlocksKernel(npoint, dstats[w*npoint:], blocksums)); err != nil {
				return res{}, err
			}
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: nblock}},
				SumWithinBlocksKernel(nblock, blocksums, statsum[w:])); err != nil {
				return res{}, err
			}
		}
		return res{dstats, statsum}, nil
	})
	require.Equal(t, stats, got.stats)
	for w := range wantSum {
		require.InEpsilon(t, wantSum[w], float64(got.sums[w]), 1e-5, "statistic %d", w)
	}
}
