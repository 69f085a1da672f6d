package hecbenchwarp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// columnarDecodeRef is decode of columnarSolver-cuda for one thread, run
// sequentially with the kernel's helpers.
func columnarDecodeRef(scores []float32, encrypted []int32, state uint32) []int32 {
	var key, backup, shift [colKeyLength]int32
	var local, best [colEncryptedLen]int32
	bestScore := colCap
	for j := range colKeyLength {
		key[j] = int32(j)
	}
	for j := range colKeyLength {
		columnarSwapElements(key[:], int32(j), int32(lcgRandomFloat(&state)*colKeyLength))
	}
	for range colClimbings {
		backup = key
		branch := int32(lcgRandomFloat(&state) * 100)
		switch {
		case branch < colHeurThresholdOp1:
			for j := 0; float32(j) < 1+lcgRandomFloat(&state)*colOp1Hop; j++ {
				l := int32(lcgRandomFloat(&state) * colKeyLength)
				r := int32(lcgRandomFloat(&state) * colKeyLength)
				columnarSwapElements(key[:], l, r)
			}
		case branch < colHeurThresholdOp2:
			for j := 0; float32(j) < 1+lcgRandomFloat(&state)*colOp2Hop; j++ {
				s := int32(lcgRandomFloat(&state) * colKeyLength)
				e := int32(lcgRandomFloat(&state) * colKeyLength)
				columnarSwapBlock(key[:], s, e, int32(1+lcgRandomFloat(&state)*float32(iabs(s-e)-1)))
			}
		default:
			l := int32(1 + lcgRandomFloat(&state)*(colKeyLength-2))
			f := int32(lcgRandomFloat(&state) * (colKeyLength - 1))
			to := int32(float32(f+1)+lcgRandomFloat(&state)*(colKeyLength-2)) % colKeyLength
			shift = key
			t0 := (to - f + colKeyLength) % colKeyLength
			n := (t0 + l) % colKeyLength
			for j := int32(0); j < n; j++ {
				key[(((t0+j)%n)+f)%colKeyLength] = shift[(f+j)%colKeyLength]
			}
		}
		columnarDecrypt(encrypted, key[:], local[:])
		score := float32(0)
		for j := range colEncryptedLen - 1 {
			score += scores[colAlphabet*local[j]+local[j+1]]
		}
		if score < bestScore {
			bestScore, best = score, local
		} else {
			key = backup
		}
	}
	return best[:]
}

// TestColumnarSolver runs setupKernel and decode with main.cu's blocks of
// T = 32 threads on 3 blocks (main.cu's B is 32), with random bigram
// scores standing in for the benchmark's data file, and requires the
// sequential climb of every thread from the same seeds.
func TestColumnarSolver(t *testing.T) {
	const B, T = 3, 32
	encrypted := make([]int32, colEncryptedLen)
	for j := range encrypted {
		encrypted[j] = int32(colEncryptedT[j] - 'a')
	}
	r := rng(colEncryptedLen)
	scores := make([]float32, colAlphabet*colAlphabet)
	for i := range scores {
		scores[i] = r.Float32() * 10
	}
	want := make([]int32, 0, B*T*colEncryptedLen)
	for idx := range uint32(B * T) {
		state := idx
		for range idx {
			lcgRandomInit(&state)
		}
		want = append(want, columnarDecodeRef(scores, encrypted, state)...)
	}
	got := agree(t, func(f form) ([]int32, error) {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: B}, Block: gocuda.Dim3{X: T}}
		states := make([]uint32, B*T)
		if err := f.launch(cfg, ColumnarSetupKernel(states)); err != nil {
			return nil, err
		}
		out := make([]int32, B*T*colEncryptedLen)
		return out, f.launch(cfg, ColumnarDecodeKernel(scores, encrypted, states, out))
	})
	require.Equal(t, want, got)
}
