package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's channelShuffle benchmark (zjin-lcf/HeCBench
// at f27000a, src/channelShuffle-cuda/main.cu, after Caffe2's channel
// shuffle): ChannelShuffleNCHWKernel<T, kNFirst>, an element a thread
// with the batch index in blockIdx.x or blockIdx.y, and
// ChannelShuffleNHWCKernel<T, kSharedSize>, a pixel's channels a block
// through shared memory. The template's bool kNFirst and int kSharedSize
// are arguments; __ldg is a plain load.

// csNumThreads is main.cu's NUM_THREADS.
const csNumThreads = 256

// ChannelShuffleNCHWKernel is ChannelShuffleNCHWKernel<T, kNFirst> of
// channelShuffle-cuda: output channel blockIdx.z takes input channel
// (z % G)·K + z / G.
//
//gocuda:kernel ChannelShuffleNCHWKernel
func channelShuffleNCHWKernel[T any](t *gocuda.Thread, kNFirst bool, G, K, HxW int32, X, Y []T) {
	C := G * K
	var n, s int32
	if kNFirst {
		n = int32(t.BlockIdx.X)
		s = int32(t.BlockIdx.Y)
	} else {
		n = int32(t.BlockIdx.Y)
		s = int32(t.BlockIdx.X)
	}
	g := int32(t.BlockIdx.Z) % G
	k := int32(t.BlockIdx.Z) / G
	offset := s*csNumThreads + int32(t.ThreadIdx.X)
	if offset < HxW {
		Y[(n*C+int32(t.BlockIdx.Z))*HxW+offset] =
			X[(n*C+g*K+k)*HxW+offset]
	}
}

// ChannelShuffleNHWCKernel is ChannelShuffleNHWCKernel<T, kSharedSize> of
// channelShuffle-cuda: block blockIdx.x reads its pixel's C channels into
// shared memory and writes them shuffled.
//
//gocuda:kernel ChannelShuffleNHWCKernel
func channelShuffleNHWCKernel[T any](t *gocuda.Thread, kSharedSize int, G, K int32, X, Y []T) {
	sdata := gocuda.Shared[T](t, kSharedSize)
	C := G * K
	offset := int32(t.BlockIdx.X) * C
	for i := int32(t.ThreadIdx.X); i < C; i += int32(t.BlockDim.X) {
		sdata[i] = X[offset+i]
	}
	t.SyncThreads()
	for i := int32(t.ThreadIdx.X); i < C; i += int32(t.BlockDim.X) {
		g := i % G
		k := i / G
		Y[offset+i] = sdata[g*K+k]
	}
}
