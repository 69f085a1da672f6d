package hecbenchatok

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// binomialTree is binomial_tree of aop's main.cu.
func binomialTree(numTimesteps int, payoff PayoffPut, dt, S0, r, sigma float64) float64 {
	tree := make([]float64, numTimesteps+1)
	u := math.Exp(sigma * math.Sqrt(dt))
	d := math.Exp(-sigma * math.Sqrt(dt))
	a := math.Exp(r * dt)
	p := (a - d) / (u - d)
	k := math.Pow(d, float64(numTimesteps))
	for t := 0; t <= numTimesteps; t++ {
		tree[t] = payoff.Payoff(S0 * k)
		k *= u * u
	}
	for t := numTimesteps - 1; t >= 0; t-- {
		k = math.Pow(d, float64(t))
		for i := 0; i <= t; i++ {
			expected := math.Exp(-r*dt) * (p*tree[i+1] + (1.0-p)*tree[i])
			earlyex := payoff.Payoff(S0 * k)
			tree[i] = max(earlyex, expected)
			k *= u * u
		}
	}
	return tree[0]
}

// aopRun is do_run of main.cu on f's path: the price of an American put
// by Longstaff-Schwartz on the given normal samples.
func aopRun(f form, samples []float64, numTimesteps, numPaths int, payoff PayoffPut, dt, S0, r, sigma float64) (float64, error) {
	paths := make([]float64, numTimesteps*numPaths)
	cashflows := paths[(numTimesteps-1)*numPaths:]
	svds := make([]float64, 16*numTimesteps)
	out := make([]int32, numTimesteps)
	temp := make([]float64, 4*512)
	launch := func(grid, block int, k func(*gocuda.Thread)) error {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, k)
	}
	grid := (numPaths + aopThreads0 - 1) / aopThreads0
	if err := launch(grid, aopThreads0, GeneratePathsKernel(numTimesteps, numPaths, payoff, dt, S0, r, sigma, samples, paths)); err != nil {
		return 0, err
	}
	if err := launch(numTimesteps-1, aopThreads1, PrepareSvdKernel(numPaths, 4, payoff, paths, out, svds)); err != nil {
		return 0, err
	}
	expMinRDt := math.Exp(-r * dt)
	const fullWave = 256 * 112
	grid = (numPaths + aopThreads2 - 1) / aopThreads2
	numWaves := float64(grid*aopThreads2) / fullWave
	updateGrid := grid
	if numWaves < 10 && numWaves-float64(int(numWaves)) < 0.6 {
		updateGrid = max(1, int(numWaves)) * fullWave / aopThreads2
	}
	for ts := numTimesteps - 2; ts >= 0; ts-- {
		if err := launch(aopThreads2, aopThreads2, ComputePartialBetaKernel(numPaths, payoff, svds[16*ts:], paths[ts*numPaths:], cashflows, out[ts:], temp)); err != nil {
			return 0, err
		}
		if err := launch(1, aopThreads2, ComputeFinalBetaKernel(out[ts:], temp)); err != nil {
			return 0, err
		}
		if err := launch(updateGrid, aopThreads2, UpdateCashflowKernel(numPaths, payoff, expMinRDt, temp, paths[ts*numPaths:], out[ts:], cashflows)); err != nil {
			return 0, err
		}
	}
	grid = (numPaths + aopThreads4 - 1) / aopThreads4
	if err := launch(grid, aopThreads4, ComputePartialSumsKernel(numPaths, cashflows, temp)); err != nil {
		return 0, err
	}
	return temp[0], launch(1, aopThreads4, ComputeFinalSumKernel(numPaths, grid, expMinRDt, temp))
}

// TestAOP prices main.cu's American put (T 1, K 4, S0 3.6, r 0.06, sigma
// 0.2) with 20 timesteps and 2048 paths on both paths, requiring them to agree (the shared atomicAdds sum in
// the threads' order, which the paths may not share) and to lie near the
// binomial tree's price, which main.cu prints beside it. The paths are a
// multiple of prepare_svd_kernel's block, as main.cu's (a multiple of
// 1024) are: its loop holds barriers, so with a partial last trip the
// threads past the paths wait at the barrier after the loop while the
// others wait at those inside it, and the block's scan reads stale flags
// (with 3000 paths the price came out near the European one, 0.38, on
// both paths).
func TestAOP(t *testing.T) {
	const numTimesteps, numPaths = 20, 2048
	const T, K, S0, r, sigma = 1.0, 4.0, 3.6, 0.06, 0.2
	dt := T / numTimesteps
	rg := rng(numTimesteps, numPaths)
	samples := make([]float64, numTimesteps*numPaths)
	for i := range samples {
		samples[i] = rg.NormFloat64()
	}
	got := both(t, func(f form) (float64, error) {
		return aopRun(f, samples, numTimesteps, numPaths, PayoffPut{K}, dt, S0, r, sigma)
	})
	require.InDelta(t, got[1], got[0], 1e-9*got[1], "compiled and runtime prices")
	want := binomialTree(numTimesteps, PayoffPut{K}, dt, S0, r, sigma)
	require.InDelta(t, want, got[0], 0.02, "Longstaff-Schwartz against the binomial tree")
}
