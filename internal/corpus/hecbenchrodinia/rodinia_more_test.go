package hecbenchrodinia

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRodiniaHuffmanVlcEncode encodes random words with
// vlc_encode_kernel_sm64huff as huffman's runVLCTest launches it (blocks
// of 256, 2·NUM_SYMBOLS+256 words of dynamic shared memory), a random
// codeword table of 1 to 12 bits, and compares each block's packed bit
// stream and its length with the host's concatenation of the codes.
func TestRodiniaHuffmanVlcEncode(t *testing.T) {
	const blocks, threads = 4, 256
	r := rng(blocks, threads)
	data := make([]uint32, blocks*threads)
	for i := range data {
		data[i] = r.Uint32()
	}
	codewords, lens := make([]uint32, vlcNumSymbols), make([]uint32, vlcNumSymbols)
	for i := range codewords {
		lens[i] = uint32(1 + r.IntN(12))
		codewords[i] = r.Uint32() & (1<<lens[i] - 1)
	}
	type result struct{ out, outidx []uint32 }
	got := agree(t, func(f form) (result, error) {
		res := result{make([]uint32, blocks*threads), make([]uint32, blocks)}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}, SharedMem: (2*vlcNumSymbols + threads) * 4}
		err := f.launch(cfg, VlcEncodeKernel(data, codewords, lens, nil, nil, nil, res.out, res.outidx))
		return res, err
	})
	for b := range blocks {
		words := make([]uint32, threads+2)
		bits := uint32(0)
		for _, w := range data[b*threads : (b+1)*threads] {
			for i := 3; i >= 0; i-- {
				sym := uint8(w >> (8 * i))
				for j := int(lens[sym]) - 1; j >= 0; j-- {
					if codewords[sym]>>j&1 != 0 {
						words[bits/32] |= 1 << (31 - bits%32)
					}
					bits++
				}
			}
		}
		require.Equal(t, bits, got.outidx[b], "bits of block %d", b)
		for k := range threads {
			want := uint32(0)
			if uint32(k) <= bits/32 {
				want = words[k]
			}
			require.Equal(t, want, got.out[b*threads+k], "word %d of block %d", k, b)
		}
	}
}

// TestRodiniaHybridsortBuckets runs the bucket sort's three kernels as
// bucketSort of bucketsort.cu does (bucketcount and bucketsort with
// blocks of 32 covering the list in bands of 128, bucketprefixoffset with
// 1024 threads in blocks of 128, the host aligning each bucket to 4 in
// between) on random floats with evenly spaced pivots, and checks the
// bucket sizes against the host's binary search and that each bucket's
// region of the output holds exactly its elements. The slots addOffset
// hands out within a bucket depend on the order the threads run, so the
// two paths are checked separately.
func TestRodiniaHybridsortBuckets(t *testing.T) {
	const listsize = 10000
	r := rng(listsize)
	input := make([]float32, listsize)
	for i := range input {
		input[i] = r.Float32()
	}
	pivots := make([]float32, hsDivisions)
	for i := range pivots {
		pivots[i] = float32(i) / hsDivisions
	}
	bucketOf := func(elem float32) int {
		idx, jump := hsDivisions/2-1, hsDivisions/4
		piv := pivots[idx]
		for jump >= 1 {
			if elem < piv {
				idx -= jump
			} else {
				idx += jump
			}
			piv = pivots[idx]
			jump /= 2
		}
		if elem >= piv {
			idx++
		}
		return idx
	}
	wantSizes := make([]uint32, hsDivisions)
	members := make([][]float32, hsDivisions)
	for _, e := range input {
		b := bucketOf(e)
		wantSizes[b]++
		members[b] = append(members[b], e)
	}
	blocks := (listsize-1)/(hsBucketThreadN*hsBucketBand) + 1
	type result struct {
		sizes  []uint32
		output []float32
		starts []uint32
	}
	got := both(t, func(f form) (result, error) {
		indice := make([]int32, listsize)
		prefix := make([]uint32, blocks*hsBucketBlockMemory)
		offsets := make([]uint32, hsDivisions)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: hsBucketThreadN}},
			BucketcountKernel(input, indice, prefix, listsize, pivots))
		if err != nil {
			return result{}, err
		}
		err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: hsDivisions / 128}, Block: gocuda.Dim3{X: 128}},
			BucketprefixoffsetKernel(prefix, offsets, blocks))
		if err != nil {
			return result{}, err
		}
		sizes := slices.Clone(offsets)
		// the host's alignment of each bucket to 4 and exclusive scan
		h := slices.Clone(offsets)
		for i := range h {
			if h[i]%4 != 0 {
				h[i] = h[i]&^3 + 4
			}
		}
		for i := 1; i < hsDivisions; i++ {
			h[i] += h[i-1]
		}
		for i := hsDivisions - 1; i > 0; i-- {
			h[i] = h[i-1]
		}
		h[0] = 0
		output := make([]float32, listsize+hsDivisions*4)
		err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: hsBucketThreadN}},
			BucketsortKernel(input, indice, output, listsize, prefix, h))
		return result{sizes, output, h}, err
	})
	for i, f := range forms {
		require.Equal(t, wantSizes, got[i].sizes, "%s: bucket sizes", f.name)
		for b := range hsDivisions {
			start := got[i].starts[b]
			region := slices.Clone(got[i].output[start : start+wantSizes[b]])
			slices.Sort(region)
			want := append([]float32{}, members[b]...)
			slices.Sort(want)
			require.Equal(t, want, region, "%s: bucket %d", f.name, b)
		}
	}
}

// TestRodiniaLavaMD runs kernel_gpu_cuda on lavaMD's 2×2×2 boxes of 100
// particles each, set up as main does (every box's neighbors the boxes
// within one step in each dimension, charges and positions in tenths
// from 0.1 to 1), and compares the forces with the host's sum over the
// same boxes in the same order.
func TestRodiniaLavaMD(t *testing.T) {
	const boxes1d = 2
	const nBoxes = boxes1d * boxes1d * boxes1d
	const alpha = 0.5
	box := make([]lavaBox, nBoxes)
	for i := range boxes1d {
		for j := range boxes1d {
			for k := range boxes1d {
				n := (i*boxes1d+j)*boxes1d + k
				b := &box[n]
				b.x, b.y, b.z, b.number = int32(k), int32(j), int32(i), int32(n)
				b.offset = int64(n * lavaNumberParPerBox)
				for l := -1; l <= 1; l++ {
					for m := -1; m <= 1; m++ {
						for o := -1; o <= 1; o++ {
							ii, jj, kk := i+l, j+m, k+o
							if (l != 0 || m != 0 || o != 0) && ii >= 0 && ii < boxes1d && jj >= 0 && jj < boxes1d && kk >= 0 && kk < boxes1d {
								nn := (ii*boxes1d+jj)*boxes1d + kk
								b.nei[b.nn] = lavaNei{int32(kk), int32(jj), int32(ii), int32(nn), int64(nn * lavaNumberParPerBox)}
								b.nn++
							}
						}
					}
				}
			}
		}
	}
	r := rng(boxes1d)
	n := nBoxes * lavaNumberParPerBox
	rv, qv := make([]lavaFourVector, n), make([]float64, n)
	tenth := func() float64 { return float64(r.IntN(10)+1) / 10 }
	for i := range n {
		rv[i] = lavaFourVector{tenth(), tenth(), tenth(), tenth()}
		qv[i] = tenth()
	}
	dim := lavaDim{numberBoxes: nBoxes, boxes1dArg: boxes1d}
	got := agree(t, func(f form) ([]lavaFourVector, error) {
		fv := make([]lavaFourVector, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nBoxes}, Block: gocuda.Dim3{X: lavaNumberThreads}},
			LavaMDKernel(lavaPar{alpha}, dim, box, rv, qv, fv))
		return fv, err
	})
	a2 := 2 * alpha * alpha
	for bx := range nBoxes {
		for i := range lavaNumberParPerBox {
			a := rv[int(box[bx].offset)+i]
			var want lavaFourVector
			for k := 0; k <= int(box[bx].nn); k++ {
				p := bx
				if k > 0 {
					p = int(box[bx].nei[k-1].number)
				}
				for j := range lavaNumberParPerBox {
					b, q := rv[int(box[p].offset)+j], qv[int(box[p].offset)+j]
					vij := math.Exp(-a2 * (a.v + b.v - (a.x*b.x + a.y*b.y + a.z*b.z)))
					fs := 2 * vij
					want.v += q * vij
					want.x += q * fs * (a.x - b.x)
					want.y += q * fs * (a.y - b.y)
					want.z += q * fs * (a.z - b.z)
				}
			}
			g := got[int(box[bx].offset)+i]
			for _, c := range [][2]float64{{want.v, g.v}, {want.x, g.x}, {want.y, g.y}, {want.z, g.z}} {
				require.InDelta(t, c[0], c[1], 1e-9*max(1, math.Abs(c[0])), "particle %d of box %d", i, bx)
			}
		}
	}
}
