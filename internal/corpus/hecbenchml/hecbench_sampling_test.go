package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSampling builds a kernel SHAP dataset as sampling-cuda's
// kernel_dataset does: 5 exact rows of X (0/1 at random) by
// exact_rows_kernel, then 6 sampled rows (3 blocks, a sample and its
// complement each) by sampled_rows_kernel, with 300 columns (blocks of
// min(256, ncols), so that threads take a second column) and 3 background
// rows. The sampled columns are the first k distinct values of the LCG
// sequence every thread draws from its copy of the seed, whatever the
// order of the atomicExch claims.
func TestSampling(t *testing.T) {
	const nrowsX, ncols, nbg, lenSamples = 11, 300, 3, 6
	const seed = uint64(1234)
	r := rng(nrowsX, ncols)
	background := randF32(r, nbg*ncols)
	observation := randF32(r, ncols)
	X0 := make([]float32, nrowsX*ncols)
	for i := range (nrowsX - lenSamples) * ncols {
		X0[i] = float32(r.IntN(2))
	}
	nsamples := []int32{3, 40, 17}

	// The reference.
	wantX := append([]float32(nil), X0...)
	for b, k := range nsamples {
		row := wantX[(nrowsX-lenSamples+2*b)*ncols:]
		s := seed
		for claimed := 0; claimed < int(k); {
			c := int(lcgRandomDouble(&s) * ncols)
			if row[c] == 0 {
				row[c] = 1
				claimed++
			}
		}
		for c := range ncols {
			row[ncols+c] = 1 - row[c]
		}
	}
	wantD := make([]float32, nrowsX*nbg*ncols)
	for i := range nrowsX {
		for j := range nbg {
			for c := range ncols {
				x := wantX[i*ncols+c]
				if i >= nrowsX-lenSamples && (i-(nrowsX-lenSamples))%2 == 1 {
					x = 1 - x // the complement row reads its sample's X
				}
				v := background[j*ncols+c]
				if x != 0 {
					v = observation[c]
				}
				if i >= nrowsX-lenSamples && (i-(nrowsX-lenSamples))%2 == 1 {
					v = observation[c]
					if x != 0 {
						v = background[j*ncols+c]
					}
				}
				wantD[(i*nbg+j)*ncols+c] = v
			}
		}
	}

	block := gocuda.Dim3{X: min(256, ncols)}
	got := agree(t, func(f form) ([2][]float32, error) {
		X := append([]float32(nil), X0...)
		dataset := make([]float32, nrowsX*nbg*ncols)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nrowsX - lenSamples}, Block: block},
			ExactRowsKernel(X, nrowsX, ncols, background, nbg, dataset, observation)); err != nil {
			return [2][]float32{}, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: lenSamples / 2}, Block: block},
			SampledRowsKernel(nsamples, X[(nrowsX-lenSamples)*ncols:], lenSamples, ncols, background, nbg,
				dataset[(nrowsX-lenSamples)*nbg*ncols:], observation, seed))
		return [2][]float32{X, dataset}, err
	})
	nearSlice(t, wantX, got[0], 0, "X")
	nearSlice(t, wantD, got[1], 0, "dataset")
}
