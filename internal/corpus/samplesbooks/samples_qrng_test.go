package samplesbooks

import (
	"math"
	"math/bits"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestQuasirandomGenerator runs quasirandomGeneratorKernel (the sample's
// 128 blocks of 128×3 cut to 4 blocks) over a random table against the
// Niederreiter definition: point n of dimension d XORs the table entries
// of the set bits of seed+n.
func TestQuasirandomGenerator(t *testing.T) {
	const N, seed = 3000, 17
	r := rng(N, seed)
	table := make([]uint32, qrngDimensions*qrngResolution)
	for i := range table {
		table[i] = r.Uint32() >> 1
	}
	want := make([]float32, qrngDimensions*N)
	for d := range qrngDimensions {
		for n := range N {
			res := uint32(0)
			for bit, data := 0, uint32(seed+n); bit < qrngResolution; bit, data = bit+1, data>>1 {
				if data&1 != 0 {
					res ^= table[d*qrngResolution+bit]
				}
			}
			want[d*N+n] = float32(float64(res+1) / float64(0x80000001))
		}
	}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, qrngDimensions*N)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128, Y: qrngDimensions}},
			QuasirandomGeneratorKernel(out, table, seed, N))
		return out, err
	})
	nearSlice(t, want, got, 1e-6, "quasirandom")
}

// invNormal is the inverse of the standard normal distribution, by erfinv.
func invNormal(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// TestInverseCND runs inverseCNDKernel on a given sequence (spanning both
// tails and the body) and on the uniform one it makes itself, against
// the exact inverse normal of the midpoint of each input's 2^-32 cell.
func TestInverseCND(t *testing.T) {
	const pathN = 5000
	r := rng(pathN)
	in := make([]uint32, pathN)
	for i := range in {
		in[i] = r.Uint32()
	}
	in[0], in[1], in[2], in[3] = 0, 1, 0xffffffff, 0x80000000
	cell := func(x uint32) float64 { return (float64(x) + 0.5) / 4294967295 }
	for _, input := range [][]uint32{in, nil} {
		want := make([]float32, pathN)
		distance := ^uint32(0) / (pathN + 1)
		for i := range want {
			x := uint32(i+1) * distance
			if input != nil {
				x = input[i]
			}
			want[i] = float32(invNormal(cell(x)))
		}
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, pathN)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 128}}, InverseCNDKernel(out, input, pathN))
			return out, err
		})
		nearSlice(t, want, got, 2e-4, "inverse CND (input %v)", input != nil)
	}
}

// TestSobol runs sobolGPU_kernel on three dimensions (the first with the
// sample's all-ones direction numbers, the others random) against
// sobolCPU's sequential Gray-code recurrence: x[i] = x[i-1] XOR v[c],
// c the lowest zero bit of i-1.
func TestSobol(t *testing.T) {
	const nVectors, nDims = 1000, 3
	r := rng(nVectors, nDims)
	dirs := make([]uint32, nDims*sobolDirections)
	for i := range sobolDirections {
		dirs[i] = 1 << (31 - i)
	}
	for i := sobolDirections; i < len(dirs); i++ {
		dirs[i] = r.Uint32()
	}
	want := make([]float32, nDims*nVectors)
	for d := range nDims {
		v := dirs[d*sobolDirections:]
		X := uint32(0)
		for i := 1; i < nVectors; i++ {
			X ^= v[bits.TrailingZeros32(^uint32(i-1))]
			want[d*nVectors+i] = float32(X) * k2powneg32
		}
	}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, nDims*nVectors)
		// sobolGPU: 64 threads a block, a power-of-two grid in x.
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4, Y: nDims}, Block: gocuda.Dim3{X: 64}},
			SobolGPUKernel(nVectors, nDims, dirs, out))
		return out, err
	})
	nearSlice(t, want, got, 0, "sobol")
}
