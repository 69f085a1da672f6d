package hecbenchwarp

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// runScan2 is main.cu's pipeline: bScan over the levels, pScan of the
// last level's sums, then bAddition back down; it returns outputBuffers[0].
func runScan2(f form, input []float32, blockSize int) ([]float32, error) {
	length := len(input)
	pow := func(i int) int { return int(float32(length) / float32(math.Pow(float64(blockSize), float64(i)))) }
	tt := float32(math.Log(float64(float32(length)))) / float32(math.Log(float64(float32(blockSize))))
	pass := int(uint32(tt))
	if math.Abs(float64(tt-float32(pass))) < 1e-7 {
		pass--
	}
	outputBuffers := make([][]float32, pass)
	blockSumBuffers := make([][]float32, pass)
	for i := range pass {
		outputBuffers[i] = make([]float32, pow(i))
		blockSumBuffers[i] = make([]float32, pow(i+1))
	}
	tempLength := pow(pass)
	tempBuffer := make([]float32, tempLength)
	bScan := func(len int, in, out, sum []float32) error {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len / blockSize}, Block: gocuda.Dim3{X: blockSize / 2}, SharedMem: 4 * blockSize},
			Scan2ScanLargeArraysKernel(out, in, uint32(blockSize), sum))
	}
	bAddition := func(len int, in, out []float32) error {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: len / blockSize}, Block: gocuda.Dim3{X: blockSize}},
			Scan2BlockAdditionKernel(in, out))
	}
	if err := bScan(length, input, outputBuffers[0], blockSumBuffers[0]); err != nil {
		return nil, err
	}
	for i := 1; i < pass; i++ {
		if err := bScan(pow(i), blockSumBuffers[i-1], outputBuffers[i], blockSumBuffers[i]); err != nil {
			return nil, err
		}
	}
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: tempLength / 2}, SharedMem: (tempLength + 1) * 4},
		Scan2PrefixSumKernel(tempBuffer, blockSumBuffers[pass-1], uint32(blockSize))); err != nil {
		return nil, err
	}
	if err := bAddition(pow(pass-1), tempBuffer, outputBuffers[pass-1]); err != nil {
		return nil, err
	}
	for i := pass - 1; i > 0; i-- {
		if err := bAddition(pow(i-1), outputBuffers[i], outputBuffers[i-1]); err != nil {
			return nil, err
		}
	}
	return outputBuffers[0], nil
}

// TestScan2 runs main.cu's pipeline on power-of-two lengths (the host
// rounds the length up to one) of 1024 to 32768 with blocks of 16 to 256
// elements (one to three levels) on integer inputs 0 to 255, whose sums
// float32 holds exactly, against scanLargeArraysCPUReference.
func TestScan2(t *testing.T) {
	for _, c := range [][2]int{{1024, 16}, {4096, 64}, {32768, 256}, {2048, 8}} {
		length, blockSize := c[0], c[1]
		t.Run(fmt.Sprint(length, "/", blockSize), func(t *testing.T) {
			r := rng(length, blockSize)
			input := make([]float32, length)
			for i := range input {
				input[i] = float32(r.IntN(256))
			}
			want := make([]float32, length)
			for i := 1; i < length; i++ {
				want[i] = input[i-1] + want[i-1]
			}
			got := agree(t, func(f form) ([]float32, error) { return runScan2(f, input, blockSize) })
			require.Equal(t, want, got)
		})
	}
}
