package hecbenchstencil

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// maternRef is matern's reference.h matern_kernel_reference.
func maternRef(numTargets int, l float32, sources, targets, weights []float32) []float32 {
	out := make([]float32, numTargets)
	for t := range out {
		sum := float32(0)
		for s := 0; s < maternNSources; s++ {
			sq := float32(0)
			for i := 0; i < 3; i++ {
				d := sources[s*3+i] - targets[t*3+i]
				sq += d * d
			}
			diff := sqrtf(sq)
			sum += (1 + sqrtf(5)*diff/l + 5*sq/(3*l*l)) * expf(-sqrtf(5)*diff/l) * weights[s]
		}
		out[t] = sum
	}
	return out
}

// TestMatern runs matern_kernel with the host code's SX×64 blocks on 203
// targets (not a multiple of SX) for length scales 0.1 to 1000 against the
// reference.
func TestMatern(t *testing.T) {
	const nt = 203
	r := rng(nt)
	sources, weights, targets := make([]float32, 3*maternNSources), make([]float32, maternNSources), make([]float32, 3*nt)
	for _, s := range [][]float32{sources, weights, targets} {
		for i := range s {
			s[i] = r.Float32()
		}
	}
	for l := float32(0.1); l <= 1e3; l *= 10 {
		want := maternRef(nt, l, sources, targets, weights)
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, nt)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (nt + maternSX - 1) / maternSX}, Block: gocuda.Dim3{X: maternSX, Y: 64}},
				MaternKernel(nt, l, sources, targets, weights, out))
		})
		nearSlice(t, want, got, 1e-5, "l=%v", l)
	}
}

// TestSad runs sad's three kernels with its launch shapes (16×16 blocks
// over the image, then blocks of 256 over the SAD array) on a 45×37 image
// with a 7×5 template cut from it (so that the minimum is 0 and occurs),
// against the SADs, their minimum (from THRESHOLD 20) and its count
// computed directly.
func TestSad(t *testing.T) {
	const w, h, tw, th = 45, 37, 7, 5
	r := rng(w, h)
	image := make([]uint8, 3*w*h)
	for i := range image {
		image[i] = uint8(r.IntN(256))
	}
	kernel := make([]uint8, 3*tw*th)
	for y := 0; y < th; y++ {
		copy(kernel[3*y*tw:3*(y+1)*tw], image[3*((y+9)*w+13):3*((y+9)*w+13+tw)])
	}
	size := (h - th + 1) * (w - tw + 1)
	wantSad := make([]int32, size)
	for row := 0; row < h; row++ {
		for col := 0; col < w; col++ {
			if row*w+col >= size {
				continue
			}
			s := 0
			for kr := 0; kr < min(h-row, th); kr++ {
				for kc := 0; kc < min(w-col, tw); kc++ {
					for c := 0; c < 3; c++ {
						s += iabs(int(image[((row+kr)*w+col+kc)*3+c]) - int(kernel[(kr*tw+kc)*3+c]))
					}
				}
			}
			wantSad[row*w+col] = int32(float32(s) / float32(tw*th))
		}
	}
	wantMin, wantCount := int32(20), int32(0)
	for _, v := range wantSad {
		wantMin = min(wantMin, v)
	}
	for _, v := range wantSad {
		if v == wantMin {
			wantCount++
		}
	}
	require.Equal(t, int32(0), wantMin)
	type res struct {
		sad        []int32
		min, count int32
	}
	got := agree(t, func(f form) (res, error) {
		rs := res{sad: make([]int32, size)}
		minSad, count := []int32{20}, []int32{0}
		steps := []struct {
			cfg gocuda.Config
			k   func(*gocuda.Thread)
		}{
			{gocuda.Config{Grid: gocuda.Dim3{X: (w + 15) / 16, Y: (h + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
				ComputeSadArrayKernel(rs.sad, image, kernel, size, w, h, tw, th, tw*th)},
			{gocuda.Config{Grid: gocuda.Dim3{X: (size + sadBlockSize - 1) / sadBlockSize}, Block: gocuda.Dim3{X: sadBlockSize}},
				FindMinInSadArrayKernel(size, rs.sad, minSad)},
			{gocuda.Config{Grid: gocuda.Dim3{X: (size + sadBlockSize - 1) / sadBlockSize}, Block: gocuda.Dim3{X: sadBlockSize}},
				GetNumOfOccurrencesKernel(size, rs.sad, minSad, count)},
		}
		for _, s := range steps {
			if err := f.launch(s.cfg, s.k); err != nil {
				return rs, err
			}
		}
		rs.min, rs.count = minSad[0], count[0]
		return rs, nil
	})
	require.Equal(t, wantSad, got.sad)
	require.Equal(t, wantMin, got.min)
	require.Equal(t, wantCount, got.count)
}

// fpcCompress is fpc's FPCCompress, the host's size estimate.
func fpcCompress(values []uint64) uint32 {
	var c uint32
	for _, v := range values {
		switch {
		case v == 0, myAbs(int32(v)) <= 0xFF:
			c++
		case myAbs(int32(v)) <= 0xFFFF, v&0xFFFF == 0,
			myAbs(int32(v&0xFFFF)) <= 0xFF && myAbs(int32(v>>16&0xFFFF)) <= 0xFF:
			c += 2
		case v&0xFF == v>>8&0xFF && v&0xFF == v>>16&0xFF && v&0xFF == v>>24&0xFF:
			c++
		default:
			c += 4
		}
	}
	return c
}

// TestFpc runs fpc_kernel and fpc2_kernel with work groups of 64 over
// 37·64 words built as the original's convertBuffer2Array builds them
// (four bytes a word, each the original's 0xFF << (rand() % 256) as a
// char, or, for variety, a random byte), against FPCCompress.
func TestFpc(t *testing.T) {
	const wgs, n = 64, 37 * 64
	r := rng(n)
	values := make([]uint64, n)
	for i := range values {
		for j := 0; j < 4; j++ {
			var b uint8
			if r.IntN(3) == 0 {
				b = uint8(r.IntN(256))
			} else if s := r.IntN(256); s < 8 {
				b = uint8(0xFF << s)
			}
			values[i] += uint64(b) << (8 * j)
		}
	}
	want := fpcCompress(values)
	for _, k := range []struct {
		name  string
		build func(v []uint64, c []uint32) func(*gocuda.Thread)
	}{{"fpc", FpcKernel}, {"fpc2", Fpc2Kernel}} {
		got := agree(t, func(f form) (uint32, error) {
			c := []uint32{0}
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / wgs}, Block: gocuda.Dim3{X: wgs}}, k.build(values, c))
			return c[0], err
		})
		require.Equal(t, want, got, k.name)
	}
}
