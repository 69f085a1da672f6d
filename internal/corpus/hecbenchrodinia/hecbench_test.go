package hecbenchrodinia

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchNms builds the suppression bitmap of random detections with
// generate_nms_bitmap, launched as nms's main launches it (a grid over the
// detections rounded up to 16, blocks of 16×16), reduces it with
// reduce_nms_bitmap (a block of MAX_DETECTIONS/N_PARTITIONS threads per
// detection), and compares both with the host's pairwise test.
func TestHecbenchNms(t *testing.T) {
	const ndetections = 40
	r := rng(ndetections)
	points := make([]float4, nmsMaxDetections)
	for i := range ndetections {
		points[i] = float4{float32(r.IntN(100)), float32(r.IntN(100)), float32(10 + r.IntN(30)), r.Float32()}
	}
	limit := 48    // get_upper_limit(40, 16)
	const dim = 16 // get_optimal_dim(48)
	type result struct{ nms, points []uint8 }
	got := agree(t, func(f form) (result, error) {
		nmsbitmap := make([]uint8, nmsMaxDetections*nmsMaxDetections)
		for i := range nmsbitmap {
			nmsbitmap[i] = 1
		}
		pointsbitmap := make([]uint8, nmsMaxDetections)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: limit / dim, Y: limit / dim}, Block: gocuda.Dim3{X: dim, Y: dim}},
			GenerateNmsBitmapKernel(points, nmsbitmap, 0.3))
		if err != nil {
			return result{}, err
		}
		err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: ndetections}, Block: gocuda.Dim3{X: nmsMaxDetections / nmsPartitions}},
			ReduceNmsBitmapKernel(nmsbitmap, pointsbitmap, ndetections))
		return result{nmsbitmap[:limit*nmsMaxDetections], pointsbitmap}, err
	})
	kept := 0
	for i := range limit {
		keep := uint8(1)
		for j := range limit {
			want := uint8(1)
			a, b := points[i], points[j]
			if a.W < b.W {
				area := (b.Z + 1) * (b.Z + 1)
				w := max(0, min(a.X+a.Z, b.X+b.Z)-max(a.X, b.X)+1)
				h := max(0, min(a.Y+a.Z, b.Y+b.Z)-max(a.Y, b.Y)+1)
				want = b2u8(w*h/area < 0.3 && b.Z != 0)
			}
			require.Equal(t, want, got.nms[i*nmsMaxDetections+j], "bitmap (%d, %d)", i, j)
			keep &= want
		}
		if i < ndetections {
			require.Equal(t, keep, got.points[i], "detection %d", i)
			kept += int(keep)
		}
	}
	require.Less(t, kept, ndetections, "no detection suppressed: the test exercises nothing")
	require.Positive(t, kept)
}

// hashlittle is lookup3's hashlittle for aligned keys, as jenkins-hash's
// main.cu has it on the host: the reference for jk3_hash_kernel.
func hashlittle(k []uint32, length uint32, initval uint32) uint32 {
	a := 0xdeadbeef + length + initval
	b, c := a, a
	for length > 12 {
		a += k[0]
		b += k[1]
		c += k[2]
		a, b, c = jhMix(a, b, c)
		length -= 12
		k = k[3:]
	}
	switch length {
	case 12:
		c += k[2]
		b += k[1]
		a += k[0]
	case 11:
		c += k[2] & 0xffffff
		b += k[1]
		a += k[0]
	case 10:
		c += k[2] & 0xffff
		b += k[1]
		a += k[0]
	case 9:
		c += k[2] & 0xff
		b += k[1]
		a += k[0]
	case 8:
		b += k[1]
		a += k[0]
	case 7:
		b += k[1] & 0xffffff
		a += k[0]
	case 6:
		b += k[1] & 0xffff
		a += k[0]
	case 5:
		b += k[1] & 0xff
		a += k[0]
	case 4:
		a += k[0]
	case 3:
		a += k[0] & 0xffffff
	case 2:
		a += k[0] & 0xffff
	case 1:
		a += k[0] & 0xff
	case 0:
		return c
	}
	_, _, c = jhFinal(a, b, c)
	return c
}

// TestHecbenchJenkinsHash hashes random keys of 0 to 60 bytes, padded to
// 64, with jk3_hash_kernel and compares with the host's hashlittle, whose
// value for lookup3's own test string it checks first.
func TestHecbenchJenkinsHash(t *testing.T) {
	words := func(s string) []uint32 {
		b := make([]byte, 64)
		copy(b, s)
		w := make([]uint32, 16)
		for i := range w {
			w[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		return w
	}
	require.Equal(t, uint32(0xcd628161), hashlittle(words("Four score and seven years ago"), 30, 1))
	const N = 300
	r := rng(N)
	keys := make([]uint32, N*16)
	lens := make([]uint32, N)
	initvals := make([]uint32, N)
	for i := range N {
		for j := range 16 {
			keys[i*16+j] = r.Uint32()
		}
		lens[i] = uint32(r.IntN(61))
		initvals[i] = uint32(i % 2)
	}
	lens[0], lens[1], lens[2] = 0, 12, 60
	got := agree(t, func(f form) ([]uint32, error) {
		out := make([]uint32, N)
		err := f.launch(gocuda.Config{Grid: gocuda.Blocks(N, 128), Block: gocuda.Dim3{X: 128}},
			Jk3HashKernel(lens, initvals, keys, out, N))
		return out, err
	})
	for i := range N {
		require.Equal(t, hashlittle(keys[i*16:], lens[i], initvals[i]), got[i], "key %d of %d bytes", i, lens[i])
	}
}

// TestHecbenchMurmurHash3 hashes keys of 0 to 80 bytes, packed one after
// another, with MurmurHash3_x64_128_kernel, and compares with the host's
// MurmurHash3_x64_128 (as murmurhash3.cu's main does), whose value for a
// published test vector it checks first.
func TestHecbenchMurmurHash3(t *testing.T) {
	out := make([]uint64, 2)
	murmurHash3X64128([]byte("The quick brown fox jumps over the lazy dog"), 43, 0, out)
	require.Equal(t, []uint64{0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347}, out)

	const numKeys = 200
	r := rng(numKeys)
	length := make([]uint32, numKeys)
	offset := make([]uint32, numKeys)
	var keys []uint8
	for i := range numKeys {
		length[i] = uint32(r.IntN(81))
		offset[i] = uint32(len(keys))
		for range length[i] {
			keys = append(keys, uint8(r.Uint32()))
		}
	}
	keys = append(keys, make([]uint8, 16)...)
	got := agree(t, func(f form) ([]uint64, error) {
		out := make([]uint64, 2*numKeys)
		err := f.launch(gocuda.Config{Grid: gocuda.Blocks(numKeys, 256), Block: gocuda.Dim3{X: 256}},
			MurmurHash3Kernel(keys, offset, length, out, numKeys))
		return out, err
	})
	for i := range numKeys {
		murmurHash3X64128(keys[offset[i]:], length[i], uint32(i), out)
		require.Equal(t, out, got[2*i:2*i+2], "key %d of %d bytes", i, length[i])
	}
}

// TestHecbenchLogprob runs log_probs_kernel<float> and
// accumulate_log_probs as logprob's main launches them (a block per step
// and sequence, the vocabulary rounded up to 32 threads) on sequences of
// different lengths, and compares with the host's log-softmax in float64.
func TestHecbenchLogprob(t *testing.T) {
	for _, vocab := range []int{100, 1500} {
		t.Run(fmt.Sprint(vocab), func(t *testing.T) {
			const maxLength, batch = 7, 3
			padded := (vocab + 31) / 32 * 32
			r := rng(vocab)
			logits := make([]float32, batch*maxLength*padded)
			for i := range logits {
				logits[i] = 12*r.Float32() - 6
			}
			ids := make([]int32, batch*maxLength)
			for i := range ids {
				ids[i] = int32(r.IntN(vocab))
			}
			lengths := []int32{maxLength, 4, 1}
			blockSize := 1024
			if vocab < 1024 {
				blockSize = padded
			}
			type result struct{ logProbs, cum []float32 }
			got := agree(t, func(f form) (result, error) {
				logProbs := make([]float32, batch*(maxLength-1))
				cum := make([]float32, batch)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: maxLength - 1, Y: batch}, Block: gocuda.Dim3{X: blockSize}},
					LogProbsKernel(logProbs, logits, ids, lengths, maxLength, batch, vocab, padded))
				if err != nil {
					return result{}, err
				}
				err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: batch}, Block: gocuda.Dim3{X: blockSize}},
					AccumulateLogProbsKernel(cum, logProbs, lengths, maxLength, batch))
				return result{logProbs, cum}, err
			})
			want := make([]float32, batch*(maxLength-1))
			wantCum := make([]float32, batch)
			for b := range batch {
				var cum float64
				for s := range int(lengths[b]) - 1 {
					row := logits[(b*maxLength+s)*padded:]
					m := math.Inf(-1)
					for i := range vocab {
						m = math.Max(m, float64(row[i]))
					}
					var sum float64
					for i := range vocab {
						sum += math.Exp(float64(row[i]) - m)
					}
					lp := float64(row[ids[s+1+b*maxLength]]) - m - math.Log(sum)
					want[s+b*(maxLength-1)] = float32(lp)
					cum += lp
				}
				wantCum[b] = float32(cum)
			}
			nearSlice(t, want, got.logProbs, 1e-5, "log probs")
			nearSlice(t, wantCum, got.cum, 1e-5, "cumulative log probs")
		})
	}
}
